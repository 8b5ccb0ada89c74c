import { capMint, epochForEvent, rewardForEvent } from './emissions.ts';
import { MAX_SUPPLY } from './constants.ts';

/** One ledger row as GET /api/emissions/ledger returns it. */
export interface AuditableLedgerEntry {
  id: string;
  eventIndex: string | null;
  epoch: number | null;
  amount: string;
  recipient: string | null;
  kind: string;
  reference: string;
}

export interface LedgerAudit {
  ok: boolean;
  problems: string[];
  rewardedEvents: bigint;
  totalMinted: bigint;
}

/**
 * Checks a complete ledger from the outside (docs/api.md "Emissions"): event indices 0..n-1 each
 * exactly once, in mint order; each rewarded event's epoch follows the schedule and its reward
 * is at most the schedule's, cut at the cap (trust scales it down); nothing mints past 21M; no action paid twice; and, when given, the published totals
 * agree. Rows must be in id order (the order mints took the emission lock).
 */
export function auditLedger(
  entries: readonly AuditableLedgerEntry[],
  totals?: { totalEvents: bigint; totalMinted: bigint },
): LedgerAudit {
  const problems: string[] = [];
  const seenKeys = new Set<string>();
  let minted = 0n;
  let nextIndex = 0n;
  let previousId = -1n;
  for (const entry of entries) {
    const id = BigInt(entry.id);
    if (id <= previousId) problems.push(`entry ${entry.id}: ids not increasing`);
    previousId = id;
    const amount = BigInt(entry.amount);
    if (amount < 0n) problems.push(`entry ${entry.id}: negative amount`);
    const key = `${entry.kind}|${entry.reference}|${entry.recipient ?? ''}`;
    if (seenKeys.has(key))
      problems.push(`entry ${entry.id}: ${entry.kind} ${entry.reference} paid twice`);
    seenKeys.add(key);

    if (entry.eventIndex !== null) {
      const index = BigInt(entry.eventIndex);
      if (index !== nextIndex) {
        problems.push(`entry ${entry.id}: event index ${index}, expected ${nextIndex}`);
      }
      nextIndex = index + 1n;
      if (entry.epoch === null || BigInt(entry.epoch) !== epochForEvent(index)) {
        problems.push(`entry ${entry.id}: epoch ${entry.epoch} for index ${index}`);
      }
      // Trust scales a reward down (docs/security.md "Trust"), never up: the schedule's reward
      // for the index, cut at the cap, is what an event may pay at most.
      const expected = capMint(rewardForEvent(index), minted);
      if (amount > expected) {
        problems.push(
          `entry ${entry.id}: reward ${amount} for index ${index}, at most ${expected}`,
        );
      }
    } else if (amount > capMint(amount, minted)) {
      problems.push(`entry ${entry.id}: mint of ${amount} crosses the cap`);
    }
    minted += amount;
  }
  if (minted > MAX_SUPPLY) problems.push(`total minted ${minted} exceeds the cap ${MAX_SUPPLY}`);
  if (totals) {
    if (totals.totalEvents !== nextIndex) {
      problems.push(`published totalEvents ${totals.totalEvents}, ledger has ${nextIndex}`);
    }
    if (totals.totalMinted !== minted) {
      problems.push(`published totalMinted ${totals.totalMinted}, ledger sums to ${minted}`);
    }
  }
  return { ok: problems.length === 0, problems, rewardedEvents: nextIndex, totalMinted: minted };
}
