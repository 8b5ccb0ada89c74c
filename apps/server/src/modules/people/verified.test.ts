import { generateSigner } from '@dum/chain';
import type { FeedPageResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  STRICT_EARNING_ENV,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createdPost, type SignedIn } from '../feed/test-kit.ts';
import { VERIFIED_MIN_ESTABLISHED_FOLLOWERS, VERIFIED_MIN_POSTS } from './index.ts';
import { VERIFIED_RECHECK_MS } from './verified-after-batch.ts';
import { block, follow, followed, profile } from './test-kit.ts';

async function isVerified(t: TestApp, who: SignedIn): Promise<boolean> {
  return (await profile(t, who.user.solAddress)).json<{ isVerified: boolean }>().isVerified;
}

async function setUsername(t: TestApp, who: SignedIn, username: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: who.headers,
    payload: { username },
  });
  expect(res.statusCode).toBe(200);
}

describe.each(testDatabaseKinds())('the verified tick on %s', (kind) => {
  describe('with every wallet established', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(kind, NO_WRITE_LIMITS);
    });
    afterAll(async () => {
      await t.close();
    });

    it('comes with a username, the posts and the followers, and goes when followers leave', async () => {
      const star = await createSignedInUser(t.ctx);
      const fans = await Promise.all(
        Array.from({ length: VERIFIED_MIN_ESTABLISHED_FOLLOWERS }, () => createSignedInUser(t.ctx)),
      );
      for (const fan of fans) await followed(t, fan.headers, star.user.solAddress);
      for (let i = 0; i < VERIFIED_MIN_POSTS - 1; i += 1)
        await createdPost(t, star.headers, `p${i}`);
      expect(await isVerified(t, star)).toBe(false);
      await setUsername(t, star, 'star');
      expect(await isVerified(t, star)).toBe(false);
      // The tenth post: every input is met.
      await createdPost(t, star.headers, 'the tenth');
      expect(await isVerified(t, star)).toBe(true);
      // Feed authors show it too.
      const feed = await t.app.inject({
        method: 'GET',
        url: `/api/users/${star.user.solAddress}/posts`,
      });
      expect(feed.json<FeedPageResponse>().items[0]?.author.isVerified).toBe(true);

      // A follower leaves: below the rule, the tick goes; back, it returns.
      await follow(t, fans[0]!.headers, star.user.solAddress, false);
      expect(await isVerified(t, star)).toBe(false);
      await followed(t, fans[0]!.headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(true);
      // Blocking a follower removes the follow, and the tick with it.
      await block(t, star.headers, fans[1]!.user.solAddress);
      expect(await isVerified(t, star)).toBe(false);
      // Posts that expired still count: the ledger keeps them.
      t.clock.advance(25 * 60 * 60 * 1000);
      const newFan = await createSignedInUser(t.ctx);
      await followed(t, newFan.headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(true);
    });
  });

  describe('with the production rule (followers must be established)', () => {
    let t: TestApp;
    const seeds = Array.from({ length: VERIFIED_MIN_ESTABLISHED_FOLLOWERS }, () =>
      generateSigner(),
    );

    beforeAll(async () => {
      t = await createTestApp(kind, {
        ...NO_WRITE_LIMITS,
        ...STRICT_EARNING_ENV,
        ESTABLISHED_SEED_WALLETS: seeds
          .slice(1)
          .map((s) => s.address)
          .join(','),
      });
    });
    afterAll(async () => {
      await t.close();
    });

    /** A wallet with a username and the posts the rule asks for, followed by the nine seeds. */
    async function starOfNineSeeds(username: string): Promise<SignedIn> {
      const star = await createSignedInUser(t.ctx);
      await setUsername(t, star, username);
      for (let i = 0; i < VERIFIED_MIN_POSTS; i += 1) await createdPost(t, star.headers, `p${i}`);
      for (const seed of seeds.slice(1)) {
        const fan = await createSignedInUser(t.ctx, seed.address);
        await followed(t, fan.headers, star.user.solAddress);
      }
      return star;
    }

    /** The wallet's facts make it established: a post and a vouch at `at` (and, given, its age). */
    async function establish(userId: string, at: Date, created?: Date): Promise<void> {
      if (created) {
        await t.ctx.database.pool.query('update users set created_at = $2 where id = $1', [
          userId,
          created,
        ]);
      }
      await t.ctx.database.pool.query(
        `insert into wallet_standing (user_id, first_post_at, vouched_at) values ($1, $2, $2)
         on conflict (user_id) do update set first_post_at = $2, vouched_at = $2`,
        [userId, at],
      );
    }

    it('counts only established followers', async () => {
      const star = await createSignedInUser(t.ctx);
      await setUsername(t, star, 'strict_star');
      for (let i = 0; i < VERIFIED_MIN_POSTS; i += 1) await createdPost(t, star.headers, `p${i}`);
      // Nine seeds (established from the start) and one fresh wallet: nine established.
      for (const seed of seeds) {
        const fan = await createSignedInUser(t.ctx, seed.address);
        await followed(t, fan.headers, star.user.solAddress);
      }
      expect(await isVerified(t, star)).toBe(false);
      // Fresh wallets, even many, do not make up the tenth.
      for (let i = 0; i < 3; i += 1) {
        const fresh = await createSignedInUser(t.ctx);
        await followed(t, fresh.headers, star.user.solAddress);
      }
      expect(await isVerified(t, star)).toBe(false);

      // The one non-seed follower becomes established by its facts (old enough, a post of its
      // own, vouched for): the next post looks again and grants the tick.
      const first = seeds[0]!.address;
      t.clock.advance(2 * 60 * 60 * 1000);
      await t.ctx.database.pool.query(
        `insert into wallet_standing (user_id, first_post_at, vouched_at)
         select id, $2, $2 from users where sol_address = $1
         on conflict (user_id) do update set first_post_at = $2, vouched_at = $2`,
        [first, new Date(t.clock.now().getTime() - 60_000)],
      );
      const again = await createSignedInUser(t.ctx, star.user.solAddress);
      await createdPost(t, again.headers, 'one more');
      expect(await isVerified(t, star)).toBe(true);
    });

    it('looks at a poster who has the posts at most once a minute for a post', async () => {
      // Nine seeds and one fresh follower: nine established.
      const star = await starOfNineSeeds('busy_star');
      const fresh = await createSignedInUser(t.ctx);
      await followed(t, fresh.headers, star.user.solAddress);
      // Old enough now, but without a post or a vouch: a post looks, and finds nine.
      t.clock.advance(2 * 60 * 60 * 1000);
      const again = await createSignedInUser(t.ctx, star.user.solAddress);
      await createdPost(t, again.headers, 'looked at');
      expect(await isVerified(t, star)).toBe(false);

      // The fresh follower becomes established. Posts within the minute do not look again...
      await establish(fresh.user.id, new Date(t.clock.now().getTime() - 60_000));
      await createdPost(t, again.headers, 'within the minute');
      expect(await isVerified(t, star)).toBe(false);
      // ...the first one after it does.
      t.clock.advance(VERIFIED_RECHECK_MS);
      await createdPost(t, again.headers, 'a minute on');
      expect(await isVerified(t, star)).toBe(true);
    });

    it('counts a followed wallet again within the minute only for an established follower', async () => {
      const star = await starOfNineSeeds('popular_star');
      // A fresh follower: looked at, nine established.
      const fresh = await createSignedInUser(t.ctx);
      await followed(t, fresh.headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(false);

      // It becomes established; more fresh followers within the minute do not count again...
      const past = new Date(t.clock.now().getTime() - 3 * 60 * 60 * 1000);
      await establish(fresh.user.id, past, past);
      await followed(t, (await createSignedInUser(t.ctx)).headers, star.user.solAddress);
      await followed(t, (await createSignedInUser(t.ctx)).headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(false);
      // ...the first one after it does, and finds ten.
      t.clock.advance(VERIFIED_RECHECK_MS);
      await followed(t, (await createSignedInUser(t.ctx)).headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(true);
    });

    it('looks at once when a follow comes, whatever the posts did', async () => {
      const star = await starOfNineSeeds('followed_star');
      await createdPost(t, star.headers, 'looked at');
      expect(await isVerified(t, star)).toBe(false);
      // An established wallet follows within the minute: the tick comes with it.
      const tenth = await createSignedInUser(t.ctx);
      const past = new Date(t.clock.now().getTime() - 3 * 60 * 60 * 1000);
      await establish(tenth.user.id, past, past);
      await followed(t, tenth.headers, star.user.solAddress);
      expect(await isVerified(t, star)).toBe(true);
    });
  });
});
