import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

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

  it('analytics_add_to_day and analytics_take_from_day keep a counter per UTC day', async () => {
    const id = await user();
    const at = '2026-11-23T23:30:00Z';
    const likes = async (): Promise<unknown[]> =>
      (
        await database.pool.query<{ day: string; likes_received: number }>(
          'select day::text, likes_received from analytics_daily where user_id = $1',
          [id],
        )
      ).rows;
    await database.pool.query(`select analytics_add_to_day($1, $2, 'likes_received', 2)`, [id, at]);
    await database.pool.query(`select analytics_add_to_day($1, $2, 'likes_received', 3)`, [id, at]);
    expect(await likes()).toEqual([{ day: '2026-11-23', likes_received: 5 }]);
    await database.pool.query(`select analytics_take_from_day($1, $2, 'likes_received', 9)`, [
      id,
      at,
    ]);
    // Another day has no row: nothing to take, nothing written.
    await database.pool.query(
      `select analytics_take_from_day($1, '2026-11-24T00:30:00Z', 'likes_received', 1)`,
      [id],
    );
    expect(await likes()).toEqual([{ day: '2026-11-23', likes_received: 0 }]);
    await expect(
      database.pool.query(`select analytics_add_to_day($1, $2, 'bio', 1)`, [id, at]),
    ).rejects.toThrow(/unknown analytics counter bio/);
  });
});
