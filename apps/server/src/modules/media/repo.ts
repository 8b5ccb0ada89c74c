import type { MediaKind } from '@dum/core';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { media } from '../../db/schema.ts';
import type { Tx } from '../emissions/index.ts';

/**
 * The media slice's SQL: upload rows (media), and the upload rate windows
 * (rate_limit_windows). Writes that belong to a post run inside the caller's transaction.
 */

/**
 * A fixed-window counter in the database (rate_limit_windows), so every instance counts against
 * the same limit without Redis. One upsert per call: the count after it says whether this call
 * is within the limit. Calls past the limit are counted too (they cost the caller nothing more).
 */
export async function takeRateLimitSlot(
  db: Db,
  args: { key: string; limit: number; windowMs: number; now: Date },
): Promise<boolean> {
  const windowStart = new Date(Math.floor(args.now.getTime() / args.windowMs) * args.windowMs);
  const result = await db.execute<{ count: number }>(
    sql`insert into rate_limit_windows (key, window_start, count)
        values (${args.key}, ${windowStart}, 1)
        on conflict (key, window_start) do update set count = rate_limit_windows.count + 1
        returning count`,
  );
  return (result.rows[0]?.count ?? Infinity) <= args.limit;
}

/** Rate-limit windows that ended before `before` (the cleanup job). */
export async function deleteRateWindowsBefore(
  db: Pick<Db, 'execute'>,
  before: Date,
): Promise<void> {
  await db.execute(sql`delete from rate_limit_windows where window_start < ${before}`);
}

export interface UploadRow {
  ownerId: string;
  type: MediaKind;
  mime: string;
  storageKey: string;
  sizeBytes: number;
  createdAt: Date;
  /** The client IP, normalised (the per-IP quota). */
  uploadIp: string;
}

/** The bytes of the user's stored uploads, attached to posts or not. */
export async function storedBytesOf(db: Pick<Db, 'execute'>, ownerId: string): Promise<number> {
  const result = await db.execute<{ bytes: string }>(
    sql`select coalesce(sum(size_bytes), 0)::text as bytes from media where owner_id = ${ownerId}`,
  );
  return Number(result.rows[0]?.bytes ?? 0);
}

/** The bytes of the uploads from this IP since `since` that are still stored. */
export async function ipStoredBytesSince(
  db: Pick<Db, 'execute'>,
  args: { ip: string; since: Date },
): Promise<number> {
  const result = await db.execute<{ bytes: string }>(
    sql`select coalesce(sum(size_bytes), 0)::text as bytes from media
        where upload_ip = ${args.ip} and created_at > ${args.since}`,
  );
  return Number(result.rows[0]?.bytes ?? 0);
}

/** When the oldest upload from this IP since `since` was made (null: none is stored). */
export async function oldestIpUploadSince(
  db: Pick<Db, 'execute'>,
  args: { ip: string; since: Date },
): Promise<Date | null> {
  const result = await db.execute<{ oldest: Date | string | null }>(
    sql`select min(created_at) as oldest from media
        where upload_ip = ${args.ip} and created_at > ${args.since}`,
  );
  const oldest = result.rows[0]?.oldest;
  return oldest ? new Date(oldest) : null;
}

/** Forgets the IPs of uploads made before `before` (the per-IP quota no longer counts them). */
export async function forgetUploadIpsBefore(db: Pick<Db, 'execute'>, before: Date): Promise<void> {
  await db.execute(
    sql`update media set upload_ip = null where upload_ip is not null and created_at < ${before}`,
  );
}

/** The quotas one upload's row must fit: its owner's, and its IP's over a rolling window. */
export interface UploadQuotas {
  walletBytes: number;
  ipBytes: number;
  /** The IP's window starts after this. */
  ipSince: Date;
}

/**
 * Writes the upload's row if the owner's stored bytes stay within the wallet quota with it, and
 * the IP's stored uploads of the window within the IP quota: else answers which one is full,
 * and nothing is written. Uploads of one IP, then of one owner, take turns here
 * (transaction-scoped advisory locks, always taken in that order, so two uploads never wait for
 * each other in a cycle), so concurrent uploads cannot each pass a check and together exceed
 * it. The row is written before its file is placed, and the file is
 * placed after this transaction commits: an upload to a bucket never holds a connection, and a
 * file is never stored without its row (a placement that fails removes the row with
 * deleteUnplacedUpload; one cut short by a crash is an unused upload the cleanup job removes,
 * file and row, after ABANDONED_UPLOAD_MS). Nobody can take the row before the file is there:
 * its random name is only answered once it is placed.
 */
