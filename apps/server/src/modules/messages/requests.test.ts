import type { AddressInfo } from 'node:net';
import { generateSigner } from '@dum/chain';
import {
  conversationPageSchema,
  conversationStateSchema,
  TRUST_VOUCH_MIN_PPM,
  type ConversationPage,
  type DirectMessagePage,
} from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { errorOf } from '../feed/test-kit.ts';
import { followed } from '../people/test-kit.ts';
import { chainUser, transfer } from '../vaults/test-kit.ts';
import {
  answerRequest,
  block,
  conversations,
  counts,
  folderOf,
  markRead,
  requests,
  sendTo,
  sent,
  thread,
  type Headers,
} from './test-kit.ts';

const SOL = 1_000_000_000n;
const ORIGIN = 'https://dum.test';

interface Wallet {
  id: string;
  address: string;
  headers: Headers;
  accessToken: string;
}

/**
 * Message requests with trust as in production (TRUST_REWARDS on, one seed wallet): a wallet
 * the recipient does not follow and that is not trusted lands in their Requests, unannounced.
 */
describe.each(testDatabaseKinds())('message requests on %s', (kind) => {
  let t: TestApp;
  const seedAddress = generateSigner().address;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        APP_ORIGIN: ORIGIN,
        TRUST_REWARDS: 'true',
        ESTABLISHED_SEED_WALLETS: seedAddress,
        ...NO_WRITE_LIMITS,
      },
      { localnet: true },
    );
    t.ctx.bus.subscribe((message) => events.push(message));
  });
  afterAll(async () => {
    await t.close();
  });

  const someone = async (address?: string): Promise<Wallet> => {
    const user = await createSignedInUser(t.ctx, address);
    return {
      id: user.user.id,
      address: user.user.solAddress,
      headers: user.headers,
      accessToken: user.accessToken,
    };
  };
  /** The wallet's trust as the trust job would have stored it. */
  const trust = async (wallet: Wallet, weightPpm: number) => {
    await t.ctx.database.pool.query(
      'insert into trust_scores (user_id, score, weight_ppm) values ($1, 0.01, $2)',
      [wallet.id, weightPpm],
    );
  };
  /** The new_message events the wallet's sockets were sent since `from`. */
  const toldOf = (wallet: Wallet, from: number) =>
    events
      .slice(from)
      .flatMap((m) =>
        m.kind === 'event' &&
        m.event.type === 'new_message' &&
        m.audience.kind === 'users' &&
        m.audience.userIds.includes(wallet.id)
          ? [m.event.data]
          : [],
      );
  const readEventsFor = (wallet: Wallet, from: number) =>
    events
      .slice(from)
      .filter(
        (m) =>
          m.kind === 'event' &&
          m.event.type === 'messages_read' &&
          m.audience.kind === 'users' &&
          m.audience.userIds.includes(wallet.id),
      );
  const peersIn = async (res: Promise<LightMyRequestResponse>) => {
    const answer = await res;
    expect(answer.statusCode).toBe(200);
    const page = answer.json<ConversationPage>();
    expect(conversationPageSchema.parse(page)).toEqual(page);
    return page.items.map((item) => item.peer.solAddress);
  };
  const folder = async (wallet: Wallet, peer: Wallet) => {
    const res = await folderOf(t, wallet.headers, peer.address);
    expect(res.statusCode).toBe(200);
    return conversationStateSchema.parse(res.json()).folder;
  };

  it('puts an untrusted stranger’s message in Requests: sent as usual, no event, no badge, not marked read', async () => {
    const [stranger, me] = await Promise.all([someone(), someone()]);
    const from = events.length;
    const dm = await sent(t, stranger.headers, me.address, { body: 'hey, loved your post' });
    expect(dm).toMatchObject({ senderId: stranger.id, recipientId: me.id, readAt: null });
    expect(toldOf(me, from)).toEqual([]);

    // The recipient: not in the inbox, nothing in the badge, one conversation in Requests.
    expect(await peersIn(conversations(t, me.headers))).toEqual([]);
    expect(await peersIn(requests(t, me.headers))).toEqual([stranger.address]);
    const [request] = (await requests(t, me.headers)).json<ConversationPage>().items;
    expect(request).toMatchObject({ lastMessage: { id: dm.id }, unreadCount: 1 });
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 0, requestCount: 1 });
    expect(await folder(me, stranger)).toBe('requests');

    // The sender: the conversation in their inbox as any other.
    expect(await peersIn(conversations(t, stranger.headers))).toEqual([me.address]);
    expect(await peersIn(requests(t, stranger.headers))).toEqual([]);
    expect(await folder(stranger, me)).toBe('inbox');

    // Reading it does not tell the sender: the messages stay unread until it is accepted.
    const shown = (await thread(t, me.headers, stranger.address)).json<DirectMessagePage>();
    expect(shown.items.map((item) => item.body)).toEqual(['hey, loved your post']);
    const read = await markRead(t, me.headers, stranger.address);
    expect(read.json()).toEqual({ unreadCount: 0, requestCount: 1 });
    expect(readEventsFor(stranger, from)).toEqual([]);
    const theirs = (await thread(t, stranger.headers, me.address)).json<DirectMessagePage>();
    expect(theirs.items[0]!.readAt).toBeNull();

    // More from them: still one request, its unread count growing, still unannounced.
    await sent(t, stranger.headers, me.address, { body: 'you there?' });
    expect(toldOf(me, from)).toEqual([]);
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 0, requestCount: 1 });
    expect((await requests(t, me.headers)).json<ConversationPage>().items[0]).toMatchObject({
      lastMessage: { body: 'you there?' },
      unreadCount: 2,
    });
  });

  it('delivers to the inbox, with new_message, from a wallet the recipient follows, a trusted one or a seed', async () => {
    const me = await someone();
    const [friend, trusted, seed, building] = await Promise.all([
      someone(),
      someone(),
      someone(seedAddress),
      someone(),
    ]);
    await followed(t, me.headers, friend.address);
    await trust(trusted, TRUST_VOUCH_MIN_PPM);
    // Some trust, but under the line: still a request.
    await trust(building, TRUST_VOUCH_MIN_PPM - 1);
    // The sender following the recipient is no reason.
    await followed(t, building.headers, me.address);

    const from = events.length;
    for (const sender of [friend, trusted, seed, building]) {
      await sent(t, sender.headers, me.address, { body: 'gm' });
    }
    expect(toldOf(me, from).map((data) => data.senderId)).toEqual([friend.id, trusted.id, seed.id]);
    expect((await peersIn(conversations(t, me.headers))).sort()).toEqual(
      [friend.address, trusted.address, seed.address].sort(),
    );
    expect(await peersIn(requests(t, me.headers))).toEqual([building.address]);
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 3, requestCount: 1 });

    // Following a wallet whose request waits: its next message moves the conversation.
    await followed(t, me.headers, building.address);
    await sent(t, building.headers, me.address, { body: 'again' });
    expect(toldOf(me, from).map((data) => data.senderId)).toContain(building.id);
    expect(await folder(me, building)).toBe('inbox');
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 5, requestCount: 0 });
  });

  it('accepting moves the request to the inbox for good: it counts, it can be read, later messages notify', async () => {
    const [stranger, me] = await Promise.all([someone(), someone()]);
    await sent(t, stranger.headers, me.address, { body: 'first' });
    const from = events.length;

    const accepted = await answerRequest(t, me.headers, stranger.address, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ folder: 'inbox' });
    expect(await peersIn(conversations(t, me.headers))).toEqual([stranger.address]);
    expect(await peersIn(requests(t, me.headers))).toEqual([]);
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 1, requestCount: 0 });

    // Now reading it tells the sender.
    expect((await markRead(t, me.headers, stranger.address)).json()).toEqual({
      unreadCount: 0,
      requestCount: 0,
    });
    expect(readEventsFor(stranger, from)).toHaveLength(1);

    await sent(t, stranger.headers, me.address, { body: 'thanks for accepting' });
    expect(toldOf(me, from)).toEqual([
      { senderId: stranger.id, tipAmount: '0', senderAddress: stranger.address },
    ]);
    // Accepting again changes nothing.
    const again = await answerRequest(t, me.headers, stranger.address, 'accept');
    expect(again.json()).toEqual({ folder: 'inbox' });
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 1, requestCount: 0 });
  });

  it("a reply accepts: the replier's conversation moves to the inbox and the sender's next message notifies", async () => {
    const [stranger, me] = await Promise.all([someone(), someone()]);
    await sent(t, stranger.headers, me.address, { body: 'hello?' });
    const from = events.length;
    await sent(t, me.headers, stranger.address, { body: 'hi!' });
    // The stranger had written first: their inbox, and they hear of the reply.
    expect(toldOf(stranger, from).map((data) => data.senderId)).toEqual([me.id]);
    expect(await folder(me, stranger)).toBe('inbox');
    expect(await peersIn(requests(t, me.headers))).toEqual([]);
    await sent(t, stranger.headers, me.address, { body: 'great' });
    expect(toldOf(me, from).map((data) => data.senderId)).toEqual([stranger.id]);
  });

  it("declining hides the request, and the sender's later messages stay out unnoticed until accepted or answered", async () => {
    const [stranger, me] = await Promise.all([someone(), someone()]);
    await sent(t, stranger.headers, me.address, { body: 'buy my token' });
    const from = events.length;

    const declined = await answerRequest(t, me.headers, stranger.address, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ folder: 'declined' });
    expect(await peersIn(requests(t, me.headers))).toEqual([]);
    expect(await peersIn(conversations(t, me.headers))).toEqual([]);
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 0, requestCount: 0 });

    // The sender still sees their messages sent; nothing reaches the recipient, even after a
    // follow (a declined conversation is the recipient's own choice).
    await sent(t, stranger.headers, me.address, { body: 'last chance' });
    await followed(t, me.headers, stranger.address);
    await sent(t, stranger.headers, me.address, { body: 'really' });
    expect(toldOf(me, from)).toEqual([]);
    expect(await peersIn(requests(t, me.headers))).toEqual([]);
    expect(await peersIn(conversations(t, me.headers))).toEqual([]);
    expect(await folder(me, stranger)).toBe('declined');
    expect((await answerRequest(t, me.headers, stranger.address, 'decline')).json()).toEqual({
      folder: 'declined',
    });

    // Accepting it after all brings every message to the inbox, unread.
    expect((await answerRequest(t, me.headers, stranger.address, 'accept')).json()).toEqual({
      folder: 'inbox',
    });
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 3, requestCount: 0 });

    // Writing to a wallet whose request one declined accepts it too.
    const [pest, other] = await Promise.all([someone(), someone()]);
    await sent(t, pest.headers, other.address, { body: 'psst' });
    await answerRequest(t, other.headers, pest.address, 'decline');
    await sent(t, other.headers, pest.address, { body: 'ok, what is it?' });
    expect(await folder(other, pest)).toBe('inbox');
  });

  it('keeps a blocked wallet’s request out of Requests while the block holds, and refuses its messages', async () => {
    const [stranger, me] = await Promise.all([someone(), someone()]);
    await sent(t, stranger.headers, me.address, { body: 'hi' });
    await block(t, me.id, stranger.id);
    expect(await peersIn(requests(t, me.headers))).toEqual([]);
    expect(await counts(t, me.headers)).toEqual({ unreadCount: 0, requestCount: 0 });
    const refused = await sendTo(t, stranger.headers, me.address, { body: 'hello??' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('blocked');
    await t.ctx.database.pool.query(
      'delete from blocks where blocker_id = $1 and blocked_id = $2',
      [me.id, stranger.id],
    );
    expect(await peersIn(requests(t, me.headers))).toEqual([stranger.address]);
  });

  it('a tip does not open the inbox: a tipped message from a stranger is a request, with its tip', async () => {
    const [tipper, me] = await Promise.all([chainUser(t, 2n), someone()]);
    const signature = await transfer(t, tipper.keypair, me.address, SOL / 100n);
    const from = events.length;
    const res = await sendTo(t, tipper.headers, me.address, {
      body: 'for your art',
      tip: { transactionSignature: signature, amount: '10000000' },
    });
    expect(res.statusCode).toBe(201);
    expect(toldOf(me, from)).toEqual([]);
    const page = (await requests(t, me.headers)).json<ConversationPage>();
    expect(page.items).toMatchObject([
      {
        peer: { solAddress: tipper.address },
        lastMessage: {
          body: 'for your art',
          tip: { amount: '10000000', transactionSignature: signature },
        },
      },
    ]);
    // A retry of the same call answers the same message, still unannounced.
    const retry = await sendTo(t, tipper.headers, me.address, {
      body: 'for your art',
      tip: { transactionSignature: signature, amount: '10000000' },
    });
    expect(retry.statusCode).toBe(201);
    expect(toldOf(me, from)).toEqual([]);
  });

  it('pages Requests by recency with a cursor of its own', async () => {
    const me = await someone();
    const senders: Wallet[] = [];
    for (let i = 0; i < 21; i++) {
      const sender = await someone();
      senders.push(sender);
      t.clock.advance(1000);
      await sent(t, sender.headers, me.address, { body: `request ${i}` });
    }
    const first = (await requests(t, me.headers)).json<ConversationPage>();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.peer.solAddress).toBe(senders[20]!.address);
    const cursor = first.nextCursor!;
    const second = (
      await requests(t, me.headers, `?cursor=${encodeURIComponent(cursor)}`)
    ).json<ConversationPage>();
    expect(second).toMatchObject({ items: [{ peer: { solAddress: senders[0]!.address } }] });
    expect(second.nextCursor).toBeNull();
    // The inbox's cursor is not a Requests cursor, nor the other way round.
    const inboxPage = await conversations(t, me.headers, `?cursor=${encodeURIComponent(cursor)}`);
    expect(inboxPage.statusCode).toBe(400);
    expect(errorOf(inboxPage).code).toBe('invalid_cursor');
    expect(errorOf(await requests(t, me.headers, '?cursor=nonsense')).code).toBe('invalid_cursor');
  });

  it('refuses what is not a request to answer, and changes nothing', async () => {
    const [a, b, outsider] = await Promise.all([someone(), someone(), someone()]);
    await sent(t, a.headers, b.address, { body: 'hi' });
    const before = { a: await folder(a, b), b: await folder(b, a) };

    // No conversation yet: 404, for the state too (null), and for someone outside it.
    expect(await folder(outsider, a)).toBeNull();
    for (const answer of ['accept', 'decline'] as const) {
      const res = await answerRequest(t, outsider.headers, a.address, answer);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({
        code: 'conversation_not_found',
        message: 'There are no messages between you and this wallet yet.',
      });
    }
    // The sender's side is in their inbox: nothing to decline.
    const notRequest = await answerRequest(t, a.headers, b.address, 'decline');
    expect(notRequest.statusCode).toBe(409);
    expect(errorOf(notRequest)).toEqual({
      code: 'not_a_message_request',
      message: 'This conversation is in your inbox, not in your requests.',
    });
    // Oneself, a wallet nobody has, and no wallet at all.
    for (const answer of ['accept', 'decline'] as const) {
      expect(errorOf(await answerRequest(t, b.headers, b.address, answer)).code).toBe(
        'cannot_message_self',
      );
      expect(
        errorOf(await answerRequest(t, b.headers, generateSigner().address, answer)).code,
      ).toBe('user_not_found');
      expect(errorOf(await answerRequest(t, b.headers, 'not-a-wallet', answer)).code).toBe(
        'user_not_found',
      );
    }
    expect(errorOf(await folderOf(t, b.headers, b.address)).code).toBe('cannot_message_self');
    const unknownQuery = await t.app.inject({
      url: `/api/conversations/${a.address}?folder=inbox`,
      headers: b.headers,
    });
    expect(unknownQuery.statusCode).toBe(400);
    // Signed out: 401 everywhere.
    for (const res of [
      await requests(t, {}),
      await folderOf(t, {}, a.address),
      await answerRequest(t, {}, a.address, 'accept'),
      await answerRequest(t, {}, a.address, 'decline'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect({ a: await folder(a, b), b: await folder(b, a) }).toEqual(before);
    expect(before).toEqual({ a: 'inbox', b: 'requests' });
  });

  it("the recipient's socket hears nothing of a request, and hears the sender once accepted", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const [stranger, friend, me] = await Promise.all([someone(), someone(), someone()]);
    await followed(t, me.headers, friend.address);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/socket`, { headers: { origin: ORIGIN } });
    const received: Array<Record<string, unknown>> = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
      received.push(JSON.parse(text) as Record<string, unknown>);
      waiters.shift()?.();
    });
    const nextMessage = async () => {
      const seen = received.length;
      while (received.length <= seen) await new Promise<void>((resolve) => waiters.push(resolve));
      return received[seen]!;
    };
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: me.accessToken }));
    expect(await nextMessage()).toMatchObject({ type: 'auth_success' });

    // The request first, then a friend's message: the socket's next event is the friend's.
    await sent(t, stranger.headers, me.address, { body: 'psst' });
    const fromFriend = nextMessage();
    await sent(t, friend.headers, me.address, { body: 'gm' });
    expect(await fromFriend).toMatchObject({
      type: 'new_message',
      data: { senderId: friend.id },
    });
    await answerRequest(t, me.headers, stranger.address, 'accept');
    const fromStranger = nextMessage();
    await sent(t, stranger.headers, me.address, { body: 'thanks' });
    expect(await fromStranger).toMatchObject({
      type: 'new_message',
      data: { senderId: stranger.id },
    });
    socket.close();
  });
});
