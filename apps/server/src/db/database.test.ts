import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-test-kit.ts';

/**
 * How the server's connections to PostgreSQL are set up (database.ts openDatabase). Runs when
 * TEST_DATABASE_URL names a PostgreSQL server, as CI's does.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('connections to PostgreSQL', () => {
  it('compile no statement with JIT, on every connection of the pool', async () => {
    const database = await createTestDatabase('postgres', { maxConnections: 3 });
    try {
      const clients = await Promise.all([1, 2, 3].map(() => database.pool.connect()));
      try {
        for (const client of clients) {
          const { rows } = await client.query<{ jit: string }>('show jit');
          expect(rows[0]?.jit).toBe('off');
        }
      } finally {
        for (const client of clients) client.release();
      }
    } finally {
      await database.close();
    }
  });
});
