import { randomBytes } from 'node:crypto';
import {
  joinMysteryResponseSchema,
  MYSTERY_PAGE_SIZE,
  mysteryPageSchema,
  mysteryVaultSchema,
  type MysteryPage,
  type MysteryVault,
} from '@dum/core';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, errorOf } from '../feed/test-kit.ts';
import { runFeedCleanup } from '../feed/index.ts';
import { ABANDONED_UPLOAD_MS, mediaStoreAt } from '../media/index.ts';
import * as files from '../media/test-kit.ts';
import { chainUser, refreshHeaders, transfer, type ChainUser } from '../vaults/test-kit.ts';
import { mysteryDepsOf, openEndedMysteries } from './index.ts';
import {
  createdMystery,
  createMysteryCall,
  joinCall,
  mysteryEventsOf,
  mysteryInput,
} from './test-kit.ts';

const SOL = 1_000_000_000n;
const HOUR = 3600;
const SECRET = 'THE SECRET INSIDE';

describe.each(testDatabaseKinds())('mystery vaults on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;
  let fan: ChainUser;
  let fan2: ChainUser;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS },
      { localnet: true },
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

  const count = (sql: string, values: unknown[] = []) => countRows(t, sql, values);

  async function read(id: string, headers?: Record<string, string>): Promise<MysteryVault> {
    const res = await t.app.inject({ url: `/api/mystery-vaults/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return mysteryVaultSchema.parse(res.json());
  }

  async function list(
    scope: string,
    headers?: Record<string, string>,
    cursor?: string,
  ): Promise<MysteryPage> {
    const query = `scope=${scope}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t.app.inject({ url: `/api/mystery-vaults?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return mysteryPageSchema.parse(res.json());
  }

  async function allPages(scope: string, headers?: Record<string, string>) {
    const items: MysteryVault[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(scope, headers, cursor);
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  async function joined(user: ChainUser, id: string, sol: string, lamports: bigint) {
    const signature = await transfer(t, user.keypair, creator.address, lamports);
    const res = await joinCall(t, user.headers, id, {
      transactionSignature: signature,
      amount: sol,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { signature, answer: joinMysteryResponseSchema.parse(res.json()) };
  }

  function hidden(vault: MysteryVault) {
    expect(vault).toMatchObject({
      state: 'open',
      body: null,
      imageUrl: null,
      audioUrl: null,
      targetAmount: null,
      totalAmount: null,
    });
  }

  describe('creating', () => {
    it('creates a mystery the creator sees whole, rewarded as vault_created', async () => {
      const res = await createMysteryCall(t, creator.headers);
      expect(res.statusCode).toBe(201);
      const vault = mysteryVaultSchema.parse(res.json());
      const now = t.clock.now();
      expect(vault).toMatchObject({
        title: 'What is in the box',
        teaser: 'A clue: it sings',
        body: SECRET,
        state: 'open',
        targetAmount: '300000000',
        totalAmount: '0',
        participantCount: 0,
        myContribution: '0',
        isCreator: true,
        openedAt: null,
        openReason: null,
        createdAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 24 * HOUR * 1000).toISOString(),
        creator: { id: creator.id, displayName: 'Creator', solAddress: creator.address },
      });
      expect(
        await count(
          `select count(*) as n from emission_ledger where kind = 'vault_created' and reference = $1`,
          [`mystery:${vault.id}`],
        ),
      ).toBe(1);
    });

    it('refuses bad input with clear 4xx and writes nothing', async () => {
      const before = await count('select count(*) as n from mystery_vaults');
      const someoneElses = await files.uploadedPng(t, fan.headers, 'theirs.png', {
        width: 8,
        height: 8,
      });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ title: '   ' }, 400, 'validation_failed'],
        [{ title: 'x'.repeat(81) }, 400, 'validation_failed'],
        [{ teaser: '' }, 400, 'validation_failed'],
        [{ teaser: 'x'.repeat(281) }, 400, 'validation_failed'],
        [{ body: 'x'.repeat(1001) }, 400, 'validation_failed'],
        [{ body: '' }, 400, 'validation_failed'],
        [{ targetAmount: '0.001' }, 400, 'vault_amount_below_minimum'],
        [{ targetAmount: 'abc' }, 400, 'invalid_amount'],
        [{ targetAmount: '' }, 400, 'invalid_amount'],
        [{ targetAmount: '1000000.5' }, 400, 'vault_target_too_large'],
        [{ durationSeconds: HOUR - 1 }, 400, 'invalid_mystery_duration'],
        [{ durationSeconds: 7 * 24 * HOUR + 1 }, 400, 'invalid_mystery_duration'],
        [{ durationSeconds: 1.5 }, 400, 'validation_failed'],
        [{ imageUrl: someoneElses.mediaUrl }, 400, 'media_not_attachable'],
        [{ imageUrl: 'https://elsewhere.example/x.png' }, 400, 'media_not_attachable'],
        [{ surprise: true }, 400, 'validation_failed'],
      ];
      for (const [extra, status, code] of cases) {
        const res = await createMysteryCall(t, creator.headers, extra);
        expect(res.statusCode, JSON.stringify(extra)).toBe(status);
        expect(errorOf(res).code, JSON.stringify(extra)).toBe(code);
      }
      const anonymous = await createMysteryCall(t, undefined);
      expect(anonymous.statusCode).toBe(401);
      expect(await count('select count(*) as n from mystery_vaults')).toBe(before);
    });
  });

  describe('joining', () => {
    it('refuses each bad join with its own error and writes nothing', async () => {
      const vault = await createdMystery(t, creator.headers);
      const other = await createdMystery(t, creator.headers);
      const joinsBefore = await count('select count(*) as n from mystery_joins');
      const tenth = SOL / 10n;
      const good = await transfer(t, fan.keypair, creator.address, tenth);
      const toSomeoneElse = await transfer(t, fan.keypair, fan2.address, tenth);
      const fan2s = await transfer(t, fan2.keypair, creator.address, tenth);
      // More than the wallet holds, sent without preflight: recorded as failed.
      const failed = await transfer(t, fan.keypair, creator.address, 1000n * SOL, {
        skipPreflight: true,
      });
      const cases: [ChainUser | null, string, Record<string, unknown>, number, string][] = [
        [null, vault.id, { transactionSignature: good, amount: '0.1' }, 401, 'unauthorized'],
        [
          fan,
          vault.id,
          { transactionSignature: '', amount: '0.1' },
          400,
          'vault_support_missing_data',
        ],
        [
          fan,
          vault.id,
          { transactionSignature: good, amount: '0.001' },
          400,
          'vault_amount_below_minimum',
        ],
        [fan, vault.id, { transactionSignature: good, amount: 'lots' }, 400, 'invalid_amount'],
        [
          fan,
          '999999',
          { transactionSignature: good, amount: '0.1' },
          404,
          'mystery_vault_not_found',
        ],
        [fan, 'abc', { transactionSignature: good, amount: '0.1' }, 400, 'validation_failed'],
        [creator, vault.id, { transactionSignature: good, amount: '0.1' }, 403, 'mystery_own_join'],
        [
          fan,
          vault.id,
          { transactionSignature: bs58.encode(randomBytes(64)), amount: '0.1' },
          422,
          'transaction_not_found',
        ],
        [
          fan,
          vault.id,
          { transactionSignature: 'not-a-signature', amount: '0.1' },
          400,
          'transaction_signature_invalid',
        ],
        [
          fan,
          vault.id,
          { transactionSignature: good, amount: '0.2' },
          422,
          'transfer_wrong_amount',
        ],
        [
          fan,
          vault.id,
          { transactionSignature: toSomeoneElse, amount: '0.1' },
          422,
          'transfer_wrong_recipient',
        ],
        [
          fan,
          vault.id,
          { transactionSignature: fan2s, amount: '0.1' },
          422,
          'transfer_wrong_sender',
        ],
      ];
      cases.push([
        fan,
        vault.id,
        { transactionSignature: failed, amount: '1000' },
        422,
        'transaction_failed',
      ]);
      for (const [user, id, payload, status, code] of cases) {
        const res = await joinCall(t, user?.headers, id, payload);
        const label = `${code} ${JSON.stringify(payload)}`;
        expect(res.statusCode, label).toBe(status);
        expect(errorOf(res).code, label).toBe(code);
      }
      expect(await count('select count(*) as n from mystery_joins')).toBe(joinsBefore);

      // The good one works; the same call again answers the same; elsewhere it is spent.
      const first = await joinCall(t, fan.headers, vault.id, {
        transactionSignature: good,
        amount: '0.1',
      });
      expect(first.statusCode).toBe(200);
      const again = await joinCall(t, fan.headers, vault.id, {
        transactionSignature: good,
        amount: '0.1',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json<{ vault: MysteryVault }>().vault.myContribution).toBe('100000000');
      const replay = await joinCall(t, fan.headers, other.id, {
        transactionSignature: good,
        amount: '0.1',
      });
      expect(replay.statusCode).toBe(409);
      expect(errorOf(replay).code).toBe('transaction_already_used');
      expect(await count('select count(*) as n from mystery_joins')).toBe(joinsBefore + 1);
      expect(
        await count(
          `select count(*) as n from spent_transfer_signatures where signature = $1 and spent_on = 'mystery_join'`,
          [good],
        ),
      ).toBe(1);
    });

    it('never shows the hidden fields to anyone but the creator before opening: reads, lists, events', async () => {
      const vault = await createdMystery(t, creator.headers, { title: 'Leak check' });
      const { answer, signature } = await joined(fan, vault.id, '0.1', SOL / 10n);
      hidden(answer.vault);
      // A rewarded event under the economy's rules (vault_supported, its own reference).
      expect(
        await count(
          `select count(*) as n from emission_ledger
            where kind = 'vault_supported' and reference = $1 and recipient_id = $2`,
          [`mystery-join:${signature}`, fan.id],
        ),
      ).toBe(1);
      expect(answer).toMatchObject({
        amount: '100000000',
        vault: { participantCount: 1, myContribution: '100000000', isCreator: false },
      });
      await joined(fan, vault.id, '0.05', SOL / 20n);

      for (const headers of [undefined, fan.headers, fan2.headers]) {
        const seen = await read(vault.id, headers);
        hidden(seen);
        expect(seen.participantCount).toBe(1);
        for (const scope of ['open', ...(headers ? ['mine'] : [])]) {
          const items = await allPages(scope, headers);
          const item = items.find((i) => i.id === vault.id);
          if (scope === 'mine' && headers === fan2.headers) {
            expect(item).toBeUndefined();
            continue;
          }
          expect(item, scope).toBeDefined();
          hidden(item!);
          expect(JSON.stringify(items)).not.toContain(SECRET);
        }
      }
      expect((await read(vault.id, fan.headers)).myContribution).toBe('150000000');
      expect((await read(vault.id)).myContribution).toBeNull();
      expect((await read(vault.id, fan2.headers)).myContribution).toBe('0');
      // The creator sees it all, here and in their lists.
      expect(await read(vault.id, creator.headers)).toMatchObject({
        body: SECRET,
        targetAmount: '300000000',
        totalAmount: '150000000',
      });
      const mine = await allPages('mine', creator.headers);
      expect(mine.find((i) => i.id === vault.id)?.body).toBe(SECRET);

      // Each join told the creator and the participants, with the vault and amount only.
      const joinedEvents = mysteryEventsOf(events, 'mystery_vault_joined', vault.id);
      expect(joinedEvents.map((e) => e.event.data)).toEqual([
        { vaultId: vault.id, amount: '100000000' },
        { vaultId: vault.id, amount: '50000000' },
      ]);
      expect(joinedEvents[0]?.audience).toEqual({
        kind: 'users',
        userIds: expect.arrayContaining([creator.id, fan.id]) as string[],
      });
      expect(JSON.stringify(events)).not.toContain(SECRET);
      expect(JSON.stringify(events)).not.toContain('300000000');

      // Another participant's join: its amount goes to that joiner and the creator only; the
      // earlier participant hears that someone joined, not how much (amounts add up to the
      // hidden total).
      await joined(fan2, vault.id, '0.02', SOL / 50n);
      const later = mysteryEventsOf(events, 'mystery_vault_joined', vault.id).slice(2);
      expect(later.map((e) => ({ audience: e.audience, data: e.event.data }))).toEqual([
        {
          audience: {
            kind: 'users',
            userIds: expect.arrayContaining([fan2.id, creator.id]) as string[],
          },
          data: { vaultId: vault.id, amount: '20000000' },
        },
        { audience: { kind: 'users', userIds: [fan.id] }, data: { vaultId: vault.id } },
      ]);
    });
  });

  it('withholds its media (404) from everyone but the creator until it opens', async () => {
    const { mediaUrl } = await files.uploadedPng(t, creator.headers, 'hidden.png', {
      width: 12,
      height: 12,
    });
    const vault = await createdMystery(t, creator.headers, {
      imageUrl: mediaUrl,
      targetAmount: '0.1',
    });
    expect(vault.imageUrl).toMatch(new RegExp(`^${mediaUrl}\\?key=[A-Za-z0-9_-]+$`));
    const own = await t.app.inject({ url: vault.imageUrl ?? '' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ url: mediaUrl, headers: creator.headers })).statusCode).toBe(200);
    for (const attempt of [
      { url: mediaUrl },
      { url: mediaUrl, headers: fan.headers },
      { url: `${mediaUrl}?key=wrong` },
    ]) {
      expect((await t.app.inject(attempt)).statusCode, attempt.url).toBe(404);
    }
    hidden(await read(vault.id, fan.headers));

    // The mystery took the upload: the cleanup of uploads nothing took leaves it alone.
    t.clock.advance(ABANDONED_UPLOAD_MS + 60_000);
    await Promise.all([creator, fan, fan2].map((user) => refreshHeaders(t, user)));
    await runFeedCleanup(
      {
        db: t.ctx.database.db,
        media: mediaStoreAt(t.ctx.config.dataDir),
        logger: t.ctx.logger,
        rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
      },
      t.clock.now(),
    );
    expect((await t.app.inject({ url: vault.imageUrl ?? '' })).statusCode).toBe(200);

    // The target reached: opened for everyone, the plain URL serves the file.
    const { answer } = await joined(fan, vault.id, '0.1', SOL / 10n);
    expect(answer.vault).toMatchObject({
      state: 'opened',
      openReason: 'target',
      body: SECRET,
      imageUrl: mediaUrl,
      targetAmount: '100000000',
      totalAmount: '100000000',
    });
    expect(await read(vault.id)).toMatchObject({ body: SECRET, imageUrl: mediaUrl });
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(200);
  });

  it('opens exactly once when concurrent joins reach the target, then refuses joins', async () => {
    const vault = await createdMystery(t, creator.headers, { title: 'Race', targetAmount: '0.3' });
    const tenth = SOL / 10n;
    const signatures = await Promise.all(
      [fan, fan2, fan, fan2].map(async (user) => ({
        user,
        signature: await transfer(t, user.keypair, creator.address, tenth),
      })),
    );
    const answers = await Promise.all(
      signatures.map(({ user, signature }) =>
        joinCall(t, user.headers, vault.id, { transactionSignature: signature, amount: '0.1' }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(errorOf(refused!).code).toBe('mystery_vault_opened');

    const seen = await read(vault.id, fan2.headers);
    expect(seen).toMatchObject({
      state: 'opened',
      openReason: 'target',
      body: SECRET,
      targetAmount: '300000000',
      totalAmount: '300000000',
      participantCount: 2,
    });
    expect(mysteryEventsOf(events, 'mystery_vault_opened', vault.id)).toHaveLength(1);
    const opened = mysteryEventsOf(events, 'mystery_vault_opened', vault.id)[0]!;
    expect(opened.event.data).toEqual({ vaultId: vault.id, title: 'Race', reason: 'target' });
    expect(opened.audience).toEqual({
      kind: 'users',
      userIds: expect.arrayContaining([creator.id, fan.id, fan2.id]) as string[],
    });
    expect(
      await count(
        `select count(*) as n from activity where type = 'vault_unlocked' and reference = $1`,
        [`mystery:${vault.id}`],
      ),
    ).toBe(1);
    const line = await t.ctx.database.pool.query<{ params: unknown }>(
      `select params from activity where type = 'vault_unlocked' and reference = $1`,
      [`mystery:${vault.id}`],
    );
    expect(line.rows[0]?.params).toMatchObject({ kind: 'mystery_opened', title: 'Race' });
    // The refused join wrote nothing (its signature is not spent).
    expect(
      await count('select count(*) as n from mystery_joins where vault_id = $1', [vault.id]),
    ).toBe(3);
    const late = await transfer(t, fan.keypair, creator.address, tenth);
    const res = await joinCall(t, fan.headers, vault.id, {
      transactionSignature: late,
      amount: '0.1',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('mystery_vault_opened');
  });

  it('lists open (soonest to end first), opened (latest first) and mine, with paging', async () => {
    // Enough open ones for two pages, with mixed end times.
    for (let i = 0; i < MYSTERY_PAGE_SIZE + 2; i += 1) {
      await createdMystery(t, creator.headers, {
        title: `Page ${i}`,
        durationSeconds: (2 + ((i * 7) % 23)) * HOUR,
      });
    }
    const open = await allPages('open');
    expect(open.length).toBe(
      await count('select count(*) as n from mystery_vaults where opened_at is null'),
    );
    expect(new Set(open.map((v) => v.id)).size).toBe(open.length);
    const ends = open.map((v) => v.endsAt);
    expect(ends).toEqual([...ends].sort());
    expect(open.every((v) => v.state === 'open' && v.body === null)).toBe(true);

    const opened = await allPages('opened');
    expect(opened.length).toBe(
      await count('select count(*) as n from mystery_vaults where opened_at is not null'),
    );
    const openedAt = opened.map((v) => v.openedAt ?? '');
    expect(openedAt).toEqual([...openedAt].sort().reverse());
    expect(opened.every((v) => v.body !== null && v.targetAmount !== null)).toBe(true);

    const mineOfFan = await allPages('mine', fan.headers);
    expect(mineOfFan.length).toBe(
      await count(
        'select count(distinct vault_id) as n from mystery_participants where user_id = $1',
        [fan.id],
      ),
    );
    const mineOfCreator = await allPages('mine', creator.headers);
    expect(mineOfCreator.length).toBe(await count('select count(*) as n from mystery_vaults'));

    const anonymousMine = await t.app.inject({ url: '/api/mystery-vaults?scope=mine' });
    expect(anonymousMine.statusCode).toBe(401);
    for (const bad of ['scope=everything', 'cursor=%21%21', 'scope=open&cursor=bm9wZQ']) {
      const res = await t.app.inject({ url: `/api/mystery-vaults?${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
    // One list's cursor is not another's.
    const openCursor = (await list('open')).nextCursor ?? '';
    const crossed = await t.app.inject({
      url: `/api/mystery-vaults?scope=opened&cursor=${encodeURIComponent(openCursor)}`,
    });
    expect(errorOf(crossed).code).toBe('invalid_cursor');
    expect((await t.app.inject({ url: '/api/mystery-vaults/999999' })).statusCode).toBe(404);
  });

  it('opens by timer exactly once with two instances running the job at once', async () => {
    const second = await createTestApp(kind, {}, { database: t.ctx.database });
    const secondEvents: BusMessage[] = [];
    second.ctx.bus.subscribe((message) => secondEvents.push(message));
    try {
      const a = await createdMystery(t, creator.headers, {
        title: 'Timer A',
        durationSeconds: HOUR,
      });
      const b = await createdMystery(t, creator.headers, {
        title: 'Timer B',
        durationSeconds: HOUR,
      });
      const later = await createdMystery(t, creator.headers, { durationSeconds: 2 * HOUR });
      await joined(fan, a.id, '0.1', SOL / 10n);

      // Not yet.
      const early = await openEndedMysteries(mysteryDepsOf(t.ctx), t.clock.now());
      expect(early.opened).toBe(0);

      t.clock.advance(HOUR * 1000);
      // Access tokens live 15 minutes of the test clock.
      await Promise.all([creator, fan, fan2].map((user) => refreshHeaders(t, user)));
      const now = t.clock.now();
      const due = await count(
        'select count(*) as n from mystery_vaults where opened_at is null and ends_at <= $1',
        [now],
      );
      const [one, two] = await Promise.all([
        openEndedMysteries(mysteryDepsOf(t.ctx), now, 1),
        openEndedMysteries(mysteryDepsOf(second.ctx), now, 1),
      ]);
      expect(one.opened + two.opened).toBe(due);
      const again = await openEndedMysteries(mysteryDepsOf(t.ctx), now);
      expect(again.opened).toBe(0);

      const all = [...events, ...secondEvents];
      for (const vault of [a, b]) {
        const opened = mysteryEventsOf(all, 'mystery_vault_opened', vault.id);
        expect(opened, vault.title).toHaveLength(1);
        expect(opened[0]?.event.data).toEqual({
          vaultId: vault.id,
          title: vault.title,
          reason: 'timer',
        });
        expect(
          await count(
            `select count(*) as n from activity where type = 'vault_unlocked' and reference = $1`,
            [`mystery:${vault.id}`],
          ),
        ).toBe(1);
        expect(await read(vault.id)).toMatchObject({
          state: 'opened',
          openReason: 'timer',
          body: SECRET,
          openedAt: now.toISOString(),
        });
      }
      expect(mysteryEventsOf(all, 'mystery_vault_opened', a.id)[0]?.audience).toEqual({
        kind: 'users',
        userIds: expect.arrayContaining([creator.id, fan.id]) as string[],
      });
      hidden(await read(later.id, fan.headers));
      const signature = await transfer(t, fan.keypair, creator.address, SOL / 10n);
      const res = await joinCall(t, fan.headers, b.id, {
        transactionSignature: signature,
        amount: '0.1',
      });
      expect(errorOf(res).code).toBe('mystery_vault_opened');
    } finally {
      await second.close();
    }
  });
});

describe('the create input', () => {
  it('has every field the contract asks for', () => {
    expect(Object.keys(mysteryInput()).sort()).toEqual(
      ['body', 'durationSeconds', 'targetAmount', 'teaser', 'title'].sort(),
    );
  });
});
