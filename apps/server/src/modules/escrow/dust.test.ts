import {
  createVaultInstruction,
  findDepositAddress,
  findVaultAddress,
  joinVaultInstruction,
} from '@dum/chain/vault-program';
import {
  escrowSyncResponseSchema,
  feedItemSchema,
  VAULT_MIN_SUPPORT_LAMPORTS,
  type VaultSummary,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows } from '../feed/test-kit.ts';
import { chainUser, vaultEventsOf, type ChainUser } from '../vaults/test-kit.ts';
import { sendInstructions } from './test-kit.ts';

/**
 * Deposits below the vaults' minimum support, made with the real vault program on the test's
 * localnet: the program takes them, the index records them, and they earn nothing.
 */
describe.each(testDatabaseKinds())('escrow dust on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;
  let fan: ChainUser;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS, { localnet: true });
    t.ctx.bus.subscribe((message) => events.push(message));
    [creator, fan] = await Promise.all([chainUser(t, 5n), chainUser(t, 5n)]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function synced(vaultId: string): Promise<VaultSummary> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vaults/${vaultId}/escrow/sync`,
      headers: creator.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return escrowSyncResponseSchema.parse(res.json()).vault;
  }

  async function join(vault: string, lamports: bigint): Promise<void> {
    await sendInstructions(t, fan.keypair, [
      await joinVaultInstruction({ participant: fan.address, vault, lamports }),
    ]);
  }

  async function supportRewards(): Promise<string[]> {
    const { rows } = await t.ctx.database.pool.query<{ reference: string }>(
      `select reference from emission_ledger where kind = 'vault_supported' and recipient_id = $1
       order by id`,
      [fan.id],
    );
    return rows.map((row) => row.reference);
  }

  it('records a deposit below the minimum toward the total, and rewards none of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: creator.headers,
      payload: { kind: 'vault', body: 'small change', escrow: { durationDays: 1 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = feedItemSchema.parse(res.json());
    const vaultId = post.vault!.id;
    const vault = (await findVaultAddress(BigInt(post.id), creator.address)).address;
    await sendInstructions(t, creator.keypair, [
      await createVaultInstruction({
        creator: creator.address,
        postId: BigInt(post.id),
        multiplier: 2,
        durationDays: 1,
      }),
    ]);
    await synced(vaultId);
    const deposit = (await findDepositAddress(vault, fan.address)).address;

    // One lamport, then one lamport short of the minimum: recorded, announced, not rewarded.
    await join(vault, 1n);
    expect(await synced(vaultId)).toMatchObject({
      currentAmount: '1',
      supporterCount: 1,
      escrow: { totalDeposited: '1', participantCount: 1 },
    });
    await join(vault, VAULT_MIN_SUPPORT_LAMPORTS - 1n);
    expect(await synced(vaultId)).toMatchObject({ currentAmount: '10000000' });
    expect(
      await countRows(
        t,
        'select total_deposited as n from escrow_deposits where vault_id = $1 and address = $2',
        [vaultId, deposit],
      ),
    ).toBe(10_000_000);
    const supports = vaultEventsOf(events, 'vault_support', vaultId).map((m) =>
      m.event.type === 'vault_support' ? m.event.data.support.amount : null,
    );
    expect(supports).toEqual(['1', '9999999']);
    expect(await supportRewards()).toEqual([]);
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_queue where kind = 'vault_supported' and actor_id = $1`,
        [fan.id],
      ),
    ).toBe(0);

    // The minimum itself is a support like any other: rewarded once, for this growth.
    await join(vault, VAULT_MIN_SUPPORT_LAMPORTS);
    await synced(vaultId);
    await synced(vaultId);
    expect(await supportRewards()).toEqual([`${deposit}:20000000`]);
    const { rows } = await t.ctx.database.pool.query<{ sol: string }>(
      // The day rows and the changes not yet moved into them (modules/analytics).
      `select coalesce(sum(sol_raised), 0)::text as sol from (
         select sol_raised from analytics_daily where user_id = $1
         union all select sol_raised from analytics_daily_changes where user_id = $1) d`,
      [creator.id],
    );
    expect(rows[0]?.sol).toBe('20000000');
  });
});
