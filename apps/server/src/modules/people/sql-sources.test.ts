import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('people SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'people')).toEqual([]);
  });

  it('follows_wallet says whether one wallet follows another, one way', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (const id of [a, b]) {
      await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    }
    await database.pool.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      a,
      b,
    ]);
    const { rows } = await database.pool.query<{ ab: boolean; ba: boolean }>(
      'select follows_wallet($1, $2) as ab, follows_wallet($2, $1) as ba',
      [a, b],
    );
    expect(rows).toEqual([{ ab: true, ba: false }]);
  });
});
