import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/*
 * What the table-ownership test reads: which tables and functions the migrations leave in the
 * database, which tables each piece of server code and each SQL function writes, and the
 * readable sources of the SQL functions the slices keep beside them (modules/<slice>/sql).
 */

export const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TableWrite {
  /** The table written. */
  table: string;
  /** insert, update, delete, truncate, merge. */
  verb: string;
}

const SQL_WRITES: readonly RegExp[] = [
  /\b(insert)\s+into\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi,
  /\b(delete)\s+from\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi,
  /\b(merge)\s+into\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi,
  // An UPDATE names its table then SET (after an optional alias); "for update", "on conflict
  // do update set" and "on update" name no table.
  /\b(update)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?\s+(?:(?:as\s+)?\w+\s+)?set\b/gi,
];
const TRUNCATE = /\btruncate\s+(?:table\s+)?((?:(?:only\s+)?"?\w+"?\s*,\s*)*(?:only\s+)?"?\w+"?)/gi;

/** The writes in a piece of SQL text (comments removed first); names not in `tables` are not tables. */
export function sqlWrites(sqlText: string, tables: ReadonlySet<string>): TableWrite[] {
  const text = sqlText.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const writes: TableWrite[] = [];
  for (const pattern of SQL_WRITES) {
    for (const match of text.matchAll(pattern)) {
      const table = (match[2] ?? '').toLowerCase();
      if (tables.has(table)) writes.push({ table, verb: (match[1] ?? '').toLowerCase() });
    }
  }
  for (const match of text.matchAll(TRUNCATE)) {
    for (const name of (match[1] ?? '').split(',')) {
      const table = name
        .replace(/only\s+|"/gi, '')
        .trim()
        .toLowerCase();
      if (tables.has(table)) writes.push({ table, verb: 'truncate' });
    }
  }
  return writes;
}

/**
 * The text of every string in TypeScript source, quoted or template (each `${...}` stands as a
 * space), which is where the server writes SQL; comments are skipped.
 */
export function stringLiterals(source: string): string[] {
  const literals: string[] = [];
  let i = 0;
  // Each open template's text so far, and the brace depth of the `${` that interrupted it.
  const open: { text: string; depth: number }[] = [];
  let depth = 0;
  const current = (): { text: string; depth: number } | undefined => open[open.length - 1];
  while (i < source.length) {
    const char = source[i];
    const inTemplate = open.length > 0 && current()?.depth === depth;
    if (inTemplate) {
      const template = current()!;
      if (char === '\\') {
        template.text += source.slice(i, i + 2);
        i += 2;
      } else if (char === '`') {
        literals.push(template.text);
        open.pop();
        i += 1;
      } else if (char === '$' && source[i + 1] === '{') {
        template.text += ' ';
        depth += 1;
        i += 2;
      } else {
        template.text += char ?? '';
        i += 1;
      }
      continue;
    }
    if (char === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else if (char === "'" || char === '"') {
      const end = endOfQuoted(source, i);
      literals.push(source.slice(i + 1, end - 1));
      i = end;
    } else if (char === '`') {
      open.push({ text: '', depth });
      i += 1;
    } else {
      if (char === '{') depth += 1;
      if (char === '}') depth -= 1;
      i += 1;
    }
  }
  return literals;
}

function endOfQuoted(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote && source[i] !== '\n') {
    i += source[i] === '\\' ? 2 : 1;
  }
  return i + 1;
}

/** Drizzle's query builder writes too: `.insert(table)`, `.update(table)`, `.delete(table)`. */
export function builderWrites(
  source: string,
  tableOfIdentifier: ReadonlyMap<string, string>,
): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const match of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tableOfIdentifier.get(match[2] ?? '');
    if (table) writes.push({ table, verb: match[1] ?? '' });
  }
  return writes;
}

/** Every write in a TypeScript file's source. */
export function sourceWrites(
  source: string,
  tables: ReadonlySet<string>,
  tableOfIdentifier: ReadonlyMap<string, string>,
): TableWrite[] {
  return [
    ...stringLiterals(source).flatMap((text) => sqlWrites(text, tables)),
    ...builderWrites(source, tableOfIdentifier),
  ];
}

