import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('GET /api/emissions/stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Read on every call: the tests set the counters in SQL, behind the sequencer's back.
    t = await createTestApp(kind, { EMISSIONS_STATS_MAX_AGE_MS: '0' });
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

  it('answers the platform stats card', async () => {
    await setCounters(35_000n, 35_000n * 150_000_000_000n);
    const res = await t.app.inject({ method: 'GET', url: '/api/emissions/platform-stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalEvents: 35000,
      totalMinted: '5250000000000000',
      currentReward: '150000000000',
      eventsUntilHalving: 35000,
      percentMinted: 25,
      maxSupply: '21000000000000000',
      currentEpoch: 0,
    });
  });

  it('pages the ledger oldest first by id', async () => {
    await t.ctx.database.pool.query(`delete from emission_ledger`);
    const { rows } = await t.ctx.database.pool.query<{ id: string }>(
      `insert into users (sol_address) values ('ledger-wallet') returning id`,
    );
    await t.ctx.database.pool.query(
      `insert into emission_ledger (event_index, epoch, amount, recipient_id, kind, reference)
       select g, 0, 150000000000, $1, 'post_created', 'post-' || g from generate_series(0, 4) g`,
      [rows[0]!.id],
    );
    const first = await t.app.inject({ method: 'GET', url: '/api/emissions/ledger?limit=3' });
    expect(first.statusCode).toBe(200);
    const page = first.json<{
      items: Array<{ eventIndex: string; recipient: string }>;
      nextCursor: string;
    }>();
    expect(page.items.map((item) => item.eventIndex)).toEqual(['0', '1', '2']);
    expect(page.items[0]!.recipient).toBe('ledger-wallet');
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/emissions/ledger?limit=3&after=${page.nextCursor}`,
    });
    const rest = second.json<{ items: Array<{ eventIndex: string }>; nextCursor: string | null }>();
    expect(rest.items.map((item) => item.eventIndex)).toEqual(['3', '4']);
    expect(rest.nextCursor).toBeNull();
  });

  it('rejects a bad ledger cursor or limit', async () => {
    for (const query of ['after=abc', 'after=-1', 'limit=0', 'limit=501', 'limit=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/emissions/ledger?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
  });
});
