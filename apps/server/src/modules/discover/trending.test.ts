import { randomBytes } from 'node:crypto';
import {
  feedPageSchema,
  TAG_MAX_LENGTH,
  TOP_CREATORS_LIMIT,
  topCreatorsSchema,
  TRENDING_PAGE_SIZE,
  trendingPageSchema,
  trendingTagsSchema,
  type FeedItem,
  type TrendingPage,
} from '@dum/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { addedComment, createdPost, engage, errorOf, type SignedIn } from '../feed/test-kit.ts';
import { uploadedPng } from '../media/test-kit.ts';
import { block, followed } from '../people/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import { refreshDiscover } from './refresh.ts';
import {
  allPages,
  refreshed,
  search,
  tagPage,
  topCreators,
  trending,
  trendingTags,
} from './test-kit.ts';

const HOUR = 3600_000;

describe.each(testDatabaseKinds())('trending, tags and creators on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts from a clean slate: no posts, no ledger, a week after the last test.
  beforeEach(async () => {
    users = [];
    await advance(8 * 24 * HOUR);
    await t.ctx.database.pool.query('delete from messages');
    await refreshed(t);
  });

  let users: SignedIn[] = [];
  async function newUser(): Promise<SignedIn> {
    const user = await createSignedInUser(t.ctx);
    users.push(user);
    return user;
  }

  /** Moves the clock, and signs everyone in again (access tokens last 15 minutes). */
  async function advance(ms: number): Promise<void> {
    t.clock.advance(ms);
    for (const user of users) {
      user.headers = (await createSignedInUser(t.ctx, user.user.solAddress)).headers;
    }
  }

  async function liked(user: SignedIn, postId: string): Promise<void> {
    const res = await engage(t, user.headers, postId, 'like');
    expect(res.json()).toEqual({ toggled: 'on' });
  }

  async function trendingPage(headers: Record<string, string> = {}): Promise<TrendingPage> {
    const res = await trending(t, headers);
    expect(res.statusCode, res.body).toBe(200);
    return trendingPageSchema.parse(res.json());
  }

  const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

  /**
   * A direct vault support recorded as the vaults slice records one once its transfer is
   * verified on chain (record_vault_support, then the sequencer): the transfer itself is the
   * vaults tests' subject, not this one's.
   */
  async function supported(supporter: SignedIn, vaultId: string, lamports: bigint) {
    await t.ctx.database.pool.query('select record_vault_support($1, $2, $3, $4, $5, $6)', [
      vaultId,
      supporter.user.id,
      randomBytes(32).toString('hex'),
      lamports.toString(),
      1,
      t.clock.now(),
    ]);
    await t.ctx.emissions.settle();
  }

  it('scores engagement of the last 24 hours with a 6-hour half-life, highest first', async () => {
    const [author, a, b, c] = [await newUser(), await newUser(), await newUser(), await newUser()];
    const older = await createdPost(t, author.headers, 'liked early');
    for (const fan of [a, b, c]) await liked(fan, older.id);
    // The author's own like and comment count for nothing.
    await liked(author, older.id);
    await addedComment(t, author.headers, older.id, 'my own');
    const quiet = await createdPost(t, author.headers, 'nobody cares');

    await advance(6 * HOUR);
    const newer = await createdPost(t, author.headers, 'liked later');
    await liked(a, newer.id);
    // Two comments by one person count once, as their latest; a comment weighs 2.
    t.clock.advance(-1000);
    await addedComment(t, b.headers, newer.id, 'first');
    t.clock.advance(1000);
    await addedComment(t, b.headers, newer.id, 'second');

    expect(await refreshed(t)).toMatchObject({ refreshed: true, posts: 2 });
    const page = await trendingPage();
    // 1 like + 1 commenter now: 3; three likes six hours ago: 3 × 0.5 = 1.5.
    expect(ids(page)).toEqual([newer.id, older.id]);
    expect(page.items[0]?.score).toBeCloseTo(3, 9);
    expect(page.items[1]?.score).toBeCloseTo(1.5, 9);
    expect(ids(page)).not.toContain(quiet.id);
    expect(page.nextCursor).toBeNull();
    // Feed items, with the viewer's own state.
    expect(page.items[0]).toMatchObject({ body: 'liked later', likeCount: 1, commentCount: 2 });
    const asFan = await trendingPage(a.headers);
    expect(asFan.items.map((item) => item.liked)).toEqual([true, true]);

    // Six hours on, both halve: the order stands until new engagement comes.
    await advance(6 * HOUR);
    await refreshed(t);
    const later = await trendingPage();
    expect(later.items.map((item) => item.score)).toEqual([
      expect.closeTo(1.5, 9),
      expect.closeTo(0.75, 9),
    ]);
    await liked(await newUser(), later.items[1]?.id ?? '');
    await refreshed(t);
    // The older post's fresh like (1) lifts it over the newer post's aged engagement.
    expect((await trendingPage()).items.map((item) => [item.id, item.score])).toEqual([
      [older.id, expect.closeTo(1.75, 9)],
      [newer.id, expect.closeTo(1.5, 9)],
    ]);

    // A request reads what the job stored: nothing changes until it runs again.
    await liked(author, quiet.id);
    await liked(a, quiet.id);
    expect(ids(await trendingPage())).not.toContain(quiet.id);

    // Past 24 hours the early post has expired; the later one's engagement is 18 hours old.
    await advance(12 * HOUR);
    await refreshed(t);
    expect((await trendingPage()).items.map((item) => [item.id, item.score])).toEqual([
      [newer.id, expect.closeTo(3 * 0.5 ** 3, 9)],
    ]);
  });

  it('counts only the last 24 hours of engagement, and leaves out expired posts before the deletion job', async () => {
    const [author, fan] = [await newUser(), await newUser()];
    const vault = await createdVaultPost(t, author.headers, '0.1', { body: 'kept for good' });
    await liked(fan, vault.id);
    const free = await createdPost(t, author.headers, 'gone tomorrow');
    await liked(fan, free.id);
    await refreshed(t);
    expect(ids(await trendingPage())).toEqual([free.id, vault.id].sort((x, y) => (x < y ? 1 : -1)));

    // Refreshed an hour before the free post expires, read just after: it is left out.
    await advance(23 * HOUR);
    await refreshed(t);
    expect(ids(await trendingPage())).toHaveLength(2);
    await advance(HOUR);
    expect(ids(await trendingPage())).toEqual([vault.id]);

    // The like on the vault post is more than 24 hours old now: not trending any more.
    t.clock.advance(1);
    await refreshed(t);
    expect((await trendingPage()).items).toEqual([]);
  });

  it('weighs a vault support 3, once per supporter, and keeps a locked vault’s media withheld', async () => {
    const [creator, fan, other] = [await newUser(), await newUser(), await newUser()];
    const { mediaUrl } = await uploadedPng(t, creator.headers, 'secret.png', {
      width: 8,
      height: 8,
    });
    const vault = await createdVaultPost(t, creator.headers, '1', {
      body: 'a secret stash #stash',
      imageUrl: mediaUrl,
      altText: 'what the stash holds',
    });
    await supported(fan, vault.vault.id, 1000n);
    await supported(fan, vault.vault.id, 2000n);
    await liked(other, vault.id);
    await refreshed(t);

    const withheld = { imageUrl: null, altText: null, audioUrl: null, locked: true };
    const anonymous = await trendingPage();
    // Two supports by one supporter count once (3), with a like (1).
    expect(anonymous.items).toHaveLength(1);
    expect(anonymous.items[0]).toMatchObject({ id: vault.id, ...withheld });
    expect(anonymous.items[0]?.score).toBeCloseTo(4, 9);
    expect((await trendingPage(fan.headers)).items[0]).toMatchObject(withheld);
    // The creator alone gets the media, through its key.
    const own = await trendingPage(creator.headers);
    expect(own.items[0]?.imageUrl).toMatch(new RegExp(`^${mediaUrl}\\?key=`));
    expect(own.items[0]).toMatchObject({ locked: false, altText: 'what the stash holds' });

    // The same in search and on the tag's page.
    const found = (await search(t, { q: 'secret stash' }, fan.headers)).json<{
      items: FeedItem[];
    }>();
    expect(found.items).toEqual([expect.objectContaining({ id: vault.id, ...withheld })]);
    const tagged = feedPageSchema.parse((await tagPage(t, 'stash')).json());
    expect(tagged.items).toEqual([expect.objectContaining({ id: vault.id, ...withheld })]);
    const ownTagged = feedPageSchema.parse((await tagPage(t, 'stash', creator.headers)).json());
    expect(ownTagged.items[0]?.imageUrl).toMatch(new RegExp(`^${mediaUrl}\\?key=`));
  });

  it('pages through trending posts by score without repeating or missing one', async () => {
    const author = await newUser();
    const fans = [await newUser(), await newUser(), await newUser()];
    const made: FeedItem[] = [];
    for (let i = 0; i < TRENDING_PAGE_SIZE + 4; i += 1) {
      const post = await createdPost(t, author.headers, `post ${i}`);
      // Equal scores in threes: the id breaks the tie.
      for (const fan of fans.slice(0, (i % 3) + 1)) await liked(fan, post.id);
      made.push(post);
    }
    await refreshed(t);
    const { pages, items } = await allPages<TrendingPage>((cursor) => trending(t, {}, cursor));
    expect(pages).toHaveLength(2);
    const expected = made
      .map((post, i) => ({ id: post.id, score: (i % 3) + 1 }))
      .sort((x, y) => y.score - x.score || Number(BigInt(y.id) - BigInt(x.id)));
    expect(items.map((item) => item.id)).toEqual(expected.map((entry) => entry.id));
    expect(items.map((item) => item.score)).toEqual(expected.map((entry) => entry.score));

    for (const cursor of ['nope', 'x'.repeat(401)]) {
      const res = await trending(t, {}, cursor);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe(cursor === 'nope' ? 'invalid_cursor' : 'validation_failed');
    }
    // A tag page's cursor is not a trending cursor.
    for (let i = 0; i < TRENDING_PAGE_SIZE + 1; i += 1) {
      await createdPost(t, author.headers, `#cursors ${i}`);
    }
    const tagCursor = feedPageSchema.parse((await tagPage(t, 'cursors')).json()).nextCursor;
    expect(tagCursor).not.toBeNull();
    expect(errorOf(await trending(t, {}, tagCursor ?? '')).code).toBe('invalid_cursor');
    const extra = await t.app.inject({ url: '/api/discover/trending?limit=5' });
    expect(errorOf(extra).code).toBe('unknown_query_parameter');
  });

  it('is the same, right answer when the job runs on two instances at once', async () => {
    const [author, a, b] = [await newUser(), await newUser(), await newUser()];
    const first = await createdPost(t, author.headers, 'one #together');
    const second = await createdPost(t, author.headers, 'two #together #again');
    await liked(a, first.id);
    await liked(b, first.id);
    await liked(a, second.id);
    await addedComment(t, b.headers, second.id, 'hi');

    const snapshot = async () => {
      const { rows } = await t.ctx.database.pool.query<{ table: string; rows: string }>(
        `select 'posts' as table, coalesce(string_agg(post_id || '=' || score, ',' order by post_id), '') as rows
           from discover_trending_posts
         union all
         select 'tags', coalesce(string_agg(tag || '=' || post_count, ',' order by tag), '')
           from discover_trending_tags
         union all
         select 'creators', coalesce(string_agg(user_id || '=' || dum_earned, ',' order by user_id), '')
           from discover_top_creators`,
      );
      return rows;
    };

    // While another run holds the lock, a run does nothing and says so.
    if (kind === 'postgres') {
      const holder = await t.ctx.database.pool.connect();
      try {
        await holder.query('begin');
        await holder.query(
          `select pg_advisory_xact_lock(hashtextextended('dum:discover-refresh', 0))`,
        );
        expect(await refreshDiscover(t.ctx.database, t.clock.now())).toEqual({
          refreshed: false,
        });
      } finally {
        await holder.query('rollback');
        holder.release();
      }
    }

    const runs = await Promise.all([
      refreshDiscover(t.ctx.database, t.clock.now()),
      refreshDiscover(t.ctx.database, t.clock.now()),
      refreshDiscover(t.ctx.database, t.clock.now()),
    ]);
    expect(runs.some((run) => run.refreshed)).toBe(true);
    const together = await snapshot();
    await refreshed(t);
    expect(await snapshot()).toEqual(together);
    expect(ids(await trendingPage())).toEqual([second.id, first.id]);
    expect((await trendingTags(t)).items).toEqual([
      { tag: 'together', postCount: 2 },
      { tag: 'again', postCount: 1 },
    ]);
    expect((await topCreators(t)).items.map((creator) => creator.id)).toEqual([author.user.id]);
  });

  it('stores a post’s hashtags lower-cased, once each, and lists a tag’s live posts newest first', async () => {
    const author = await newUser();
    const post = await createdPost(
      t,
      author.headers,
      'Hello #Dum and #dum, #Club_2! not#this, #ünïcode and ##twice #x' + 'y'.repeat(60),
    );
    const { rows } = await t.ctx.database.pool.query<{ tags: string[] }>(
      'select tags from messages where id = $1',
      [post.id],
    );
    expect(rows[0]?.tags).toEqual(['dum', 'club_2', 'ünïcode', 'twice', `x${'y'.repeat(49)}`]);

    const made: FeedItem[] = [post];
    for (let i = 0; i < TRENDING_PAGE_SIZE + 2; i += 1) {
      t.clock.advance(1000);
      made.push(await createdPost(t, author.headers, `more #DUM ${i}`));
    }
    await createdPost(t, author.headers, 'dum without its hash');
    const { pages, items } = await allPages((cursor) => tagPage(t, 'DuM', {}, cursor));
    expect(pages).toHaveLength(2);
    expect(items.map((item) => item.id)).toEqual(made.map((item) => item.id).reverse());
    expect(ids(feedPageSchema.parse((await tagPage(t, 'ÜNÏCODE')).json()))).toEqual([post.id]);
    expect((await tagPage(t, 'nothing_here')).json()).toEqual({ items: [], nextCursor: null });

    for (const bad of ['#dum', 'a-b', 'two words', 'x'.repeat(TAG_MAX_LENGTH + 1), '%']) {
      const res = await tagPage(t, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).code, bad).toBe('validation_failed');
    }
    const res = await tagPage(t, 'dum', {}, 'garbage');
    expect(errorOf(res).code).toBe('invalid_cursor');
    // A cursor of one tag is not one of another.
    const cursor = feedPageSchema.parse((await tagPage(t, 'dum')).json()).nextCursor ?? '';
    expect(errorOf(await tagPage(t, 'club_2', {}, cursor)).code).toBe('invalid_cursor');
  });

  it('lists the tags of the last 24 hours’ live posts by post count', async () => {
    const [ann, ben] = [await newUser(), await newUser()];
    const kept = await createdVaultPost(t, ann.headers, '0.1', { body: 'old vault #old' });
    await advance(2 * HOUR);
    await createdPost(t, ann.headers, '#alpha #beta');
    await createdPost(t, ben.headers, '#Alpha again');
    await createdPost(t, ben.headers, '#alpha #beta #gamma');
    await refreshed(t);
    const tags = trendingTagsSchema.parse(await trendingTags(t));
    expect(tags.items).toEqual([
      { tag: 'alpha', postCount: 3 },
      { tag: 'beta', postCount: 2 },
      { tag: 'gamma', postCount: 1 },
      { tag: 'old', postCount: 1 },
    ]);

    // 23 hours on the vault post is older than the window; the free posts are still live.
    await advance(23 * HOUR);
    await refreshed(t);
    expect((await trendingTags(t)).items.map((entry) => entry.tag)).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
    // Once they expire (the deletion job has not run), nothing is left.
    await advance(2 * HOUR);
    await refreshed(t);
    expect((await trendingTags(t)).items).toEqual([]);
    expect(ids(feedPageSchema.parse((await tagPage(t, 'old')).json()))).toEqual([kept.id]);
    expect(errorOf(await t.app.inject({ url: '/api/discover/tags?x=1' })).code).toBe(
      'unknown_query_parameter',
    );
  });

  it('ranks the week’s creators by the DUM engagement with their posts minted', async () => {
    const [ann, ben, cat, dan] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    const annPost = await createdPost(t, ann.headers, 'ann writes');
    const benPost = await createdPost(t, ben.headers, 'ben writes');
    await liked(cat, annPost.id);
    await addedComment(t, cat.headers, annPost.id, 'nice');
    await liked(dan, annPost.id);
    await liked(cat, benPost.id);
    const vault = await createdVaultPost(t, ben.headers, '1', { body: 'ben locks' });
    await supported(dan, vault.vault.id, 5000n);

    const earned = async (userId: string) => {
      const { rows } = await t.ctx.database.pool.query<{ n: string }>(
        `select coalesce(sum(l.amount), 0)::text as n from emission_ledger l
         where l.subject_id = $1
            or (l.kind = 'vault_supported' and l.reference in (
              select s.signature from vault_supports s join vaults v on v.id = s.vault_id
              where v.creator_id = $1))`,
        [userId],
      );
      return rows[0]?.n ?? '0';
    };
    const annEarned = await earned(ann.user.id);
    const benEarned = await earned(ben.user.id);
    expect(BigInt(annEarned)).toBeGreaterThan(0n);
    expect(BigInt(benEarned)).toBeGreaterThan(0n);

    await refreshed(t);
    const creators = topCreatorsSchema.parse(await topCreators(t));
    const expected = [
      { id: ann.user.id, dumEarned: annEarned },
      { id: ben.user.id, dumEarned: benEarned },
    ].sort((x, y) => (BigInt(y.dumEarned) > BigInt(x.dumEarned) ? 1 : -1));
    expect(creators.items.map(({ id, dumEarned }) => ({ id, dumEarned }))).toEqual(expected);
    expect(creators.items.length).toBeLessThanOrEqual(TOP_CREATORS_LIMIT);
    expect(creators.items[0]).not.toHaveProperty('isFollowing');
    expect(creators.items[0]).toMatchObject({ followerCount: 0, bio: null });

    // Signed in: whom the viewer follows; nobody with a block between them.
    await followed(t, cat.headers, ann.user.solAddress);
    const asCat = await topCreators(t, cat.headers);
    expect(asCat.items.find((item) => item.id === ann.user.id)).toMatchObject({
      isFollowing: true,
      followerCount: 1,
    });
    expect(asCat.items.find((item) => item.id === ben.user.id)).toMatchObject({
      isFollowing: false,
    });
    expect((await block(t, ben.headers, cat.user.solAddress)).statusCode).toBe(200);
    expect((await topCreators(t, cat.headers)).items.map((item) => item.id)).toEqual([ann.user.id]);
    expect((await topCreators(t, ben.headers)).items.map((item) => item.id)).toEqual(
      expected.map((entry) => entry.id),
    );

    // A week on, that engagement is out of the window.
    await advance(7 * 24 * HOUR);
    await refreshed(t);
    expect((await topCreators(t)).items).toEqual([]);
  });

  it('hides trending posts of wallets with a block between them and the viewer', async () => {
    const [ann, ben, cat] = [await newUser(), await newUser(), await newUser()];
    const annPost = await createdPost(t, ann.headers, 'by ann');
    const benPost = await createdPost(t, ben.headers, 'by ben');
    await liked(cat, annPost.id);
    await liked(cat, benPost.id);
    await refreshed(t);
    expect(ids(await trendingPage())).toHaveLength(2);
    expect((await block(t, ann.headers, ben.user.solAddress)).statusCode).toBe(200);
    expect(ids(await trendingPage(ann.headers))).toEqual([annPost.id]);
    expect(ids(await trendingPage(ben.headers))).toEqual([benPost.id]);
    expect(ids(await trendingPage(cat.headers))).toHaveLength(2);
  });
});
