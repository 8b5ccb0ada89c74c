import {
  addMediaRefInstruction,
  claimVaultInstruction,
  createVaultInstruction,
  decodeVault,
  earlyWithdrawInstruction,
  findDepositAddress,
  findVaultAddress,
  joinVaultInstruction,
  VAULT_PROGRAM_ID,
} from '@dum/chain/vault-program';
import {
  escrowSyncResponseSchema,
  feedItemSchema,
  feedPageSchema,
  leaderboardEntrySchema,
  myDepositsResponseSchema,
  vaultDetailSchema,
  type FeedItem,
  type VaultSummary,
} from '@dum/core';
import bs58 from 'bs58';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { runFeedCleanup } from '../feed/index.ts';
import { countRows, errorOf, feedPage } from '../feed/test-kit.ts';
import { mediaStoreAt } from '../media/index.ts';
import * as files from '../media/test-kit.ts';
import {
  chainUser,
  refreshHeaders,
  support,
  vaultEventsOf,
  type ChainUser,
} from '../vaults/test-kit.ts';
import { claimDueVaults } from './repo.ts';
import { runEscrowIndexPass } from './service.ts';
import { sendInstructions } from './test-kit.ts';

/**
 * Escrow vaults (docs/decisions/009-escrow-vaults.md) against the real vault program on the
 * test's localnet: posts created pending, the vault created on chain by the creator's wallet,
 * joins by real wallets, and the server's sync and timer indexing what the chain holds.
 */

const SOL = 1_000_000_000n;

/** The localnet's next slot (its Clock sysvar follows the injected wall clock from then on). */
function nextSlot(t: TestApp): Promise<void> {
  const chain = t.ctx.localnet?.chain;
  if (!chain) throw new Error('no localnet');
  return new Promise((resolve) => {
    const stop = chain.onSlot(() => {
      stop();
      resolve();
    });
  });
}

/** The localnet's runtime, private to LocalChain: reached here as an attacker would be. */
interface ForgeableChain {
  runtime: {
    setAccount(
      address: string,
      account: { lamports: bigint; data: Uint8Array; owner: string; executable: boolean },
    ): void;
  };
}

/**
 * Test only: writes an account straight into the localnet's state, as an attacker who could
 * put any bytes at the vault's address would (the real program never lets them).
 */
function forgeAccount(
  t: TestApp,
  address: string,
  account: { owner: string; data: Uint8Array },
): void {
  const chain = t.ctx.localnet?.chain as unknown as ForgeableChain | undefined;
  if (!chain) throw new Error('no localnet');
  chain.runtime.setAccount(address, {
    lamports: 10n * SOL,
    data: account.data,
    owner: account.owner,
    executable: false,
  });
}

function accountData(t: TestApp, address: string): Uint8Array {
  const account = t.ctx.localnet?.chain.getAccount(address);
  if (!account) throw new Error(`no account at ${address}`);
  return Uint8Array.from(account.data);
}

