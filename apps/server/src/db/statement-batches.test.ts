import { describe, expect, it } from 'vitest';
import type { Queryable } from './prepared.ts';
import { batchedWrites, inGivenOrder } from './statement-batches.ts';

/**
 * The batching alone, with writes that are plain functions recording what they were given (the
 * statements themselves are tested against PostgreSQL beside each slice's batch: posts, likes,
 * comments, follows). A stand-in for a failed connection: an error without PostgreSQL's SQLSTATE.
 */

/** Each pool is its own batching state: a fresh object per test. */
const freshPool = (): Queryable => ({}) as Queryable;

/** An error as PostgreSQL answers one: with its SQLSTATE. */
function statementError(message: string): Error {
  return Object.assign(new Error(message), { code: '23514' });
}

function recorder(many: (inputs: number[]) => number[]) {
  const calls: string[] = [];
  const write = batchedWrites<number, number>({
    writeOne: (_db, input) => {
      calls.push(`one ${input}`);
      if (input < 0) return Promise.reject(statementError(`negative ${input}`));
      return Promise.resolve(input * 10);
    },
    writeMany: (_db, inputs) => {
      calls.push(`many ${inputs.join(',')}`);
      return new Promise((resolve) => resolve(many(inputs)));
    },
    maxBatch: 3,
  });
  return { calls, write };
}

describe('writes batched into shared statements', () => {
  it('writes arriving in one turn share a statement, at most maxBatch at a time, each answered its own', async () => {
    const { calls, write } = recorder((inputs) => inputs.map((input) => input * 10));
    const pool = freshPool();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((input) => write(pool, input)));
    expect(answers).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual(['many 1,2,3', 'many 4,5']);
  });

  it('a write alone takes its own statement; those arriving while it is in flight wait, then go together', async () => {
    const calls: string[] = [];
    let finishFirst = (): void => undefined;
    const write = batchedWrites<number, number>({
      writeOne: (_db, input) => {
        calls.push(`one ${input}`);
        return new Promise((resolve) => {
          finishFirst = () => resolve(input * 10);
        });
      },
      writeMany: (_db, inputs) => {
        calls.push(`many ${inputs.join(',')}`);
        return Promise.resolve(inputs.map((input) => input * 10));
      },
      maxBatch: 3,
    });
    const pool = freshPool();
    const first = write(pool, 1);
    await expect.poll(() => calls).toEqual(['one 1']);
    const later = [write(pool, 2), write(pool, 3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['one 1']);
    finishFirst();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30]);
    expect(calls).toEqual(['one 1', 'many 2,3']);
  });

  it('a batch PostgreSQL refuses is written again one by one: only the write at fault fails', async () => {
    const { calls, write } = recorder(() => {
      throw statementError('a check failed');
    });
    const pool = freshPool();
    const answers = await Promise.allSettled([1, -2, 3].map((input) => write(pool, input)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual(['many 1,-2,3', 'one 1', 'one -2', 'one 3']);
  });

  it('a batch with no answer from PostgreSQL (it may have been committed) fails every write, none written twice', async () => {
    const { calls, write } = recorder(() => {
      throw new Error('Connection terminated unexpectedly');
    });
    const pool = freshPool();
    const answers = await Promise.allSettled([1, 2].map((input) => write(pool, input)));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toEqual(['many 1,2']);
    // The next write is not stuck behind the failed batch.
    expect(await write(pool, 4)).toBe(40);
  });

  it('a batch answered with fewer rows than writes fails them all rather than guess', async () => {
    const { write } = recorder((inputs) => inputs.slice(1));
    const pool = freshPool();
    const answers = await Promise.allSettled([1, 2].map((input) => write(pool, input)));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });

  it('pools batch apart', async () => {
    const { calls, write } = recorder((inputs) => inputs.map((input) => input * 10));
    const [a, b] = [freshPool(), freshPool()];
    await Promise.all([write(a, 1), write(b, 2), write(a, 3)]);
    expect(calls.sort()).toEqual(['many 1,3', 'one 2']);
  });

  it("puts a batch statement's rows back in the order its writes came, and misses none", () => {
    const rows = [
      { ord: '2', result: 'b' },
      { ord: '3', result: 'c' },
      { ord: '1', result: 'a' },
    ];
    expect(inGivenOrder(rows, 3, 'test_statement')).toEqual([
      { result: 'a' },
      { result: 'b' },
      { result: 'c' },
    ]);
    expect(() => inGivenOrder(rows.slice(1), 3, 'test_statement')).toThrow(
      'test_statement answered no row for write 2',
    );
  });
});
