import type { Database } from '../../db/database.ts';
export { migrationsApplied } from '../../db/migrate.ts';

/** A round trip proves the database answers, not merely that the pool exists. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.pool.query('select 1');
}
