import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-test-kit.ts';
import type { Database } from './database.ts';

/*
 * PostgreSQL (before 18) plans the body of a SQL-language function again on every call it
 * cannot inline into its caller, and it inlines only a single SELECT of one expression with no
 * FROM, no write and no sub-select: live_post_author, written the other way, spent about 270 µs
 * of planning on each call, and follows_wallet's `SELECT EXISTS (…)` about 50 µs on every
 * direct message. A function that reads or writes tables is written in PL/pgSQL, which keeps
 * each statement's plan for the session (decision 017). Rather than guess from the body, the
 * test asks the planner: an inlined function is gone from the plan it prints.
 */
describe('SQL-language functions', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  async function inlined(name: string, types: string[]): Promise<boolean> {
    // Arguments that are no constants (a column of the scan), so an IMMUTABLE function that is
    // not inlined is not evaluated away at planning either.
    const args = types.map((type) => `(case when g = 0 then null end)::${type}`).join(', ');
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
      `explain (verbose, costs off) select public.${name}(${args}) from generate_series(1, 1) g`,
    );
    return !rows.some((row) => row['QUERY PLAN'].includes(`${name}(`));
  }

  it('are each inlined by the planner', async () => {
    const { rows } = await database.pool.query<{ name: string; types: string[] }>(
      `select p.proname as name,
         array(select format_type(t, null) from unnest(p.proargtypes) t) as types
       from pg_proc p join pg_language l on l.oid = p.prolang
       where p.pronamespace = 'public'::regnamespace and l.lanname = 'sql'
       order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const notInlined: string[] = [];
    for (const { name, types } of rows) if (!(await inlined(name, types))) notInlined.push(name);
    expect(notInlined).toEqual([]);
  });

  it('tells an inlined function from one that is planned on each call', async () => {
    await database.pool.query(
      `create function pg_temp.probe_inlined(x int) returns boolean language sql stable
         as 'select x > 0'`,
    );
    await database.pool.query(
      `create function pg_temp.probe_planned(x int) returns boolean language sql stable
         as 'select exists (select 1 from users where x > 0)'`,
    );
    const plan = async (name: string) =>
      (
        await database.pool.query<{ 'QUERY PLAN': string }>(
          `explain (verbose, costs off) select pg_temp.${name}(g) from generate_series(1, 1) g`,
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    expect(await plan('probe_inlined')).not.toContain('probe_inlined(');
    expect(await plan('probe_planned')).toContain('probe_planned(');
  });
});
