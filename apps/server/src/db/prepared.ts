import type pg from 'pg';

/** Anything that runs a query: the pool, or one checked-out client (a transaction). */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Runs named statements as such on PostgreSQL, which plans each name once per connection (a
 * hot statement's planning can cost as much as running it). PGlite keeps one session across
 * the pool's reconnections and would find a name already prepared, so there they run unnamed.
 */
export function preparedQueryable(kind: 'pglite' | 'postgres', target: Queryable): Queryable {
  if (kind === 'postgres') return target;
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    typeof config === 'string'
      ? target.query(config, values)
      : target.query({ text: config.text, values: config.values });
  return { query: query as Queryable['query'] };
}

/**
 * Runs `work` in a transaction on one client of the pool, with named statements as above.
 * For hot paths written in plain SQL; everything else uses Drizzle's `db.transaction`.
 */
export async function inTransaction<T>(
  database: { kind: 'pglite' | 'postgres'; pool: pg.Pool },
  work: (client: Queryable) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const result = await work(preparedQueryable(database.kind, client));
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
