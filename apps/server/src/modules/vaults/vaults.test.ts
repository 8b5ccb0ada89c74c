import { randomBytes } from 'node:crypto';
import {
  feedItemSchema,
  feedPageSchema,
  leaderboardEntrySchema,
  myVaultsResponseSchema,
  supportVaultResponseSchema,
  ERRORS,
  VAULT_DURATION_MS,
  vaultDetailSchema,
  type FeedItem,
  type LeaderboardEntry,
  type SupportVaultResponse,
} from '@dum/core';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, errorOf, feedPage } from '../feed/test-kit.ts';
import * as files from '../media/test-kit.ts';
import { createSupportWriter } from './support-writer.ts';
import {
  chainUser,
  connectionOf,
  createdVaultPost,
  createVaultPost,
  lookupTableWith,
  refreshHeaders,
  support,
  transfer,
  vaultEventsOf,
  type ChainUser,
} from './test-kit.ts';

const SOL = 1_000_000_000n;

describe('the VAULTS_ENABLED flag', () => {
  it('is on by default on the localnet and off on other clusters unless set', () => {
    expect(loadConfig({}).vaults.enabled).toBe(true);
    expect(loadConfig({ SOLANA_RPC_URL: 'https://api.devnet.solana.com' }).vaults.enabled).toBe(
      false,
    );
    expect(
      loadConfig({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', VAULTS_ENABLED: 'true' }).vaults
        .enabled,
    ).toBe(true);
    expect(loadConfig({ VAULTS_ENABLED: 'false' }).vaults.enabled).toBe(false);
    expect(() => loadConfig({ VAULTS_ENABLED: 'maybe' })).toThrow(
      'VAULTS_ENABLED: must be true or false',
    );
  });
});

describe.each(testDatabaseKinds())('vaults switched off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { VAULTS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses vault posts and supports with the Vaults disabled error, and says so in /api/config', async () => {
    const alice = await createSignedInUser(t.ctx);
    const res = await createVaultPost(t, alice.headers, { body: 'lock it', targetAmount: '0.1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'vaults_disabled',
        message: 'Timelock vaults are not available in this environment',
      },
    });
    const supported = await support(t, alice.headers, '1', {
      transactionSignature: bs58.encode(randomBytes(64)),
      amount: '0.1',
    });
    expect(errorOf(supported).code).toBe('vaults_disabled');
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json<{ vaultsEnabled: boolean }>().vaultsEnabled).toBe(false);
    expect(await countRows(t, 'select count(*) as n from messages')).toBe(0);
  });
});

/** Resolves at the localnet's next slot (its Clock follows the injected wall clock from then). */
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