export async function reserveUploadWithinQuota(
  db: Db,
  row: UploadRow,
  quotas: UploadQuotas,
): Promise<'stored' | 'wallet_full' | 'ip_full'> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`dum:upload-ip-quota:${row.uploadIp}`}, 0))`,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`dum:upload-quota:${row.ownerId}`}, 0))`,
    );
    if ((await storedBytesOf(tx, row.ownerId)) + row.sizeBytes > quotas.walletBytes) {
      return 'wallet_full';
    }
    const ipBytes = await ipStoredBytesSince(tx, { ip: row.uploadIp, since: quotas.ipSince });
    if (ipBytes + row.sizeBytes > quotas.ipBytes) return 'ip_full';
    await tx.insert(media).values(row);
    return 'stored';
  });
}

/** The row of an upload whose file could not be placed (no post can have taken it yet). */
export async function deleteUnplacedUpload(
  db: Pick<Db, 'execute'>,
  storageKey: string,
): Promise<void> {
  await db.execute(
    sql`delete from media where storage_key = ${storageKey} and purpose = 'upload'
        and message_id is null and direct_message_id is null and mystery_vault_id is null`,
  );
}

/**
 * Locks the owner's upload of this stored name that no post or direct message uses yet, until
 * the caller's commit (two cannot take one upload). Null when there is none.
 */
export async function lockUnusedUpload(
  tx: Pick<Tx, 'select'>,
  args: { storageKey: string; ownerId: string },
): Promise<{ id: string; type: string } | null> {
  const [upload] = await tx
    .select({ id: media.id, type: media.type })
    .from(media)
    .where(
      and(
        eq(media.storageKey, args.storageKey),
        eq(media.ownerId, args.ownerId),
        isNull(media.messageId),
        isNull(media.directMessageId),
        isNull(media.mysteryVaultId),
        eq(media.purpose, 'upload'),
      ),
    )
    .for('update');
  return upload ?? null;
}

/** What media rows hang on: some posts, one direct message or one mystery vault. */
export type MediaHolder =
  { postIds: string[] } | { directMessageId: bigint } | { mysteryVaultId: bigint };

/**
 * Deletes the media rows of what is about to be deleted or emptied, in the caller's transaction
 * (the cascade would take the rows too, but not tell anyone which files to remove); answers their
 * stored names, whose files go after commit.
 */
export async function deleteMediaOf(
  tx: Pick<Tx, 'execute'>,
  holder: MediaHolder,
): Promise<string[]> {
  let where: SQL;
  if ('postIds' in holder) {
    if (holder.postIds.length === 0) return [];
    where = sql`message_id = any(${`{${holder.postIds.join(',')}}`}::bigint[])`;
  } else if ('directMessageId' in holder) {
    where = sql`direct_message_id = ${holder.directMessageId}`;
  } else {
    where = sql`mystery_vault_id = ${holder.mysteryVaultId}`;
  }
  const files = await tx.execute<{ storage_key: string }>(
    sql`delete from media where ${where} returning storage_key`,
  );
  return files.rows.map((row) => row.storage_key);
}

/** The upload now belongs to the post (and goes with it). */
export async function attachUpload(
  tx: Pick<Tx, 'update'>,
  mediaId: string,
  postId: bigint,
): Promise<void> {
  await tx.update(media).set({ messageId: postId }).where(eq(media.id, mediaId));
}

/** The upload now belongs to the direct message (and goes with it). */
export async function attachUploadToDirectMessage(
  tx: Pick<Tx, 'update'>,
  mediaId: string,
  directMessageId: bigint,
): Promise<void> {
  await tx.update(media).set({ directMessageId }).where(eq(media.id, mediaId));
}

/** The upload now belongs to the mystery vault (withheld until it opens, and goes with it). */
export async function attachUploadToMystery(
  tx: Pick<Tx, 'update'>,
  mediaId: string,
  mysteryVaultId: bigint,
): Promise<void> {
  await tx.update(media).set({ mysteryVaultId }).where(eq(media.id, mediaId));
}