describe.each(testDatabaseKinds())('escrow vaults on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;
  let fan: ChainUser;
  let fan2: ChainUser;
  let stranger: ChainUser;
  let chainOffsetMs = 0;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS },
      { localnet: true, localnetNow: () => Date.now() + chainOffsetMs },
    );
    t.ctx.bus.subscribe((message) => events.push(message));
    [creator, fan, fan2, stranger] = await Promise.all([
      chainUser(t, 20n),
      chainUser(t, 20n),
      chainUser(t, 20n),
      chainUser(t, 20n),
    ]);
    await t.ctx.database.pool.query(`update users set username = 'fan_one' where id = $1`, [
      fan.id,
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  function eventsOf(type: string, vaultId: string) {
    return vaultEventsOf(events, type, vaultId);
  }

  async function createEscrowPost(
    headers: Record<string, string>,
    escrow: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers,
      payload: { kind: 'vault', body: 'escrowed vibes', escrow, ...extra },
    });
  }

  async function escrowPost(
    escrow: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ): Promise<FeedItem & { vault: VaultSummary }> {
    const res = await createEscrowPost(creator.headers, escrow, extra);
    if (res.statusCode !== 201)
      throw new Error(`escrow post failed: ${res.statusCode} ${res.body}`);
    const item = feedItemSchema.parse(res.json());
    if (!item.vault) throw new Error('no vault');
    return { ...item, vault: item.vault };
  }

  /** By default as the creator: to anyone else a pending vault does not exist. */
  async function sync(vaultId: string, headers = creator.headers): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: `/api/vaults/${vaultId}/escrow/sync`,
      headers,
      payload: {},
    });
  }

  async function synced(vaultId: string): Promise<VaultSummary> {
    const res = await sync(vaultId);
    if (res.statusCode !== 200) throw new Error(`sync failed: ${res.statusCode} ${res.body}`);
    return escrowSyncResponseSchema.parse(res.json()).vault;
  }

  async function createOnChain(post: FeedItem, multiplier: number, durationDays: number) {
    await sendInstructions(t, creator.keypair, [
      await createVaultInstruction({
        creator: creator.address,
        postId: BigInt(post.id),
        multiplier,
        durationDays,
      }),
    ]);
  }

  async function join(who: ChainUser, vault: string, lamports: bigint): Promise<void> {
    await sendInstructions(t, who.keypair, [
      await joinVaultInstruction({ participant: who.address, vault, lamports }),
    ]);
  }

  async function ledgerRows(kind: string, recipientId: string): Promise<string[]> {
    const { rows } = await t.ctx.database.pool.query<{ reference: string }>(
      `select reference from emission_ledger where kind = $1 and recipient_id = $2
       order by reference`,
      [kind, recipientId],
    );
    return rows.map((row) => row.reference);
  }

  it('refuses bad escrow terms with their errors and writes nothing', async () => {
    const before = await countRows(t, 'select count(*) as n from messages');
    const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{ multiplier: 0 }, {}, 'invalid_multiplier', 'multiplier must be between 1 and 10'],
      [{ multiplier: 11 }, {}, 'invalid_multiplier', 'multiplier must be between 1 and 10'],
      [{ multiplier: 2.5 }, {}, 'invalid_multiplier', 'multiplier must be between 1 and 10'],
      [{ multiplier: '2' }, {}, 'invalid_multiplier', 'multiplier must be between 1 and 10'],
      [{ durationDays: 0 }, {}, 'invalid_duration', 'durationDays must be greater than 0'],
      [{ durationDays: -3 }, {}, 'invalid_duration', 'durationDays must be greater than 0'],
      [{ durationDays: 31 }, {}, 'invalid_duration', 'durationDays must be at most 30'],
      [
        { contentHash: 'ab'.repeat(32) },
        {},
        'invalid_content_hash',
        'contentHash is only sent with a media file',
      ],
      [
        { contentHash: 'xyz' },
        {},
        'invalid_content_hash',
        'contentHash must be the SHA-256 of the media file as 64 hex characters',
      ],
      [{}, { targetAmount: '0.1' }, 'validation_failed', 'Some fields are not valid.'],
      [{ surprise: 1 }, {}, 'validation_failed', 'Some fields are not valid.'],
    ];
    for (const [escrow, extra, code, message] of cases) {
      const res = await createEscrowPost(creator.headers, escrow, extra);
      expect(res.statusCode, JSON.stringify(escrow)).toBe(400);
      expect(errorOf(res), JSON.stringify(escrow)).toMatchObject({ code, message });
    }
    const onPublic = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: creator.headers,
      payload: { kind: 'public', body: 'hi', escrow: {} },
    });
    expect(errorOf(onPublic).code).toBe('validation_failed');
    const signedOut = await createEscrowPost({}, {});
    expect(signedOut.statusCode).toBe(401);

    // Media needs the hash of the stored file.
    const { mediaUrl } = await files.uploadedPng(t, creator.headers, 'a.png', {
      width: 20,
      height: 20,
    });
    const noHash = await createEscrowPost(creator.headers, {}, { imageUrl: mediaUrl });
    expect(errorOf(noHash).code).toBe('invalid_content_hash');
    const wrongHash = await createEscrowPost(
      creator.headers,
      { contentHash: 'ab'.repeat(32) },
      { imageUrl: mediaUrl },
    );
    expect(errorOf(wrongHash).code).toBe('invalid_content_hash');
    expect(await countRows(t, 'select count(*) as n from messages')).toBe(before);
    expect(await countRows(t, 'select count(*) as n from escrow_vaults')).toBe(0);
  });

  it('refuses bad sync calls', async () => {
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: creator.headers,
      payload: { kind: 'vault', body: 'direct', targetAmount: '0.1' },
    });
    const directVault = feedItemSchema.parse(direct.json()).vault;
    expect(directVault).toMatchObject({ kind: 'direct', escrow: null });
    for (const [url, headers, payload, status, code] of [
      ['/api/vaults/abc/escrow/sync', fan.headers, {}, 400, 'validation_failed'],
      [
        '/api/vaults/1/escrow/sync',
        fan.headers,
        { signature: 'nope' },
        400,
        'transaction_signature_invalid',
      ],
      ['/api/vaults/1/escrow/sync', fan.headers, { other: 1 }, 400, 'validation_failed'],
      ['/api/vaults/1/escrow/sync', {}, {}, 401, 'unauthorized'],
      ['/api/vaults/999999/escrow/sync', fan.headers, {}, 404, 'vault_not_found'],
      [`/api/vaults/${directVault?.id}/escrow/sync`, fan.headers, {}, 404, 'vault_not_found'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(status);
      expect(errorOf(res).code, url).toBe(code);
    }
  });

  let main: FeedItem & { vault: VaultSummary };
  let vaultAddress: string;

  it('creates a pending escrow vault that only its creator sees, until it is on chain', async () => {
    main = await escrowPost({ durationDays: 1 });
    vaultAddress = (await findVaultAddress(BigInt(main.id), creator.address)).address;
    expect(main.vault).toMatchObject({
      kind: 'escrow',
      status: 'active',
      targetAmount: '200000000',
      currentAmount: '0',
      escrow: {
        state: 'pending',
        programId: VAULT_PROGRAM_ID,
        address: vaultAddress,
        postId: main.id,
        multiplier: 2,
        durationSeconds: '86400',
        startTs: null,
        indexedAt: null,
        penaltyBps: 500,
        rewardsPerSol: '5000000000',
        stakingRatePerSecond: '10000000',
      },
    });
    expect(events.filter((m) => m.kind === 'event' && m.event.type === 'new_post')).toEqual(
      events.filter(
        (m) => m.kind === 'event' && m.event.type === 'new_post' && m.event.data.postId !== main.id,
      ),
    );

    const ids = (res: LightMyRequestResponse) =>
      feedPageSchema.parse(res.json()).items.map((item) => item.id);
    t.clock.advance(5_000); // past the anonymous first-page cache
    expect(ids(await feedPage(t))).not.toContain(main.id);
    expect(ids(await feedPage(t, '', fan.headers))).not.toContain(main.id);
    expect(ids(await feedPage(t, '', creator.headers))).toContain(main.id);
    const url = `/api/messages-v2/messages/${main.id}`;
    expect((await t.app.inject({ url, headers: fan.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: creator.headers })).statusCode).toBe(200);
    const vaultUrl = `/api/vaults/${main.vault.id}`;
    expect((await t.app.inject({ url: vaultUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: vaultUrl, headers: creator.headers })).statusCode).toBe(200);

    // To anyone but its creator a pending post and its vault answer exactly as ids that were
    // never used, on every route that takes the id (and the sync reads nothing on chain).
    const unused = { post: '987654321', vault: '987654321' };
    const probes = (ids: { post: string; vault: string }) =>
      [
        { method: 'GET', url: `/api/messages-v2/messages/${ids.post}` },
        { method: 'GET', url: `/api/messages/${ids.post}/comments` },
        { method: 'POST', url: `/api/messages/${ids.post}/comments`, payload: { content: 'hi' } },
        { method: 'DELETE', url: `/api/messages/${ids.post}/comments/1` },
        { method: 'POST', url: `/api/messages/${ids.post}/engage`, payload: { kind: 'like' } },
        { method: 'POST', url: `/api/messages/${ids.post}/engage`, payload: { kind: 'bookmark' } },
        { method: 'DELETE', url: `/api/messages-v2/messages/${ids.post}` },
        { method: 'GET', url: `/api/vaults/${ids.vault}` },
        { method: 'GET', url: `/api/vaults/${ids.vault}/leaderboard` },
        { method: 'POST', url: `/api/vaults/${ids.vault}/escrow/sync`, payload: {} },
        {
          method: 'POST',
          url: `/api/vaults/${ids.vault}/support`,
          payload: { transactionSignature: bs58.encode(new Uint8Array(64).fill(7)), amount: '0.1' },
        },
      ] as const;
    const answer = async (
      probe: ReturnType<typeof probes>[number],
      headers?: Record<string, string>,
    ) => {
      const res = await t.app.inject({ ...probe, headers });
      return { status: res.statusCode, body: res.body };
    };
    const hidden = probes({ post: main.id, vault: main.vault.id });
    const missing = probes(unused);
    for (const [i, probe] of hidden.entries()) {
      const never = await answer(missing[i]!, stranger.headers);
      expect(never.status, probe.url).toBe(404);
      expect(await answer(probe, stranger.headers), probe.url).toEqual(never);
      if (probe.method === 'GET')
        expect(await answer(probe), probe.url).toEqual(await answer(missing[i]!));
    }
    // Nothing was written through the hidden post.
    expect(
      await countRows(t, 'select count(*) as n from engagements where message_id = $1', [main.id]),
    ).toBe(0);
    expect(
      await countRows(t, 'select count(*) as n from comments where message_id = $1', [main.id]),
    ).toBe(0);
    // Its author sees it as usual.
    const own = await t.app.inject({
      url: `/api/messages/${main.id}/comments`,
      headers: creator.headers,
    });
    expect(own.statusCode).toBe(200);

    // Before the chain transaction: 409, nothing changes.
    const early = await sync(main.vault.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toEqual({
      code: 'escrow_not_on_chain',
      message: 'The vault is not on chain yet',
    });
  });

  it('turns live when the vault is on chain, rewarding vault_created once and announcing the post', async () => {
    await createOnChain(main, 2, 1);
    const vault = await synced(main.vault.id);
    const onChain = t.ctx.localnet?.chain.getAccount(vaultAddress);
    expect(onChain).toBeTruthy();
    expect(vault).toMatchObject({ status: 'active', escrow: { state: 'live' } });
    expect(vault.escrow?.startTs).toMatch(/^\d+$/);
    expect(BigInt(vault.escrow?.endTs ?? '0') - BigInt(vault.escrow?.startTs ?? '0')).toBe(86_400n);
    expect(vault.endsAt).toBe(new Date(Number(vault.escrow?.endTs) * 1000).toISOString());
    expect(vault.escrow?.indexedAt).not.toBeNull();
    await synced(main.vault.id);
    expect(
      (await ledgerRows('vault_created', creator.id)).filter((r) => r === main.id),
    ).toHaveLength(1);
    expect(
      events.filter(
        (m) => m.kind === 'event' && m.event.type === 'new_post' && m.event.data.postId === main.id,
      ),
    ).toHaveLength(1);
    t.clock.advance(5_000);
    const anonymous = feedPageSchema.parse((await feedPage(t)).json());
    expect(anonymous.items.find((item) => item.id === main.id)?.vault?.escrow?.state).toBe('live');
    // A direct support of an escrow vault is refused.
    const direct = await support(t, fan.headers, main.vault.id, {
      transactionSignature: bs58.encode(new Uint8Array(64).fill(7)),
      amount: '0.1',
    });
    expect(errorOf(direct).code).toBe('vault_escrow_support');
  });

  it('indexes joins by two wallets once, whatever the number of concurrent syncs and passes', async () => {
    await join(fan, vaultAddress, 50_000_000n);
    await join(fan2, vaultAddress, 30_000_000n);
    const deps = t.ctx.escrow;
    const [a, b, c, d, passOne, passTwo] = await Promise.all([
      sync(main.vault.id, fan.headers),
      sync(main.vault.id, fan2.headers),
      sync(main.vault.id, stranger.headers),
      sync(main.vault.id, creator.headers),
      runEscrowIndexPass(deps),
      runEscrowIndexPass(deps),
    ]);
    for (const res of [a, b, c, d]) expect(res.statusCode).toBe(200);
    // Two passes at once claim disjoint batches.
    expect(passOne.claimed + passTwo.claimed).toBeLessThanOrEqual(
      await countRows(t, 'select count(*) as n from escrow_vaults'),
    );
    const vault = await synced(main.vault.id);
    expect(vault).toMatchObject({
      currentAmount: '80000000',
      supporterCount: 2,
      status: 'active',
      escrow: { totalDeposited: '80000000', participantCount: 2 },
    });
    const supports = eventsOf('vault_support', main.vault.id).map((m) =>
      m.event.type === 'vault_support' ? m.event.data.support : null,
    );
    expect(supports).toEqual(
      expect.arrayContaining([
        { supporterId: fan.id, amount: '50000000' },
        { supporterId: fan2.id, amount: '30000000' },
      ]),
    );
    expect(supports).toHaveLength(2);
    const audience = eventsOf('vault_support', main.vault.id)[0];
    expect(audience?.kind === 'event' && audience.audience).toMatchObject({ kind: 'users' });
    if (audience?.kind === 'event' && audience.audience.kind === 'users') {
      expect(new Set(audience.audience.userIds)).toEqual(new Set([creator.id, fan.id, fan2.id]));
    }
    const fanDeposit = (await findDepositAddress(vaultAddress, fan.address)).address;
    expect(await ledgerRows('vault_supported', fan.id)).toEqual([`${fanDeposit}:50000000`]);
    expect(await ledgerRows('vault_supported', fan2.id)).toHaveLength(1);

    // A second join grows the deposit: announced and rewarded once more, for the lamports added.
    await join(fan, vaultAddress, 20_000_000n);
    await Promise.all([synced(main.vault.id), synced(main.vault.id), runEscrowIndexPass(deps)]);
    expect(eventsOf('vault_support', main.vault.id)).toHaveLength(3);
    const last = eventsOf('vault_support', main.vault.id).at(-1);
    expect(last?.kind === 'event' && last.event.data).toMatchObject({
      support: { supporterId: fan.id, amount: '20000000' },
    });
    expect(await ledgerRows('vault_supported', fan.id)).toEqual([
      `${fanDeposit}:50000000`,
      `${fanDeposit}:70000000`,
    ]);
    expect(eventsOf('vault_completed', main.vault.id)).toHaveLength(0);
    // The creator's SOL raised (modules/analytics) counted each growth once: 50 + 30 + 20.
    const { rows: raised } = await t.ctx.database.pool.query<{ sol: string }>(
      // The day rows and the changes not yet moved into them (modules/analytics).
      `select coalesce(sum(sol_raised), 0)::text as sol from (
         select sol_raised from analytics_daily where user_id = $1
         union all select sol_raised from analytics_daily_changes where user_id = $1) d`,
      [creator.id],
    );
    expect(raised[0]?.sol).toBe('100000000');
  });

  it('shares chain reads between syncs of one vault: a burst costs two reads', async () => {
    const call = t.ctx.chain.rpc.call.bind(t.ctx.chain.rpc);
    const rpc = vi.spyOn(t.ctx.chain.rpc, 'call');
    // Every sync asks the vault's flight map first (service.ts syncEscrowVault): counted here,
    // so the first read can be held until the whole burst has asked, however slowly the
    // requests get there on a loaded machine.
    const asked = vi.spyOn(t.ctx.escrow.syncs, 'get');
    try {
      await synced(main.vault.id);
      const perRead = rpc.mock.calls.length;
      expect(perRead).toBeGreaterThan(0);
      rpc.mockClear();
      asked.mockClear();
      const BURST = 20;
      let allAsked: () => void = () => undefined;
      const burstArrived = new Promise<void>((resolve) => (allAsked = resolve));
      asked.mockImplementation(function (this: Map<string, unknown>, key: string) {
        if (asked.mock.calls.length === BURST) allAsked();
        return Map.prototype.get.call(this, key) as never;
      });
      rpc.mockImplementationOnce(async (method, params) => {
        await burstArrived;
        return call(method, params);
      });
      // A script's burst of syncs at one vault, from several wallets.
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          sync(main.vault.id, [fan, fan2, stranger, creator][i % 4]?.headers),
        ),
      );
      for (const res of burst) expect(res.statusCode).toBe(200);
      // The read under way and one queued behind it, whatever the number of callers.
      expect(rpc.mock.calls.length).toBe(2 * perRead);
      asked.mockRestore();
      // And a sync after the burst reads the chain again (nothing stale is kept).
      rpc.mockClear();
      await synced(main.vault.id);
      expect(rpc.mock.calls.length).toBe(perRead);
    } finally {
      rpc.mockRestore();
      asked.mockRestore();
    }
  });

  it('shows deposits on the vault page, the leaderboard and My Vaults', async () => {
    const detail = vaultDetailSchema.parse(
      (await t.app.inject({ url: `/api/vaults/${main.vault.id}` })).json(),
    );
    expect(detail.supports).toEqual([]);
    expect(detail.deposits).toHaveLength(2);
    expect(detail.deposits?.[0]).toMatchObject({
      participant: fan.address,
      supporterId: fan.id,
      username: 'fan_one',
      amount: '70000000',
      totalDeposited: '70000000',
      penaltyPaid: '0',
      rewarded: false,
      refunded: false,
      claimed: false,
    });
    const board = leaderboardEntrySchema
      .array()
      .parse((await t.app.inject({ url: `/api/vaults/${main.vault.id}/leaderboard` })).json());
    expect(board.map((entry) => [entry.id, entry.total])).toEqual([
      [fan.id, '70000000'],
      [fan2.id, '30000000'],
    ]);

    const mine = await t.app.inject({ url: '/api/vaults?mine=deposits', headers: fan.headers });
    expect(mine.statusCode).toBe(200);
    const deposits = myDepositsResponseSchema.parse(mine.json());
    expect(deposits.items).toHaveLength(1);
    expect(deposits.items[0]).toMatchObject({
      id: main.vault.id,
      kind: 'escrow',
      postId: main.id,
      given: '70000000',
      myDeposit: { participant: fan.address, amount: '70000000' },
    });
    expect(deposits.totals).toEqual({ vaults: 1, amount: '70000000', unlocked: 0 });
    const none = await t.app.inject({
      url: '/api/vaults?mine=deposits',
      headers: stranger.headers,
    });
    expect(myDepositsResponseSchema.parse(none.json()).totals.vaults).toBe(0);
    const bad = await t.app.inject({ url: '/api/vaults?mine=everything', headers: fan.headers });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/vaults?mine=deposits' })).statusCode).toBe(401);
  });

  it('refuses accounts that do not match the post (escrow_mismatch) and records nothing', async () => {
    const realData = accountData(t, vaultAddress);

    // The creator's real vault with another multiplier than the post's.
    const other = await escrowPost({ multiplier: 3 });
    await createOnChain(other, 2, 7);
    const wrongTerms = await sync(other.vault.id);
    expect(wrongTerms.statusCode).toBe(409);
    expect(wrongTerms.json()).toMatchObject({
      error: { code: 'escrow_mismatch', details: { field: 'multiplier' } },
    });

    async function forged(
      mutate: (data: Uint8Array, post: FeedItem) => void,
      owner = VAULT_PROGRAM_ID,
    ): Promise<{ field: string; id: string; postId: string }> {
      const post = await escrowPost();
      const data = Uint8Array.from(realData);
      mutate(data, post);
      forgeAccount(t, (await findVaultAddress(BigInt(post.id), creator.address)).address, {
        owner,
        data,
      });
      const res = await sync(post.vault.id);
      expect(res.statusCode).toBe(409);
      const error = res.json<{ error: { code: string; details: { field: string } } }>().error;
      expect(error.code).toBe('escrow_mismatch');
      return { field: error.details.field, id: post.vault.id, postId: post.id };
    }
    const setPostId = (data: Uint8Array, post: FeedItem) =>
      new DataView(data.buffer).setBigUint64(8, BigInt(post.id), true);

    const results = [
      // Another post's vault copied to this post's address.
      await forged(() => undefined),
      // This post's id, but another creator.
      await forged((data, post) => {
        setPostId(data, post);
        data.set(bs58.decode(stranger.address), 88);
      }),
      // Right bytes, but not owned by the program.
      await forged(setPostId, '11111111111111111111111111111111'),
      // Not a vault account at all.
      await forged((data) => data.fill(1, 0, 8)),
    ];
    expect(results.map((r) => r.field)).toEqual(['postId', 'creator', 'owner', 'data']);
    for (const { id } of [...results, { id: other.vault.id, postId: other.id }]) {
      const { rows } = await t.ctx.database.pool.query<{ state: string; total: string }>(
        `select e.state, v.total::text as total from vaults v
         join escrow_vaults e on e.vault_id = v.id where v.id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ state: 'pending', total: '0' });
      expect(
        await countRows(t, 'select count(*) as n from escrow_deposits where vault_id = $1', [id]),
      ).toBe(0);
    }
    // None of the refused vaults earned vault_created.
    const created = await ledgerRows('vault_created', creator.id);
    for (const postId of [other.id, ...results.map((r) => r.postId)]) {
      expect(created).not.toContain(postId);
    }
  });

  /** An escrow post with an image, on chain with its media ref (1 day, target 0.1 SOL). */
  async function mediaVault(name: string) {
    const { mediaUrl, contentHash } = await files.uploadedPng(t, creator.headers, name, {
      width: 24,
      height: 24,
    });
    const post = await escrowPost(
      { multiplier: 1, durationDays: 1, contentHash },
      { imageUrl: mediaUrl },
    );
    const address = (await findVaultAddress(BigInt(post.id), creator.address)).address;
    await createOnChain(post, 1, 1);
    await sendInstructions(t, creator.keypair, [
      await addMediaRefInstruction({
        creator: creator.address,
        vault: address,
        mediaType: 'image',
        contentHash: Buffer.from(contentHash, 'hex'),
        size: 100n,
      }),
    ]);
    return { post, address, mediaUrl, contentHash };
  }

  async function fanView(postId: string): Promise<FeedItem> {
    return feedItemSchema.parse(
      (
        await t.app.inject({ url: `/api/messages-v2/messages/${postId}`, headers: fan.headers })
      ).json(),
    );
  }

  async function earlyWithdraw(who: ChainUser, vault: string): Promise<void> {
    const { treasury } = decodeVault(accountData(t, vault));
    await sendInstructions(t, who.keypair, [
      await earlyWithdrawInstruction({ participant: who.address, vault, treasury }),
    ]);
  }

  /** Held to the end (unlocks then); touched the target and was withdrawn (never unlocks). */
  let held: Awaited<ReturnType<typeof mediaVault>>;
  let withdrawn: Awaited<ReturnType<typeof mediaVault>>;

  it('keeps the media locked at the target before the end, and hashes media on chain', async () => {
    const { mediaUrl, contentHash } = await files.uploadedPng(t, creator.headers, 'secret.png', {
      width: 24,
      height: 24,
    });
    const post = await escrowPost(
      { multiplier: 1, durationDays: 1, contentHash },
      { imageUrl: mediaUrl },
    );
    const address = (await findVaultAddress(BigInt(post.id), creator.address)).address;

    // Created on chain without its media ref: the hash is not committed.
    await createOnChain(post, 1, 1);
    const missing = await sync(post.vault.id);
    expect(missing.json()).toMatchObject({
      error: { code: 'escrow_mismatch', details: { field: 'mediaRef' } },
    });
    await sendInstructions(t, creator.keypair, [
      await addMediaRefInstruction({
        creator: creator.address,
        vault: address,
        mediaType: 'image',
        contentHash: Buffer.from(contentHash, 'hex'),
        size: 100n,
      }),
    ]);
    expect((await synced(post.vault.id)).escrow?.contentHash).toBe(contentHash);
    expect(await fanView(post.id)).toMatchObject({ imageUrl: null, locked: true });
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(404);

    // The target is met, but the program pays out only what is still locked at the end.
    await join(stranger, address, 100_000_000n);
    const vault = await synced(post.vault.id);
    expect(vault).toMatchObject({ status: 'active', currentAmount: '100000000' });
    expect(eventsOf('vault_completed', post.vault.id)).toHaveLength(0);
    expect(await fanView(post.id)).toMatchObject({ imageUrl: null, locked: true });
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(404);
    held = { post, address, mediaUrl, contentHash };
  });

  it('keeps the media locked when the target is touched and then withdrawn early (issue 21, finding 2)', async () => {
    // The attack: lock the whole target, sync, take 95% back early (5% penalty), keep 5% in.
    withdrawn = await mediaVault('withdrawn.png');
    const { post, address, mediaUrl } = withdrawn;
    await join(fan, address, 95_000_000n);
    await join(stranger, address, 5_000_000n);
    expect(await synced(post.vault.id)).toMatchObject({
      status: 'active',
      currentAmount: '100000000',
    });
    await earlyWithdraw(fan, address);
    expect(await synced(post.vault.id)).toMatchObject({
      status: 'active',
      currentAmount: '5000000',
    });
    expect(eventsOf('vault_completed', post.vault.id)).toHaveLength(0);
    expect(await fanView(post.id)).toMatchObject({ imageUrl: null, locked: true });
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(404);
  });

  it('deletes escrow posts still pending after an hour, and keeps live ones', async () => {
    const stale = await escrowPost();
    const deps = {
      db: t.ctx.database.db,
      media: mediaStoreAt(t.ctx.config.dataDir),
      logger: t.ctx.logger,
      rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
    };
    const pendingBefore = await countRows(
      t,
      `select count(*) as n from escrow_vaults where state = 'pending'`,
    );
    expect((await runFeedCleanup(deps, t.clock.now())).pendingVaults).toBe(0);
    t.clock.advance(60 * 60_000);
    const result = await runFeedCleanup(deps, t.clock.now());
    expect(result.pendingVaults).toBe(pendingBefore);
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [stale.id])).toBe(
      0,
    );
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [main.id])).toBe(
      1,
    );
    expect(
      await countRows(t, `select count(*) as n from escrow_vaults where state = 'pending'`),
    ).toBe(0);
    // Access tokens live 15 minutes of the test clock.
    await Promise.all([creator, fan, fan2, stranger].map((user) => refreshHeaders(t, user)));
  });

  it('reaches the target, unlocks at the end, and goes paid_out once the creator claimed', async () => {
    await join(fan2, vaultAddress, 100_000_000n);
    const reached = await synced(main.vault.id);
    expect(reached).toMatchObject({ status: 'active', currentAmount: '200000000' });
    expect(eventsOf('vault_completed', main.vault.id)).toHaveLength(0);

    // Past the vault's end on the chain's clock: the total is final, and held the target.
    chainOffsetMs += 2 * 86_400_000;
    await nextSlot(t);
    await nextSlot(t);
    const unlocked = await synced(main.vault.id);
    expect(unlocked).toMatchObject({ status: 'unlocked', currentAmount: '200000000' });
    expect(eventsOf('vault_completed', main.vault.id)).toHaveLength(1);
    const deposits = await Promise.all(
      [fan, fan2].map(async (who) => (await findDepositAddress(vaultAddress, who.address)).address),
    );
    await sendInstructions(t, creator.keypair, [
      claimVaultInstruction({ creator: creator.address, vault: vaultAddress, deposits }),
    ]);
    const paid = await synced(main.vault.id);
    expect(paid).toMatchObject({
      status: 'paid_out',
      escrow: { chainStatus: 'paid_out', claimedAmount: '200000000' },
    });
    const detail = vaultDetailSchema.parse(
      (await t.app.inject({ url: `/api/vaults/${main.vault.id}` })).json(),
    );
    expect(detail.deposits?.every((deposit) => deposit.claimed)).toBe(true);
    expect(eventsOf('vault_completed', main.vault.id)).toHaveLength(1);
    const mine = myDepositsResponseSchema.parse(
      (await t.app.inject({ url: '/api/vaults?mine=deposits', headers: fan2.headers })).json(),
    );
    expect(mine.totals.unlocked).toBe(mine.totals.vaults);
    // The claimed lamports are the creator's now: nothing of fan2's is locked in this vault.
    const claimed = mine.items.find((item) => item.id === main.vault.id);
    expect(claimed).toMatchObject({ given: '0', myDeposit: { claimed: true } });
    expect(BigInt(claimed!.myDeposit.amount)).toBeGreaterThan(0n);
    const lockedElsewhere = mine.items
      .filter((item) => item.id !== main.vault.id)
      .reduce((sum, item) => sum + BigInt(item.given), 0n);
    expect(mine.totals.amount).toBe(String(lockedElsewhere));
  });

  it('unlocks the media held at its target to the end, and never the one withdrawn early', async () => {
    // The chain's clock is past both vaults' ends (the test before moved it two days on).
    const heldVault = await synced(held.post.vault.id);
    expect(heldVault).toMatchObject({ status: 'unlocked', currentAmount: '100000000' });
    expect(eventsOf('vault_completed', held.post.vault.id)).toHaveLength(1);
    expect(await fanView(held.post.id)).toMatchObject({ imageUrl: held.mediaUrl, locked: false });
    expect((await t.app.inject({ url: held.mediaUrl })).statusCode).toBe(200);

    const withdrawnVault = await synced(withdrawn.post.vault.id);
    expect(withdrawnVault).toMatchObject({ status: 'active', currentAmount: '5000000' });
    expect(eventsOf('vault_completed', withdrawn.post.vault.id)).toHaveLength(0);
    expect(await fanView(withdrawn.post.id)).toMatchObject({ imageUrl: null, locked: true });
    expect((await t.app.inject({ url: withdrawn.mediaUrl })).statusCode).toBe(404);
  });

  it('lets passes running at once on two instances claim disjoint batches', async () => {
    const now = t.clock.now();
    const claim = () =>
      claimDueVaults(t.ctx.database.pool, {
        now,
        leaseUntil: new Date(now.getTime() + 60_000),
        limit: 2,
        endedBefore: 0n,
      });
    const due = await countRows(t, 'select count(*) as n from escrow_vaults');
    const [one, two] = await Promise.all([claim(), claim()]);
    const both = [...one, ...two].map(String);
    expect(new Set(both).size).toBe(both.length);
    expect(both.length).toBe(Math.min(due, 4));
    // Leased vaults wait until the lease ends.
    const again = await claim();
    expect(again.filter((id) => both.includes(String(id)))).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('escrow vaults unavailable on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A program address where nothing is deployed: its config account does not exist.
    t = await createTestApp(
      kind,
      { VAULT_PROGRAM_ID: 'DumVau1t11111111111111111111111111111111112' },
      { localnet: true },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers escrow_unavailable without the program, and vaults_disabled with the flag off', async () => {
    const user = await chainUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: user.headers,
      payload: { kind: 'vault', body: 'escrow', escrow: {} },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('escrow_unavailable');
    expect(await countRows(t, 'select count(*) as n from messages')).toBe(0);

    const off = await createTestApp(kind, { VAULTS_ENABLED: 'false' });
    try {
      const offUser = await chainUser(off);
      const created = await off.app.inject({
        method: 'POST',
        url: '/api/messages-v2/messages',
        headers: offUser.headers,
        payload: { kind: 'vault', body: 'escrow', escrow: {} },
      });
      expect(errorOf(created).code).toBe('vaults_disabled');
      const synced = await off.app.inject({
        method: 'POST',
        url: '/api/vaults/1/escrow/sync',
        headers: offUser.headers,
        payload: {},
      });
      expect(errorOf(synced).code).toBe('vaults_disabled');
    } finally {
      await off.close();
    }
  });
});
