import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  AppError,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_BYTES,
  type MediaKind,
  type TrustBand,
  type UploadResponse,
} from '@dum/core';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../emissions/index.ts';
import { uploadedBytes } from '../../metrics.ts';
import { acceptUpload, invalidFileType } from './detect.ts';
import {
  deleteAbandonedUploads,
  deleteRateWindowsBefore,
  deleteUnplacedUpload,
  forgetUploadIpsBefore,
  ipStoredBytesSince,
  oldestIpUploadSince,
  reserveUploadWithinQuota,
  lockUnusedUpload,
  storedBytesOf,
  takeRateLimitSlot,
  type UploadQuotas,
} from './repo.ts';
import { sanitizeImage } from './sanitize.ts';
import { sanitizeAudio } from './strip-audio.ts';
import { retryFailedDeletes } from './store.ts';
import { walletUploadQuota } from './upload-quota.ts';
import {
  mediaUrlOf,
  sha256OfFile,
  newMediaName,
  newTempPath,
  removeMediaFiles,
  removeStaleTempFiles,
  SERVED_TYPES,
  type MediaStore,
} from './storage.ts';

export interface UploadDeps {
  db: Db;
  clock: Clock;
  media: MediaStore;
  rateLimit: { limit: number; windowMs: number };
  /** Bytes of stored uploads a trusted user may hold (UPLOAD_QUOTA_BYTES); others a share. */
  quotaBytes: number;
  /** The user's trust band (modules/trust), which sets their share of `quotaBytes`. */
  trustBandOf: (userId: string) => Promise<TrustBand>;
  /** Bytes the uploads of one client IP may hold, counted over a rolling window. */
  ipQuota: { bytes: number; windowMs: number };
}

/** Who sends an upload: the signed-in user, from this client IP (normalised). */
export interface Uploader {
  userId: string;
  ip: string;
}

/** Past the IP's upload quota: 429, with the seconds until its oldest counted upload leaves. */
export class UploadIpQuotaError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('upload_ip_quota_exceeded');
  }
}

/** Busboy's limits for the upload route: one file of at most the audio limit, few small fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_AUDIO_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
} as const;

/** Enough of the file's head for file-type to name any allowed format. */
const HEAD_BYTES = 4100;

/** Counts the bytes going through it; once the head shows an image, stops past the image limit. */
class UploadMeter extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private kind: MediaKind | 'unknown' | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.kind === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= HEAD_BYTES) {
        void this.classifyHead().then(
          () => this.check(chunk, done),
          (error: unknown) => done(error as Error),
        );
        return;
      }
    }
    this.check(chunk, done);
  }

  private async classifyHead(): Promise<void> {
    const detected = await fileTypeFromBuffer(Buffer.concat(this.head));
    this.head = [];
    this.kind = detected?.mime.startsWith('image/') ? 'image' : detected ? 'audio' : 'unknown';
  }

  private check(chunk: Buffer, done: TransformCallback): void {
    if (this.kind === 'image' && this.bytes > MAX_IMAGE_BYTES) {
      done(new AppError('image_too_large'));
      return;
    }
    done(null, chunk);
  }
}

/**
 * The quotas an upload must fit, refused at once (before the body is read) when either is
 * already full: the user's share of the storage quota by trust band, and the IP's.
 */
async function checkQuotas(deps: UploadDeps, uploader: Uploader, now: Date): Promise<UploadQuotas> {
  const band = await deps.trustBandOf(uploader.userId);
  const quotas: UploadQuotas = {
    walletBytes: walletUploadQuota(deps.quotaBytes, band),
    ipBytes: deps.ipQuota.bytes,
    ipSince: new Date(now.getTime() - deps.ipQuota.windowMs),
  };
  if ((await storedBytesOf(deps.db, uploader.userId)) >= quotas.walletBytes) {
    throw new AppError('upload_quota_exceeded');
  }
  const ipArgs = { ip: uploader.ip, since: quotas.ipSince };
  if ((await ipStoredBytesSince(deps.db, ipArgs)) >= quotas.ipBytes) {
    throw await ipQuotaError(deps, ipArgs, now);
  }
  return quotas;
}

