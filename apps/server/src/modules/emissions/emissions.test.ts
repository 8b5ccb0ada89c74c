import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/harness.ts';

describe.each(testDatabaseKinds())('GET /api/emissions/stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function setCounters(totalEvents: bigint, totalMinted = 0n): Promise<void> {
    await t.ctx.database.pool.query(
      'update emission_state set total_events = $1, total_minted = $2 where id = 1',
      [totalEvents.toString(), totalMinted.toString()],
    );
  }

  it('starts at epoch 0, 70,000 events left, 150 DUM', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/emissions/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { eventsUntilHalving: 70000, currentReward: '150000000000', currentEpoch: 0 },
    });
  });

  it('follows the ledger counters across a halving', async () => {
    await setCounters(69_999n);
    let res = await t.app.inject({ method: 'GET', url: '/api/emissions/stats' });
    expect(res.json()).toEqual({
      data: { eventsUntilHalving: 1, currentReward: '150000000000', currentEpoch: 0 },
    });
    await setCounters(70_000n);
    res = await t.app.inject({ method: 'GET', url: '/api/emissions/stats' });
    expect(res.json()).toEqual({
      data: { eventsUntilHalving: 70000, currentReward: '75000000000', currentEpoch: 1 },
    });
  });

  it('reports no reward once the cap is minted', async () => {
    await setCounters(100n, 21_000_000n * 10n ** 9n);
    const res = await t.app.inject({ method: 'GET', url: '/api/emissions/stats' });
    expect(res.json<{ data: { currentReward: string } }>().data.currentReward).toBe('0');
  });
});
