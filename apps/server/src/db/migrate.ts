import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Any constant works; it only has to be the same on every instance. */
const MIGRATION_LOCK_KEY = 0x64756d;

/**
 * Applies the versioned SQL migrations in apps/server/drizzle (made by `npm run db:generate`
 * from schema.ts). Several instances may start at once against one PostgreSQL, so the run holds
 * an advisory lock; a second instance waits, then finds nothing left to do.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Whether the database holds every migration this build ships (/api/ready): the newest applied
 * migration is at least as new as this build's last one. A newer build's migrations (a rolling
 * deploy) are fine: they only add.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await database.pool.query<{ newest: string | null }>(
      'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]?.newest ?? 0) >= newest;
  } catch {
    return false;
  }
}