async function ipQuotaError(
  deps: UploadDeps,
  args: { ip: string; since: Date },
  now: Date,
): Promise<UploadIpQuotaError> {
  const oldest = await oldestIpUploadSince(deps.db, args);
  const freedAt = (oldest ?? now).getTime() + deps.ipQuota.windowMs;
  return new UploadIpQuotaError(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
}

/**
 * Takes one upload: checks the user's upload rate, their storage quota (a share by trust band)
 * and their IP's (checkQuotas), streams the `media` part to a temp file under
 * DATA_DIR/media/tmp, reads its type from the bytes, re-encodes images and strips audio of their
 * metadata, then (within the quotas, counted again with the file's real size) writes its row
 * and, once that has committed, puts the finished file in the media store (a rename on disk, an
 * upload to the bucket). Whatever fails, the temp files are removed; a
 * failed insert has placed nothing, and a failed placement removes the row.
 */
// eslint-disable-next-line max-lines-per-function -- one upload's steps, in the try that cleans up
export async function receiveUpload(
  deps: UploadDeps,
  uploader: Uploader,
  readPart: () => Promise<MultipartFile | undefined>,
): Promise<UploadResponse> {
  const now = deps.clock.now();
  const allowed = await takeRateLimitSlot(deps.db, {
    key: `upload:${uploader.userId}`,
    limit: deps.rateLimit.limit,
    windowMs: deps.rateLimit.windowMs,
    now,
  });
  if (!allowed) throw new AppError('upload_rate_limited');
  // A user (or an IP) already at the quota is told before they send 50 MB.
  const quotas = await checkQuotas(deps, uploader, now);

  const part = await readPart().catch(mapMultipartError);
  if (!part) throw missingMedia();
  if (part.fieldname !== 'media') {
    part.file.resume();
    throw missingMedia();
  }

  const received = newTempPath(deps.media);
  const cleaned = newTempPath(deps.media);
  try {
    const meter = new UploadMeter();
    const sink = createWriteStream(received, { flags: 'wx' });
    try {
      await pipeline(part.file, meter, sink);
    } catch (error) {
      // Drain what the client still sends so the answer reaches it.
      part.file.resume();
      // The failed pipeline destroys the sink, but its file may still be opening: once it has
      // closed, the file (if any) exists and the cleanup below removes it for good.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      mapMultipartError(error);
    }
    if (part.file.truncated || meter.bytes > MAX_AUDIO_BYTES) {
      throw new AppError('audio_too_large');
    }
    if (meter.bytes === 0) throw invalidFileType();

    const accepted = acceptUpload(await fileTypeFromFile(received), {
      mimetype: part.mimetype,
      filename: part.filename,
    });
    if (accepted.kind === 'image') {
      if (meter.bytes > MAX_IMAGE_BYTES) throw new AppError('image_too_large');
      await sanitizeImage(received, cleaned, accepted.extension);
    } else {
      await sanitizeAudio(received, cleaned, accepted.extension);
    }
    const finished = cleaned;
    const size = (await stat(finished)).size;
    if (accepted.kind === 'image' && size > MAX_IMAGE_BYTES) {
      throw new AppError('image_too_large');
    }

    // What an escrow vault commits on chain: the bytes as stored and served (images re-encoded).
    const contentHash = await sha256OfFile(finished);
    const name = newMediaName(accepted.extension);
    const reserved = await reserveUploadWithinQuota(
      deps.db,
      {
        ownerId: uploader.userId,
        type: accepted.kind,
        mime: SERVED_TYPES[accepted.extension],
        storageKey: name,
        sizeBytes: size,
        createdAt: now,
        uploadIp: uploader.ip,
      },
      quotas,
    );
    if (reserved === 'wallet_full') throw new AppError('upload_quota_exceeded');
    if (reserved === 'ip_full') {
      throw await ipQuotaError(deps, { ip: uploader.ip, since: quotas.ipSince }, now);
    }
    // Placed after the row's transaction committed: no connection waits on the bucket.
    try {
      await deps.media.put(name, finished, SERVED_TYPES[accepted.extension]);
    } catch (error) {
      // Whatever part of the file reached the store goes first (a delete that fails is recorded
      // and retried, media_deletions), then its row. Should either fail, the row stays, and the
      // cleanup job removes it with its file as an unused upload (ABANDONED_UPLOAD_MS).
      try {
        await removeMediaFiles(deps.media, [name]);
        await deleteUnplacedUpload(deps.db, name);
      } catch {
        // The placement's own error is the one to answer.
      }
      throw error;
    }
    uploadedBytes.inc(size);
    return { mediaType: accepted.kind, mediaUrl: mediaUrlOf(name), contentHash };
  } finally {
    await rm(received, { force: true });
    await rm(cleaned, { force: true });
  }
}

function missingMedia(): AppError {
  return new AppError('validation_failed', {
    details: [{ path: 'media', message: 'Send the file as the multipart field "media"' }],
  });
}

/** Multipart and stream failures as catalogue errors (never a 500 for a client's bad body). */
function mapMultipartError(error: unknown): never {
  if (error instanceof AppError) throw error;
  // A failure of our own disk (ENOSPC, EACCES...) is a server error, not the client's.
  if ((error as { syscall?: string } | null)?.syscall) throw error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('audio_too_large', { cause: error });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    throw new AppError('unsupported_media_type', { cause: error });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new AppError('payload_too_large', { cause: error });
  }
  throw new AppError('bad_request', {
    message: 'The upload is not a well-formed multipart form.',
    cause: error,
  });
}

