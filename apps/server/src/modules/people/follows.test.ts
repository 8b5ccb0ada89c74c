import {
  followResponseSchema,
  PEOPLE_PAGE_MAX,
  userSummaryPageSchema,
  type UserSummaryPage,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, errorOf, setProfile, type SignedIn } from '../feed/test-kit.ts';
import { block, follow, followed, followList, profile } from './test-kit.ts';

describe.each(testDatabaseKinds())('follows on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await createSignedInUser(t.ctx);
    bob = await createSignedInUser(t.ctx);
    await setProfile(t, alice.user.id, {
      username: 'alice',
      displayName: 'Alice',
      avatarUrl: '/avatars/alice.png',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function newUser(): Promise<SignedIn> {
    return createSignedInUser(t.ctx);
  }

  it('follows and unfollows, idempotently, with the exact follower count', async () => {
    const carol = await newUser();
    const on = await follow(t, alice.headers, carol.user.solAddress);
    expect(on.statusCode).toBe(200);
    expect(followResponseSchema.parse(on.json())).toEqual({ following: true, followerCount: 1 });
    expect((await follow(t, alice.headers, carol.user.solAddress)).json()).toEqual({
      following: true,
      followerCount: 1,
    });
    expect((await follow(t, bob.headers, carol.user.solAddress)).json()).toEqual({
      following: true,
      followerCount: 2,
    });
    const off = await follow(t, alice.headers, carol.user.solAddress, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ following: false, followerCount: 1 });
    expect((await follow(t, alice.headers, carol.user.solAddress, false)).json()).toEqual({
      following: false,
      followerCount: 1,
    });

    const record = (await profile(t, carol.user.solAddress, bob.headers)).json<{
      followerCount: number;
      followingCount: number;
      isFollowing: boolean;
    }>();
    expect(record).toMatchObject({ followerCount: 1, followingCount: 0, isFollowing: true });
    const bobs = (await profile(t, bob.user.solAddress)).json<{ followingCount: number }>();
    expect(bobs.followingCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses yourself, unknown wallets, bad addresses and signed-out callers', async () => {
    const self = await follow(t, alice.headers, alice.user.solAddress);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).code).toBe('cannot_follow_self');
    const unknown = await follow(t, alice.headers, '11111111111111111111111111111112');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    const bad = await follow(t, alice.headers, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('validation_failed');
    const anonymous = await follow(t, {}, bob.user.solAddress);
    expect(anonymous.statusCode).toBe(401);
    for (const res of [self, unknown, bad, anonymous]) expect(res.statusCode).not.toBe(200);
    expect(
      await countRows(t, 'select count(*) as n from follows where follower_id = $1', [
        alice.user.id,
      ]),
    ).toBe(0);
  });

  it('refuses a follow across a block, either way, and changes nothing', async () => {
    const dave = await newUser();
    const erin = await newUser();
    expect((await block(t, dave.headers, erin.user.solAddress)).statusCode).toBe(200);
    for (const [who, whom] of [
      [dave, erin],
      [erin, dave],
    ] as const) {
      const res = await follow(t, who.headers, whom.user.solAddress);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('blocked');
    }
    expect(
      await countRows(
        t,
        'select count(*) as n from follows where follower_id = any($1) or following_id = any($1)',
        [[dave.user.id, erin.user.id]],
      ),
    ).toBe(0);
    // Unfollowing is always allowed (there is nothing to undo here).
    expect((await follow(t, erin.headers, dave.user.solAddress, false)).json()).toEqual({
      following: false,
      followerCount: 0,
    });
  });

  it('rewards the first follow of a pair once, ever (follow, unfollow, follow)', async () => {
    const frank = await newUser();
    await followed(t, bob.headers, frank.user.solAddress);
    await follow(t, bob.headers, frank.user.solAddress, false);
    await followed(t, bob.headers, frank.user.solAddress);
    await t.ctx.emissions.settle();
    const reference = `${bob.user.id}:${frank.user.id}`;
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_ledger
         where kind = 'follow' and reference = $1 and recipient_id = $2 and amount > 0`,
        [reference, bob.user.id],
      ),
    ).toBe(1);
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_ledger where kind = 'follow' and reference = $1`,
        [reference],
      ),
    ).toBe(1);
    // The followed wallet earns nothing for being followed.
    expect(
      await countRows(t, `select count(*) as n from emission_ledger where recipient_id = $1`, [
        frank.user.id,
      ]),
    ).toBe(0);
  });

  it("tells the followed wallet's sockets of a new follow, and only of a new one", async () => {
    const gina = await newUser();
    const seen: BusMessage[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => seen.push(message));
    await followed(t, alice.headers, gina.user.solAddress);
    await followed(t, alice.headers, gina.user.solAddress);
    await follow(t, alice.headers, gina.user.solAddress, false);
    unsubscribe();
    const events = seen.filter(
      (message): message is Extract<BusMessage, { kind: 'event' }> =>
        message.kind === 'event' && message.event.type === 'user_followed',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      audience: { kind: 'users', userIds: [gina.user.id] },
      event: {
        type: 'user_followed',
        data: {
          followingId: gina.user.id,
          followerName: 'Alice',
          followerAddress: alice.user.solAddress,
        },
      },
    });
  });

  it('keeps counts exact when many wallets toggle at once', async () => {
    const star = await newUser();
    const fans = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    // Each fan follows, unfollows and follows again, all fans at once; some also race
    // duplicate follows of their own.
    const results = await Promise.all(
      fans.map(async (fan, i) => {
        const answers = [];
        answers.push(await follow(t, fan.headers, star.user.solAddress));
        answers.push(await follow(t, fan.headers, star.user.solAddress, false));
        if (i % 3 === 0) {
          answers.push(
            ...(await Promise.all([
              follow(t, fan.headers, star.user.solAddress),
              follow(t, fan.headers, star.user.solAddress),
            ])),
          );
        } else {
          answers.push(await follow(t, fan.headers, star.user.solAddress));
        }
        return answers;
      }),
    );
    for (const res of results.flat()) {
      expect(res.statusCode).toBe(200);
      const { followerCount } = res.json<{ followerCount: number }>();
      expect(followerCount).toBeGreaterThanOrEqual(0);
      expect(followerCount).toBeLessThanOrEqual(12);
    }
    const rows = await countRows(t, 'select count(*) as n from follows where following_id = $1', [
      star.user.id,
    ]);
    expect(rows).toBe(12);
    expect((await profile(t, star.user.solAddress)).json()).toMatchObject({ followerCount: 12 });
    // One follow event in the ledger per fan, however the toggles interleaved.
    await t.ctx.emissions.settle();
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_ledger where kind = 'follow' and reference like $1`,
        [`%:${star.user.id}`],
      ),
    ).toBe(12);

    // Half of them leave at once: the count follows exactly.
    await Promise.all(
      fans.slice(0, 6).map((fan) => follow(t, fan.headers, star.user.solAddress, false)),
    );
    expect((await profile(t, star.user.solAddress)).json()).toMatchObject({ followerCount: 6 });
  });

  it('lists followers and following newest first, page by page', async () => {
    const hub = await newUser();
    const people = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    for (const person of people) {
      t.clock.advance(1000);
      await followed(t, person.headers, hub.user.solAddress);
      await followed(t, hub.headers, person.user.solAddress);
    }
    for (const side of ['followers', 'following'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page += 1) {
        const query = new URLSearchParams({ limit: '2' });
        if (cursor) query.set('cursor', cursor);
        const res = await followList(t, hub.user.solAddress, side, query.toString());
        expect(res.statusCode).toBe(200);
        const body: UserSummaryPage = userSummaryPageSchema.parse(res.json());
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((item) => item.solAddress));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(people.map((p) => p.user.solAddress).reverse());
    }
    const first = (
      await followList(t, hub.user.solAddress, 'followers', 'limit=1')
    ).json<UserSummaryPage>();
    expect(first.items[0]).toEqual({
      id: people[4]!.user.id,
      solAddress: people[4]!.user.solAddress,
      username: null,
      displayName: null,
      avatarUrl: null,
      isVerified: false,
    });
    const big = await followList(
      t,
      hub.user.solAddress,
      'followers',
      `limit=${PEOPLE_PAGE_MAX + 50}`,
    );
    expect(big.statusCode).toBe(200);
  });

  it('refuses bad list queries and unknown wallets', async () => {
    const bad = await followList(t, bob.user.solAddress, 'followers', 'cursor=abc.def');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('invalid_cursor');
    const zero = await followList(t, bob.user.solAddress, 'following', 'limit=0');
    expect(errorOf(zero).code).toBe('validation_failed');
    const extra = await followList(t, bob.user.solAddress, 'following', 'sort=old');
    expect(errorOf(extra).code).toBe('unknown_query_parameter');
    const unknown = await followList(t, '11111111111111111111111111111112', 'followers');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
  });
});
