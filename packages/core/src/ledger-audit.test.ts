import { describe, expect, it } from 'vitest';
import { auditLedger, type AuditableLedgerEntry } from './ledger-audit.ts';

const R = 150_000_000_000n;

function rewarded(id: number, index: number, amount = R): AuditableLedgerEntry {
  return {
    id: String(id),
    eventIndex: String(index),
    epoch: Math.floor(index / 70_000),
    amount: amount.toString(),
    recipient: 'w',
    kind: 'post_created',
    reference: `p${id}`,
  };
}

describe('auditLedger', () => {
  it('passes a correct ledger with bonus and zero rows', () => {
    const entries = [
      rewarded(1, 0),
      { ...rewarded(2, 0), eventIndex: null, epoch: null, amount: '0', reference: 'late' },
      {
        ...rewarded(3, 0),
        eventIndex: null,
        epoch: null,
        kind: 'referral_friend',
        amount: '100000000000',
      },
      rewarded(4, 1),
    ];
    const audit = auditLedger(entries, { totalEvents: 2n, totalMinted: 2n * R + 100_000_000_000n });
    expect(audit).toEqual({
      ok: true,
      problems: [],
      rewardedEvents: 2n,
      totalMinted: 400_000_000_000n,
    });
  });

  it('finds a skipped or repeated index, a wrong reward, a double payment and wrong totals', () => {
    expect(auditLedger([rewarded(1, 0), rewarded(2, 2)]).problems).toEqual([
      'entry 2: event index 2, expected 1',
    ]);
    expect(auditLedger([rewarded(1, 0), rewarded(2, 0)]).problems[0]).toMatch(
      /index 0, expected 1/,
    );
    expect(auditLedger([rewarded(1, 0, R * 2n)]).problems[0]).toMatch(/reward/);
    // A reward scaled down by trust is within the schedule.
    expect(auditLedger([rewarded(1, 0, R / 2n)]).problems).toEqual([]);
    expect(auditLedger([rewarded(1, 0), { ...rewarded(2, 1), reference: 'p1' }]).problems).toEqual([
      'entry 2: post_created p1 paid twice',
    ]);
    expect(auditLedger([rewarded(1, 0)], { totalEvents: 2n, totalMinted: R }).problems[0]).toMatch(
      /totalEvents/,
    );
  });
});
