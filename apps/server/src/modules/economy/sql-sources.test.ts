import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('economy SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'economy')).toEqual([]);
  });

  async function user(): Promise<string> {
    const id = randomUUID();
    await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    return id;
  }

  it('record_live_activity writes one Live Activity line with its params', async () => {
    const id = await user();
    const params = { kind: 'vault_unlocked', name: 'ana', lamports: '50000000' };
    await database.pool.query(
      `select record_live_activity('vault_unlocked', 'A vault unlocked', $1, '7',
        '2026-11-23T12:00:00Z', $2::jsonb)`,
      [id, JSON.stringify(params)],
    );
    const { rows } = await database.pool.query(
      'select type, message, reference, params from activity where user_id = $1',
      [id],
    );
    expect(rows).toEqual([
      { type: 'vault_unlocked', message: 'A vault unlocked', reference: '7', params },
    ]);
  });

  it('credit_dum_accounts adds to balances and earnings, creating an account where there is none', async () => {
    const [a, b] = [await user(), await user()];
    await database.pool.query(
      `insert into dum_accounts (user_id, balance, total_earned, updated_at)
       values ($1, 5, 7, '2026-11-01T00:00:00Z')`,
      [a],
    );
    await database.pool.query(
      `select credit_dum_accounts($1::uuid[], $2::bigint[], '2026-11-23T12:00:00Z')`,
      [
        [a, b],
        ['10', '3'],
      ],
    );
    const { rows } = await database.pool.query(
      `select user_id, balance::text, total_earned::text, updated_at
       from dum_accounts where user_id = any($1::uuid[]) order by dum_accounts.balance desc`,
      [[a, b]],
    );
    const at = new Date('2026-11-23T12:00:00Z');
    expect(rows).toEqual([
      { user_id: a, balance: '15', total_earned: '17', updated_at: at },
      { user_id: b, balance: '3', total_earned: '3', updated_at: at },
    ]);
  });

  it('record_live_activities writes the lines in the order given', async () => {
    const id = await user();
    const params = [
      { kind: 'milestone', minted: '1' },
      { kind: 'milestone', minted: '2' },
    ];
    await database.pool.query(
      `select record_live_activities(array['milestone', 'milestone'], array['first', 'second'],
        $1::jsonb[], array[$2, null]::uuid[], array['a', 'b'],
        array['2026-11-23T12:00:00Z', '2026-11-23T12:00:01Z']::timestamptz[])`,
      [params.map((p) => JSON.stringify(p)), id],
    );
    const { rows } = await database.pool.query(
      `select message, user_id, reference, params from activity
       where reference in ('a', 'b') and message in ('first', 'second') order by id`,
    );
    expect(rows).toEqual([
      { message: 'first', user_id: id, reference: 'a', params: params[0] },
      { message: 'second', user_id: null, reference: 'b', params: params[1] },
    ]);
  });
});
