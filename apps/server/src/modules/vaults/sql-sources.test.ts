import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

/*
 * The vault SQL functions' sources, and their calls on a bare database: vaults.test.ts covers
 * them through the routes (one support, supports at once, unlocks); this pins the batch call's
 * answers and side effects without the chain.
 */
describe.each(testDatabaseKinds())('vaults SQL sources (%s)', (kind) => {
  let database: Database;
  const now = '2026-11-23T12:00:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  async function user(name: string): Promise<string> {
    const id = randomUUID();
    await database.pool.query(`insert into users (id, sol_address, username) values ($1, $2, $3)`, [
      id,
      `${name}-${id}`,
      `${name}${id.slice(0, 8)}`,
    ]);
    return id;
  }

  async function vault(creatorId: string, target: bigint): Promise<string> {
    const { rows } = await database.pool.query<{ id: string }>(
      `with post as (
         insert into messages (author_id, kind, body, created_at)
         values ($1, 'vault', 'a vault', $3) returning id
       )
       insert into vaults (message_id, creator_id, target, media_key, created_at, ends_at)
       select id, $1, $2, 'key', $3, $3::timestamptz + interval '1 day' from post
       returning id::text`,
      [creatorId, target.toString(), now],
    );
    return rows[0]!.id;
  }

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'vaults')).toEqual([]);
  });

  it('record_vault_supports records a batch in order, unlocks, and counts SOL raised', async () => {
    const creator = await user('creator');
    const [a, b] = [await user('a'), await user('b')];
    const vaultId = await vault(creator, 3_000_000_000n);
    const item = (supporterId: string, signature: string, amount: bigint): object => ({
      vaultId,
      supporterId,
      signature,
      amount: amount.toString(),
      slot: '1',
      now,
    });
    const { rows } = await database.pool.query<{ results: { outcome: string }[] }>(
      'select record_vault_supports($1::jsonb) as results',
      [
        JSON.stringify([
          item(a, 'batch-1', 1_000_000_000n),
          item(a, 'batch-1', 1_000_000_000n),
          item(b, 'batch-2', 2_000_000_000n),
        ]),
      ],
    );
    const results = rows[0]!.results;
    expect(results.map((r) => r.outcome)).toEqual(['recorded', 'signature_taken', 'recorded']);
    expect(results[2]).toMatchObject({
      total: '3000000000',
      supporterCount: 2,
      status: 'unlocked',
      unlocked: true,
    });
    const figures = await database.pool.query<{ sol_raised: string }>(
      // The day's figure: its row and the changes not yet moved into it (modules/analytics).
      `select sum(sol_raised)::text as sol_raised from (
         select sol_raised from analytics_daily where user_id = $1
         union all select sol_raised from analytics_daily_changes where user_id = $1) d`,
      [creator],
    );
    expect(figures.rows).toEqual([{ sol_raised: '3000000000' }]);
    const queued = await database.pool.query<{ subject_id: string }>(
      `select subject_id from emission_queue where kind = 'vault_supported' and reference like 'batch-%'`,
    );
    expect(queued.rows).toEqual([{ subject_id: creator }, { subject_id: creator }]);
    const activity = await database.pool.query<{ message: string }>(
      `select message from activity where type = 'vault_unlocked' and reference = $1`,
      [vaultId],
    );
    expect(activity.rows[0]?.message).toMatch(/vault unlocked with 3\.0000 SOL$/);
  });

  it('record_vault_support refuses a support across a block, spending nothing', async () => {
    const creator = await user('creator');
    const supporter = await user('blocked');
    const vaultId = await vault(creator, 5_000_000_000n);
    await database.pool.query(
      `insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, now())`,
      [creator, supporter],
    );
    const { rows } = await database.pool.query<{ result: { outcome: string } }>(
      'select record_vault_support($1, $2, $3, $4, 1, $5) as result',
      [vaultId, supporter, 'blocked-sig', '1000', now],
    );
    expect(rows[0]!.result).toEqual({ outcome: 'blocked' });
    const spent = await database.pool.query(
      `select 1 from spent_transfer_signatures where signature = 'blocked-sig'`,
    );
    expect(spent.rowCount).toBe(0);
  });
});
