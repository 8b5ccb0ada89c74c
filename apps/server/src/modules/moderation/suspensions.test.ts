import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import { createMemoryBus } from '../../realtime/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { suspensionOf, suspensionsChanged, watchSuspensions } from './suspensions.ts';

/**
 * The suspension set every instance keeps (suspensions.ts). Two instances on one database are
 * two pool objects (the set is kept per pool) and one bus between them.
 */
describe.each(testDatabaseKinds())('the suspension set (%s)', (kind) => {
  let database: Database;
  const bus = createMemoryBus();
  let now = new Date('2026-12-02T12:00:00Z');
  const clock = { now: () => now };
  const logger = { error: () => undefined };
  /** The database's pool as another object (another instance's set), counting its queries. */
  const poolView = (onQuery: () => void = () => undefined): Queryable => {
    const query = (...args: unknown[]): unknown => {
      onQuery();
      return (database.pool.query as (...a: unknown[]) => unknown)(...args);
    };
    return { query: query as Queryable['query'] };
  };
  const instance = (): { pool: Queryable; clock: typeof clock; bus: typeof bus } => ({
    pool: poolView(),
    clock,
    bus,
  });
  const a = instance();
  const b = instance();
  const unwatch: Array<() => void> = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    unwatch.push(watchSuspensions(a.pool, bus), watchSuspensions(b.pool, bus));
  });
  afterAll(async () => {
    for (const stop of unwatch) stop();
    await database.close();
  });

  async function newWallet(): Promise<string> {
    const id = randomUUID();
    await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    return id;
  }

  async function suspend(userId: string, endsAt: Date | null): Promise<void> {
    await database.pool.query(
      `insert into wallet_restrictions (user_id, kind, reason, created_at, ends_at)
       values ($1, 'suspension', 'spam', $2, $3)`,
      [userId, now, endsAt],
    );
  }

  it('holds at once on the instance that acted, and on the others when the bus tells them', async () => {
    const eve = await newWallet();
    expect(await suspensionOf(a, eve)).toBeUndefined();
    expect(await suspensionOf(b, eve)).toBeUndefined();

    await suspend(eve, null);
    // Both instances still trust the set they read: nobody said anything changed.
    expect(await suspensionOf(a, eve)).toBeUndefined();
    await suspensionsChanged(a, logger);
    expect(await suspensionOf(a, eve)).toEqual({ endsAt: null });
    expect(await suspensionOf(b, eve)).toEqual({ endsAt: null });

    await database.pool.query(`update wallet_restrictions set lifted_at = $2 where user_id = $1`, [
      eve,
      now,
    ]);
    await suspensionsChanged(b, logger);
    expect(await suspensionOf(a, eve)).toBeUndefined();
    expect(await suspensionOf(b, eve)).toBeUndefined();
  });

  it('ends a timed suspension by the clock, with no news', async () => {
    const frank = await newWallet();
    const end = new Date(now.getTime() + 60_000);
    await suspend(frank, end);
    await suspensionsChanged(a, logger);
    expect(await suspensionOf(b, frank)).toEqual({ endsAt: end });
    now = new Date(end.getTime() + 1);
    expect(await suspensionOf(b, frank)).toBeUndefined();
  });

  it('answers the latest end of several, indefinite first', async () => {
    const gus = await newWallet();
    const soon = new Date(now.getTime() + 60_000);
    await suspend(gus, soon);
    await suspend(gus, new Date(now.getTime() + 30_000));
    await suspensionsChanged(a, logger);
    expect(await suspensionOf(a, gus)).toEqual({ endsAt: soon });
    await suspend(gus, null);
    await suspensionsChanged(a, logger);
    expect(await suspensionOf(a, gus)).toEqual({ endsAt: null });
  });

  it('reads once for the checks that arrive while a read runs, and not again until news', async () => {
    let reads = 0;
    const c = {
      clock,
      pool: poolView(() => {
        reads += 1;
      }),
    };
    const hal = await newWallet();
    await suspend(hal, null);
    const answers = await Promise.all([suspensionOf(c, hal), suspensionOf(c, hal)]);
    expect(answers).toEqual([{ endsAt: null }, { endsAt: null }]);
    expect(await suspensionOf(c, randomUUID())).toBeUndefined();
    expect(reads).toBe(1);
  });
});