// ---- A post takes an upload ---------------------------------------------------------------------

/**
 * Locks the author's unused upload of this stored name for a post being created (in its
 * transaction), or answers media_not_attachable: no such upload, someone else's, taken by
 * another post, or of the other type than the post says.
 */
export async function claimUpload(
  tx: Pick<Tx, 'select'>,
  args: { storageKey: string; ownerId: string; type: MediaKind },
): Promise<string> {
  const upload = await lockUnusedUpload(tx, args);
  if (!upload || upload.type !== args.type) throw new AppError('media_not_attachable');
  return upload.id;
}

// ---- Cleanup ------------------------------------------------------------------------------------

/**
 * Uploads that no post took within this time are deleted with their files: an hour is ample
 * to write a post around an upload, and stored bytes nobody uses cannot pile up.
 */
export const ABANDONED_UPLOAD_MS = 60 * 60_000;
/** Temp files untouched this long belong to a process that died mid-upload. */
const STALE_TEMP_FILE_MS = 60 * 60_000;

/**
 * The cleanup job's media part: uploads no post took (rows, then files), deletes that failed
 * before (media_deletions), spent rate-limit windows, the IPs of uploads older than the IP
 * quota's window (`ipWindowMs`; the feed's job passes it, tests about other things may leave it
 * out), and temp files of uploads that died. Batches skip rows another run holds.
 */
export async function runMediaCleanup(
  deps: { db: Db; media: MediaStore; rateWindowMs: number; ipWindowMs?: number },
  now: Date,
  batchSize: number,
): Promise<{ abandonedUploads: number }> {
  let abandonedUploads = 0;
  for (;;) {
    const keys = await deleteAbandonedUploads(deps.db, {
      cutoff: new Date(now.getTime() - ABANDONED_UPLOAD_MS),
      limit: batchSize,
    });
    await removeMediaFiles(deps.media, keys);
    abandonedUploads += keys.length;
    if (keys.length < batchSize) break;
  }
  await retryFailedDeletes(deps, now, batchSize);
  await deleteRateWindowsBefore(deps.db, new Date(now.getTime() - 2 * deps.rateWindowMs));
  if (deps.ipWindowMs !== undefined) {
    await forgetUploadIpsBefore(deps.db, new Date(now.getTime() - deps.ipWindowMs));
  }
  await removeStaleTempFiles(deps.media, STALE_TEMP_FILE_MS);
  return { abandonedUploads };
}
