import { createHash, randomUUID } from 'node:crypto';
import { access, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../db/database.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';

/**
 * A PGlite cluster with every migration applied, for tests to start their databases from: a
 * fresh PGlite and the migrations take about 2.7 s, a start from this about 0.4 s. Each is made
 * once per set of migrations and kept in the temp folder under their hash, so every test
 * process of a run, and the runs after it, share it (delete them freely). Written aside and
 * renamed, so a process never reads half of one.
 */

let cluster: Promise<Uint8Array> | undefined;
let digest: Promise<string> | undefined;

/** As a tarball, for an in-memory PGlite (`initialData`): the server tests' databases. */
export function migratedPgliteCluster(): Promise<Uint8Array> {
  cluster ??= loadOrMakeCluster().catch((error: unknown) => {
    cluster = undefined;
    throw error;
  });
  return cluster;
}

/** As a data folder, for a server process to start on a copy of: the browser tests' servers. */
export async function migratedPgliteDataDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), `dum-pglite-migrated-${await migrationsHash()}`);
  if (await exists(path.join(dir, 'PG_VERSION'))) return dir;
  const partial = `${dir}.${process.pid}.${randomUUID()}`;
  const database = await openDatabase({ kind: 'pglite', dataDir: partial });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another process made it first: keep theirs.
    await rm(partial, { recursive: true, force: true });
    if (!(await exists(path.join(dir, 'PG_VERSION')))) throw error;
  }
  return dir;
}

async function loadOrMakeCluster(): Promise<Uint8Array> {
  // Named for what it holds (dropTemplateDatabases): a tarball of the same migrations made before
  // held the template databases too.
  const name = `dum-pglite-migrated-${await migrationsHash()}-postgres-only.tar`;
  const file = path.join(os.tmpdir(), name);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await runMigrations(database);
    await dropTemplateDatabases(database);
    const bytes = await database.dump?.();
    if (!bytes) throw new Error('PGlite gave no dump');
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return bytes;
  } finally {
    await database.close();
  }
}

/**
 * The tarball keeps only the database the tests use. template0 and template1 are what CREATE
 * DATABASE copies, which no test does on PGlite; they were a third of the tarball (43.7 to
 * 28.5 MB), and every test database unpacks the whole of it: 0.8 to 0.6 CPU-seconds a start.
 */
async function dropTemplateDatabases(database: Database): Promise<void> {
  await database.pool.query(
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  );
  await database.pool.query('drop database template0');
  await database.pool.query('drop database template1');
  await database.pool.query('checkpoint');
}

/** What a migrated cluster depends on: every migration file and PGlite's version. */
export function migrationsHash(): Promise<string> {
  digest ??= hashMigrations();
  return digest;
}

async function hashMigrations(): Promise<string> {
  const hash = createHash('sha256');
  // dist/index.js's package: its package.json is not among the files it exports.
  const pgliteDir = path.dirname(
    path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
  );
  const pglite = JSON.parse(await readFile(path.join(pgliteDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(pglite.version);
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true })).sort();
  for (const name of files) {
    const full = path.join(MIGRATIONS_DIR, name);
    if (!(await stat(full)).isFile()) continue;
    hash.update(name).update(await readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
