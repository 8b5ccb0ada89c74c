import {
  MUTED_WORDS_MAX,
  type CommentPageResponse,
  type FeedItem,
  type FeedPageResponse,
  type MutedWords,
} from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import {
  addedComment,
  countRows,
  createdPost,
  errorOf,
  setProfile,
  type SignedIn,
} from '../feed/test-kit.ts';
import { followed, muteWords, type Headers } from './test-kit.ts';

describe.each(testDatabaseKinds())('muted words on %s', (kind) => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function person(): Promise<SignedIn> {
    serial += 1;
    const user = await createSignedInUser(t.ctx);
    await setProfile(t, user.user.id, {
      username: `muter${serial}`,
      displayName: `Muter ${serial}`,
      avatarUrl: '',
    });
    return user;
  }

  async function put(headers: Headers, payload: object): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'PUT', url: '/api/users/me/muted-words', headers, payload });
  }

  async function list(headers: Headers): Promise<MutedWords> {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/muted-words', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MutedWords>();
  }

  async function ids(url: string, headers: Headers): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json<{ items: { id: string }[] }>().items.map((item) => item.id);
  }

  it('stores the list normalised, each word once, and answers it by word', async () => {
    const ann = await person();
    expect(await list(ann.headers)).toEqual({ items: [] });
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await put(ann.headers, {
      items: [
        { word: '  Good   Morning ' },
        { word: 'SOL', expiresAt: later },
        { word: 'sol' },
        { word: 'alpha', expiresAt: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      items: [{ word: 'alpha' }, { word: 'good morning' }, { word: 'sol' }],
    };
    expect(res.json<MutedWords>()).toEqual(expected);
    expect(await list(ann.headers)).toEqual(expected);
    // A PUT replaces the list.
    await muteWords(t, ann.headers, [{ word: 'beta', expiresAt: later }]);
    expect(await list(ann.headers)).toEqual({ items: [{ word: 'beta', expiresAt: later }] });
    await muteWords(t, ann.headers, []);
    expect(await list(ann.headers)).toEqual({ items: [] });
  });

  it('refuses a bad list with its catalogue error and changes nothing', async () => {
    const ben = await person();
    await muteWords(t, ben.headers, [{ word: 'kept' }]);
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    const cases: [object, string][] = [
      [
        { items: Array.from({ length: MUTED_WORDS_MAX + 1 }, (_, i) => ({ word: `w${i}` })) },
        'too_many_muted_words',
      ],
      [{ items: [{ word: 'ok' }, { word: '   ' }] }, 'muted_word_required'],
      [{ items: [{ word: 'x'.repeat(101) }] }, 'muted_word_too_long'],
      [{ items: [{ word: 'ok', expiresAt: 'tomorrow' }] }, 'invalid_muted_word_expiry'],
      [{ items: [{ word: 'ok', expiresAt: past }] }, 'invalid_muted_word_expiry'],
      [{ items: [{ word: 'ok', expiresAt: '2027-02-30T00:00:00' }] }, 'invalid_muted_word_expiry'],
      [{ items: [{ word: 'ok', extra: 1 }] }, 'validation_failed'],
      [{ items: 'sol' }, 'validation_failed'],
      [{}, 'validation_failed'],
    ];
    for (const [payload, code] of cases) {
      const res = await put(ben.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(res).code).toBe(code);
    }
    // 100 distinct words are fine; 101 written in two cases are 100.
    const hundred = Array.from({ length: MUTED_WORDS_MAX }, (_, i) => ({ word: `w${i}` }));
    expect((await put(ben.headers, { items: [...hundred, { word: 'W1' }] })).statusCode).toBe(200);
    await muteWords(t, ben.headers, [{ word: 'kept' }]);
    expect(await list(ben.headers)).toEqual({ items: [{ word: 'kept' }] });
    expect((await put({}, { items: [] })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/muted-words' })).statusCode,
    ).toBe(401);
  });

  it('keeps one whole list when two PUTs race', async () => {
    const cy = await person();
    const lists = Array.from({ length: 6 }, (_, i) => [{ word: `a${i}` }, { word: `b${i}` }]);
    const answers = await Promise.all(lists.map((items) => put(cy.headers, { items })));
    expect(answers.map((res) => res.statusCode)).toEqual(lists.map(() => 200));
    const kept = (await list(cy.headers)).items.map((item) => item.word);
    expect(lists.map((items) => items.map((item) => item.word))).toContainEqual(kept);
    expect(
      await countRows(t, 'select count(*) as n from muted_words where user_id = $1', [cy.user.id]),
    ).toBe(2);
  });

  it("leaves muted posts and comments out of the viewer's reads, whole word, never the author's own", async () => {
    const viewer = await person();
    const author = await person();
    const other = await person();
    await followed(t, viewer.headers, author.user.solAddress);
    await followed(t, other.headers, author.user.solAddress);
    const muted = await createdPost(t, author.headers, 'SOL is up today zebrafish');
    const notMuted = await createdPost(t, author.headers, 'solana is up today zebrafish');
    const own = await createdPost(t, viewer.headers, 'my sol post zebrafish');
    const commentsOn = await createdPost(t, other.headers, 'comments here');
    const mutedComment = await addedComment(t, author.headers, commentsOn.id, 'sol!');
    const keptComment = await addedComment(t, author.headers, commentsOn.id, 'solar');
    const ownComment = await addedComment(t, viewer.headers, commentsOn.id, 'sol, me');
    const before = await ids('/api/messages-v2/feed?limit=50', viewer.headers);
    expect(before).toContain(muted.id);

    await muteWords(t, viewer.headers, [{ word: 'sol' }]);
    const reads = {
      forYou: '/api/messages-v2/feed?limit=50',
      following: '/api/messages-v2/feed?scope=following&limit=50',
      profile: `/api/users/${author.user.solAddress}/posts`,
      search: '/api/search?q=zebrafish&type=posts',
    };
    for (const [name, url] of Object.entries(reads)) {
      const seen = await ids(url, viewer.headers);
      expect(seen, name).not.toContain(muted.id);
      if (name !== 'profile') expect(seen, name).toContain(own.id);
      expect(seen, name).toContain(notMuted.id);
      // Anyone else still sees it.
      expect(await ids(url, other.headers), name).toContain(muted.id);
    }
    const comments = await ids(`/api/messages/${commentsOn.id}/comments`, viewer.headers);
    expect(comments).toEqual(expect.arrayContaining([keptComment.id, ownComment.id]));
    expect(comments).not.toContain(mutedComment.id);
    // A post opened by its link still shows.
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/messages/${muted.id}`,
      headers: viewer.headers,
    });
    expect(direct.json<FeedItem>().id).toBe(muted.id);
    // The author sees their own post everywhere.
    await muteWords(t, author.headers, [{ word: 'sol' }]);
    expect(await ids(reads.profile, author.headers)).toContain(muted.id);
  });

  it('stops muting when a word expires', async () => {
    const dee = await person();
    const eli = await person();
    const post = await createdPost(t, eli.headers, 'gm frens');
    // A minute: the test's access tokens outlive it.
    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await muteWords(t, dee.headers, [{ word: 'GM', expiresAt: soon }]);
    const url = `/api/users/${eli.user.solAddress}/posts`;
    const forYou = '/api/messages-v2/feed?limit=50';
    expect(await ids(url, dee.headers)).not.toContain(post.id);
    expect(await ids(forYou, dee.headers)).not.toContain(post.id);
    // The words are kept with the viewer's cached marks: their end still counts.
    t.clock.advance(60_001);
    expect(await ids(url, dee.headers)).toContain(post.id);
    expect(await ids(forYou, dee.headers)).toContain(post.id);
    expect(await list(dee.headers)).toEqual({ items: [] });
  });

  it('keeps the cursor right when muted posts leave a page short', async () => {
    const fox = await person();
    const gil = await person();
    const posted: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      posted.push((await createdPost(t, gil.headers, i % 2 === 0 ? `hush ${i}` : `fine ${i}`)).id);
    }
    await muteWords(t, fox.headers, [{ word: 'hush' }]);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/${gil.user.solAddress}/posts?limit=2${query}`,
        headers: fox.headers,
      });
      const body = res.json<FeedPageResponse>();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(posted.filter((_, i) => i % 2 === 1).reverse());
  });

  it('hides a muted comment in a reply thread too', async () => {
    const hal = await person();
    const ivy = await person();
    const post = await createdPost(t, ivy.headers, 'thread');
    const top = await addedComment(t, ivy.headers, post.id, 'top');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/comments`,
      headers: ivy.headers,
      payload: { content: 'a muted reply', parentId: top.id },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await muteWords(t, hal.headers, [{ word: 'muted reply' }]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/comments/${top.id}/replies`,
      headers: hal.headers,
    });
    expect(res.json<CommentPageResponse>().items).toEqual([]);
  });
});
