import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('payments SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'payments')).toEqual([]);
  });

  it('spend_transfer_signature spends a signature once, for the first purpose', async () => {
    const spend = async (purpose: string): Promise<boolean> => {
      const { rows } = await database.pool.query<{ spent: boolean }>(
        `select spend_transfer_signature('sig-once', 'vault_support', $1, now()) as spent`,
        [purpose],
      );
      return rows[0]!.spent;
    };
    expect(await spend('vault_support:1')).toBe(true);
    expect(await spend('tip:someone')).toBe(false);
    const { rows } = await database.pool.query<{ purpose: string }>(
      `select purpose from spent_transfer_signatures where signature = 'sig-once'`,
    );
    expect(rows).toEqual([{ purpose: 'vault_support:1' }]);
  });
});
