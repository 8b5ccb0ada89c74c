import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { rollupDailyChanges } from './repo.ts';

describe.each(testDatabaseKinds())('analytics SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'analytics')).toEqual([]);
  });

  async function user(): Promise<string> {
    const id = randomUUID();
    await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    return id;
  }

  const likesOf = async (id: string): Promise<unknown[]> =>
    (
      await database.pool.query<{ day: string; likes_received: number }>(
        'select day::text, likes_received from analytics_daily where user_id = $1 order by day',
        [id],
      )
    ).rows;

  it('analytics_add_to_day and analytics_take_from_day keep a counter per UTC day', async () => {
    const id = await user();
    const at = '2026-11-23T23:30:00Z';
    await database.pool.query(`select analytics_add_to_day($1, $2, 'likes_received', 2)`, [id, at]);
    await database.pool.query(`select analytics_add_to_day($1, $2, 'likes_received', 3)`, [id, at]);
    // Pending until moved: no day row yet.
    expect(await likesOf(id)).toEqual([]);
    await rollupDailyChanges(database);
    expect(await likesOf(id)).toEqual([{ day: '2026-11-23', likes_received: 5 }]);
    await database.pool.query(`select analytics_take_from_day($1, $2, 'likes_received', 9)`, [
      id,
      at,
    ]);
    // Another day has no row: nothing to take, no row written.
    await database.pool.query(
      `select analytics_take_from_day($1, '2026-11-24T00:30:00Z', 'likes_received', 1)`,
      [id],
    );
    await rollupDailyChanges(database);
    expect(await likesOf(id)).toEqual([{ day: '2026-11-23', likes_received: 0 }]);
    await expect(
      database.pool.query(`select analytics_add_to_day($1, $2, 'bio', 1)`, [id, at]),
    ).rejects.toThrow(/unknown analytics counter bio/);
  });

  it('moves every change exactly once while actions and other movers run', async () => {
    const id = await user();
    // Each round starts a new day, so a mover must insert its row while others try to.
    const days = Array.from({ length: 8 }, (_, i) => `2026-11-${String(10 + i)}`);
    for (const day of days) {
      const adds = Array.from({ length: 30 }, () =>
        database.pool.query(`select analytics_add_to_day($1, $2, 'likes_received', 1)`, [
          id,
          `${day}T10:00:00Z`,
        ]),
      );
      const movers = Array.from({ length: 6 }, () => rollupDailyChanges(database));
      await Promise.all([...adds, ...movers]);
    }
    while ((await rollupDailyChanges(database)) > 0);
    expect(await likesOf(id)).toEqual(days.map((day) => ({ day, likes_received: 30 })));
    const { rows } = await database.pool.query(
      'select 1 from analytics_daily_changes where user_id = $1',
      [id],
    );
    expect(rows).toEqual([]);
  });

  it("drops a deleted wallet's changes", async () => {
    const id = await user();
    await database.pool.query(`select analytics_add_to_day($1, now(), 'posts', 1)`, [id]);
    await database.pool.query('delete from users where id = $1', [id]);
    await rollupDailyChanges(database);
    const { rows } = await database.pool.query(
      'select 1 from analytics_daily_changes where user_id = $1',
      [id],
    );
    expect(rows).toEqual([]);
  });

  it('analytics_add_dum_days sums minted DUM per UTC day and kind, and skips zero', async () => {
    const id = await user();
    const add = (kinds: string[], amounts: string[], ats: string[]) =>
      database.pool.query(
        'select analytics_add_dum_days($1::uuid[], $2::text[], $3::bigint[], $4::timestamptz[])',
        [kinds.map(() => id), kinds, amounts, ats],
      );
    await add(
      ['post_created', 'post_created', 'like_received', 'post_created'],
      ['5', '7', '0', '2'],
      [
        '2026-11-23T23:30:00Z',
        '2026-11-23T10:00:00Z',
        '2026-11-23T10:00:00Z',
        '2026-11-24T00:10:00Z',
      ],
    );
    await add(['post_created'], ['1'], ['2026-11-23T01:00:00Z']);
    const { rows } = await database.pool.query(
      `select day::text, kind, amount::text from analytics_dum_daily
       where user_id = $1 order by day, kind`,
      [id],
    );
    expect(rows).toEqual([
      { day: '2026-11-23', kind: 'post_created', amount: '13' },
      { day: '2026-11-24', kind: 'post_created', amount: '2' },
    ]);
  });
});
