import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { migrationsHash } from './migrated-pglite.ts';
import { createMigratedPostgres } from './migrated-postgres.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const databaseNames = async (admin: string) =>
  (await query<{ datname: string }>(admin, 'select datname from pg_database')).map(
    (row) => row.datname,
  );

describe.skipIf(!ADMIN_URL)('throwaway PostgreSQL databases from a migrated template', () => {
  const admin = ADMIN_URL ?? '';

  it('each holds every migration, apart from the others, and is gone once dropped', async () => {
    const [first, second] = await Promise.all([
      createMigratedPostgres(admin),
      createMigratedPostgres(admin),
    ]);
    try {
      const journal = JSON.parse(
        await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      for (const database of [first, second]) {
        const [applied] = await query<{ count: string }>(
          database.url,
          'select count(*)::text as count from drizzle.__drizzle_migrations',
        );
        expect(Number(applied?.count)).toBe(journal.entries.length);
      }
      await query(first.url, `update emission_state set total_events = 42 where id = 1`);
      const [other] = await query<{ total: string }>(
        second.url,
        'select total_events::text as total from emission_state where id = 1',
      );
      expect(other?.total).toBe('0');
      // One template, named for the migrations, made once for both.
      const names = await databaseNames(admin);
      expect(names).toContain(`dum_template_${await migrationsHash()}`);
      expect(names.filter((name) => name.startsWith('dum_template_'))).toHaveLength(1);
    } finally {
      await Promise.all([first.drop(), second.drop()]);
    }
    const names = await databaseNames(admin);
    expect(names).not.toContain(first.name);
    expect(names).not.toContain(second.name);
  });
});
