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
});
