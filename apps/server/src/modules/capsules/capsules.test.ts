import {
  capsuleNotifyResponseSchema,
  capsulePageSchema,
  feedItemSchema,
  feedPageSchema,
  type FeedItem,
  type FeedPageResponse,
} from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { refreshed, search, tagPage, trending, trendingTags } from '../discover/test-kit.ts';
import {
  createdPost,
  createPost,
  engage,
  errorOf,
  setProfile,
  type SignedIn,
} from '../feed/test-kit.ts';
import * as files from '../media/test-kit.ts';
import { followed } from '../people/test-kit.ts';
import { openCapsules } from './index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The sealed capsule's hidden words: no response but the author's may hold them. */
const SECRET = 'zebracorn';
const SECRET_TAG = 'quietmoon';

type Events = Array<Extract<BusMessage, { kind: 'event' }>>;

function listen(t: TestApp): { events: Events; stop: () => void } {
  const events: Events = [];
  const stop = t.ctx.bus.subscribe((message) => {
    if (message.kind === 'event') events.push(message);
  });
  return { events, stop };
}

describe.each(testDatabaseKinds())('time capsules on %s', (kind) => {
  let t: TestApp;
  /** A second instance of the same deployment (same database), for the opening race. */
  let t2: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;
  let capsule: FeedItem;
  let mediaName: string;
  let creationEvents: Events;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const notify = (id: string, headers: Record<string, string>, on = true) =>
    t.app.inject({
      method: on ? 'POST' : 'DELETE',
      url: `/api/time-capsules/${id}/notify`,
      headers,
    });
  const capsules = (query: string, headers: Record<string, string> = {}) =>
    get(`/api/time-capsules${query}`, headers);
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    t2 = await createTestApp(kind, NO_WRITE_LIMITS, { database: t.ctx.database });
    alice = await createSignedInUser(t.ctx);
    bob = await createSignedInUser(t.ctx);
    carol = await createSignedInUser(t.ctx);
    dave = await createSignedInUser(t.ctx);
    await setProfile(t, alice.user.id, {
      username: 'alice',
      displayName: 'Alice',
      avatarUrl: '/media/a.png',
    });
    await followed(t, bob.headers, alice.user.solAddress);
    const upload = await files.uploadedPng(t, alice.headers, 'sealed.png', {
      width: 16,
      height: 12,
    });
    mediaName = upload.mediaUrl.replace('/media/', '');
    const seen = listen(t);
    const res = await createPost(t, alice.headers, {
      kind: 'capsule',
      body: `my ${SECRET} for later #${SECRET_TAG}`,
      imageUrl: upload.mediaUrl,
      altText: `a ${SECRET} picture`,
      unlockAt: inHours(2),
    });
    seen.stop();
    creationEvents = seen.events;
    expect(res.statusCode).toBe(201);
    capsule = feedItemSchema.parse(res.json());
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  it('is kept, and its author sees their own content with the capsule summary', () => {
    expect(capsule.kind).toBe('capsule');
    expect(capsule.expiresAt).toBeNull();
    expect(capsule.body).toContain(SECRET);
    expect(capsule.altText).toContain(SECRET);
    expect(capsule.capsule).toEqual({
      unlockAt: inHours(2),
      sealed: true,
      waitingCount: 0,
      notifying: false,
    });
    // The author's media URL carries the capsule's key, so an <img> can load it.
    expect(capsule.imageUrl).toMatch(new RegExp(`^/media/${mediaName}\\?key=[\\w-]+$`));
  });

  it('announces itself with no content on the socket', () => {
    expect(creationEvents.map((e) => e.event.type)).toEqual(['new_post']);
    const payload = JSON.stringify(creationEvents);
    expect(payload).not.toContain(SECRET);
    expect(payload).not.toContain(mediaName);
  });

  it('leaks nothing before it opens, on every read path, to anyone but its author', async () => {
    await engage(t, bob.headers, capsule.id, 'like');
    await refreshed(t);
    for (const viewer of [{}, bob.headers, dave.headers]) {
      const responses: LightMyRequestResponse[] = [
        await get('/api/messages-v2/feed', viewer),
        await get('/api/messages-v2/feed?limit=5', viewer),
        await get(`/api/messages-v2/messages/${capsule.id}`, viewer),
        await get(`/api/users/${alice.user.solAddress}/posts`, viewer),
        await get('/api/time-capsules?scope=soon', viewer),
        await search(t, { q: SECRET, type: 'posts' }, viewer),
        await tagPage(t, SECRET_TAG, viewer),
        await trending(t, viewer),
        await get('/api/discover/tags', viewer),
        await get('/api/messages-v2/feed?scope=media', viewer),
      ];
      if (Object.keys(viewer).length > 0) {
        responses.push(await get('/api/messages-v2/feed?scope=following', viewer));
        responses.push(await get('/api/messages-v2/feed?scope=following', viewer));
      }
      for (const res of responses) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain(SECRET);
        expect(res.body).not.toContain(SECRET_TAG);
        expect(res.body).not.toContain(mediaName);
      }
      const detail = feedItemSchema.parse(responses[2]!.json());
      expect(detail).toMatchObject({
        body: '',
        content: '',
        imageUrl: null,
        altText: null,
        audioUrl: null,
        capsule: { unlockAt: capsule.capsule!.unlockAt, sealed: true, waitingCount: 0 },
      });
      // The sealed card is in the feed (trending lists it too; search and tags do not).
      const feed = feedPageSchema.parse(responses[0]!.json());
      expect(feed.items.map((item) => item.id)).toContain(capsule.id);
    }
    // No reel: its media is withheld, so Reels (scope=media) leaves it out until it opens.
    const reels = feedPageSchema.parse((await get('/api/messages-v2/feed?scope=media')).json());
    expect(reels.items.map((item) => item.id)).not.toContain(capsule.id);
    // Not even its author finds it by its words before it opens.
    expect((await search(t, { q: SECRET, type: 'posts' }, alice.headers)).body).not.toContain(
      capsule.id,
    );
    // The author reads it everywhere the feed shows it.
    const own = await get(`/api/messages-v2/messages/${capsule.id}`, alice.headers);
    expect(own.json<FeedItem>().body).toContain(SECRET);
  });

  it('answers its media 404 to everyone but its author until it opens', async () => {
    for (const headers of [{}, bob.headers, dave.headers]) {
      const res = await get(`/media/${mediaName}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await get(`/media/${mediaName}?key=wrong`, headers)).statusCode).toBe(404);
    }
    const own = await get(`/media/${mediaName}`, alice.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await get(capsule.imageUrl!)).statusCode).toBe(200);
  });

  it("turns 'Notify me' on and off, idempotently", async () => {
    const parse = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return capsuleNotifyResponseSchema.parse(res.json());
    };
    expect(parse(await notify(capsule.id, carol.headers))).toEqual({
      notifying: true,
      waitingCount: 1,
    });
    expect(parse(await notify(capsule.id, carol.headers))).toEqual({
      notifying: true,
      waitingCount: 1,
    });
    expect(parse(await notify(capsule.id, dave.headers))).toEqual({
      notifying: true,
      waitingCount: 2,
    });
    expect(parse(await notify(capsule.id, dave.headers, false))).toEqual({
      notifying: false,
      waitingCount: 1,
    });
    expect(parse(await notify(capsule.id, dave.headers, false))).toEqual({
      notifying: false,
      waitingCount: 1,
    });
    const seen = await get(`/api/messages-v2/messages/${capsule.id}`, carol.headers);
    expect(seen.json<FeedItem>().capsule).toMatchObject({ waitingCount: 1, notifying: true });
    const anon = await get(`/api/messages-v2/messages/${capsule.id}`);
    expect(anon.json<FeedItem>().capsule).toMatchObject({ waitingCount: 1, notifying: false });
  });

  it("refuses 'Notify me' signed out, on a post that is no capsule, on an unknown id", async () => {
    const signedOut = await notify(capsule.id, {});
    expect(signedOut.statusCode).toBe(401);
    const post = await createdPost(t, alice.headers, 'just a post');
    for (const id of [post.id, '999999999']) {
      const res = await notify(id, carol.headers);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('capsule_not_found');
    }
    const bad = await notify('abc', carol.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a bad unlock time, and unlock times on other posts, writing nothing', async () => {
    const before = await get(`/api/users/${dave.user.solAddress}/posts`);
    for (const unlockAt of [
      inHours(0.99),
      inHours(-1),
      new Date(t.clock.now().getTime() + 366 * DAY).toISOString(),
      'tomorrow',
      '2027-13-45T00:00:00Z',
      '2027-01-01',
      '',
      null,
      undefined,
    ]) {
      const res = await createPost(t, dave.headers, { kind: 'capsule', body: 'x', unlockAt });
      expect(res.statusCode, String(unlockAt)).toBe(400);
      expect(errorOf(res).code).toBe('invalid_unlock_time');
    }
    const onPost = await createPost(t, dave.headers, {
      kind: 'public',
      body: 'x',
      unlockAt: inHours(2),
    });
    expect(onPost.statusCode).toBe(400);
    expect(errorOf(onPost).code).toBe('validation_failed');
    const empty = await createPost(t, dave.headers, {
      kind: 'capsule',
      body: ' ',
      unlockAt: inHours(2),
    });
    expect(errorOf(empty).code).toBe('content_required');
    const signedOut = await createPost(t, {}, { kind: 'capsule', body: 'x', unlockAt: inHours(2) });
    expect(signedOut.statusCode).toBe(401);
    const after = await get(`/api/users/${dave.user.solAddress}/posts`);
    expect(after.body).toBe(before.body);
    // The bounds themselves are accepted.
    for (const unlockAt of [
      inHours(1),
      new Date(t.clock.now().getTime() + 365 * DAY).toISOString(),
    ]) {
      const res = await createPost(t, dave.headers, { kind: 'capsule', body: 'edge', unlockAt });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<FeedItem>().capsule?.unlockAt).toBe(unlockAt);
    }
  });

  it('opens exactly once with two instances running the job at once, and notifies once', async () => {
    t.clock.advance(2 * HOUR);
    t2.clock.advance(2 * HOUR);
    // Fresh access tokens at the new time (the old ones have expired).
    const fresh = (who: SignedIn) => createSignedInUser(t.ctx, who.user.solAddress);
    alice = await fresh(alice);
    bob = await fresh(bob);
    carol = await fresh(carol);
    dave = await fresh(dave);
    const one = listen(t);
    const two = listen(t2);
    const deps = (app: TestApp) => ({
      pool: app.ctx.database.pool,
      clock: app.clock,
      bus: app.ctx.bus,
      logger: app.ctx.logger,
    });
    const results = await Promise.all([
      openCapsules(deps(t), t.clock.now()),
      openCapsules(deps(t2), t2.clock.now()),
      openCapsules(deps(t), t.clock.now()),
      openCapsules(deps(t2), t2.clock.now()),
    ]);
    one.stop();
    two.stop();
    // Alice's capsule (2 h) and dave's one-hour edge capsule were due.
    expect(results.reduce((sum, r) => sum + r.opened, 0)).toBe(2);
    const events = [...one.events, ...two.events];
    const opened = events.filter((e) => e.event.type === 'time_capsule_opened');
    const alicesOpening = opened.filter(
      (e) => e.event.type === 'time_capsule_opened' && e.event.data.postId === capsule.id,
    );
    expect(alicesOpening).toHaveLength(1);
    expect(alicesOpening[0]!.event.data).toEqual({
      postId: capsule.id,
      authorId: alice.user.id,
      authorName: 'Alice',
    });
    // Her follower and the one who chose 'Notify me'; not her, not dave (he turned it off).
    const audience = alicesOpening[0]!.audience;
    expect(audience.kind).toBe('users');
    expect(audience.kind === 'users' ? [...audience.userIds].sort() : []).toEqual(
      [bob.user.id, carol.user.id].sort(),
    );
    const newPosts = events.filter(
      (e) => e.event.type === 'new_post' && e.event.data.postId === capsule.id,
    );
    expect(newPosts).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    // Run again: nothing left to open.
    expect((await openCapsules(deps(t), t.clock.now())).opened).toBe(0);
  });

  it('shows its content to everyone once open, at the top of the feed at its opening time', async () => {
    const feed = (await get('/api/messages-v2/feed', dave.headers)).json<FeedPageResponse>();
    const item = feed.items.find((i) => i.id === capsule.id);
    expect(item).toMatchObject({
      body: capsule.body,
      createdAt: capsule.capsule!.unlockAt,
      capsule: { sealed: false },
    });
    expect(item?.imageUrl).toBe(`/media/${mediaName}`);
    expect(feed.items[0]?.id).toBe(capsule.id);
    expect((await get(`/media/${mediaName}`)).statusCode).toBe(200);
    const reels = (await get('/api/messages-v2/feed?scope=media')).json<FeedPageResponse>();
    expect(reels.items.map((i) => i.id)).toContain(capsule.id);
    const found = await search(t, { q: SECRET, type: 'posts' });
    expect(found.body).toContain(capsule.id);
    const tagged = await tagPage(t, SECRET_TAG);
    expect(tagged.body).toContain(capsule.id);
    await refreshed(t);
    expect((await trendingTags(t)).items.map((tag) => tag.tag)).toContain(SECRET_TAG);
    const late = await notify(capsule.id, dave.headers);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('capsule_opened');
  });

  it('lists capsules opening soon, recently opened and mine, page by page', async () => {
    const many: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const res = await createPost(t, carol.headers, {
        kind: 'capsule',
        body: `later ${i}`,
        unlockAt: inHours(30 - i),
      });
      expect(res.statusCode).toBe(201);
      many.push(res.json<FeedItem>().id);
    }
    async function walk(query: string, headers: Record<string, string> = {}) {
      const items: FeedItem[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 20; n += 1) {
        const res = await capsules(
          `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = capsulePageSchema.parse(res.json());
        items.push(...page.items);
        if (!page.nextCursor) return items;
        expect(page.items).toHaveLength(20);
        cursor = page.nextCursor;
      }
      throw new Error('did not end');
    }
    const soon = await walk('?scope=soon');
    // Carol's 23 and dave's year-long edge capsule, all sealed, soonest first.
    expect(soon).toHaveLength(24);
    expect(soon.every((item) => item.capsule?.sealed && item.body === '')).toBe(true);
    const times = soon.map((item) => Date.parse(item.capsule!.unlockAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(soon[0]!.id).toBe(many.at(-1));
    const opened = await walk('?scope=opened');
    expect(opened.map((item) => item.id)).toEqual([
      capsule.id,
      ...opened.filter((item) => item.id !== capsule.id).map((item) => item.id),
    ]);
    expect(opened).toHaveLength(2);
    expect(opened.every((item) => item.capsule?.sealed === false)).toBe(true);
    const mine = await walk('?scope=mine', carol.headers);
    expect(mine.map((item) => item.id)).toEqual([...many].reverse());
    expect(mine.every((item) => item.body.startsWith('later'))).toBe(true);
    expect((await capsules('?scope=mine')).statusCode).toBe(401);
    expect((await capsules('?scope=later')).statusCode).toBe(400);
    const badCursor = await capsules('?scope=soon&cursor=abc.def');
    expect(errorOf(badCursor).code).toBe('invalid_cursor');
    // The default scope is soon.
    expect((await capsules('')).json<{ items: FeedItem[] }>().items).toHaveLength(20);
  });
});
