import {
  AppError,
  POLL_MAX_HOURS,
  POLL_MAX_OPTIONS,
  POLL_MIN_HOURS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  textLength,
  type Poll,
  type PollInput,
} from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import { drainOutbox, enqueueEvent, type EventBus } from '../../realtime/index.ts';
import { recordRewardedEvent, type EmissionSequencer } from '../emissions/index.ts';
import {
  insertPoll,
  insertVote,
  lockPollForVote,
  readPollRows,
  takeEndedPolls,
  type PollRow,
} from './repo.ts';

/** What the polls' logic needs (routes.ts and the ending job build it). */
export interface PollDeps {
  pool: pg.Pool;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
}

/** The vote also queues its reward: the sequencer settles it before the answer. */
export type VoteDeps = PollDeps & { emissions: EmissionSequencer };

// ---- Creating -------------------------------------------------------------------------------

/** A poll checked and ready to write with its post (checkPollInput). */
export interface PollPlan {
  options: string[];
  durationHours: number;
}

function invalid(path: string, message: string): AppError {
  return new AppError('invalid_poll', { details: [{ path, message }] });
}

/**
 * A new post's poll, checked before anything is written: 2 to 4 options, each non-blank and at
 * most POLL_OPTION_MAX_LENGTH characters after trimming, no two the same (ignoring case, so
 * the counts are not split between spellings of one answer), and a whole number of hours
 * from POLL_MIN_HOURS to POLL_MAX_HOURS. 400 `invalid_poll` with the field's path otherwise.
 */
export function checkPollInput(input: PollInput): PollPlan {
  const { options: raw, durationHours } = input;
  if (raw.length < POLL_MIN_OPTIONS || raw.length > POLL_MAX_OPTIONS) {
    throw invalid('poll.options', `must hold ${POLL_MIN_OPTIONS} to ${POLL_MAX_OPTIONS} options`);
  }
  const options = raw.map((option) => option.trim());
  const seen = new Set<string>();
  for (const [i, option] of options.entries()) {
    if (option === '') throw invalid(`poll.options.${i}`, 'must not be blank');
    if (textLength(option) > POLL_OPTION_MAX_LENGTH) {
      throw invalid(`poll.options.${i}`, `must be at most ${POLL_OPTION_MAX_LENGTH} characters`);
    }
    const key = option.toLocaleLowerCase('en-US');
    if (seen.has(key)) throw invalid(`poll.options.${i}`, 'must differ from the other options');
    seen.add(key);
  }
  if (
    !Number.isInteger(durationHours) ||
    durationHours < POLL_MIN_HOURS ||
    durationHours > POLL_MAX_HOURS
  ) {
    throw invalid(
      'poll.durationHours',
      `must be a whole number of hours from ${POLL_MIN_HOURS} to ${POLL_MAX_HOURS}`,
    );
  }
  return { options, durationHours };
}

/**
 * Writes a post's poll in the post's own transaction (modules/feed createPost). It ends
 * `durationHours` after `now`, or when its post expires if that comes first: a poll never
 * outlives its post. Answers when it ends.
 */
export async function createPollForPost(
  db: Queryable,
  args: { postId: bigint; plan: PollPlan; now: Date; postExpiresAt: Date | null },
): Promise<Date> {
  const wanted = args.now.getTime() + args.plan.durationHours * 3_600_000;
  const endsAt = new Date(
    args.postExpiresAt ? Math.min(wanted, args.postExpiresAt.getTime()) : wanted,
  );
  await insertPoll(db, { postId: args.postId, options: args.plan.options, endsAt });
  return endsAt;
}

// ---- Reading --------------------------------------------------------------------------------

/**
 * A poll as this viewer sees it: the counts only once the viewer voted or the poll ended, so
 * they do not sway a vote.
 */
export function presentPoll(row: PollRow, now: Date): Poll {
  const ended = row.ends_at.getTime() <= now.getTime();
  const shown = ended || row.viewer_vote !== null;
  return {
    options: row.options.map((text, i) => ({
      text,
      votes: shown ? (row.vote_counts[i] ?? 0) : null,
    })),
    totalVotes: shown ? row.vote_counts.reduce((sum, n) => sum + n, 0) : null,
    endsAt: row.ends_at.toISOString(),
    ended,
    viewerVote: row.viewer_vote,
  };
}

