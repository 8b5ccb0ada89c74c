import { timingSafeEqual } from 'node:crypto';
import { AppError, CAPSULE_PAGE_SIZE, type CapsuleScope, type FeedItem } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { ViewerVersions } from '../../viewer-versions.ts';
import { inTransaction } from '../../db/prepared.ts';
import {
  cursorBigint,
  cursorTime,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';
import { drainOutbox, enqueueEvent, type EventBus } from '../../realtime/index.ts';
import type { FeedItemsReader } from '../feed/index.ts';
import type { MediaAccess, MediaAccessCheck } from '../media/index.ts';
import { isBlockedBy } from '../people/index.ts';
import {
  listCapsuleIds,
  lockCapsule,
  openDueCapsules,
  readSealedCapsuleOfFile,
  setWaiter,
  type ListPosition,
} from './repo.ts';

/** What the capsules' logic needs (routes.ts and the opening job build it). */
export interface CapsuleDeps {
  pool: pg.Pool;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
}

/** 'Notify me' also bumps the viewer's version: the feed keeps their marks (viewer-versions.ts). */
export type NotifyDeps = CapsuleDeps & { versions: ViewerVersions };

// ---- Notify me --------------------------------------------------------------------------------

/**
 * 'Notify me' on (or off) for a sealed capsule: idempotent (a second on, or an off without an
 * on, changes nothing). 404 capsule_not_found for a post that is not a capsule (or does not
 * exist, or whose author the viewer blocked: to the blocker it is hidden), 409 capsule_opened
 * once it has opened, 403 blocked for an 'on' when the author blocked the viewer.
 */
export async function setNotify(
  deps: NotifyDeps,
  userId: string,
  id: bigint,
  on: boolean,
): Promise<{ notifying: boolean; waitingCount: number }> {
  const now = deps.clock.now();
  const answer = await inTransaction(deps, async (client) => {
    const capsule = await lockCapsule(client, id);
    if (!capsule || capsule.kind !== 'capsule') throw new AppError('capsule_not_found');
    if (await isBlockedBy(client, userId, capsule.author_id)) {
      throw new AppError('capsule_not_found');
    }
    if (capsule.opened_at !== null) throw new AppError('capsule_opened');
    // The author's block keeps the viewer's wait off their capsule; taking one off stays open.
    if (on && (await isBlockedBy(client, capsule.author_id, userId))) {
      throw new AppError('blocked');
    }
    const waitingCount = await setWaiter(client, { id, userId, on, now });
    return { notifying: on, waitingCount };
  });
  await deps.versions.bump(userId);
  return answer;
}

// ---- Lists ------------------------------------------------------------------------------------

function cursorScope(scope: CapsuleScope): string {
  return `capsules-${scope}`;
}

/** GET /api/time-capsules: a page of capsules as the feed shows them to the viewer. */
export async function listCapsules(
  deps: CapsuleDeps,
  readItems: FeedItemsReader,
  args: { scope: CapsuleScope; cursor: string | null; viewerId: string | null },
): Promise<{ items: FeedItem[]; nextCursor: string | null }> {
  let after: ListPosition | null = null;
  if (args.cursor) {
    const { t, i } = decodeSignedCursor(cursorScope(args.scope), args.cursor);
    after = { at: cursorTime(t), id: cursorBigint(i) };
  }
  const rows = await listCapsuleIds(deps.pool, {
    scope: args.scope,
    authorId: args.viewerId,
    after,
    limit: CAPSULE_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, CAPSULE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    // Capsules the viewer may not read (a wallet they blocked) are left out by the feed.
    items: await readItems(
      page.map((row) => row.id),
      args.viewerId,
    ),
    nextCursor:
      rows.length > CAPSULE_PAGE_SIZE && last
        ? encodeSignedCursor(cursorScope(args.scope), { t: last.at.getTime(), i: last.id })
        : null,
  };
}

// ---- Opening ----------------------------------------------------------------------------------

export interface OpeningResult {
  opened: number;
}

/**
 * Opens every capsule whose time has come, a batch per transaction, and tells the author's
 * followers and everyone who chose 'Notify me' (time_capsule_opened) and every feed (new_post:
 * the capsule is at its opening time now) through the realtime outbox, written in the same
 * transaction and published after the commit: a crash in between delays the news, never loses
 * it. Safe on several instances at once: a capsule is opened by one transaction only (repo.ts
 * openDueCapsules), and each outbox row is published by one drain.
 */
export async function openCapsules(
  deps: CapsuleDeps,
  now: Date,
  batchSize = 200,
): Promise<OpeningResult> {
  let opened = 0;
  for (;;) {
    const batch = await inTransaction(deps, async (client) => {
      const capsules = await openDueCapsules(client, { now, limit: batchSize });
      for (const capsule of capsules) {
        if (capsule.recipients.length > 0) {
          await enqueueEvent(
            client,
            { kind: 'users', userIds: capsule.recipients },
            {
              type: 'time_capsule_opened',
              data: {
                postId: capsule.id,
                authorId: capsule.author_id,
                authorName: capsule.author_name,
              },
            },
            now,
          );
        }
        await enqueueEvent(
          client,
          { kind: 'all' },
          {
            type: 'new_post',
            data: {
              postId: capsule.id,
              author: { id: capsule.author_id, username: capsule.username },
            },
          },
          now,
        );
      }
      return capsules;
    });
    if (batch.length > 0) await drainOutbox(deps);
    opened += batch.length;
    if (batch.length < batchSize) return { opened };
  }
}

// ---- Media ------------------------------------------------------------------------------------

/**
 * GET /media/<name>: a sealed capsule's files are its author's alone (recognised by their
 * bearer token or the capsule's key in `?key=`, then 'private'); 404 to everyone else until it
 * opens. Any other file is 'public' as far as capsules go.
 */
export function capsuleMediaAccess(pool: pg.Pool): MediaAccessCheck {
  return async ({ name, key, viewerId }): Promise<MediaAccess> => {
    const capsule = await readSealedCapsuleOfFile(pool, name);
    if (!capsule) return 'public';
    if (viewerId === capsule.author_id) return 'private';
    if (key && capsule.capsule_key && sameSecret(key, capsule.capsule_key)) return 'private';
    return 'hidden';
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
