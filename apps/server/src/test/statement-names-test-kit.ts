import type pg from 'pg';
import type { Queryable } from '../db/prepared.ts';

/**
 * A database's pool that records the name of every statement sent through it (so a test can ask
 * whether writes shared one), as a new object: the batched writes keep their batches per pool,
 * so each test that takes one has batches of its own.
 */
export function namingPool(database: { pool: Queryable }): { pool: Queryable; names: string[] } {
  const names: string[] = [];
  const pool = {
    query: (config: pg.QueryConfig) => {
      names.push(config.name ?? '(unnamed)');
      return database.pool.query(config);
    },
  } as unknown as Queryable;
  return { pool, names };
}