/** The schema's TypeScript names for its tables: `export const media = pgTable('media', ...)`. */
export async function schemaTableIdentifiers(): Promise<Map<string, string>> {
  const dir = path.join(SERVER_SRC, 'db');
  const identifiers = new Map<string, string>();
  for (const file of await readdir(dir)) {
    if (!/^schema.*\.ts$/.test(file)) continue;
    const source = await readFile(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      identifiers.set(match[1] ?? '', match[2] ?? '');
    }
  }
  return identifiers;
}

/**
 * The server's code that may write: every TypeScript file under src but tests and test kits,
 * with the slice it belongs to ('realtime' for src/realtime, 'app' for the rest outside modules/).
 * The lint tests' probe files (scripts/lint-test-kit.ts) are left out: they exist for a moment
 * while those tests run beside this one, and may be gone before they are read.
 */
export async function serverSourceFiles(): Promise<{ file: string; writer: string }[]> {
  const entries = await readdir(SERVER_SRC, { recursive: true });
  return entries
    .filter((file) => file.endsWith('.ts') && !/(\.test\.ts|test-kit\.ts)$/.test(file))
    .filter((file) => !file.split(path.sep).includes('test'))
    .filter((file) => !path.basename(file).startsWith('lint-probe-'))
    .map((file) => {
      const parts = file.split(path.sep);
      // src/realtime is a slice of its own outside modules/ (decision 012).
      const writer =
        parts[0] === 'modules' && parts.length > 2
          ? (parts[1] ?? 'app')
          : parts[0] === 'realtime'
            ? 'realtime'
            : 'app';
      return { file: parts.join('/'), writer };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

export async function databaseTables(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return rows.map((row) => row.name);
}

export interface SqlFunction {
  name: string;
  /** The body as stored (prosrc): what the function runs. */
  body: string;
  /** pg_get_functiondef: the whole CREATE OR REPLACE FUNCTION statement. */
  definition: string;
}

/** The functions the migrations installed (not those of extensions), latest definitions. */
export async function databaseFunctions(database: Database): Promise<SqlFunction[]> {
  const { rows } = await database.pool.query<SqlFunction>(
    `select p.proname as name, p.prosrc as body, pg_get_functiondef(p.oid) as definition
     from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1`,
  );
  return rows;
}

/**
 * A function's readable source, modules/<slice>/sql/<name>.sql: comments saying why, then the
 * definition as PostgreSQL prints it (pg_get_functiondef), so the two can be compared.
 */
export function functionSourcePath(slice: string, name: string): string {
  return path.join(SERVER_SRC, 'modules', slice, 'sql', `${name}.sql`);
}

/** The statement in a readable source or a live definition, with comment lines and spacing set aside. */
export function normalisedDefinition(text: string): string {
  return text
    .split('\n')
    .filter((line, index, lines) => {
      // Leading comment lines are the file's header; the body's own comments are kept.
      const firstStatement = lines.findIndex((candidate) => /^\s*create\b/i.test(candidate));
      return index >= firstStatement;
    })
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The slice's readable SQL sources (modules/<slice>/sql/*.sql) that differ from the definition
 * the migrations leave in `database`, or name no function there: empty when all match.
 */
export async function sourcesUnlikeLive(database: Database, slice: string): Promise<string[]> {
  const dir = path.join(SERVER_SRC, 'modules', slice, 'sql');
  const live = new Map(
    (await databaseFunctions(database)).map((fn) => [fn.name, normalisedDefinition(fn.definition)]),
  );
  const differing: string[] = [];
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  for (const file of files) {
    const source = normalisedDefinition(await readFile(path.join(dir, file), 'utf8'));
    // The file ends its statement with a semicolon; pg_get_functiondef prints none.
    if (source.replace(/;$/, '') !== live.get(file.replace(/\.sql$/, ''))) differing.push(file);
  }
  return files.length === 0 ? ['(no sources)'] : differing;
}
