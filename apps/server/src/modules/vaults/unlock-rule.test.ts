import { statusAfterSupport, VAULT_MAX_TARGET_LAMPORTS, VAULT_STATUSES } from '@dum/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

/*
 * The rule for when a vault unlocks is statusAfterSupport in packages/core. The database applies
 * it inside record_vault_support (one transaction with the support's row lock), through the SQL
 * function vault_status_after_support (migration 0013). These properties run both over the same
 * generated cases, so the SQL provably follows the core function.
 */

const NOW = new Date('2026-11-23T12:00:00Z');

interface SupportCase {
  target: bigint;
  /** The vault's total before the support. */
  current: bigint;
  amount: bigint;
}

/**
 * Targets from the least to the largest a vault may lock, and totals that land just below, on,
 * and just above the target as often as anywhere else.
 */
const supportCase: fc.Arbitrary<SupportCase> = fc
  .record({
    target: fc.oneof(
      fc.constantFrom(1n, 10_000_000n, VAULT_MAX_TARGET_LAMPORTS),
      fc.bigInt(1n, VAULT_MAX_TARGET_LAMPORTS),
    ),
    offset: fc.oneof(
      fc.constantFrom(-1n, 0n, 1n),
      fc.bigInt(-VAULT_MAX_TARGET_LAMPORTS, VAULT_MAX_TARGET_LAMPORTS),
    ),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ target, offset, share }) => {
    const after = target + offset > 1n ? target + offset : 1n;
    // The support is at least one lamport; the rest was there before.
    const amount = 1n + BigInt(Math.floor(Number(after - 1n) * share));
    return { target, current: after - amount, amount };
  });

describe.each(testDatabaseKinds())('the unlock rule on %s', (kind) => {
  let database: Database;
  let creatorId: string;
  let supporterId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into users (sol_address) values ('unlock-creator'), ('unlock-supporter') returning id`,
    );
    creatorId = rows[0]!.id;
    supporterId = rows[1]!.id;
  });
  afterAll(async () => {
    await database.close();
  });

  it('vault_status_after_support answers what statusAfterSupport answers', async () => {
    await fc.assert(
      fc.asyncProperty(supportCase, fc.constantFrom(...VAULT_STATUSES), async (c, status) => {
        const total = c.current + c.amount;
        const { rows } = await database.pool.query<{ status: string }>(
          'select vault_status_after_support($1, $2::bigint + $3::bigint, $4) as status',
          [status, c.current.toString(), c.amount.toString(), c.target.toString()],
        );
        expect(rows[0]?.status).toBe(statusAfterSupport(status, total, c.target));
      }),
      { numRuns: 300 },
    );
  });

  it('record_vault_support unlocks an active vault exactly when statusAfterSupport says so', async () => {
    let signature = 0;
    await fc.assert(
      fc.asyncProperty(supportCase, async (c) => {
        const vaultId = await activeVault(c.target, c.current);
        signature += 1;
        const { rows } = await database.pool.query<{ answer: { status: string; total: string } }>(
          'select record_vault_support($1, $2, $3, $4, $5, $6) as answer',
          [vaultId, supporterId, `unlock-rule-${signature}`, c.amount.toString(), 1, NOW],
        );
        const expected = statusAfterSupport('active', c.current + c.amount, c.target);
        expect(rows[0]?.answer.status).toBe(expected);
        expect(rows[0]?.answer.total).toBe((c.current + c.amount).toString());
        const stored = await database.pool.query<{ status: string }>(
          'select status from vaults where id = $1',
          [vaultId],
        );
        expect(stored.rows[0]?.status).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  /** A direct vault, still active, open for a day, with `current` lamports supported. */
  async function activeVault(target: bigint, current: bigint): Promise<string> {
    const { rows } = await database.pool.query<{ id: string }>(
      `with post as (
         insert into messages (author_id, kind, body, created_at)
         values ($1, 'vault', 'unlock rule', $4) returning id
       )
       insert into vaults (message_id, creator_id, target, total, media_key, created_at, ends_at)
       select id, $1, $2, $3, 'key', $4, $4::timestamptz + interval '1 day' from post
       returning id::text`,
      [creatorId, target.toString(), current.toString(), NOW],
    );
    return rows[0]!.id;
  }
});
