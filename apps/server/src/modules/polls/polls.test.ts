import {
  feedItemSchema,
  FREE_POST_TTL_MS,
  pollVoteResponseSchema,
  type FeedItem,
  type FeedPageResponse,
  type Poll,
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
import {
  countRows,
  createdPost,
  createPost,
  engage,
  errorOf,
  feedPage,
  type Headers,
  type SignedIn,
} from '../feed/test-kit.ts';
import { runFeedCleanup } from '../feed/index.ts';
import { block, followed } from '../people/test-kit.ts';
import { notifyEndedPolls } from './index.ts';

const HOUR = 60 * 60 * 1000;

type Events = Array<Extract<BusMessage, { kind: 'event' }>>;

function listen(t: TestApp): { events: Events; stop: () => void } {
  const events: Events = [];
  const stop = t.ctx.bus.subscribe((message) => {
    if (message.kind === 'event') events.push(message);
  });
  return { events, stop };
}

const jobDeps = (app: TestApp) => ({
  pool: app.ctx.database.pool,
  clock: app.clock,
  bus: app.ctx.bus,
  logger: app.ctx.logger,
});

describe.each(testDatabaseKinds())('polls on %s', (kind) => {
  let t: TestApp;
  /** A second instance of the same deployment (same database), for the ending job's race. */
  let t2: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;

  const vote = (id: string, headers: Headers, option: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/api/messages/${id}/poll/vote`,
      headers,
      payload: { option },
    });
  const voted = async (id: string, headers: Headers, option: number): Promise<Poll> => {
    const res = await vote(id, headers, option);
    if (res.statusCode !== 200) throw new Error(`vote failed: ${res.statusCode} ${res.body}`);
    return pollVoteResponseSchema.parse(res.json()).poll;
  };
  const getPost = async (id: string, headers: Headers = {}): Promise<FeedItem> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/messages/${id}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return feedItemSchema.parse(res.json());
  };
  const pollInFeed = async (
    id: string,
    headers: Headers = {},
  ): Promise<Poll | null | undefined> => {
    const page = (await feedPage(t, 'limit=50', headers)).json<FeedPageResponse>();
    return page.items.find((item) => item.id === id)?.poll;
  };
  const pollPost = (headers: Headers, options: string[] = ['Tea', 'Coffee'], hours = 24) =>
    createdPost(t, headers, 'Which one?', { poll: { options, durationHours: hours } });
  const counts = async (id: string): Promise<number[]> => {
    const { rows } = await t.ctx.database.pool.query<{ vote_counts: number[] }>(
      'select vote_counts from polls where message_id = $1',
      [id],
    );
    return rows[0]?.vote_counts ?? [];
  };
  /** Fresh access tokens at the clock's new time (the old ones expire). */
  const refresh = async () => {
    const fresh = (who: SignedIn) => createSignedInUser(t.ctx, who.user.solAddress);
    alice = await fresh(alice);
    bob = await fresh(bob);
    carol = await fresh(carol);
    dave = await fresh(dave);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    t2 = await createTestApp(kind, NO_WRITE_LIMITS, { database: t.ctx.database });
    alice = await createSignedInUser(t.ctx);
    bob = await createSignedInUser(t.ctx);
    carol = await createSignedInUser(t.ctx);
    dave = await createSignedInUser(t.ctx);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  describe('creation', () => {
    it('refuses bad polls with a catalogue error and writes nothing', async () => {
      const posts = await countRows(t, 'select count(*) as n from messages');
      const bad: Array<[unknown, string]> = [
        [{ options: ['Only one'], durationHours: 24 }, 'validation_failed'],
        [{ options: ['a', 'b', 'c', 'd', 'e'], durationHours: 24 }, 'validation_failed'],
        [{ options: ['Tea', '   '], durationHours: 24 }, 'invalid_poll'],
        [{ options: ['Tea', 'x'.repeat(51)], durationHours: 24 }, 'invalid_poll'],
        [{ options: ['Tea', ' tea '], durationHours: 24 }, 'invalid_poll'],
        [{ options: ['Tea', 'Coffee'], durationHours: 0 }, 'validation_failed'],
        [{ options: ['Tea', 'Coffee'], durationHours: 169 }, 'validation_failed'],
        [{ options: ['Tea', 'Coffee'], durationHours: 1.5 }, 'validation_failed'],
        [{ options: ['Tea', 'Coffee'] }, 'validation_failed'],
        [{ options: 'Tea,Coffee', durationHours: 2 }, 'validation_failed'],
      ];
      for (const [poll, code] of bad) {
        const res = await createPost(t, alice.headers, { body: 'Q?', kind: 'public', poll });
        expect(res.statusCode, JSON.stringify(poll)).toBe(400);
        expect(errorOf(res).code, JSON.stringify(poll)).toBe(code);
      }
      // A blank option names its place.
      const blank = await createPost(t, alice.headers, {
        body: 'Q?',
        kind: 'public',
        poll: { options: ['Tea', ' '], durationHours: 2 },
      });
      expect(blank.json()).toMatchObject({
        error: { details: [{ path: 'poll.options.1', message: 'must not be blank' }] },
      });
      // A time capsule or a vault post carries no poll.
      const capsule = await createPost(t, alice.headers, {
        body: 'Q?',
        kind: 'capsule',
        unlockAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
        poll: { options: ['Tea', 'Coffee'], durationHours: 2 },
      });
      expect(capsule.statusCode).toBe(400);
      expect(capsule.json()).toMatchObject({
        error: { code: 'validation_failed', details: [{ path: 'poll' }] },
      });
      const vault = await createPost(t, alice.headers, {
        body: 'Q?',
        kind: 'vault',
        targetAmount: '0.1',
        poll: { options: ['Tea', 'Coffee'], durationHours: 2 },
      });
      expect(vault.statusCode).toBe(400);
      expect(errorOf(vault).code).toBe('validation_failed');
      expect(await countRows(t, 'select count(*) as n from messages')).toBe(posts);
      expect(await countRows(t, 'select count(*) as n from polls')).toBe(0);
    });

    it('writes the poll with its post: options trimmed, no counts shown before a vote', async () => {
      const post = await pollPost(alice.headers, ['  Tea ', 'Coffee', 'x'.repeat(50) + '  '], 6);
      expect(post.poll).toEqual({
        options: [
          { text: 'Tea', votes: null },
          { text: 'Coffee', votes: null },
          { text: 'x'.repeat(50), votes: null },
        ],
        totalVotes: null,
        endsAt: new Date(t.clock.now().getTime() + 6 * HOUR).toISOString(),
        ended: false,
        viewerVote: null,
      });
      expect(await counts(post.id)).toEqual([0, 0, 0]);
      // A post without a poll has none.
      expect((await createdPost(t, alice.headers, 'plain')).poll).toBeNull();
    });

    it('ends a poll on a free post no later than the post expires', async () => {
      const post = await pollPost(alice.headers, ['Yes', 'No'], 168);
      expect(post.poll?.endsAt).toBe(post.expiresAt);
      expect(Date.parse(post.expiresAt!) - t.clock.now().getTime()).toBe(FREE_POST_TTL_MS);
    });
  });

  describe('voting', () => {
    it('takes one final vote per wallet and answers the counts', async () => {
      const post = await pollPost(alice.headers);
      const poll = await voted(post.id, bob.headers, 1);
      expect(poll).toMatchObject({
        options: [
          { text: 'Tea', votes: 0 },
          { text: 'Coffee', votes: 1 },
        ],
        totalVotes: 1,
        ended: false,
        viewerVote: 1,
      });
      // A second vote, for the same option or another: 409, nothing changed.
      for (const option of [0, 1]) {
        const again = await vote(post.id, bob.headers, option);
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).code).toBe('poll_already_voted');
      }
      expect(await counts(post.id)).toEqual([0, 1]);
      expect(
        await countRows(t, 'select count(*) as n from poll_votes where message_id = $1', [post.id]),
      ).toBe(1);
    });

    it('refuses options out of range, posts without a poll, and anonymous votes', async () => {
      const post = await pollPost(alice.headers);
      const outOfPoll = await vote(post.id, bob.headers, 2);
      expect(outOfPoll.statusCode).toBe(400);
      expect(errorOf(outOfPoll).code).toBe('invalid_poll_option');
      for (const option of [4, -1, 1.5, '1', null]) {
        const res = await vote(post.id, bob.headers, option);
        expect(res.statusCode, String(option)).toBe(400);
        expect(errorOf(res).code).toBe('validation_failed');
      }
      const plain = await createdPost(t, alice.headers, 'no poll here');
      const noPoll = await vote(plain.id, bob.headers, 0);
      expect(noPoll.statusCode).toBe(404);
      expect(errorOf(noPoll).code).toBe('poll_not_found');
      expect((await vote('999999999', bob.headers, 0)).statusCode).toBe(404);
      expect(errorOf(await vote('abc', bob.headers, 0)).code).toBe('validation_failed');
      const anonymous = await vote(post.id, {}, 0);
      expect(anonymous.statusCode).toBe(401);
      expect(await counts(post.id)).toEqual([0, 0]);
      expect(
        await countRows(t, 'select count(*) as n from poll_votes where message_id = $1', [post.id]),
      ).toBe(0);
    });

    it('hides the counts from a viewer who has not voted, in the post, the feed and signed out', async () => {
      const post = await pollPost(alice.headers, ['Red', 'Blue']);
      await voted(post.id, bob.headers, 0);
      const hidden = {
        options: [
          { text: 'Red', votes: null },
          { text: 'Blue', votes: null },
        ],
        totalVotes: null,
        viewerVote: null,
      };
      expect((await getPost(post.id, carol.headers)).poll).toMatchObject(hidden);
      expect((await getPost(post.id)).poll).toMatchObject(hidden);
      // The author too sees them only once they vote.
      expect((await getPost(post.id, alice.headers)).poll).toMatchObject(hidden);
      // Twice each: the second read may come from the shared page caches.
      for (let i = 0; i < 2; i++) {
        expect(await pollInFeed(post.id, carol.headers)).toMatchObject(hidden);
        expect(await pollInFeed(post.id)).toMatchObject(hidden);
        expect(await pollInFeed(post.id, bob.headers)).toMatchObject({
          options: [
            { text: 'Red', votes: 1 },
            { text: 'Blue', votes: 0 },
          ],
          totalVotes: 1,
          viewerVote: 0,
        });
      }
      // Carol votes: her next read shows the counts, her vote included.
      await voted(post.id, carol.headers, 1);
      expect(await pollInFeed(post.id, carol.headers)).toMatchObject({
        totalVotes: 2,
        viewerVote: 1,
      });
      expect((await getPost(post.id, carol.headers)).poll?.totalVotes).toBe(2);
    });

    it("shows the viewer's own view in Following and a wallet's posts, read after read", async () => {
      await followed(t, dave.headers, alice.user.solAddress);
      const post = await pollPost(alice.headers, ['North', 'South']);
      const page = async (url: string, headers: Headers) => {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        return res.json<FeedPageResponse>().items.find((item) => item.id === post.id)?.poll;
      };
      const following = '/api/messages-v2/feed?scope=following&limit=20';
      const theirs = `/api/users/${alice.user.solAddress}/posts`;
      // Twice: the second Following first page may come from the held rows.
      for (let i = 0; i < 2; i++) {
        expect((await page(following, dave.headers))?.totalVotes).toBeNull();
        expect((await page(theirs, dave.headers))?.totalVotes).toBeNull();
      }
      await voted(post.id, dave.headers, 1);
      for (let i = 0; i < 2; i++) {
        expect(await page(following, dave.headers)).toMatchObject({ totalVotes: 1, viewerVote: 1 });
        expect(await page(theirs, dave.headers)).toMatchObject({ totalVotes: 1, viewerVote: 1 });
        expect((await page(theirs, {}))?.totalVotes).toBeNull();
      }
    });

    it('counts exactly under concurrent votes from many wallets', async () => {
      const post = await pollPost(alice.headers, ['A', 'B', 'C', 'D']);
      const voters = await Promise.all(Array.from({ length: 24 }, () => createSignedInUser(t.ctx)));
      // Each wallet sends its vote twice at once: one lands, the other is refused.
      const results = await Promise.all(
        voters.flatMap((voter, i) => [
          vote(post.id, voter.headers, i % 4),
          vote(post.id, voter.headers, (i + 1) % 4),
        ]),
      );
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(24);
      expect(statuses.filter((s) => s === 409)).toHaveLength(24);
      const stored = await counts(post.id);
      expect(stored.reduce((a, b) => a + b, 0)).toBe(24);
      const byOption = await t.ctx.database.pool.query<{ option: number; n: string }>(
        'select option, count(*) as n from poll_votes where message_id = $1 group by option order by option',
        [post.id],
      );
      expect(byOption.rows.map((row) => Number(row.n))).toEqual(stored);
    });

    it('refuses a wallet the author blocked, and hides the poll from one who blocked the author', async () => {
      const post = await pollPost(alice.headers);
      expect((await block(t, alice.headers, dave.user.solAddress)).statusCode).toBe(200);
      const blocked = await vote(post.id, dave.headers, 0);
      expect(blocked.statusCode).toBe(403);
      expect(errorOf(blocked).code).toBe('blocked');
      expect((await block(t, alice.headers, dave.user.solAddress, false)).statusCode).toBe(200);
      expect((await block(t, carol.headers, alice.user.solAddress)).statusCode).toBe(200);
      const hidden = await vote(post.id, carol.headers, 0);
      expect(hidden.statusCode).toBe(404);
      expect(errorOf(hidden).code).toBe('poll_not_found');
      expect((await block(t, carol.headers, alice.user.solAddress, false)).statusCode).toBe(200);
      expect(await counts(post.id)).toEqual([0, 0]);
    });

    it("rewards a vote on someone else's poll once, and one on your own poll not at all", async () => {
      const post = await pollPost(alice.headers);
      await voted(post.id, bob.headers, 0);
      await voted(post.id, alice.headers, 1);
      const ledger = await t.ctx.database.pool.query<{
        recipient_id: string;
        subject_id: string | null;
      }>(
        `select recipient_id, subject_id from emission_ledger
          where kind = 'poll_voted' and reference = $1`,
        [post.id],
      );
      expect(ledger.rows).toEqual([{ recipient_id: bob.user.id, subject_id: alice.user.id }]);
      expect(await counts(post.id)).toEqual([1, 1]);
    });
  });

  describe('rewards', () => {
    it('pays votes under the per-pair daily cap they share with likes (3 a day)', async () => {
      const erin = await createSignedInUser(t.ctx);
      const frank = await createSignedInUser(t.ctx);
      const liked = await createdPost(t, erin.headers, 'like me');
      expect((await engage(t, frank.headers, liked.id, 'like')).statusCode).toBe(200);
      const polls = [
        await pollPost(erin.headers),
        await pollPost(erin.headers),
        await pollPost(erin.headers),
      ];
      // One at a time: each vote's batch is sequenced before the next (the cap's tally is read
      // from the ledger, not only within a batch).
      for (const poll of polls) await voted(poll.id, frank.headers, 0);
      const ledger = await t.ctx.database.pool.query<{ reference: string; paid: boolean }>(
        `select reference, event_index is not null as paid from emission_ledger
          where kind = 'poll_voted' and recipient_id = $1 order by id`,
        [frank.user.id],
      );
      expect(ledger.rows).toEqual(polls.map((poll, i) => ({ reference: poll.id, paid: i < 2 })));
    });
  });

  describe('ending', () => {
    it('refuses votes once ended and shows the counts to everyone', async () => {
      await t.ctx.database.pool.query('delete from polls');
      const post = await pollPost(alice.headers, ['Up', 'Down'], 1);
      await voted(post.id, bob.headers, 0);
      // Signed out, the page (and its cache) shows no counts while it runs.
      expect((await pollInFeed(post.id))?.totalVotes).toBeNull();
      t.clock.advance(HOUR);
      t2.clock.advance(HOUR);
      await refresh();
      const late = await vote(post.id, carol.headers, 1);
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).code).toBe('poll_ended');
      const ended = {
        options: [
          { text: 'Up', votes: 1 },
          { text: 'Down', votes: 0 },
        ],
        totalVotes: 1,
        ended: true,
      };
      expect(await pollInFeed(post.id)).toMatchObject(ended);
      expect(await pollInFeed(post.id, carol.headers)).toMatchObject({
        ...ended,
        viewerVote: null,
      });
      expect((await getPost(post.id)).poll).toMatchObject(ended);
      expect(await counts(post.id)).toEqual([1, 0]);
    });

    it('tells the author once, even with two instances running the job at once', async () => {
      const other = await pollPost(carol.headers, ['One', 'Two'], 1);
      await voted(other.id, bob.headers, 1);
      await voted(other.id, dave.headers, 1);
      const running = await pollPost(carol.headers, ['Later', 'Never'], 4);
      t.clock.advance(HOUR);
      t2.clock.advance(HOUR);
      const one = listen(t);
      const two = listen(t2);
      const results = await Promise.all([
        notifyEndedPolls(jobDeps(t), t.clock.now()),
        notifyEndedPolls(jobDeps(t2), t2.clock.now()),
        notifyEndedPolls(jobDeps(t), t.clock.now()),
        notifyEndedPolls(jobDeps(t2), t2.clock.now()),
      ]);
      one.stop();
      two.stop();
      // Alice's one-hour poll (the test before) and carol's.
      expect(results.reduce((sum, r) => sum + r.notified, 0)).toBe(2);
      const ended = [...one.events, ...two.events].filter((e) => e.event.type === 'poll_ended');
      const carols = ended.filter(
        (e) => e.event.type === 'poll_ended' && e.event.data.postId === other.id,
      );
      expect(carols).toHaveLength(1);
      expect(carols[0]!.event.data).toEqual({ postId: other.id, totalVotes: 2 });
      expect(carols[0]!.audience).toEqual({ kind: 'users', userIds: [carol.user.id] });
      expect(
        ended.some((e) => e.event.type === 'poll_ended' && e.event.data.postId === running.id),
      ).toBe(false);
      expect((await notifyEndedPolls(jobDeps(t), t.clock.now())).notified).toBe(0);
    });

    it('after a restart, tells the authors of polls that ended while it was down', async () => {
      await refresh();
      const post = await pollPost(bob.headers, ['Left', 'Right'], 2);
      await t2.close();
      t.clock.advance(3 * HOUR);
      // The restarted instance: a new app on the same database, its job's first run.
      t2 = await createTestApp(kind, NO_WRITE_LIMITS, { database: t.ctx.database });
      t2.clock.advance(t.clock.now().getTime() - t2.clock.now().getTime());
      const heard = listen(t2);
      const result = await notifyEndedPolls(jobDeps(t2), t2.clock.now());
      heard.stop();
      // Bob's poll, and carol's four-hour one that ended meanwhile.
      expect(result.notified).toBe(2);
      const ids = heard.events.flatMap((e) =>
        e.event.type === 'poll_ended' ? [e.event.data.postId] : [],
      );
      expect(ids).toContain(post.id);
      expect((await notifyEndedPolls(jobDeps(t2), t2.clock.now())).notified).toBe(0);
    });

    it("keeps a signed-out page no longer than its first running poll's end", async () => {
      await refresh();
      const post = await pollPost(alice.headers, ['Soon', 'Later'], 1);
      await voted(post.id, bob.headers, 1);
      t.clock.advance(HOUR - 400);
      // Read (and kept, for the cache's second) 0.4 s before the end: no counts.
      expect(await pollInFeed(post.id)).toMatchObject({ ended: false, totalVotes: null });
      t.clock.advance(400);
      expect(await pollInFeed(post.id)).toMatchObject({ ended: true, totalVotes: 1 });
    });
  });

  describe('removal', () => {
    it('removes the poll and its votes with the deleted post', async () => {
      await refresh();
      const post = await pollPost(alice.headers);
      await voted(post.id, bob.headers, 0);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/messages-v2/messages/${post.id}`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(
        await countRows(t, 'select count(*) as n from polls where message_id = $1', [post.id]),
      ).toBe(0);
      expect(
        await countRows(t, 'select count(*) as n from poll_votes where message_id = $1', [post.id]),
      ).toBe(0);
      expect(errorOf(await vote(post.id, carol.headers, 0)).code).toBe('poll_not_found');
    });

    it('removes the poll with the expired post, and refuses votes once the post expired', async () => {
      const post = await pollPost(alice.headers, ['Now', 'Later'], 168);
      await voted(post.id, bob.headers, 0);
      t.clock.advance(FREE_POST_TTL_MS);
      await refresh();
      // Expired but not yet cleaned up: gone to readers and voters.
      expect(errorOf(await vote(post.id, carol.headers, 0)).code).toBe('poll_not_found');
      await runFeedCleanup(
        {
          db: t.ctx.database.db,
          media: t.ctx.media,
          logger: t.ctx.logger,
          rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
        },
        t.clock.now(),
      );
      expect(
        await countRows(t, 'select count(*) as n from polls where message_id = $1', [post.id]),
      ).toBe(0);
      expect(
        await countRows(t, 'select count(*) as n from poll_votes where message_id = $1', [post.id]),
      ).toBe(0);
    });
  });
});
