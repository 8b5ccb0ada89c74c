import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('users SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'users')).toEqual([]);
  });

  const create = async (address: string, code: string, referredBy: string | null) =>
    (
      await database.pool.query<{ user_id: string; address: string }>(
        'select * from create_wallet_user($1, $2, $3)',
        [address, code, referredBy],
      )
    ).rows;

  it('create_wallet_user creates a wallet once, with its referrer, and nothing on a taken address or code', async () => {
    const referrer = randomUUID();
    const [made] = await create(referrer, `R${referrer.slice(0, 7)}`, null);
    expect(made?.address).toBe(referrer);

    const address = randomUUID();
    const [user] = await create(address, `C${address.slice(0, 7)}`, `R${referrer.slice(0, 7)}`);
    const { rows } = await database.pool.query(
      'select sol_address, referral_code, referred_by_id from users where id = $1',
      [user!.user_id],
    );
    expect(rows).toEqual([
      {
        sol_address: address,
        referral_code: `C${address.slice(0, 7)}`,
        referred_by_id: made!.user_id,
      },
    ]);
    // The address again, or another address with a code already given: nothing written.
    expect(await create(address, `D${address.slice(0, 7)}`, null)).toEqual([]);
    expect(await create(randomUUID(), `C${address.slice(0, 7)}`, null)).toEqual([]);
    const count = await database.pool.query<{ n: number }>(
      'select count(*)::int as n from users where sol_address = $1 or referral_code = $2',
      [address, `D${address.slice(0, 7)}`],
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it('set_users_verified stores each verdict and answers only the wallets whose tick changed', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [a, b, c]) {
      await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    }
    await database.pool.query('update users set is_verified = true where id = $1', [c]);
    const changed = await database.pool.query<{ id: string }>(
      'select id from set_users_verified($1::uuid[], $2::boolean[]) as s(id)',
      [
        [a, b, c],
        [true, false, false],
      ],
    );
    expect(changed.rows.map((row) => row.id).sort()).toEqual([a, c].sort());
    const { rows } = await database.pool.query<{ id: string; is_verified: boolean }>(
      'select id, is_verified from users where id = any($1::uuid[])',
      [[a, b, c]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.is_verified]))).toEqual({
      [a]: true,
      [b]: false,
      [c]: false,
    });
    // No wallets (an empty verdict list aggregates to null): nothing.
    const none = await database.pool.query('select * from set_users_verified(null, null)');
    expect(none.rows).toEqual([]);
  });
});
