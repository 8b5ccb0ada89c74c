import {
  feedPageSchema,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  searchPageSchema,
  type FeedItem,
  type SearchPage,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createdPost, errorOf, setProfile, type SignedIn } from '../feed/test-kit.ts';
import { block, followed } from '../people/test-kit.ts';
import { encodeSignedCursor } from '../../http/signed-cursor.ts';
import { prefixEnd } from './service.ts';
import { search, searchAll, tagPage } from './test-kit.ts';

const randomUuid = () => crypto.randomUUID();

type PostPage = Extract<SearchPage, { type: 'posts' }>;
type UserPage = Extract<SearchPage, { type: 'users' }>;

describe('prefixEnd', () => {
  it('moves the last character on by one code point, past the surrogates and the last one', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('a_')).toBe('a`');
    expect(prefixEnd('z\u{d7ff}')).toBe('z\u{e000}');
    expect(prefixEnd('é')).toBe('ê');
    expect(prefixEnd('a\u{10ffff}')).toBe('b');
    expect(prefixEnd('\u{10ffff}')).toBeNull();
  });
});

describe.each(testDatabaseKinds())('search on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newUser(profile?: { username: string; displayName: string }): Promise<SignedIn> {
    const user = await createSignedInUser(t.ctx);
    if (profile) await setProfile(t, user.user.id, { ...profile, avatarUrl: '' });
    return user;
  }

  async function posts(q: string, headers: Record<string, string> = {}): Promise<PostPage> {
    const res = await search(t, { q, type: 'posts' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const page = searchPageSchema.parse(res.json());
    if (page.type !== 'posts') throw new Error('not a posts page');
    return page;
  }

  async function people(q: string, headers: Record<string, string> = {}): Promise<UserPage> {
    const res = await search(t, { q, type: 'users' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const page = searchPageSchema.parse(res.json());
    if (page.type !== 'users') throw new Error('not a users page');
    return page;
  }

  it('finds posts by their words, best match first, then newest, with the last word as a prefix', async () => {
    const ann = await newUser({ username: 'ann_writes', displayName: 'Ann' });
    const once = await createdPost(t, ann.headers, 'A marmot sat on the hill');
    t.clock.advance(1000);
    const thrice = await createdPost(t, ann.headers, 'Marmot, marmot, MARMOT! The marmot song');
    t.clock.advance(1000);
    const newer = await createdPost(t, ann.headers, 'one marmot again');
    await createdPost(t, ann.headers, 'nothing to see here');

    const page = await posts('marmot');
    expect(page.items.map((item) => item.id)).toEqual([thrice.id, newer.id, once.id]);
    expect(page.nextCursor).toBeNull();
    // Items are the feed's shape, author and all.
    expect(page.items[0]).toMatchObject({
      body: 'Marmot, marmot, MARMOT! The marmot song',
      author: { username: 'ann_writes' },
      liked: false,
      bookmarked: false,
    });

    // Every word must be there; the last one typed is a prefix ("mar" finds "marmot").
    expect((await posts('marmot hill')).items.map((item) => item.id)).toEqual([once.id]);
    expect((await posts('sat mar')).items.map((item) => item.id)).toEqual([once.id]);
    expect((await posts('mar')).items).toHaveLength(3);
    // Ending with a space: the word is complete; under 3 characters it is too.
    expect((await posts('mar ')).items).toHaveLength(0);
    expect((await posts('ma')).items).toHaveLength(0);
    // Case and punctuation do not matter; a hashtag's word is found by its word.
    expect((await posts('  MARMOT!!  ')).items).toHaveLength(3);
  });

  it('answers an empty page, never an error, to text with nothing to look for or with operators', async () => {
    const ann = await newUser();
    await createdPost(t, ann.headers, "it's a (very) odd post: a & b | c <-> d!");
    for (const q of ['!!!', '...', '#', '"', "'", '\\', '&&&', ':*', '<->', '()', '—']) {
      const page = await posts(q);
      expect(page, q).toEqual({ type: 'posts', items: [], nextCursor: null });
    }
    // Operators in the text are only punctuation: the words around them are looked for.
    for (const q of [
      'a & b',
      'odd | post',
      '!odd',
      "it's",
      '(very)',
      'c <-> d',
      'odd:*',
      "'odd'",
    ]) {
      expect((await posts(q)).items.length, q).toBe(1);
    }
  });

  it('pages through many results without repeating or missing one', async () => {
    const ann = await newUser();
    const made: FeedItem[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i += 1) {
      made.push(await createdPost(t, ann.headers, `pagination test number ${i}`));
      t.clock.advance(10);
    }
    // One with the word twice ranks first even though it is the oldest.
    const first = await createdPost(t, ann.headers, 'pagination pagination twice');
    const { pages, items } = await searchAll(t, 'pagination', 'posts');
    expect(pages).toHaveLength(2);
    expect(pages[0]?.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(items.map((item) => item.id)).toEqual([
      first.id,
      ...made.map((item) => item.id).reverse(),
    ]);
  });

  it('finds people by exact username, then username prefix, display name prefix and wallet address', async () => {
    const alice = await newUser({ username: 'alice', displayName: 'Zed Z' });
    const alicia = await newUser({ username: 'alicia', displayName: 'Someone' });
    const aliceToo = await newUser({ username: 'alice_too', displayName: 'Another' });
    const aliBaba = await newUser({ username: 'ali_baba', displayName: 'Baba' });
    const byName = await newUser({ username: 'zzz_other', displayName: 'Alison Wonder' });
    const bob = await newUser({ username: 'bob', displayName: 'Bob' });

    const ali = await people('ali');
    expect(ali.items.map((person) => person.username)).toEqual([
      'ali_baba',
      'alice',
      'alice_too',
      'alicia',
      'zzz_other',
    ]);
    expect(ali.items[0]).toEqual({
      id: aliBaba.user.id,
      solAddress: aliBaba.user.solAddress,
      username: 'ali_baba',
      displayName: 'Baba',
      avatarUrl: '',
      isVerified: false,
      bio: null,
      followerCount: 0,
    });
    // The exact username first; '@' and case are ignored.
    expect((await people('@ALICE')).items.map((person) => person.id)).toEqual([
      alice.user.id,
      aliceToo.user.id,
    ]);
    expect((await people('alison w')).items.map((person) => person.id)).toEqual([byName.user.id]);
    // Any letters, lower-cased as the database does it; a lone '@' finds nobody.
    const elodie = await newUser({ username: 'elodie_b', displayName: 'Élodie Bärtschi' });
    for (const q of ['élo', 'ÉLO', 'Élodie b']) {
      expect(
        (await people(q)).items.map((person) => person.id),
        q,
      ).toEqual([elodie.user.id]);
    }
    expect(await people('@')).toEqual({ type: 'users', items: [], nextCursor: null });

    // A wallet address prefix (4 characters or more, case-sensitive).
    const prefix = bob.user.solAddress.slice(0, 12);
    expect((await people(prefix)).items.map((person) => person.id)).toContain(bob.user.id);
    // Addresses are case-sensitive: the prefix with its case swapped finds another range.
    const swapped = prefix.replace(/[a-z]/gi, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    expect((await people(swapped)).items.map((p) => p.id)).not.toContain(bob.user.id);

    // Signed in: follow state and counts; the viewer does not find themselves.
    await followed(t, bob.headers, alice.user.solAddress);
    const asBob = await people('alice', bob.headers);
    expect(asBob.items[0]).toMatchObject({
      id: alice.user.id,
      followerCount: 1,
      isFollowing: true,
    });
    expect(asBob.items[1]).toMatchObject({ id: aliceToo.user.id, isFollowing: false });
    expect((await people('alicia', bob.headers)).items).toEqual([
      expect.objectContaining({ id: alicia.user.id, isFollowing: false }),
    ]);
    expect((await people('bob', bob.headers)).items.map((p) => p.id)).not.toContain(bob.user.id);
  });

  it('pages through people across the tiers without repeating or missing one', async () => {
    const made: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i += 1) {
      const name = `pager${String(i).padStart(2, '0')}`;
      made.push((await newUser({ username: name, displayName: `N ${i}` })).user.id);
    }
    const exact = await newUser({ username: 'pager', displayName: 'Exactly' });
    const named = await newUser({ username: 'nothing_alike', displayName: 'Pager Fan' });
    const { pages, items } = await searchAll(t, 'pager', 'users');
    expect(pages).toHaveLength(2);
    expect(items.map((person) => person.id)).toEqual([exact.user.id, ...made, named.user.id]);
  });

  it('leaves out posts and people with a block between them and the viewer, either way', async () => {
    const ann = await newUser({ username: 'blocker_ann', displayName: 'Blocky Ann' });
    const ben = await newUser({ username: 'blocked_ben', displayName: 'Blocky Ben' });
    const cat = await newUser({ username: 'bystander_cat', displayName: 'Blocky Cat' });
    const annPost = await createdPost(t, ann.headers, 'wombat from ann #wombats');
    const benPost = await createdPost(t, ben.headers, 'wombat from ben #wombats');
    expect((await block(t, ann.headers, ben.user.solAddress)).statusCode).toBe(200);

    const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);
    expect(ids(await posts('wombat'))).toEqual([benPost.id, annPost.id]);
    expect(ids(await posts('wombat', cat.headers))).toEqual([benPost.id, annPost.id]);
    expect(ids(await posts('wombat', ann.headers))).toEqual([annPost.id]);
    expect(ids(await posts('wombat', ben.headers))).toEqual([benPost.id]);

    expect(ids(await people('blocky'))).toEqual([ann.user.id, ben.user.id, cat.user.id]);
    expect(ids(await people('blocky', ann.headers))).toEqual([cat.user.id]);
    expect(ids(await people('blocky', ben.headers))).toEqual([cat.user.id]);

    const tagged = async (headers: Record<string, string>) => {
      const res = await tagPage(t, 'wombats', headers);
      expect(res.statusCode).toBe(200);
      return ids(feedPageSchema.parse(res.json()));
    };
    expect(await tagged({})).toEqual([benPost.id, annPost.id]);
    expect(await tagged(ann.headers)).toEqual([annPost.id]);
    expect(await tagged(ben.headers)).toEqual([benPost.id]);
  });

  it('leaves out posts whose 24 hours are over, before the deletion job has run', async () => {
    const ann = await newUser();
    const post = await createdPost(t, ann.headers, 'ephemeral quokka #quokka');
    expect((await posts('quokka')).items.map((item) => item.id)).toEqual([post.id]);
    t.clock.advance(24 * 3600_000);
    expect((await posts('quokka')).items).toEqual([]);
    const res = await tagPage(t, 'quokka');
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('refuses bad input with a 400 and the catalogue code', async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ q: undefined }, 'validation_failed'],
      [{ q: '' }, 'validation_failed'],
      [{ q: '   ' }, 'validation_failed'],
      [{ q: 'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1) }, 'validation_failed'],
      [{ q: ` ${'é'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)} ` }, 'validation_failed'],
      [{ q: 'a\u0000b' }, 'validation_failed'],
      [{ q: '\u0000', type: 'users' }, 'validation_failed'],
      [{ q: 'ok', type: 'places' }, 'validation_failed'],
      [{ q: 'ok', type: '' }, 'validation_failed'],
      [{ q: 'ok', cursor: 'nonsense' }, 'invalid_cursor'],
      [{ q: 'ok', type: 'users', cursor: 'abc.defghijklmn' }, 'invalid_cursor'],
      [{ q: 'ok', cursor: 'x'.repeat(401) }, 'validation_failed'],
      [{ q: 'ok', limit: '5' }, 'unknown_query_parameter'],
    ];
    for (const [params, code] of cases) {
      const res = await search(t, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(errorOf(res).code, JSON.stringify(params)).toBe(code);
    }
    // The older people search refuses a NUL too (PostgreSQL's text cannot hold one).
    const older = await t.app.inject({ url: '/api/users/search?q=a%00b' });
    expect(older.statusCode).toBe(400);
    expect(errorOf(older).code).toBe('validation_failed');
    // The longest query is fine (characters, not bytes; trimmed first).
    const longest = await search(t, { q: ` ${'é'.repeat(SEARCH_QUERY_MAX_LENGTH)} ` });
    expect(longest.statusCode).toBe(200);
    // An empty cursor is no cursor.
    expect((await search(t, { q: 'ok', cursor: '' })).statusCode).toBe(200);
  });

  it('answers a forged cursor with out-of-range values with a 400 or a page, never a 500', async () => {
    // The checksum is not a secret: anyone can sign any fields.
    const postScope = "search-posts:'forged':*";
    const cases: Array<[Record<string, string>, string, Record<string, unknown>, number]> = [
      [{ q: 'forged' }, postScope, { r: 1e300, t: 0, i: '1' }, 400],
      [{ q: 'forged' }, postScope, { r: -1, t: 0, i: '1' }, 400],
      [{ q: 'forged' }, postScope, { r: '0.5', t: 0, i: '1' }, 400],
      [{ q: 'forged' }, postScope, { r: 0.5, t: 1e20, i: '1' }, 400],
      [{ q: 'forged' }, postScope, { r: 0.5, t: 0, i: '99999999999999999999' }, 400],
      [{ q: 'forged' }, postScope, { r: 3.4e38, t: 8.64e15, i: '9223372036854775807' }, 200],
      [
        { q: 'forged', type: 'users' },
        'search-users:forged|forged',
        { n: 9, u: randomUuid() },
        400,
      ],
      [{ q: 'forged', type: 'users' }, 'search-users:forged|forged', { n: 1, u: 'me' }, 400],
      [
        { q: 'forged', type: 'users' },
        'search-users:forged|forged',
        { n: 3, u: randomUuid() },
        200,
      ],
    ];
    for (const [params, scope, fields, status] of cases) {
      const res = await search(t, { ...params, cursor: encodeSignedCursor(scope, fields) });
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      if (status === 400) expect(errorOf(res).code).toBe('invalid_cursor');
    }
    const trendingCases: Array<[Record<string, unknown>, number]> = [
      [{ s: -1, i: '1' }, 400],
      [{ s: 'x', i: '1' }, 400],
      [{ s: 1e308, i: '1' }, 200],
    ];
    for (const [fields, status] of trendingCases) {
      const cursor = encodeURIComponent(encodeSignedCursor('trending', fields));
      const res = await t.app.inject({ url: `/api/discover/trending?cursor=${cursor}` });
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
    }
    const tagCursor = encodeSignedCursor('tag:forged', { t: 8.64e15, i: '1' });
    expect((await tagPage(t, 'forged', {}, tagCursor)).statusCode).toBe(200);
  });

  it('refuses a cursor from another query or another list (it would page somewhere else)', async () => {
    const ann = await newUser();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 1; i += 1) {
      await createdPost(t, ann.headers, `capybara cursor ${i} #capybara`);
    }
    const first = await posts('capybara');
    expect(first.nextCursor).not.toBeNull();
    const cursor = first.nextCursor ?? '';
    expect((await search(t, { q: 'capybara', cursor })).statusCode).toBe(200);
    for (const params of [
      { q: 'cursor', cursor },
      { q: 'capybara', type: 'users', cursor },
    ]) {
      const res = await search(t, params);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid_cursor');
    }
    const tagRes = await tagPage(t, 'capybara', {}, cursor);
    expect(errorOf(tagRes).code).toBe('invalid_cursor');
    // A cursor edited by hand.
    const edited = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    expect(errorOf(await search(t, { q: 'capybara', cursor: edited })).code).toBe('invalid_cursor');
  });
});