describe.each(testDatabaseKinds())('vaults on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;
  let fan: ChainUser;
  let fan2: ChainUser;
  const events: BusMessage[] = [];
  // The chain's clock is moved on with the server's: a support's transfer is made after its vault.
  let chainOffsetMs = 0;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS },
      { localnet: true, localnetNow: () => Date.now() + chainOffsetMs },
    );
    t.ctx.bus.subscribe((message) => events.push(message));
    [creator, fan, fan2] = await Promise.all([chainUser(t), chainUser(t, 20n), chainUser(t, 20n)]);
    await t.ctx.database.pool.query(`update users set display_name = 'Creator' where id = $1`, [
      creator.id,
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  function eventsOf(type: string, vaultId: string) {
    return vaultEventsOf(events, type, vaultId);
  }

  async function vaultRow(id: string) {
    const { rows } = await t.ctx.database.pool.query<{
      total: string;
      supporter_count: number;
      status: string;
      unlocked_at: Date | null;
    }>('select total::text, supporter_count, status, unlocked_at from vaults where id = $1', [id]);
    return rows[0];
  }

  describe('creating', () => {
    it('creates a vault post that does not expire, with its summary, and rewards vault_created', async () => {
      const res = await createVaultPost(t, creator.headers, {
        body: 'unlock my new track',
        targetAmount: '0.3',
      });
      expect(res.statusCode).toBe(201);
      const item = res.json<FeedItem>();
      expect(feedItemSchema.parse(item)).toEqual(item);
      const now = t.clock.now();
      expect(item).toMatchObject({
        kind: 'vault',
        body: 'unlock my new track',
        expiresAt: null,
        imageUrl: null,
        audioUrl: null,
        locked: false,
        vault: {
          id: expect.stringMatching(/^\d+$/) as string,
          status: 'active',
          currentAmount: '0',
          targetAmount: '300000000',
          supporterCount: 0,
          createdAt: now.toISOString(),
          endsAt: new Date(now.getTime() + VAULT_DURATION_MS).toISOString(),
          creator: { walletAddress: creator.address },
        },
      });
      const ledger = (kind: string) =>
        countRows(
          t,
          `select count(*) as n from emission_ledger where kind = $1 and reference = $2`,
          [kind, item.id],
        );
      expect(await ledger('vault_created')).toBe(1);
      expect(await ledger('post_created')).toBe(0);
      expect(
        await countRows(
          t,
          `select count(*) as n from activity where type = 'vault_created' and reference = $1`,
          [item.id],
        ),
      ).toBe(1);

      const page = feedPageSchema.parse((await feedPage(t)).json());
      expect(page.items.find((post) => post.id === item.id)).toEqual(item);
      const detail = await t.app.inject({ url: `/api/messages-v2/messages/${item.id}` });
      expect(detail.json()).toEqual(item);
    });

    it('checks the SOL to lock', async () => {
      const cases: [unknown, number, string, string?][] = [
        ['0.001', 400, 'vault_amount_below_minimum', 'Minimum vault amount is 0.01 SOL'],
        ['0', 400, 'vault_amount_below_minimum'],
        ['abc', 400, 'invalid_amount', 'Please enter a valid numeric amount.'],
        ['0.1234567891', 400, 'invalid_amount'],
        [undefined, 400, 'invalid_amount'],
        ['', 400, 'invalid_amount'],
        ['1000000.5', 400, 'vault_target_too_large'],
        [12, 400, 'validation_failed'],
      ];
      for (const [targetAmount, status, code, message] of cases) {
        const res = await createVaultPost(t, creator.headers, { body: 'x', targetAmount });
        expect(res.statusCode, String(targetAmount)).toBe(status);
        expect(errorOf(res).code).toBe(code);
        if (message) expect(errorOf(res).message).toBe(message);
      }
      const unauthenticated = await createVaultPost(t, {}, { body: 'x', targetAmount: '1' });
      expect(unauthenticated.statusCode).toBe(401);
    });
  });

  describe('supporting', () => {
    let vault: Awaited<ReturnType<typeof createdVaultPost>>;

    beforeAll(async () => {
      vault = await createdVaultPost(t, creator.headers, '0.3');
    });

    it('verifies a real transfer, credits it with the emission event, and tells the creator and supporters', async () => {
      const signature = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const res = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: signature,
        amount: '0.1',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<SupportVaultResponse>();
      expect(supportVaultResponseSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        support: {
          vaultId: vault.vault.id,
          supporter: { id: fan.id, walletAddress: fan.address, username: null },
          amount: '100000000',
          transactionSignature: signature,
          createdAt: t.clock.now().toISOString(),
        },
        vault: { status: 'active', currentAmount: '100000000', supporterCount: 1 },
      });
      const onChain = await connectionOf(t).getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
      });
      expect(body.support.slot).toBe(onChain?.slot);
      expect(
        await countRows(
          t,
          `select count(*) as n from emission_ledger
           where kind = 'vault_supported' and reference = $1 and recipient_id = $2`,
          [signature, fan.id],
        ),
      ).toBe(1);
      const [event] = eventsOf('vault_support', vault.vault.id);
      expect(event).toMatchObject({
        audience: { kind: 'users', userIds: expect.arrayContaining([creator.id, fan.id]) as [] },
        event: {
          type: 'vault_support',
          data: {
            vaultId: vault.vault.id,
            support: { supporterId: fan.id, amount: '100000000' },
          },
        },
      });
      // The feed shows the progress.
      const page = feedPageSchema.parse((await feedPage(t, '', fan.headers)).json());
      expect(page.items.find((item) => item.id === vault.id)?.vault).toMatchObject({
        currentAmount: '100000000',
        supporterCount: 1,
      });
    });

    it("tells every supporter, also those another instance recorded since this one's last support", async () => {
      const other = await createdVaultPost(t, creator.headers, '1');
      // Supporters of their own, so the other tests' lists stay as they expect.
      const [one, two] = await Promise.all([chainUser(t, 1n), chainUser(t, 1n)]);
      const first = await support(t, one.headers, other.vault.id, {
        transactionSignature: await transfer(t, one.keypair, creator.address, SOL / 100n),
        amount: '0.01',
      });
      expect(first.statusCode).toBe(200);
      // Another instance records a support of a new supporter: the same call, on the same
      // database, that this instance's cached audience has not seen.
      const elsewhere = await chainUser(t);
      await t.ctx.database.pool.query('select record_vault_support($1, $2, $3, $4, $5, $6)', [
        other.vault.id,
        elsewhere.id,
        `elsewhere-${other.vault.id}`,
        '10000000',
        1,
        t.clock.now(),
      ]);
      const second = await support(t, two.headers, other.vault.id, {
        transactionSignature: await transfer(t, two.keypair, creator.address, SOL / 100n),
        amount: '0.01',
      });
      expect(second.json<SupportVaultResponse>().vault.supporterCount).toBe(3);
      const audience = (event: BusMessage | undefined) =>
        event?.kind === 'event' && event.audience.kind === 'users'
          ? [...event.audience.userIds].sort()
          : [];
      const [firstEvent, secondEvent] = eventsOf('vault_support', other.vault.id);
      expect(audience(firstEvent)).toEqual([creator.id, one.id].sort());
      expect(audience(secondEvent)).toEqual([creator.id, one.id, elsewhere.id, two.id].sort());
    });

    it('records supports that arrive together in one call, each with its own answer, and a bad one alone', async () => {
      const [first, second] = await Promise.all([
        createdVaultPost(t, creator.headers, '1'),
        createdVaultPost(t, creator.headers, '1'),
      ]);
      const [a, b] = await Promise.all([chainUser(t), chainUser(t)]);
      const statements: string[] = [];
      const pool = t.ctx.database.pool;
      const writer = createSupportWriter({
        query: ((config: { name?: string }, ...rest: unknown[]) => {
          statements.push(config.name ?? '');
          return (pool.query as (...args: unknown[]) => unknown)(config, ...rest);
        }) as typeof pool.query,
      });
      const now = t.clock.now();
      const at = (vault: { vault: { id: string } }, supporterId: string, tag: string) => ({
        vaultId: BigInt(vault.vault.id),
        supporterId,
        signature: `together-${tag}-${vault.vault.id}`,
        amount: 10_000_000n,
        slot: 1,
        now,
      });
      const results = await Promise.allSettled([
        writer.record(at(first, a.id, 'a1')),
        writer.record(at(second, a.id, 'a2')),
        writer.record(at(first, b.id, 'b1')),
        // No such user: the batch fails, and then only this support.
        writer.record(at(first, crypto.randomUUID(), 'ghost')),
        writer.record(at(first, b.id, 'b1')),
        writer.record(at(second, b.id, 'b2')),
      ]);
      expect(statements[0]).toBe('vaults_record_support');
      expect(statements[1]).toBe('vaults_record_supports');
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.kind : 'rejected'))).toEqual([
        'recorded',
        'recorded',
        'recorded',
        'rejected',
        'signature_taken',
        'recorded',
      ]);
      expect(await vaultRow(first.vault.id)).toMatchObject({
        total: '20000000',
        supporter_count: 2,
      });
      expect(await vaultRow(second.vault.id)).toMatchObject({
        total: '20000000',
        supporter_count: 2,
      });
      expect(
        (await countRows(
          t,
          `select count(*) as n from emission_queue q where q.reference like 'together-%'`,
          [],
        )) +
          (await countRows(
            t,
            `select count(*) as n from emission_ledger where reference like 'together-%'`,
            [],
          )),
      ).toBe(4);
    });

    it('answers a retry of the same call with the same support', async () => {
      const signature = await transfer(t, fan.keypair, creator.address, SOL / 20n);
      const payload = { transactionSignature: signature, amount: '0.05' };
      const first = await support(t, fan.headers, vault.vault.id, payload);
      const second = await support(t, fan.headers, vault.vault.id, payload);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json<SupportVaultResponse>().support).toEqual(
        first.json<SupportVaultResponse>().support,
      );
      // A second support by the same wallet does not count a second supporter.
      expect(await vaultRow(vault.vault.id)).toMatchObject({
        total: '150000000',
        supporter_count: 1,
      });
    });

    it('credits one signature once when 50 identical calls arrive together', async () => {
      const signature = await transfer(t, fan2.keypair, creator.address, SOL / 50n);
      const payload = { transactionSignature: signature, amount: '0.02' };
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => support(t, fan2.headers, vault.vault.id, payload)),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
      const ids = new Set(answers.map((res) => res.json<SupportVaultResponse>().support.id));
      expect(ids.size).toBe(1);
      expect(
        await countRows(t, 'select count(*) as n from vault_supports where signature = $1', [
          signature,
        ]),
      ).toBe(1);
      expect(
        await countRows(
          t,
          `select count(*) as n from emission_ledger where kind = 'vault_supported' and reference = $1`,
          [signature],
        ),
      ).toBe(1);
      expect(await vaultRow(vault.vault.id)).toMatchObject({
        total: '170000000',
        supporter_count: 2,
      });
    });

    it('reads a version-0 transfer whose recipient comes from an address lookup table', async () => {
      const table = await lookupTableWith(t, fan2.keypair, [creator.address]);
      const signature = await transfer(t, fan2.keypair, creator.address, SOL / 100n, {
        lookupTable: table,
      });
      const res = await support(t, fan2.headers, vault.vault.id, {
        transactionSignature: signature,
        amount: '0.01',
      });
      expect(res.statusCode).toBe(200);
      expect(await vaultRow(vault.vault.id)).toMatchObject({ total: '180000000' });
    });

    it('refuses every transfer that does not prove the support, and records nothing', async () => {
      const stranger = await chainUser(t, 5n);
      const elsewhere = await transfer(t, fan.keypair, stranger.address, SOL / 10n);
      const byStranger = await transfer(t, stranger.keypair, creator.address, SOL / 10n);
      const own = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const poor = await chainUser(t, 1n);
      const failed = await transfer(t, poor.keypair, creator.address, 2n * SOL, {
        skipPreflight: true,
      });
      const recorded = (
        await t.ctx.database.pool.query<{ signature: string }>(
          'select signature from vault_supports where supporter_id = $1 limit 1',
          [fan.id],
        )
      ).rows[0]?.signature;
      expect(recorded).toBeTruthy();
      const otherVault = await createdVaultPost(t, creator.headers, '1');
      const before = await countRows(t, 'select count(*) as n from vault_supports');
      const ledgerBefore = await countRows(t, 'select count(*) as n from emission_ledger');

      const cases: {
        name: string;
        user: ChainUser;
        vaultId?: string;
        payload: Record<string, unknown>;
        status: number;
        code: string;
        message?: string;
      }[] = [
        {
          name: 'forged (well-formed, never sent)',
          user: fan,
          payload: { transactionSignature: bs58.encode(randomBytes(64)), amount: '0.1' },
          status: 422,
          code: 'transaction_not_found',
        },
        {
          name: 'malformed signature',
          user: fan,
          payload: { transactionSignature: 'not-a-signature', amount: '0.1' },
          status: 400,
          code: 'transaction_signature_invalid',
        },
        {
          name: 'wrong recipient',
          user: fan,
          payload: { transactionSignature: elsewhere, amount: '0.1' },
          status: 422,
          code: 'transfer_wrong_recipient',
        },
        {
          name: 'wrong amount (0.1 sent, 0.2 claimed)',
          user: fan,
          payload: { transactionSignature: own, amount: '0.2' },
          status: 422,
          code: 'transfer_wrong_amount',
        },
        {
          name: "someone else's signature",
          user: fan,
          payload: { transactionSignature: byStranger, amount: '0.1' },
          status: 422,
          code: 'transfer_wrong_sender',
        },
        {
          name: 'failed transaction',
          user: poor,
          payload: { transactionSignature: failed, amount: '2' },
          status: 422,
          code: 'transaction_failed',
        },
        {
          name: 'replay on another vault',
          user: fan,
          vaultId: otherVault.vault.id,
          payload: { transactionSignature: recorded, amount: '0.1' },
          status: 409,
          code: 'transaction_already_used',
        },
        {
          name: 'replay by another wallet',
          user: fan2,
          payload: { transactionSignature: recorded, amount: '0.1' },
          status: 409,
          code: 'transaction_already_used',
        },
        {
          name: 'below minimum',
          user: fan,
          payload: { transactionSignature: byStranger, amount: '0.001' },
          status: 400,
          code: 'vault_amount_below_minimum',
          message: 'Minimum vault amount is 0.01 SOL',
        },
        {
          name: 'missing signature',
          user: fan,
          payload: { amount: '0.1' },
          status: 400,
          code: 'vault_support_missing_data',
          message: 'Missing required data for vault support',
        },
        {
          name: 'missing amount',
          user: fan,
          payload: { transactionSignature: byStranger },
          status: 400,
          code: 'vault_support_missing_data',
        },
        {
          name: 'own vault',
          user: creator,
          payload: { transactionSignature: byStranger, amount: '0.1' },
          status: 403,
          code: 'vault_own_support',
        },
        {
          name: 'unknown vault',
          user: fan,
          vaultId: '987654321',
          payload: { transactionSignature: byStranger, amount: '0.1' },
          status: 404,
          code: 'vault_not_found',
        },
        {
          name: 'malformed vault id',
          user: fan,
          vaultId: 'abc',
          payload: { transactionSignature: byStranger, amount: '0.1' },
          status: 400,
          code: 'validation_failed',
        },
      ];
      for (const c of cases) {
        const res = await support(t, c.user.headers, c.vaultId ?? vault.vault.id, c.payload);
        expect(res.statusCode, c.name).toBe(c.status);
        expect(errorOf(res).code, c.name).toBe(c.code);
        if (c.message) expect(errorOf(res).message, c.name).toBe(c.message);
      }
      const unauthenticated = await support(t, {}, vault.vault.id, {
        transactionSignature: own,
        amount: '0.1',
      });
      expect(unauthenticated.statusCode).toBe(401);
      expect(await countRows(t, 'select count(*) as n from vault_supports')).toBe(before);
      expect(await countRows(t, 'select count(*) as n from emission_ledger')).toBe(ledgerBefore);
    });

    it('unlocks at the target once, writes vault_unlocked and announces vault_completed', async () => {
      // 0.18 so far; 0.15 more crosses 0.3.
      const signature = await transfer(t, fan2.keypair, creator.address, (SOL * 15n) / 100n);
      const res = await support(t, fan2.headers, vault.vault.id, {
        transactionSignature: signature,
        amount: '0.15',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<SupportVaultResponse>().vault).toMatchObject({
        status: 'unlocked',
        currentAmount: '330000000',
        supporterCount: 2,
      });
      const row = await vaultRow(vault.vault.id);
      expect(row?.unlocked_at?.toISOString()).toBe(t.clock.now().toISOString());
      expect(
        await countRows(
          t,
          `select count(*) as n from activity where type = 'vault_unlocked' and reference = $1`,
          [vault.vault.id],
        ),
      ).toBe(1);
      // The name and the SOL as the server writes them (formatSol: 4 decimals).
      const line = await t.ctx.database.pool.query<{ message: string; params: unknown }>(
        `select message, params from activity where type = 'vault_unlocked' and reference = $1`,
        [vault.vault.id],
      );
      expect(line.rows[0]?.message).toBe("Creator's vault unlocked with 0.3300 SOL");
      expect(line.rows[0]?.params).toEqual({
        kind: 'vault_unlocked',
        name: 'Creator',
        lamports: '330000000',
      });
      expect(eventsOf('vault_completed', vault.vault.id)).toHaveLength(1);

      // Unlocked vaults take no more support.
      const late = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const refused = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: late,
        amount: '0.1',
      });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe('vault_not_active');
      // ...but the retry of a support recorded before the unlock still gets its answer.
      const retry = await support(t, fan2.headers, vault.vault.id, {
        transactionSignature: signature,
        amount: '0.15',
      });
      expect(retry.statusCode).toBe(200);
    });

    it('ranks the leaderboard by total given and shows the detail with its supports', async () => {
      const board = await t.app.inject({ url: `/api/vaults/${vault.vault.id}/leaderboard` });
      expect(board.statusCode).toBe(200);
      const entries = board.json<LeaderboardEntry[]>();
      expect(entries.map((entry) => leaderboardEntrySchema.parse(entry))).toEqual(entries);
      expect(
        entries.map((entry) => [entry.supporter.walletAddress, entry.total, entry.supports]),
      ).toEqual([
        [fan2.address, '180000000', 3],
        [fan.address, '150000000', 2],
      ]);
      expect(entries[0]?.id).toBe(fan2.id);
      // A page of it (finding 10: leaderboards had no page limit): ?limit= up to 100.
      const top = await t.app.inject({ url: `/api/vaults/${vault.vault.id}/leaderboard?limit=1` });
      expect(top.json<LeaderboardEntry[]>().map((entry) => entry.id)).toEqual([fan2.id]);
      for (const limit of ['0', '101', '1000000', 'all', '-1']) {
        const refused = await t.app.inject({
          url: `/api/vaults/${vault.vault.id}/leaderboard?limit=${limit}`,
        });
        expect(refused.statusCode, limit).toBe(400);
      }

      const detail = await t.app.inject({ url: `/api/vaults/${vault.vault.id}` });
      expect(detail.statusCode).toBe(200);
      const body = vaultDetailSchema.parse(detail.json());
      expect(body).toMatchObject({
        id: vault.vault.id,
        postId: vault.id,
        status: 'unlocked',
        currentAmount: '330000000',
        post: { id: vault.id, body: 'locked vibes', vault: { status: 'unlocked' } },
      });
      expect(body.supports).toHaveLength(5);
      expect(body.supports[0]?.amount).toBe('150000000');
      expect((await t.app.inject({ url: '/api/vaults/987654321' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/vaults/987654321/leaderboard' })).statusCode).toBe(
        404,
      );
    });

    it('lists my vaults, created and supported, with totals', async () => {
      const created = await t.app.inject({
        url: '/api/vaults?mine=created',
        headers: creator.headers,
      });
      expect(created.statusCode).toBe(200);
      const mine = myVaultsResponseSchema.parse(created.json());
      expect(mine.items.find((item) => item.id === vault.vault.id)).toMatchObject({
        postId: vault.id,
        body: 'locked vibes',
        status: 'unlocked',
        given: '0',
      });
      expect(mine.totals.unlocked).toBeGreaterThanOrEqual(1);
      expect(BigInt(mine.totals.amount)).toBeGreaterThanOrEqual(330_000_000n);

      const supported = myVaultsResponseSchema.parse(
        (await t.app.inject({ url: '/api/vaults?mine=supported', headers: fan2.headers })).json(),
      );
      expect(supported.items.map((item) => [item.id, item.given])).toEqual([
        [vault.vault.id, '180000000'],
      ]);
      expect(supported.totals).toEqual({ vaults: 1, amount: '180000000', unlocked: 1 });

      expect((await t.app.inject({ url: '/api/vaults?mine=created' })).statusCode).toBe(401);
      const bad = await t.app.inject({ url: '/api/vaults?mine=all', headers: fan.headers });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('unlocks exactly once when concurrent supports cross the target', async () => {
    const vault = await createdVaultPost(t, creator.headers, '0.3');
    const fans = await Promise.all(Array.from({ length: 6 }, () => chainUser(t, 1n)));
    const signatures = await Promise.all(
      fans.map((f) => transfer(t, f.keypair, creator.address, SOL / 10n)),
    );
    const answers = await Promise.all(
      fans.map((f, i) =>
        support(t, f.headers, vault.vault.id, {
          transactionSignature: signatures[i],
          amount: '0.1',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(errorOf(res).code).toBe('vault_not_active');
    }
    expect(await vaultRow(vault.vault.id)).toMatchObject({
      total: '300000000',
      supporter_count: 3,
      status: 'unlocked',
    });
    expect(
      await countRows(
        t,
        `select count(*) as n from activity where type = 'vault_unlocked' and reference = $1`,
        [vault.vault.id],
      ),
    ).toBe(1);
    expect(eventsOf('vault_completed', vault.vault.id)).toHaveLength(1);
  });

  it("takes one wallet's concurrent supports of two vaults without deadlocking", async () => {
    const [a, b] = await Promise.all([
      createdVaultPost(t, creator.headers, '100'),
      createdVaultPost(t, creator.headers, '100'),
    ]);
    const backer = await chainUser(t, 5n);
    const plan = Array.from({ length: 8 }, (_, i) => ({
      vault: i % 2 === 0 ? a : b,
      lamports: SOL / 100n + BigInt(i),
    }));
    const signatures = await Promise.all(
      plan.map((p) => transfer(t, backer.keypair, creator.address, p.lamports)),
    );
    const answers = await Promise.all(
      plan.map((p, i) =>
        support(t, backer.headers, p.vault.vault.id, {
          transactionSignature: signatures[i],
          amount: `0.01000000${i}`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await vaultRow(a.vault.id)).toMatchObject({ total: '40000012', supporter_count: 1 });
    expect(await vaultRow(b.vault.id)).toMatchObject({ total: '40000016', supporter_count: 1 });
  });

  it('refuses supports once the vault has ended', async () => {
    const vault = await createdVaultPost(t, creator.headers, '1');
    const signature = await transfer(t, fan.keypair, creator.address, SOL / 10n);
    t.clock.advance(VAULT_DURATION_MS);
    chainOffsetMs += VAULT_DURATION_MS;
    await nextSlot(t);
    await nextSlot(t);
    await Promise.all([refreshHeaders(t, fan), refreshHeaders(t, creator)]);
    await refreshHeaders(t, fan2);
    const res = await support(t, fan.headers, vault.vault.id, {
      transactionSignature: signature,
      amount: '0.1',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'vault_ended',
      message: 'This vault has ended and no longer takes support.',
    });
    // Vault posts are kept: the post is still there after its 7 days (and after 24 hours).
    const detail = await t.app.inject({ url: `/api/messages-v2/messages/${vault.id}` });
    expect(detail.statusCode).toBe(200);
  });

  it('withholds the media of a locked vault from everyone but the creator, until the unlock', async () => {
    const { mediaUrl } = await files.uploadedPng(t, creator.headers, 'secret.png', {
      width: 24,
      height: 24,
    });
    const vault = await createdVaultPost(t, creator.headers, '0.1', {
      imageUrl: mediaUrl,
      altText: 'The secret, described',
    });

    // The creator sees it, through a URL their browser can load without a bearer token.
    expect(vault.locked).toBe(false);
    expect(vault.altText).toBe('The secret, described');
    expect(vault.imageUrl).toMatch(new RegExp(`^${mediaUrl}\\?key=[A-Za-z0-9_-]+$`));
    const own = await t.app.inject({ url: vault.imageUrl ?? '' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const byToken = await t.app.inject({ url: mediaUrl, headers: creator.headers });
    expect(byToken.statusCode).toBe(200);

    // Everyone else: no URL in the feed, and the file's URL answers 404.
    const anonymous = feedPageSchema.parse((await feedPage(t)).json());
    const seen = anonymous.items.find((item) => item.id === vault.id);
    // The alt text describes the image, so it is withheld with it.
    expect(seen).toMatchObject({ imageUrl: null, altText: null, audioUrl: null, locked: true });
    const fanView = feedPageSchema.parse((await feedPage(t, '', fan.headers)).json());
    expect(fanView.items.find((item) => item.id === vault.id)).toMatchObject({
      imageUrl: null,
      locked: true,
    });
    for (const attempt of [
      { url: mediaUrl },
      { url: mediaUrl, headers: fan.headers },
      { url: `${mediaUrl}?key=wrong` },
      { url: `${mediaUrl}?key=${'x'.repeat(24)}` },
    ]) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, attempt.url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const detail = vaultDetailSchema.parse(
      (await t.app.inject({ url: `/api/vaults/${vault.vault.id}` })).json(),
    );
    expect(detail.post).toMatchObject({ imageUrl: null, locked: true });

    // Supported to the target: everyone sees it.
    const signature = await transfer(t, fan.keypair, creator.address, SOL / 10n);
    const res = await support(t, fan.headers, vault.vault.id, {
      transactionSignature: signature,
      amount: '0.1',
    });
    expect(res.json<SupportVaultResponse>().vault.status).toBe('unlocked');
    t.clock.advance(60_000); // past the anonymous first-page cache
    const after = feedPageSchema.parse((await feedPage(t)).json());
    expect(after.items.find((item) => item.id === vault.id)).toMatchObject({
      imageUrl: mediaUrl,
      altText: 'The secret, described',
      locked: false,
    });
    const file = await t.app.inject({ url: mediaUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe.each(testDatabaseKinds())(
  'direct vault supports on %s: only transfers made after the vault',
  (kind) => {
    let t: TestApp;
    let chainOffsetMs = 0;

    beforeAll(async () => {
      t = await createTestApp(
        kind,
        {},
        { localnet: true, localnetNow: () => Date.now() + chainOffsetMs },
      );
      // The server's clock five minutes ahead of the chain's (beyond the margin allowed for the
      // cluster's clock): a vault made now is newer than anything the chain records until its
      // clock is moved on.
      t.clock.advance(Date.now() + 5 * 60_000 - t.clock.now().getTime());
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses a transfer made before the vault was created, and records nothing (issue 21, finding 6)', async () => {
      const [creator, fan] = await Promise.all([chainUser(t), chainUser(t, 5n)]);
      // The attack: an earlier payment between the same two wallets, presented as a support of a
      // vault made afterwards (its credit, its unlock and its vault_supported reward).
      const earlier = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const vault = await createdVaultPost(t, creator.headers, '0.1');
      const supportsBefore = await countRows(t, 'select count(*) as n from vault_supports');
      const ledgerBefore = await countRows(t, 'select count(*) as n from emission_ledger');

      const res = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: earlier,
        amount: '0.1',
      });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toEqual({
        code: 'transfer_before_vault',
        message: ERRORS.transfer_before_vault.message,
      });
      expect(await countRows(t, 'select count(*) as n from vault_supports')).toBe(supportsBefore);
      expect(await countRows(t, 'select count(*) as n from emission_ledger')).toBe(ledgerBefore);
      const row = await t.ctx.database.pool.query<{ total: string; status: string }>(
        'select total::text, status from vaults where id = $1',
        [vault.vault.id],
      );
      expect(row.rows[0]).toEqual({ total: '0', status: 'active' });

      // A transfer made once the vault exists (the chain's clock past its creation) is taken.
      chainOffsetMs = 5 * 60_000;
      await nextSlot(t);
      await nextSlot(t);
      const after = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const taken = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: after,
        amount: '0.1',
      });
      expect(taken.statusCode).toBe(200);
      expect(supportVaultResponseSchema.parse(taken.json()).vault).toMatchObject({
        status: 'unlocked',
        currentAmount: '100000000',
      });
    });
  },
);
