import type { Queryable } from './prepared.ts';

/**
 * Writes of one kind arriving at the same moment share one statement. Each write alone is a
 * round trip and a commit of its own; under load PostgreSQL spent about as much on those as on
 * the rows (pgbench on a seeded database: eight posts in one statement gave twice the posts a
 * second of eight statements). So while one batch is in flight the writes that arrive wait for
 * it and then go together, at most `maxBatch` at a time; a write that finds nothing in flight
 * waits only for the current turn of the event loop. One write alone takes `writeOne`.
 *
 * A batch is one statement, so one transaction: should PostgreSQL refuse it (a check, a
 * deadlock), its writes are made again one by one, so only the write at fault gets the error.
 * Without PostgreSQL's answer (the connection failed) the batch may have been committed, and
 * written again its rows could be there twice: each write gets the error instead.
 */
export interface StatementBatches<Input, Output> {
  /** The write alone: its own statement. */
  writeOne: (db: Queryable, input: Input) => Promise<Output>;
  /** Several writes in one statement, answered in the order given. */
  writeMany: (db: Queryable, inputs: Input[]) => Promise<Output[]>;
  /** Writes in one statement at most. */
  maxBatch: number;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

interface BatchState<Input, Output> {
  waiting: Waiting<Input, Output>[];
  /** A drain is scheduled or running: new writes join its next batch. */
  draining: boolean;
}

/**
 * `writeOne`, made to share a statement with the writes of the same kind that arrive at the
 * same moment on the same pool (an app context's; tests run several in a process).
 */
export function batchedWrites<Input, Output>(
  batches: StatementBatches<Input, Output>,
): (db: Queryable, input: Input) => Promise<Output> {
  const states = new WeakMap<Queryable, BatchState<Input, Output>>();
  const stateOf = (db: Queryable): BatchState<Input, Output> => {
    let state = states.get(db);
    if (!state) {
      state = { waiting: [], draining: false };
      states.set(db, state);
    }
    return state;
  };
  return (db, input) => {
    const state = stateOf(db);
    return new Promise((resolve, reject) => {
      state.waiting.push({ input, resolve, reject });
      if (state.draining) return;
      state.draining = true;
      // The writes read in this turn of the event loop go together.
      setImmediate(() => void drain(batches, db, state));
    });
  };
}

async function drain<Input, Output>(
  batches: StatementBatches<Input, Output>,
  db: Queryable,
  state: BatchState<Input, Output>,
): Promise<void> {
  try {
    while (state.waiting.length > 0) {
      const batch = state.waiting.splice(0, batches.maxBatch);
      await writeBatch(batches, db, batch);
    }
  } finally {
    // writeBatch settles every write it took; whatever happens, the next write starts a drain.
    state.draining = false;
  }
}

async function writeBatch<Input, Output>(
  batches: StatementBatches<Input, Output>,
  db: Queryable,
  batch: Waiting<Input, Output>[],
): Promise<void> {
  if (batch.length > 1) {
    try {
      const outputs = await batches.writeMany(
        db,
        batch.map((entry) => entry.input),
      );
      if (outputs.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} writes answered ${outputs.length}`);
      }
      batch.forEach((entry, index) => entry.resolve(outputs[index] as Output));
      return;
    } catch (error) {
      if (!isStatementError(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // PostgreSQL refused the statement, so nothing of it was written: one by one below.
    }
  }
  await Promise.all(
    batch.map((entry) => batches.writeOne(db, entry.input).then(entry.resolve, entry.reject)),
  );
}

/** An error PostgreSQL answered for the statement (with its SQLSTATE): it was rolled back. */
function isStatementError(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === 'string';
}

/**
 * A batch statement's rows in the order its writes were given. Each row carries its write's
 * place (`ord`, 1-based, from `unnest … with ordinality`), since the statement may run the writes
 * in another order (the one its locks want). A write without its row is an error.
 */
export function inGivenOrder<Row extends { ord: string }>(
  rows: Row[],
  count: number,
  statement: string,
): Omit<Row, 'ord'>[] {
  const byPlace = new Map(rows.map(({ ord, ...row }) => [Number(ord), row]));
  return Array.from({ length: count }, (_, index) => {
    const row = byPlace.get(index + 1);
    if (!row) throw new Error(`${statement} answered no row for write ${index + 1}`);
    return row;
  });
}
