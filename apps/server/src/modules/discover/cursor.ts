import { AppError } from '@dum/core';
import {
  cursorBigint,
  cursorTime,
  cursorUuid,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';

/**
 * Keyset cursors of the discover lists (http/signed-cursor.ts). Each names the last item of a
 * page in its list's order; the scope carries the query or tag, so a cursor read with another
 * query or tag (or in another list) is a 400 `invalid_cursor`, not a page from elsewhere.
 */

/** Post search: (rank, created_at, id), highest rank first, then newest. */
export interface RankedPosition {
  rank: number;
  createdAt: Date;
  id: bigint;
}

/** A tag's posts: (created_at, id), newest first. */
export interface TimePosition {
  createdAt: Date;
  id: bigint;
}

/** Trending: (score, post id), highest score first. */
export interface ScorePosition {
  score: number;
  id: bigint;
}

/**
 * People search: the match's tier (0 exact username … 3 address) and the wallet's id; the sort
 * key inside the tier is read from that wallet's row (a display name can be too long for a
 * cursor).
 */
export interface PersonPosition {
  tier: number;
  userId: string;
}

/** PostgreSQL's largest real (ts_rank's type): a bigger rank would overflow the comparison. */
const MAX_REAL = 3.4028234663852886e38;

/**
 * A cursor's rank or score: a number from 0 to `max`, or 400. The checksum keeps cursors from
 * being edited by accident, not by intent, so every field is checked as if hostile.
 */
function cursorNumber(value: unknown, max = Number.MAX_VALUE): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    throw new AppError('invalid_cursor');
  }
  return value;
}

export function encodeRankedCursor(query: string, position: RankedPosition): string {
  return encodeSignedCursor(`search-posts:${query}`, {
    r: position.rank,
    t: position.createdAt.getTime(),
    i: position.id.toString(),
  });
}

export function decodeRankedCursor(query: string, cursor: string): RankedPosition {
  const { r, t, i } = decodeSignedCursor(`search-posts:${query}`, cursor);
  return { rank: cursorNumber(r, MAX_REAL), createdAt: cursorTime(t), id: cursorBigint(i) };
}

export function encodeTagCursor(tag: string, position: TimePosition): string {
  return encodeSignedCursor(`tag:${tag}`, {
    t: position.createdAt.getTime(),
    i: position.id.toString(),
  });
}

export function decodeTagCursor(tag: string, cursor: string): TimePosition {
  const { t, i } = decodeSignedCursor(`tag:${tag}`, cursor);
  return { createdAt: cursorTime(t), id: cursorBigint(i) };
}

export function encodeTrendingCursor(position: ScorePosition): string {
  return encodeSignedCursor('trending', { s: position.score, i: position.id.toString() });
}

export function decodeTrendingCursor(cursor: string): ScorePosition {
  const { s, i } = decodeSignedCursor('trending', cursor);
  return { score: cursorNumber(s), id: cursorBigint(i) };
}

export function encodePersonCursor(query: string, position: PersonPosition): string {
  return encodeSignedCursor(`search-users:${query}`, { n: position.tier, u: position.userId });
}

export function decodePersonCursor(query: string, cursor: string): PersonPosition {
  const { n, u } = decodeSignedCursor(`search-users:${query}`, cursor);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 3) {
    throw new AppError('invalid_cursor');
  }
  return { tier: n, userId: cursorUuid(u) };
}