/**
 * Uploads no post or direct message took before `cutoff`, a batch at a time; answers their stored names. Rows
 * another run (or a post being created with one) holds are skipped, so several instances may
 * sweep at once.
 */
export async function deleteAbandonedUploads(
  db: Pick<Db, 'execute'>,
  args: { cutoff: Date; limit: number },
): Promise<string[]> {
  const abandoned = await db.execute<{ storage_key: string }>(
    sql`delete from media where id in (
          select id from media
          where message_id is null and direct_message_id is null and mystery_vault_id is null
            and purpose = 'upload'
            and created_at < ${args.cutoff}
          limit ${args.limit}
          for update skip locked)
        returning storage_key`,
  );
  return abandoned.rows.map((row) => row.storage_key);
}

// ---- Avatars ----------------------------------------------------------------------------------

/** Whether this stored name is an image the owner uploaded (attached to a post or not). */
export async function isOwnImageUpload(
  db: Pick<Db, 'execute'>,
  args: { storageKey: string; ownerId: string },
): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from media
        where storage_key = ${args.storageKey} and owner_id = ${args.ownerId}
          and type = 'image' and purpose = 'upload'`,
  );
  return result.rows.length > 0;
}

export async function insertAvatarRow(
  db: Pick<Db, 'insert'>,
  row: { ownerId: string; storageKey: string; sizeBytes: number; createdAt: Date },
): Promise<void> {
  await db.insert(media).values({
    ...row,
    type: 'image',
    mime: 'image/webp',
    purpose: 'avatar',
  });
}

/** Deletes the owner's avatar rows other than `keep`; answers their stored names. */
export async function deleteAvatarRows(
  db: Pick<Db, 'execute'>,
  args: { ownerId: string; keep: string | null },
): Promise<string[]> {
  const removed = await db.execute<{ storage_key: string }>(
    sql`delete from media
        where owner_id = ${args.ownerId} and purpose = 'avatar'
          and storage_key is distinct from ${args.keep}
        returning storage_key`,
  );
  return removed.rows.map((row) => row.storage_key);
}

export async function deleteAvatarRow(
  db: Pick<Db, 'execute'>,
  args: { ownerId: string; storageKey: string },
): Promise<string[]> {
  const removed = await db.execute<{ storage_key: string }>(
    sql`delete from media
        where owner_id = ${args.ownerId} and purpose = 'avatar' and storage_key = ${args.storageKey}
        returning storage_key`,
  );
  return removed.rows.map((row) => row.storage_key);
}

// ---- Deletes to retry (media_deletions) -------------------------------------------------------

/** Records stored files whose delete failed, due for a retry at `nextAttemptAt`. */
export async function recordFailedDeletes(
  db: Pick<Db, 'execute'>,
  args: { names: string[]; error: string; now: Date; nextAttemptAt: Date },
): Promise<void> {
  for (const name of args.names) {
    await db.execute(
      sql`insert into media_deletions (storage_key, attempts, next_attempt_at, last_error, created_at)
          values (${name}, 1, ${args.nextAttemptAt}, ${args.error}, ${args.now})
          on conflict (storage_key) do update
            set attempts = media_deletions.attempts + 1,
                next_attempt_at = excluded.next_attempt_at,
                last_error = excluded.last_error`,
    );
  }
}

/** The failed deletes due by `now`, oldest due first. */
export async function dueFailedDeletes(
  db: Pick<Db, 'execute'>,
  args: { now: Date; limit: number },
): Promise<{ storageKey: string; attempts: number }[]> {
  const result = await db.execute<{ storage_key: string; attempts: number }>(
    sql`select storage_key, attempts from media_deletions
        where next_attempt_at <= ${args.now} order by next_attempt_at limit ${args.limit}`,
  );
  return result.rows.map((row) => ({ storageKey: row.storage_key, attempts: row.attempts }));
}

/** The store confirmed the delete. */
export async function forgetFailedDelete(
  db: Pick<Db, 'execute'>,
  storageKey: string,
): Promise<void> {
  await db.execute(sql`delete from media_deletions where storage_key = ${storageKey}`);
}

/** How many stored files wait for their delete to be retried (/metrics). */
export async function countFailedDeletes(db: Pick<Db, 'execute'>): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from media_deletions`,
  );
  return result.rows[0]?.count ?? 0;
}
