import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { migrationsHash } from './migrated-pglite.ts';

/**
 * Throwaway PostgreSQL databases for tests and benchmarks. A test's is a copy of a template that
 * holds every migration: CREATE DATABASE … TEMPLATE copies it in a fraction of the time the
 * migrations take to apply. The template is made once per set of migrations, under an advisory lock so the test
 * processes of a run make it once between them, and kept for the runs after it under the
 * migrations' hash; a template of older migrations is dropped when a new one is made.
 */

const TEMPLATE_PREFIX = 'dum_template_';
// Any fixed key: the lock only serialises the processes that make the template.
const TEMPLATE_LOCK = 7_024_311;

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** A fresh database on the server of `adminUrl`, every migration already applied. */
export async function createMigratedPostgres(
  adminUrl: string,
  prefix = 'dum_test',
): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(adminUrl, prefix, await migratedTemplate(adminUrl));
}

/**
 * A database named `<prefix>_<time>_<random>` on the server of `adminUrl` (a URL with rights to
 * create one): a copy of `template`, or empty, for a caller that migrates it itself (the
 * benchmarks start their servers on one, as a deployment starts).
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await runAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

const templates = new Map<string, Promise<string>>();

function migratedTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = makeTemplate(adminUrl).catch((error: unknown) => {
      templates.delete(adminUrl);
      throw error;
    });
    templates.set(adminUrl, template);
  }
  return template;
}

async function makeTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
      );
      if (rows.some((row) => row.datname === name)) return name;
      await dropOlderTemplates(
        admin,
        rows.map((row) => row.datname),
      );
      // Migrated under another name and renamed, so no process copies a template half made.
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(adminUrl, partial),
        maxConnections: 1,
      });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** Templates of other migrations; one still being copied from stays until the next time. */
async function dropOlderTemplates(admin: pg.Client, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      await admin.query(`drop database if exists ${name}`);
    } catch {
      // In use by a run of older code: left for a later run to drop.
    }
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(statement));
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
