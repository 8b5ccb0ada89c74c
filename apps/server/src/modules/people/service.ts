import {
  AppError,
  type BlockResponse,
  type EstablishedRule,
  type FollowResponse,
  type UserSummaryPage,
} from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { ViewerVersions } from '../../viewer-versions.ts';
import type { Queryable } from '../../db/prepared.ts';
import { inTransaction } from '../../db/prepared.ts';
import { toUserSummary, type UserSummaryRow } from '../../db/user-summary.ts';
import { pageOf } from '../../http/page.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import { takeFromDay } from '../analytics/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import { decodeFollowCursor, encodeFollowCursor } from './cursor.ts';
import {
  applyVerifiedRule,
  deleteBlock,
  deleteFollowsBetween,
  insertBlock,
  lockPair,
  readFollowList,
  readPersonByAddress,
  setFollowSoon,
} from './repo.ts';

/** What the people slice's logic needs; built once from the app context (routes.ts). */
export interface PeopleDeps {
  pool: pg.Pool;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** Gives a first follow its reward (modules/emissions). */
  emissions: EmissionSequencer;
  /** Who counts as established (the verified rule's followers). */
  established: EstablishedRule;
  /**
   * Bumped after a block, unblock, follow or unfollow commits: the feed's marks of the viewer
   * and their Following page (viewer-versions.ts).
   */
  versions: ViewerVersions;
}

/** The wallet with this address, or 404 `user_not_found`. */
async function personAt(db: Queryable, address: string): Promise<UserSummaryRow> {
  const person = await readPersonByAddress(db, address);
  if (!person) throw new AppError('user_not_found');
  return person;
}

// ---- Follows ----------------------------------------------------------------------------------

/**
 * Follows (`on`) or unfollows the wallet at `address`; both idempotent. A follow refused
 * either way by a block is 403 `blocked`; unfollowing is always allowed. The follow and the
 * pair's blocks take turns (the pair's lock). The first follow of a pair ever queues the
 * rewarded `follow` event, whose ledger reference is the pair (the ledger's once key makes a
 * later follow of the same pair earn nothing). All of that is one call (repo.ts setFollowCall),
 * in a statement the follows made at the same moment may share.
 * After commit: the reward is settled (and with it the followed wallet's verified tick), an
 * unfollow's tick looked at again, and a new follow announced to the followed wallet's sockets.
 */
export async function setFollow(
  deps: PeopleDeps,
  viewer: { id: string },
  address: string,
  on: boolean,
): Promise<FollowResponse> {
  const now = deps.clock.now();
  const result = await setFollowSoon(deps.pool, { viewerId: viewer.id, address, on, now });
  if (result.outcome !== 'done') throw new AppError(result.outcome);
  if (result.changed) {
    // The viewer's Following page is kept at their version (modules/feed): bumped before
    // answering, beside a follow's reward settling.
    await Promise.all([deps.versions.bump(viewer.id), on ? deps.emissions.settle() : undefined]);
    if (on) {
      await announceAfterCommit(
        deps,
        { kind: 'users', userIds: [result.targetId] },
        {
          type: 'user_followed',
          data: {
            followingId: result.targetId,
            followerName: result.followerName,
            followerAddress: result.followerAddress,
          },
        },
      );
    } else {
      await applyVerifiedRule(deps.pool, {
        userIds: [result.targetId],
        mode: 'full',
        now,
        rule: deps.established,
      });
    }
  }
  return { following: on, followerCount: result.followerCount };
}

/** One page of a wallet's followers or followings, newest follow first. */
export async function listFollows(
  deps: PeopleDeps,
  args: {
    side: 'followers' | 'following';
    address: string;
    cursor: string | null;
    limit: number;
  },
): Promise<UserSummaryPage> {
  const after = args.cursor ? decodeFollowCursor(args.cursor) : null;
  const person = await personAt(deps.pool, args.address);
  const rows = await readFollowList(deps.pool, {
    side: args.side,
    userId: person.id,
    after,
    limit: args.limit + 1,
  });
  return pageOf(rows, args.limit, toUserSummary, (last) =>
    encodeFollowCursor({ createdAt: last.followed_at, userId: last.id }),
  );
}

// ---- Blocks -----------------------------------------------------------------------------------

/**
 * Blocks (`on`) or unblocks the wallet at `address`; both idempotent. A block removes the
 * follows between the two wallets, both ways, in its transaction; the verified rule then looks
 * again at whoever lost a follower.
 */
export async function setBlock(
  deps: PeopleDeps,
  viewer: { id: string },
  address: string,
  on: boolean,
): Promise<BlockResponse> {
  const now = deps.clock.now();
  const { targetId, unfollowed } = await inTransaction(deps, async (client) => {
    const target = await personAt(client, address);
    if (target.id === viewer.id) throw new AppError('cannot_block_self');
    await lockPair(client, viewer.id, target.id);
    if (!on) {
      await deleteBlock(client, { blockerId: viewer.id, blockedId: target.id });
      return { targetId: target.id, unfollowed: [] };
    }
    await insertBlock(client, { blockerId: viewer.id, blockedId: target.id, now });
    const removed = await deleteFollowsBetween(client, viewer.id, target.id);
    // The follows a block removes come off their days as unfollows do; in (user, day) order,
    // the order every transaction takes these rows in.
    const byRow = [...removed].sort((a, b) =>
      a.followingId === b.followingId
        ? a.createdAt.getTime() - b.createdAt.getTime()
        : a.followingId < b.followingId
          ? -1
          : 1,
    );
    for (const follow of byRow) {
      await takeFromDay(client, {
        userId: follow.followingId,
        at: follow.createdAt,
        counter: 'followers_gained',
      });
    }
    return { targetId: target.id, unfollowed: removed.map((follow) => follow.followingId) };
  });
  await deps.versions.bump(viewer.id);
  // The blocked wallet lost its follow of the viewer, if it had one: its Following page changed.
  if (unfollowed.includes(viewer.id)) await deps.versions.bump(targetId);
  if (unfollowed.length > 0) {
    await applyVerifiedRule(deps.pool, {
      userIds: unfollowed,
      mode: 'full',
      now,
      rule: deps.established,
    });
  }
  return { blocked: on };
}

// ---- Helpers ----------------------------------------------------------------------------------

/** What the verified rule needs from a caller in another slice. */
export type VerifiedDeps = Pick<PeopleDeps, 'pool' | 'clock' | 'established' | 'logger'>;

/**
 * After a change that can only add to the verified rule's inputs (a post, a username): grants
 * the tick to these wallets if they now meet the rule. Never throws: the change it follows has
 * committed, and the next one looks again.
 */
export async function refreshVerified(deps: VerifiedDeps, userIds: string[]): Promise<void> {
  try {
    await applyVerifiedRule(deps.pool, {
      userIds,
      mode: 'grant',
      now: deps.clock.now(),
      rule: deps.established,
    });
  } catch (error) {
    deps.logger.error({ err: error }, 'could not apply the verified rule');
  }
}
