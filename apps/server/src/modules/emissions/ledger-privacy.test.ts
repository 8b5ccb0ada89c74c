import { randomBytes } from 'node:crypto';
import type { LedgerPage } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAndAudit } from '../../../../../scripts/audit-ledger.ts';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { sendTo } from '../messages/test-kit.ts';
import { createdMystery, joinCall } from '../mystery/test-kit.ts';
import { chainUser, transfer, type ChainUser } from '../vaults/test-kit.ts';
import { publicLedgerReference, referenceSealer } from './public-reference.ts';

const SOL = 1_000_000_000n;
const SEALED = /^hmac:[\w-]{43}$/;

describe('the public ledger reference', () => {
  const seal = referenceSealer(randomBytes(32));
  const signature = '5'.repeat(88);

  it('seals tips and mystery joins, the same each time, and shows every other reference', () => {
    const tip = publicLedgerReference({ kind: 'tip', reference: signature }, seal);
    expect(tip).toMatch(SEALED);
    expect(publicLedgerReference({ kind: 'tip', reference: signature }, seal)).toBe(tip);
    const join = { kind: 'vault_supported', reference: `mystery-join:${signature}` };
    expect(publicLedgerReference(join, seal)).toMatch(/^mystery-join:hmac:[\w-]{43}$/);
    expect(publicLedgerReference(join, seal)).not.toContain(signature);
    for (const entry of [
      { kind: 'vault_supported', reference: signature },
      { kind: 'vault_supported', reference: 'Escrow1111:5000' },
      { kind: 'like_given', reference: '42' },
      { kind: 'referral_friend', reference: 'a-user-id' },
    ]) {
      expect(publicLedgerReference(entry, seal)).toBe(entry.reference);
    }
  });

  it('differs by reference and by key', () => {
    const other = referenceSealer(randomBytes(32));
    expect(seal(signature)).not.toBe(seal(`${signature}x`));
    expect(seal(signature)).not.toBe(other(signature));
  });
});

describe.each(testDatabaseKinds())('the public ledger on %s against the localnet', (kind) => {
  const env = { ...NO_WRITE_LIMITS, AUTH_SECRET: randomBytes(32).toString('base64url') };
  let t: TestApp;
  /** A second instance of the same deployment: same database, same secret. */
  let t2: TestApp;
  let alice: ChainUser;
  let bob: ChainUser;
  let carol: ChainUser;

  beforeAll(async () => {
    t = await createTestApp(kind, env, { localnet: true });
    t2 = await createTestApp(kind, env, { database: t.ctx.database });
    [alice, bob, carol] = await Promise.all([chainUser(t, 5n), chainUser(t), chainUser(t, 5n)]);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  async function ledger(app: TestApp): Promise<string> {
    const res = await app.app.inject({ url: '/api/emissions/ledger?limit=500' });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it("shows no tip's or mystery join's transfer signature, and the audit stays sound", async () => {
    const tipSignature = await transfer(t, alice.keypair, bob.address, SOL / 100n);
    const tipped = await sendTo(t, alice.headers, bob.address, {
      body: 'for the track',
      tip: { transactionSignature: tipSignature, amount: '10000000' },
    });
    expect(tipped.statusCode, tipped.body).toBe(201);
    const vault = await createdMystery(t, bob.headers);
    const joinSignature = await transfer(t, carol.keypair, bob.address, SOL / 10n);
    const joined = await joinCall(t, carol.headers, vault.id, {
      transactionSignature: joinSignature,
      amount: '0.1',
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const body = await ledger(t);
    expect(body).not.toContain(tipSignature);
    expect(body).not.toContain(joinSignature);
    const { items } = JSON.parse(body) as LedgerPage;
    const tip = items.filter((entry) => entry.kind === 'tip');
    expect(tip).toEqual([expect.objectContaining({ recipient: alice.address })]);
    expect(tip[0]!.reference).toMatch(SEALED);
    const join = items.filter((entry) => entry.reference.startsWith('mystery-join:'));
    expect(join).toEqual([
      expect.objectContaining({ kind: 'vault_supported', recipient: carol.address }),
    ]);
    expect(join[0]!.reference).toMatch(/^mystery-join:hmac:[\w-]{43}$/);
    // The same references on every call and every instance: an audit may page across them.
    expect(await ledger(t)).toBe(body);
    expect(await ledger(t2)).toBe(body);

    const audit = await fetchAndAudit(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    expect(audit.problems).toEqual([]);
    expect(audit.rewardedEvents).toBeGreaterThanOrEqual(2n);
  });
});
