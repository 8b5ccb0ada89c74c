import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/prepared.ts';
import { createTestApp, testDatabaseKinds, type TestApp } from '../test/app-test-kit.ts';
import type { BusMessage } from './bus.ts';
import { drainOutbox, enqueueEvent } from './outbox.ts';

/**
 * The realtime outbox: an event written in a transaction reaches the bus after the commit, at
 * least once, whichever instance drains it; a rolled-back one never does.
 */
describe.each(testDatabaseKinds())('the realtime outbox on %s', (kind) => {
  let t: TestApp;
  /** A second instance on the same database: it drains what the first committed. */
  let t2: TestApp;
  let seen: BusMessage[] = [];
  let seen2: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    t2 = await createTestApp(kind, {}, { database: t.ctx.database });
    t.ctx.bus.subscribe((message) => seen.push(message));
    t2.ctx.bus.subscribe((message) => seen2.push(message));
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.database.pool.query('delete from realtime_outbox');
    seen = [];
    seen2 = [];
  });

  const deps = (app: TestApp) => ({
    pool: app.ctx.database.pool,
    bus: app.ctx.bus,
    logger: app.ctx.logger,
  });
  const opened = (vaultId: string) =>
    ({
      type: 'mystery_vault_opened',
      data: { vaultId, title: 'Box', reason: 'timer' },
    }) as const;

  it('publishes a committed event once, with its id, and keeps nothing after', async () => {
    await inTransaction(t.ctx.database, (client) =>
      enqueueEvent(client, { kind: 'users', userIds: ['u1'] }, opened('1'), t.clock.now()),
    );
    expect(await drainOutbox(deps(t))).toBe(1);
    expect(await drainOutbox(deps(t))).toBe(0);
    const events = seen.filter((m) => m.kind === 'event');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'event',
      audience: { kind: 'users', userIds: ['u1'] },
      event: opened('1'),
      timestamp: t.clock.now().toISOString(),
    });
    expect(events[0]?.kind === 'event' && events[0].eventId).toMatch(/^outbox-\d+$/);
  });

  it('never publishes the event of a transaction that rolled back', async () => {
    await expect(
      inTransaction(t.ctx.database, async (client) => {
        await enqueueEvent(client, { kind: 'all' }, opened('2'), t.clock.now());
        throw new Error('the write failed after the event was queued');
      }),
    ).rejects.toThrow('the write failed');
    expect(await drainOutbox(deps(t))).toBe(0);
    expect(seen).toEqual([]);
  });

  it('publishes, from another instance, what an instance committed and never sent (it died)', async () => {
    await inTransaction(t.ctx.database, async (client) => {
      await enqueueEvent(client, { kind: 'all' }, opened('3'), t.clock.now());
      await enqueueEvent(client, { kind: 'all' }, opened('4'), t.clock.now());
    });
    // The first instance is gone before its drain: the second one's drains send both, in order.
    expect(await drainOutbox(deps(t2))).toBe(2);
    const ids = seen2.flatMap((m) =>
      m.kind === 'event' && m.event.type === 'mystery_vault_opened' ? [m.event.data.vaultId] : [],
    );
    expect(ids).toEqual(['3', '4']);
  });

  it('sends each event once when two instances drain at the same time', async () => {
    await inTransaction(t.ctx.database, async (client) => {
      for (let i = 0; i < 250; i += 1) {
        await enqueueEvent(client, { kind: 'all' }, opened(`many-${i}`), t.clock.now());
      }
    });
    const [a, b] = await Promise.all([drainOutbox(deps(t)), drainOutbox(deps(t2))]);
    expect(a + b).toBe(250);
    // Each instance's bus is its own here (in memory): together they saw every event once.
    const ids = [...seen, ...seen2].flatMap((m) => (m.kind === 'event' ? [m.eventId] : []));
    expect(new Set(ids).size).toBe(250);
    expect(ids).toHaveLength(250);
  });
});
