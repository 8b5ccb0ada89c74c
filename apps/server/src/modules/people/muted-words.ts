import {
  AppError,
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  mutedWordMatcher,
  normaliseMutedWord,
  textLength,
  type MutedWords,
} from '@dum/core';
import { z } from 'zod';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import type pg from 'pg';
import { parseBody } from '../../http/validate.ts';

/**
 * Muted words (docs/api.md "Muted words"): the words and phrases a wallet mutes, each until its
 * time or for ever. Stored normalised (normaliseMutedWord), so one row holds a word in any case.
 * Reads of other slices ask for a viewer's matcher (mutedMatcherOf) and leave out what it
 * matches; a mention's notification asks whether its recipient mutes the text (mutingWallets).
 */

/**
 * The body a PUT takes. Looser than core's mutedWordsSchema on purpose: too many words, a blank
 * one, a long one and a bad time each get their own catalogue error from the service.
 */
const putBodySchema = z
  .object({
    items: z
      .array(
        z
          .object({
            word: z.string().max(10_000),
            expiresAt: z.string().max(64).nullish(),
          })
          .strict(),
      )
      .max(10_000),
  })
  .strict();

/** An ISO date-time with a zone: `2027-01-31T12:00:00Z`, `...12:00:00.000+02:00`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

interface MutedWordRow {
  word: string;
  expires_at: Date | null;
}

/** The rows a PUT stores: checked, normalised, each word once (the longest-lasting wins). */
export function checkMutedWords(body: unknown, now: Date): MutedWordRow[] {
  const { items } = parseBody(putBodySchema, body);
  const byWord = new Map<string, Date | null>();
  for (const item of items) {
    const word = normaliseMutedWord(item.word);
    if (word === '') throw new AppError('muted_word_required');
    if (textLength(word) > MUTED_WORD_MAX_LENGTH) throw new AppError('muted_word_too_long');
    const expiresAt = checkExpiry(item.expiresAt, now);
    const held = byWord.get(word);
    if (held === undefined) byWord.set(word, expiresAt);
    else if (held !== null && (expiresAt === null || expiresAt > held)) byWord.set(word, expiresAt);
  }
  if (byWord.size > MUTED_WORDS_MAX) throw new AppError('too_many_muted_words');
  return [...byWord].map(([word, expires_at]) => ({ word, expires_at }));
}

function checkExpiry(value: string | null | undefined, now: Date): Date | null {
  if (value === null || value === undefined) return null;
  const at = ISO_TIME.test(value.trim()) ? new Date(value.trim()) : null;
  if (!at || Number.isNaN(at.getTime()) || at <= now) {
    throw new AppError('invalid_muted_word_expiry');
  }
  // Stored with millisecond precision (timestamptz(3)), as the answer shows it.
  return at;
}

function toMutedWords(rows: MutedWordRow[]): MutedWords {
  return {
    items: rows.map((row) =>
      row.expires_at === null
        ? { word: row.word }
        : { word: row.word, expiresAt: row.expires_at.toISOString() },
    ),
  };
}

async function readActiveRows(db: Queryable, userId: string, now: Date): Promise<MutedWordRow[]> {
  const { rows } = await db.query<MutedWordRow>({
    name: 'people_muted_words',
    text: `select word, expires_at from muted_words
      where user_id = $1 and (expires_at is null or expires_at > $2)
      order by word`,
    values: [userId, now],
  });
  return rows;
}

/** GET /api/users/me/muted-words: the words still muted, by word. */
export async function getMutedWords(db: Queryable, userId: string, now: Date): Promise<MutedWords> {
  return toMutedWords(await readActiveRows(db, userId, now));
}

/**
 * PUT /api/users/me/muted-words: the list replaces the wallet's (expired rows go with it). A
 * bad list changes nothing. Two PUTs of one wallet at once take turns on a transaction lock, so
 * the later one's list is the one kept.
 */
export async function putMutedWords(
  pool: pg.Pool,
  userId: string,
  body: unknown,
  now: Date,
): Promise<MutedWords> {
  const rows = checkMutedWords(body, now);
  return inTransaction({ pool }, async (client) => {
    await client.query({
      name: 'people_muted_words_lock',
      text: `select pg_advisory_xact_lock(hashtextextended('muted_words:' || $1::text, 0))`,
      values: [userId],
    });
    await client.query({
      name: 'people_muted_words_clear',
      text: 'delete from muted_words where user_id = $1',
      values: [userId],
    });
    if (rows.length > 0) {
      await client.query({
        name: 'people_muted_words_insert',
        text: `insert into muted_words (user_id, word, expires_at, created_at)
          select $1, w.word, w.expires_at, $4
          from unnest($2::text[], $3::timestamptz[]) as w(word, expires_at)`,
        values: [userId, rows.map((r) => r.word), rows.map((r) => r.expires_at), now],
      });
    }
    return toMutedWords(await readActiveRows(client, userId, now));
  });
}

/** A muted word as a viewer's cached state keeps it: until when (epoch ms), or for ever. */
export interface MutedWord {
  word: string;
  expiresAt: number | null;
}

/** The wallet's words still muted now, for a cache of the viewer's state (modules/feed). */
export async function readMutedWords(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<MutedWord[]> {
  const rows = await readActiveRows(db, userId, now);
  return rows.map((row) => ({ word: row.word, expiresAt: row.expires_at?.getTime() ?? null }));
}

/** What a viewer's reads leave out: a test of a text, or null when the viewer mutes nothing. */
export type MutedMatcher = ((text: string) => boolean) | null;

/** The viewer's matcher now (expired words no longer count); null for an anonymous viewer. */
export async function mutedMatcherOf(
  db: Queryable,
  viewerId: string | null,
  now: Date,
): Promise<MutedMatcher> {
  if (viewerId === null) return null;
  const rows = await readActiveRows(db, viewerId, now);
  return mutedWordMatcher(rows.map((row) => row.word));
}

/** Which of these wallets mute a word or phrase the text contains (for notifications). */
export async function mutingWallets(
  db: Queryable,
  args: { userIds: string[]; text: string; now: Date },
): Promise<Set<string>> {
  if (args.userIds.length === 0) return new Set();
  const { rows } = await db.query<{ user_id: string; words: string[] }>({
    name: 'people_muted_words_of_many',
    text: `select user_id, array_agg(word) as words from muted_words
      where user_id = any($1::uuid[]) and (expires_at is null or expires_at > $2)
      group by user_id`,
    values: [args.userIds, args.now],
  });
  const muting = new Set<string>();
  for (const row of rows) {
    if (mutedWordMatcher(row.words)?.(args.text)) muting.add(row.user_id);
  }
  return muting;
}
