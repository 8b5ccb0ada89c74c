import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-test-kit.ts';
import type { Database } from './database.ts';

/**
 * What is left of a function body once every parenthesised part is taken out: the top level of
 * its one statement, where an inlinable SQL function has no FROM and no write.
 */
function topLevel(body: string): string {
  let text = body;
  let before: string;
  do {
    before = text;
    text = text.replace(/\([^()]*\)/g, ' ');
  } while (text !== before);
  return text.trim();
}

/*
 * PostgreSQL (before 18) plans the body of a SQL-language function again on every call it
 * cannot inline into its caller, and it inlines only a single SELECT of one expression (no FROM
 * at its top level, no write): live_post_author, written the other way, spent about 270 µs of
 * planning on each call. A function that reads or writes tables is written in PL/pgSQL, which
 * keeps each statement's plan for the session (decision 017).
 */
describe('SQL-language functions', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('are each a single SELECT of an expression, which PostgreSQL inlines', async () => {
    const { rows } = await database.pool.query<{ name: string; body: string }>(
      `select p.proname as name, p.prosrc as body from pg_proc p
       join pg_language l on l.oid = p.prolang
       where p.pronamespace = 'public'::regnamespace and l.lanname = 'sql'
       order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const notInlined = rows
      .filter(({ body }) => {
        const top = topLevel(body).replace(/;$/, '');
        return !/^select\b/i.test(top) || /\b(from|insert|update|delete|with|union)\b|;/i.test(top);
      })
      .map(({ name }) => name);
    expect(notInlined).toEqual([]);
  });

  it('reads a parenthesised FROM as inlinable and a top-level one as not', () => {
    expect(topLevel('SELECT EXISTS (SELECT 1 FROM follows WHERE (a = b))')).toBe('SELECT EXISTS');
    expect(topLevel('SELECT m.author_id FROM messages m WHERE (m.id = 1)')).toContain('FROM');
  });
});
