import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  conversationPageSchema,
  directMessagePageSchema,
  directMessageSchema,
  DM_BODY_MAX_LENGTH,
  textLength,
  type ConversationPage,
  type DirectMessage,
  type DirectMessagePage,
} from '@dum/core';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  makeEstablished,
  NO_WRITE_LIMITS,
  STRICT_EARNING_ENV,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, errorOf } from '../feed/test-kit.ts';
import { uploadedPng } from '../media/test-kit.ts';
import {
  chainUser,
  createdVaultPost,
  support,
  transfer,
  type ChainUser,
} from '../vaults/test-kit.ts';
import {
  block,
  conversations,
  markRead,
  sendTo,
  sent,
  thread,
  unreadCount,
  type Headers,
} from './test-kit.ts';

const SOL = 1_000_000_000n;
const ORIGIN = 'https://dum.test';

/** A socket signed in as the token's user; `next` answers its messages in order. */
function connect(url: string, token: string) {
  const socket = new WebSocket(url, { headers: { origin: ORIGIN } });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  const queue: Array<Record<string, unknown>> = [];
  const waiters: Array<(message: Record<string, unknown>) => void> = [];
  socket.on('message', (data: WebSocket.RawData) => {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const message = JSON.parse(text) as Record<string, unknown>;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  return {
    socket,
    next: () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiters.push(resolve);
      }),
  };
}

