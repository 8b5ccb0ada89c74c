import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { namingPool } from '../../test/statement-names-test-kit.ts';
import { setFollowSoon } from './repo.ts';

/**
 * Follows and unfollows made at the same moment share one statement (db/statement-batches.ts):
 * each answer is the one that call alone would get, in the order the calls came, whatever order
 * the statement ran them in (their pairs' order).
 */
describe.each(testDatabaseKinds())('follows made at the same moment, on %s', (kind) => {
  let database: Database;
  const wallets: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [
        id,
        `Wallet${i}${id.replaceAll('-', '')}`,
      ]);
      wallets.push(id);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  async function addressOf(id: string): Promise<string> {
    const { rows } = await database.pool.query<{ sol_address: string }>(
      'select sol_address from users where id = $1',
      [id],
    );
    return rows[0]?.sol_address ?? '';
  }

  it('share one statement; each gets its own answer, a repeat and the refusals included', async () => {
    const [alice = '', bob = '', carol = ''] = wallets;
    await database.pool.query(
      'insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, now())',
      [bob, carol],
    );
    const { pool, names } = namingPool(database);
    const now = new Date();
    const [aliceAddress, bobAddress] = [await addressOf(alice), await addressOf(bob)];
    const follow = (viewerId: string, address: string, on = true) =>
      setFollowSoon(pool, { viewerId, address, on, now });
    const answers = await Promise.all([
      follow(alice, bobAddress),
      follow(carol, bobAddress),
      follow(bob, aliceAddress),
      follow(alice, bobAddress),
      follow(alice, aliceAddress),
      follow(alice, 'NoSuchWallet'),
      follow(carol, aliceAddress),
      follow(carol, aliceAddress, false),
    ]);
    expect(names).toEqual(['people_set_follows']);
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'done',
      'blocked',
      'done',
      'done',
      'cannot_follow_self',
      'user_not_found',
      'done',
      'done',
    ]);
    const changes = answers.map((answer) => (answer.outcome === 'done' ? answer.changed : null));
    expect(changes).toEqual([true, null, true, false, null, null, true, true]);
    const { rows } = await database.pool.query<{ follower_id: string; following_id: string }>(
      'select follower_id, following_id from follows order by follower_id, following_id',
    );
    expect(rows).toEqual(
      [
        { follower_id: alice, following_id: bob },
        { follower_id: bob, following_id: alice },
      ].sort((a, b) => (a.follower_id < b.follower_id ? -1 : 1)),
    );
    const queued = await database.pool.query<{ reference: string }>(
      `select reference from emission_queue where kind = 'follow' order by reference`,
    );
    // Each first follow of a pair queues its reward once: Carol's of Alice too, queued before the
    // same batch took it back.
    expect(queued.rows.map((row) => row.reference)).toEqual(
      [`${alice}:${bob}`, `${bob}:${alice}`, `${carol}:${alice}`].sort(),
    );
  });

  it('takes follows back in the set, and answers each with the follower count it leaves', async () => {
    const [alice = '', bob = '', carol = ''] = wallets;
    const [aliceAddress, bobAddress] = [await addressOf(alice), await addressOf(bob)];
    const now = new Date();
    // Bob follows Alice since the batch above; Carol follows her now.
    await setFollowSoon(database.pool, { viewerId: carol, address: aliceAddress, on: true, now });
    const gained = async () => {
      const { rows } = await database.pool.query<{ n: number }>(
        `select coalesce(sum(followers_gained), 0)::int as n from analytics_daily_changes
         where user_id = $1`,
        [alice],
      );
      return rows[0]?.n ?? 0;
    };
    const before = await gained();
    const { pool, names } = namingPool(database);
    const follow = (viewerId: string, address: string, on = true) =>
      setFollowSoon(pool, { viewerId, address, on, now });
    const answers = await Promise.all([
      follow(carol, aliceAddress, false),
      follow(randomUUID(), aliceAddress),
      follow(bob, aliceAddress),
      follow(carol, bobAddress),
    ]);
    expect(names).toEqual(['people_set_follows']);
    // Bob's follow was there already: nothing changed, and Carol's is gone from the count.
    expect(answers).toEqual([
      expect.objectContaining({
        outcome: 'done',
        changed: true,
        targetId: alice,
        followerCount: 1,
      }),
      { outcome: 'unauthorized' },
      expect.objectContaining({ outcome: 'done', changed: false, followerCount: 1 }),
      { outcome: 'blocked' },
    ]);
    expect(answers[2]).toMatchObject({ followerAddress: bobAddress });
    // Carol's follow came off the day it was made.
    expect(await gained()).toBe(before - 1);
  });
});