/** The polls of these posts as the viewer sees them, by post id (posts without one are absent). */
export async function readPolls(
  db: Queryable,
  args: { postIds: readonly string[]; viewerId: string | null; now: Date },
): Promise<Map<string, Poll>> {
  const rows = await readPollRows(db, args.postIds, args.viewerId);
  return new Map(rows.map((row) => [row.message_id, presentPoll(row, args.now)]));
}

/** The earliest end among these polls still running, if any: a cached page is made again then. */
export function nextPollEnd(polls: ReadonlyMap<string, Poll>): Date | null {
  let earliest = Infinity;
  for (const poll of polls.values()) {
    if (!poll.ended) earliest = Math.min(earliest, Date.parse(poll.endsAt));
  }
  return earliest === Infinity ? null : new Date(earliest);
}

// ---- Voting ---------------------------------------------------------------------------------

/**
 * The viewer's one, final vote. In one transaction under the poll row's lock: 404
 * `poll_not_found` for a post without a poll (or gone, expired, or by a wallet the viewer
 * blocked), 403 `blocked` when the author blocked the viewer, 409 `poll_ended` once it ended,
 * 400 `invalid_poll_option` for an option the poll does not have, 409 `poll_already_voted` for a
 * second vote; nothing is written in any of these. A vote on someone else's poll is a rewarded
 * event (poll_voted: the daily and per-pair caps and trust weighting of the sequencer); one on
 * the author's own poll counts but earns nothing. A suspended wallet is refused by the route.
 */
export async function vote(
  deps: VoteDeps,
  userId: string,
  postId: bigint,
  option: number,
): Promise<Poll> {
  const now = deps.clock.now();
  await inTransaction(deps, async (client) => {
    const poll = await lockPollForVote(client, { postId, userId, now });
    if (!poll || !poll.live || poll.viewer_blocked_author) throw new AppError('poll_not_found');
    if (poll.author_blocked_viewer) throw new AppError('blocked');
    if (poll.ends_at.getTime() <= now.getTime()) throw new AppError('poll_ended');
    if (option >= poll.options.length) throw new AppError('invalid_poll_option');
    const voted = await insertVote(client, { postId, userId, option, now }).catch(
      (error: unknown) => {
        // The voter's account is gone (their token outlived it): the foreign key refuses.
        if ((error as { code?: string }).code === '23503') throw new AppError('unauthorized');
        throw error;
      },
    );
    if (!voted) throw new AppError('poll_already_voted');
    await recordRewardedEvent(
      client,
      {
        kind: 'poll_voted',
        actorId: userId,
        subjectOwnerId: poll.author_id,
        reference: postId.toString(),
      },
      now,
    );
  });
  // Before the answer: the vote's reward is in the ledger when the client asks for its balance.
  await deps.emissions.settle();
  const [row] = await readPollRows(deps.pool, [postId.toString()], userId);
  if (!row) throw new AppError('poll_not_found');
  return presentPoll(row, deps.clock.now());
}

// ---- Ending ---------------------------------------------------------------------------------

export interface EndingResult {
  notified: number;
}

/**
 * Tells the author of each ended poll that it ended (poll_ended, through the realtime outbox
 * written in the same transaction as the poll's mark, published after the commit: a crash in
 * between delays the news, never loses or repeats it). Safe on several instances at once: each
 * poll is taken by one transaction (repo.ts takeEndedPolls, SKIP LOCKED); and after a restart
 * the polls that ended meanwhile are still unmarked, so the first run tells their authors.
 */
export async function notifyEndedPolls(
  deps: PollDeps,
  now: Date,
  batchSize = 200,
): Promise<EndingResult> {
  let notified = 0;
  for (;;) {
    const batch = await inTransaction(deps, async (client) => {
      const ended = await takeEndedPolls(client, { now, limit: batchSize });
      for (const poll of ended) {
        await enqueueEvent(
          client,
          { kind: 'users', userIds: [poll.author_id] },
          { type: 'poll_ended', data: { postId: poll.message_id, totalVotes: poll.total_votes } },
          now,
        );
      }
      return ended;
    });
    if (batch.length > 0) await drainOutbox(deps);
    notified += batch.length;
    if (batch.length < batchSize) return { notified };
  }
}