describe.each(testDatabaseKinds())('direct messages on %s against the localnet', (kind) => {
  let t: TestApp;
  let alice: ChainUser;
  let bob: ChainUser;
  let carol: ChainUser;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        APP_ORIGIN: ORIGIN,
        UPLOAD_RATE_LIMIT: '1000',
        // The economy's rules as in production, and a small daily cap to reach.
        ...STRICT_EARNING_ENV,
        DAILY_REWARD_CAP: '2',
        ...NO_WRITE_LIMITS,
      },
      { localnet: true },
    );
    t.ctx.bus.subscribe((message) => events.push(message));
    [alice, bob, carol] = await Promise.all([
      chainUser(t, 20n),
      chainUser(t, 20n),
      chainUser(t, 20n),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const messageEvents = () =>
    events.flatMap((m) => (m.kind === 'event' && m.event.type === 'new_message' ? [m] : []));
  const readEvents = () =>
    events.flatMap((m) => (m.kind === 'event' && m.event.type === 'messages_read' ? [m] : []));
  const rows = (sql: string, values: unknown[] = []) => countRows(t, sql, values);
  const dmCount = () => rows('select count(*) as n from direct_messages');
  const spentCount = () => rows('select count(*) as n from spent_transfer_signatures');
  /** A fresh signed-in wallet without SOL (for conversations of their own). */
  const someone = async () => {
    const user = await createSignedInUser(t.ctx);
    return { id: user.user.id, address: user.user.solAddress, headers: user.headers };
  };

  describe('sending', () => {
    it('sends a text message: 201 with the message, the recipient told by new_message', async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      const before = messageEvents().length;
      const res = await sendTo(t, a.headers, b.address, { body: '  hello there  ' });
      expect(res.statusCode).toBe(201);
      const dm = res.json<DirectMessage>();
      expect(directMessageSchema.parse(dm)).toEqual(dm);
      expect(dm).toEqual({
        id: expect.stringMatching(/^\d+$/) as string,
        senderId: a.id,
        recipientId: b.id,
        body: 'hello there',
        imageUrl: null,
        audioUrl: null,
        tip: null,
        createdAt: t.clock.now().toISOString(),
        readAt: null,
        mentions: [],
      });
      const fresh = messageEvents().slice(before);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]).toMatchObject({
        audience: { kind: 'users', userIds: [b.id] },
        event: {
          type: 'new_message',
          data: { senderId: a.id, tipAmount: '0', senderAddress: a.address },
        },
      });
      // No reward for a message without a tip.
      expect(
        await rows(
          `select (select count(*) from emission_queue where actor_id = $1)
             + (select count(*) from emission_ledger where recipient_id = $1) as n`,
          [a.id],
        ),
      ).toBe(0);
    });

    it('refuses what is not a message, and writes nothing', async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      const before = await dmCount();
      const cases: [Headers, string, Record<string, unknown>, number, string][] = [
        [a.headers, a.address, { body: 'me' }, 400, 'cannot_message_self'],
        [a.headers, bs58.encode(randomBytes(32)), { body: 'x' }, 404, 'user_not_found'],
        [a.headers, 'not-a-wallet', { body: 'x' }, 404, 'user_not_found'],
        [a.headers, b.address, {}, 400, 'message_required'],
        [a.headers, b.address, { body: '  \n ' }, 400, 'message_required'],
        [
          a.headers,
          b.address,
          { body: 'x'.repeat(DM_BODY_MAX_LENGTH + 1) },
          400,
          'message_too_long',
        ],
        [a.headers, b.address, { body: 'x', extra: 1 }, 400, 'validation_failed'],
        [a.headers, b.address, { body: 12 }, 400, 'validation_failed'],
        [
          a.headers,
          b.address,
          { imageUrl: 'https://elsewhere.test/a.png' },
          400,
          'media_not_attachable',
        ],
        [a.headers, b.address, { audioUrl: '/media/nope.mp3' }, 400, 'media_not_attachable'],
        [{}, b.address, { body: 'x' }, 401, 'unauthorized'],
      ];
      for (const [headers, address, payload, status, code] of cases) {
        const res = await sendTo(t, headers, address, payload);
        expect(res.statusCode, `${code} ${JSON.stringify(payload)}`).toBe(status);
        expect(errorOf(res).code).toBe(code);
      }
      expect(errorOf(await sendTo(t, a.headers, a.address, { body: 'me' })).message).toBe(
        'You cannot message yourself.',
      );
      expect(await dmCount()).toBe(before);
    });

    it('answers user_not_found for a wallet whose account was deleted since its last message', async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      await sent(t, a.headers, b.address, { body: 'first' });
      await t.ctx.database.pool.query('delete from users where id = $1', [b.id]);
      const res = await sendTo(t, a.headers, b.address, { body: 'second' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('user_not_found');
      expect(
        await rows('select count(*) as n from direct_messages where sender_id = $1', [a.id]),
      ).toBe(0);
    });

    it('counts the text in characters after trimming: 2,000 emoji are fine', async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      const dm = await sent(t, a.headers, b.address, {
        body: ` ${'🎵'.repeat(DM_BODY_MAX_LENGTH)} `,
      });
      expect(textLength(dm.body)).toBe(DM_BODY_MAX_LENGTH);
    });

    it('refuses a message either way between wallets when one blocked the other', async () => {
      const [a, b, c] = await Promise.all([someone(), someone(), someone()]);
      await block(t, b.id, a.id);
      const before = await dmCount();
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const res = await sendTo(t, from.headers, to.address, { body: 'hi' });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res)).toEqual({
          code: 'blocked',
          message: 'You cannot interact with this user.',
        });
      }
      expect(await dmCount()).toBe(before);
      // Others are not affected.
      await sent(t, c.headers, b.address, { body: 'hi' });
    });

    it("attaches the sender's own uploads, once, and never someone else's", async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      const mine = await uploadedPng(t, a.headers, 'a.png', { width: 8, height: 8 });
      const theirs = await uploadedPng(t, b.headers, 'b.png', { width: 8, height: 8 });
      const refused = await sendTo(t, a.headers, b.address, { imageUrl: theirs.mediaUrl });
      expect(errorOf(refused).code).toBe('media_not_attachable');
      // An image as audio is refused too.
      expect(errorOf(await sendTo(t, a.headers, b.address, { audioUrl: mine.mediaUrl })).code).toBe(
        'media_not_attachable',
      );
      const dm = await sent(t, a.headers, b.address, { imageUrl: `${ORIGIN}${mine.mediaUrl}` });
      expect(dm).toMatchObject({ body: '', imageUrl: mine.mediaUrl, audioUrl: null, tip: null });
      expect(
        await rows('select count(*) as n from media where direct_message_id = $1', [dm.id]),
      ).toBe(1);
      const again = await sendTo(t, a.headers, b.address, { imageUrl: mine.mediaUrl });
      expect(errorOf(again).code).toBe('media_not_attachable');
    });
  });

  describe('tips', () => {
    /** Sends `lamports` from one wallet to another on the localnet. */
    const pay = (from: ChainUser, to: ChainUser, lamports: bigint) =>
      transfer(t, from.keypair, to.address, lamports);

    it('refuses a real tip across a block, with or without an upload, and spends nothing', async () => {
      const [giver, blocker] = await Promise.all([chainUser(t, 20n), chainUser(t, 20n)]);
      await block(t, blocker.id, giver.id);
      const before = { dms: await dmCount(), spent: await spentCount() };
      const upload = await uploadedPng(t, giver.headers, 'gift.png', { width: 8, height: 8 });
      for (const extra of [{}, { imageUrl: upload.mediaUrl }]) {
        const signature = await pay(giver, blocker, SOL / 100n);
        const res = await sendTo(t, giver.headers, blocker.address, {
          body: 'across a block',
          tip: { transactionSignature: signature, amount: '10000000' },
          ...extra,
        });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('blocked');
      }
      expect({ dms: await dmCount(), spent: await spentCount() }).toEqual(before);
      // The upload was not taken: it can still go with a message to someone else.
      await sent(t, giver.headers, alice.address, { imageUrl: upload.mediaUrl });
    });

    it('verifies a real transfer, records the tip with its reward, and tells the recipient the amount', async () => {
      await makeEstablished(t.ctx, alice.id);
      const signature = await pay(alice, bob, SOL / 100n);
      const before = messageEvents().length;
      const res = await sendTo(t, alice.headers, bob.address, {
        body: 'for the track',
        tip: { transactionSignature: signature, amount: '10000000' },
      });
      expect(res.statusCode).toBe(201);
      const dm = res.json<DirectMessage>();
      expect(dm).toMatchObject({
        senderId: alice.id,
        recipientId: bob.id,
        body: 'for the track',
        tip: { amount: '10000000', transactionSignature: signature },
      });
      expect(messageEvents().slice(before)).toMatchObject([
        {
          audience: { kind: 'users', userIds: [bob.id] },
          event: {
            data: { senderId: alice.id, tipAmount: '10000000', senderAddress: alice.address },
          },
        },
      ]);
      // The reward is sequenced after the answer (settle() waits for that batch), and paid:
      // Alice is established.
      await t.ctx.emissions.settle();
      const { rows: ledger } = await t.ctx.database.pool.query<{ amount: string }>(
        `select amount::text from emission_ledger where kind = 'tip' and reference = $1 and recipient_id = $2`,
        [signature, alice.id],
      );
      expect(ledger).toHaveLength(1);
      expect(BigInt(ledger[0]!.amount)).toBeGreaterThan(0n);
    });

    it('answers a retry of the same call with the same message, and writes nothing more', async () => {
      const signature = await pay(alice, bob, SOL / 50n);
      const payload = {
        body: 'again?',
        tip: { transactionSignature: signature, amount: '20000000' },
      };
      const before = messageEvents().length;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => sendTo(t, alice.headers, bob.address, payload)),
      );
      const retry = await sendTo(t, alice.headers, bob.address, payload);
      for (const res of [...answers, retry]) expect(res.statusCode).toBe(201);
      const ids = new Set([...answers, retry].map((res) => res.json<DirectMessage>().id));
      expect(ids.size).toBe(1);
      expect(retry.json()).toEqual(answers[0]!.json());
      expect(
        await rows('select count(*) as n from direct_messages where tip_signature = $1', [
          signature,
        ]),
      ).toBe(1);
      expect(messageEvents().length - before).toBe(1);
      await t.ctx.emissions.settle();
      expect(
        await rows(
          `select count(*) as n from emission_ledger where kind = 'tip' and reference = $1`,
          [signature],
        ),
      ).toBe(1);
    });

    it('applies the economy rules: a wallet that is not established earns nothing, and the daily cap holds', async () => {
      // Carol is new: her tip is recorded, its reward is 0.
      const first = await pay(carol, bob, SOL / 100n);
      await sent(t, carol.headers, bob.address, {
        tip: { transactionSignature: first, amount: '10000000' },
      });
      const amounts = async (signature: string) => {
        await t.ctx.emissions.settle();
        return (
          await t.ctx.database.pool.query<{ amount: string }>(
            `select amount::text from emission_ledger where kind = 'tip' and reference = $1`,
            [signature],
          )
        ).rows.map((r) => r.amount);
      };
      expect(await amounts(first)).toEqual(['0']);
      // An established wallet earns for its first two tips of the day; the cap is 2.
      const dave = await chainUser(t, 1n);
      await makeEstablished(t.ctx, dave.id);
      const paid: string[] = [];
      for (const lamports of [1_000_000n, 2_000_000n, 3_000_000n]) {
        const signature = await pay(dave, carol, lamports);
        await sent(t, dave.headers, carol.address, {
          tip: { transactionSignature: signature, amount: lamports.toString() },
        });
        paid.push(...(await amounts(signature)));
      }
      expect(paid.map((amount) => BigInt(amount) > 0n)).toEqual([true, true, false]);
    });

    it('refuses a tip that is not this transfer, with the support error codes, and stores nothing', async () => {
      const [toCarol, right, carols] = await Promise.all([
        pay(alice, carol, SOL / 100n),
        pay(alice, bob, SOL / 100n),
        pay(carol, bob, SOL / 100n),
      ]);
      const failed = await transfer(t, bob.keypair, alice.address, 1_000n * SOL, {
        skipPreflight: true,
      });
      const before = [await dmCount(), await spentCount()];
      const cases: [ChainUser, ChainUser, Record<string, unknown>, number, string][] = [
        [
          alice,
          bob,
          { transactionSignature: toCarol, amount: '10000000' },
          422,
          'transfer_wrong_recipient',
        ],
        [
          alice,
          bob,
          { transactionSignature: right, amount: '10000001' },
          422,
          'transfer_wrong_amount',
        ],
        [
          alice,
          bob,
          { transactionSignature: carols, amount: '10000000' },
          422,
          'transfer_wrong_sender',
        ],
        [
          bob,
          alice,
          { transactionSignature: failed, amount: String(1_000n * SOL) },
          422,
          'transaction_failed',
        ],
        [
          alice,
          bob,
          { transactionSignature: bs58.encode(randomBytes(64)), amount: '1' },
          422,
          'transaction_not_found',
        ],
        [
          alice,
          bob,
          { transactionSignature: 'forged!', amount: '1' },
          400,
          'transaction_signature_invalid',
        ],
        [alice, bob, { transactionSignature: right, amount: '0.01' }, 400, 'invalid_amount'],
        [alice, bob, { transactionSignature: right, amount: '0' }, 400, 'invalid_amount'],
        [alice, bob, { transactionSignature: right, amount: '-5' }, 400, 'invalid_amount'],
        [alice, bob, { transactionSignature: ' ', amount: '1' }, 400, 'vault_support_missing_data'],
        [alice, bob, { transactionSignature: right }, 400, 'validation_failed'],
      ];
      for (const [from, to, tip, status, code] of cases) {
        const res = await sendTo(t, from.headers, to.address, { body: 'tip', tip });
        expect(errorOf(res).code, JSON.stringify(tip)).toBe(code);
        expect(res.statusCode, code).toBe(status);
      }
      expect([await dmCount(), await spentCount()]).toEqual(before);
    });

    it('spends a signature once across tips and vault supports, both ways', async () => {
      // A tip's signature: not again as another tip, nor as a support.
      const tipped = await pay(alice, bob, SOL / 100n);
      await sent(t, alice.headers, bob.address, {
        tip: { transactionSignature: tipped, amount: '10000000' },
      });
      const asOtherTip = await sendTo(t, alice.headers, bob.address, {
        body: 'a different call',
        tip: { transactionSignature: tipped, amount: '10000001' },
      });
      expect(asOtherTip.statusCode).toBe(409);
      expect(errorOf(asOtherTip).code).toBe('transaction_already_used');
      // By someone else, to someone else: still a replay.
      expect(
        errorOf(
          await sendTo(t, carol.headers, alice.address, {
            tip: { transactionSignature: tipped, amount: '10000000' },
          }),
        ).code,
      ).toBe('transaction_already_used');
      const vault = await createdVaultPost(t, bob.headers, '5');
      const asSupport = await support(t, alice.headers, vault.vault.id, {
        transactionSignature: tipped,
        amount: '0.01',
      });
      expect(asSupport.statusCode).toBe(409);
      expect(errorOf(asSupport).code).toBe('transaction_already_used');

      // A support's signature: not as a tip.
      const supported = await pay(carol, bob, SOL / 100n);
      const first = await support(t, carol.headers, vault.vault.id, {
        transactionSignature: supported,
        amount: '0.01',
      });
      expect(first.statusCode).toBe(200);
      const asTip = await sendTo(t, carol.headers, bob.address, {
        tip: { transactionSignature: supported, amount: '10000000' },
      });
      expect(asTip.statusCode).toBe(409);
      expect(errorOf(asTip).code).toBe('transaction_already_used');
      expect(
        await rows('select count(*) as n from direct_messages where tip_signature = $1', [
          supported,
        ]),
      ).toBe(0);
      expect(
        await rows('select count(*) as n from vault_supports where signature = $1', [tipped]),
      ).toBe(0);
    });

    it('lets exactly one of a tip and a support that race for one signature have it', async () => {
      const vault = await createdVaultPost(t, bob.headers, '5');
      const signature = await pay(alice, bob, SOL / 100n);
      const [tip, supported] = await Promise.all([
        sendTo(t, alice.headers, bob.address, {
          tip: { transactionSignature: signature, amount: '10000000' },
        }),
        support(t, alice.headers, vault.vault.id, {
          transactionSignature: signature,
          amount: '0.01',
        }),
      ]);
      const statuses = [tip.statusCode, supported.statusCode].sort();
      expect([
        [200, 409],
        [201, 409],
      ]).toContainEqual(statuses);
      expect(
        (await rows('select count(*) as n from direct_messages where tip_signature = $1', [
          signature,
        ])) +
          (await rows('select count(*) as n from vault_supports where signature = $1', [
            signature,
          ])),
      ).toBe(1);
    });
  });

  describe('reading', () => {
    it('lists conversations most recent first with their last message and unread counts, and marks read', async () => {
      const [me, one, two] = await Promise.all([someone(), someone(), someone()]);
      await sent(t, one.headers, me.address, { body: 'one 1' });
      t.clock.advance(1_000);
      await sent(t, two.headers, me.address, { body: 'two 1' });
      t.clock.advance(1_000);
      await sent(t, one.headers, me.address, { body: 'one 2' });
      t.clock.advance(1_000);
      await sent(t, one.headers, me.address, { body: 'one 3' });
      t.clock.advance(1_000);
      await sent(t, me.headers, two.address, { body: 'mine' });
      expect(await unreadCount(t, me.headers)).toBe(4);

      const page = conversationPageSchema.parse((await conversations(t, me.headers)).json());
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((c) => [c.peer.id, c.lastMessage.body, c.unreadCount])).toEqual([
        [two.id, 'mine', 1],
        [one.id, 'one 3', 3],
      ]);
      expect(page.items[1]!.peer).toEqual({
        id: one.id,
        solAddress: one.address,
        username: null,
        displayName: null,
        avatarUrl: null,
        isVerified: false,
      });
      // The sender's own side counts nothing unread.
      const theirs = conversationPageSchema.parse((await conversations(t, one.headers)).json());
      expect(theirs.items.map((c) => [c.peer.id, c.unreadCount])).toEqual([[me.id, 0]]);

      t.clock.advance(1_000);
      const readEventsBefore = readEvents().length;
      const read = await markRead(t, me.headers, one.address);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ unreadCount: 1, requestCount: 0 });
      // The sender is told, so their open thread shows the messages read; once.
      expect(readEvents().slice(readEventsBefore)).toEqual([
        expect.objectContaining({
          audience: { kind: 'users', userIds: [one.id] },
          event: { type: 'messages_read', data: { readerId: me.id, readerAddress: me.address } },
        }),
      ]);
      await markRead(t, me.headers, one.address);
      expect(readEvents().length).toBe(readEventsBefore + 1);
      expect(await unreadCount(t, me.headers)).toBe(1);
      const seen = directMessagePageSchema.parse((await thread(t, one.headers, me.address)).json());
      expect(seen.items.map((m) => m.readAt)).toEqual(Array(3).fill(t.clock.now().toISOString()));
      // A message after the read mark is unread again.
      await sent(t, one.headers, me.address, { body: 'one 4' });
      expect(await unreadCount(t, me.headers)).toBe(2);
      const after = (await thread(t, me.headers, one.address)).json<DirectMessagePage>();
      expect(after.items.map((m) => [m.body, m.readAt === null])).toEqual([
        ['one 4', true],
        ['one 3', false],
        ['one 2', false],
        ['one 1', false],
      ]);
      // Reading a conversation that does not exist yet is fine and changes nothing.
      const stranger = await someone();
      expect((await markRead(t, me.headers, stranger.address)).json()).toEqual({
        unreadCount: 2,
        requestCount: 0,
      });
      expect(errorOf(await markRead(t, me.headers, me.address)).code).toBe('cannot_message_self');
    });

    it('keeps conversations of two wallets invisible to a third through every route', async () => {
      const [a, b, c] = await Promise.all([someone(), someone(), someone()]);
      await sent(t, a.headers, b.address, { body: 'secret a' });
      await sent(t, b.headers, a.address, { body: 'secret b' });
      expect((await conversations(t, c.headers)).json()).toEqual({ items: [], nextCursor: null });
      expect(await unreadCount(t, c.headers)).toBe(0);
      for (const [peer] of [[a], [b]] as const) {
        expect((await thread(t, c.headers, peer.address)).json()).toEqual({
          items: [],
          nextCursor: null,
        });
        expect((await markRead(t, c.headers, peer.address)).json()).toEqual({
          unreadCount: 0,
          requestCount: 0,
        });
      }
      // C's read marks did not touch A's and B's messages.
      expect(await unreadCount(t, a.headers)).toBe(1);
      expect(await unreadCount(t, b.headers)).toBe(1);
      // C's own thread with A holds only theirs.
      await sent(t, c.headers, a.address, { body: 'hello a' });
      const seen = (await thread(t, c.headers, a.address)).json<DirectMessagePage>();
      expect(seen.items.map((m) => m.body)).toEqual(['hello a']);
      // A thread cursor of A and B names a position only: read by C it pages C's own thread.
      const abPage = (await thread(t, a.headers, b.address, '?limit=1')).json<DirectMessagePage>();
      const viaCursor = await thread(
        t,
        c.headers,
        a.address,
        `?cursor=${encodeURIComponent(abPage.nextCursor!)}`,
      );
      expect(viaCursor.json<DirectMessagePage>().items.every((m) => m.body === 'hello a')).toBe(
        true,
      );
      for (const res of [
        await conversations(t, {}),
        await thread(t, {}, a.address),
        await markRead(t, {}, a.address),
        await t.app.inject({ url: '/api/conversations/unread' }),
      ]) {
        expect(res.statusCode).toBe(401);
      }
    });

    it('pages a thread newest first and the conversation list by recency, and refuses bad cursors', async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      for (let i = 1; i <= 7; i += 1)
        await sent(t, i % 2 ? a.headers : b.headers, i % 2 ? b.address : a.address, {
          body: `m${i}`,
        });
      const bodies: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = directMessagePageSchema.parse(
          (await thread(t, b.headers, a.address, query)).json(),
        );
        bodies.push(...page.items.map((m) => m.body));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(bodies).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
      expect((await thread(t, a.headers, b.address, '?limit=1000')).statusCode).toBe(200);
      for (const query of ['?limit=0', '?limit=x', '?limit=1.5', '?page=2']) {
        expect((await thread(t, a.headers, b.address, query)).statusCode, query).toBe(400);
      }

      // 21 conversations: a page of 20 and one more.
      const me = await someone();
      const peers = await Promise.all(Array.from({ length: 21 }, () => someone()));
      for (const peer of peers) {
        t.clock.advance(10);
        await sent(t, peer.headers, me.address, { body: `from ${peer.id}` });
      }
      const first = (await conversations(t, me.headers)).json<ConversationPage>();
      expect(first.items).toHaveLength(20);
      expect(first.items[0]!.peer.id).toBe(peers[20]!.id);
      const second = (
        await conversations(t, me.headers, `?cursor=${encodeURIComponent(first.nextCursor!)}`)
      ).json<ConversationPage>();
      expect(second).toMatchObject({ nextCursor: null, items: [{ peer: { id: peers[0]!.id } }] });

      const threadCursor = (
        await thread(t, a.headers, b.address, '?limit=1')
      ).json<DirectMessagePage>().nextCursor!;
      const bad = [
        'nope',
        `${threadCursor}x`,
        threadCursor.replace(/^./, (c) => (c === 'e' ? 'f' : 'e')),
        first.nextCursor!,
      ];
      for (const value of bad) {
        const res = await thread(t, a.headers, b.address, `?cursor=${encodeURIComponent(value)}`);
        expect(errorOf(res).code, value).toBe('invalid_cursor');
      }
      const wrongScope = await conversations(
        t,
        me.headers,
        `?cursor=${encodeURIComponent(threadCursor)}`,
      );
      expect(errorOf(wrongScope).code).toBe('invalid_cursor');
    });
  });

  describe('real time', () => {
    it("delivers new_message to the recipient's open sockets", async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const [a, b] = await Promise.all([createSignedInUser(t.ctx), createSignedInUser(t.ctx)]);
      const client = connect(`ws://127.0.0.1:${port}/socket`, b.accessToken);
      expect(await client.next()).toEqual({ type: 'auth_success', userId: b.user.id });
      await sent(t, a.headers, b.user.solAddress, { body: 'live' });
      expect(await client.next()).toEqual({
        type: 'new_message',
        data: { senderId: a.user.id, tipAmount: '0', senderAddress: a.user.solAddress },
        timestamp: t.clock.now().toISOString(),
      });
      client.socket.close();
    });
  });
});
