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
