import type pg from 'pg';

/** Anything that runs a query: the pool, or one checked-out client (a transaction). */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Runs `work` in a transaction on one client of the pool. For hot paths written in plain SQL
 * (named statements, planned once per connection); everything else uses Drizzle's
 * `db.transaction`.
 */
export async function inTransaction<T>(
  database: { pool: pg.Pool },
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    // A client whose rollback fails is broken: destroy it rather than return it to the pool.
    const rolledBack = await client.query('rollback').then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : (error as Error));
    throw error;
  }
}

/**
 * A named statement per page size, its LIMIT written into the text. PostgreSQL keeps a named
 * statement's generic plan only while it costs no more than the plans it makes for each call's
 * values, and a `limit $n` it cannot see makes a page read's generic plan look costly: the
 * shared feed's next page was planned again on every call (1.4 ms, twice its run). With the
 * limit in the text, the generic plan is chosen after five calls and kept. One statement per
 * size asked for, each prepared once per connection (the routes bound the sizes).
 */
export function statementPerLimit(
  make: (limit: number) => pg.QueryConfig,
): (limit: number) => pg.QueryConfig {
  const made = new Map<number, pg.QueryConfig>();
  return (limit) => {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a page size: ${limit}`);
    let statement = made.get(limit);
    if (!statement) {
      statement = make(limit);
      made.set(limit, statement);
    }
    return statement;
  };
}
