import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploads live, behind one interface with two backends: the local disk (DATA_DIR/media,
 * the embedded default) and an S3-compatible bucket shared by every instance (s3-store.ts).
 * Either way, uploads in progress and files being made are written to a local temp directory
 * (DATA_DIR/media/tmp) first: sniffed, sanitised and size-checked there, then put in the store
 * whole, so nothing unsanitised reaches the store. Names are 128 random bits in base64url plus
 * the extension of the type read from the bytes; nothing of the client's file name is kept.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Local scratch directory for uploads in progress (both backends). */
  readonly tmpDir: string;
  /** Creates the local directories. */
  prepare(): Promise<void>;
  /** Stores a finished local file under `name` (the local file may be gone afterwards). */
  put(name: string, file: string, contentType: string): Promise<void>;
  /** A stored file to read, or null when there is none of that name. */
  open(name: string): Promise<StoredFile | null>;
  /** Deletes a stored file; one already gone is fine. Throws when the store fails. */
  remove(name: string): Promise<void>;
  /** The stored names (for tests and audits; a bucket listing may be slow). */
  list(): Promise<string[]>;
  /** Throws unless the store answers (/api/ready). */
  ping(): Promise<void>;
  /** Releases connections (the S3 client). */
  close(): Promise<void>;
  /**
   * Where removeMediaFiles records deletes that failed, for the cleanup job to retry
   * (create-context.ts sets it); null: a failed delete throws to the caller.
   */
  failedDeletes: FailedDeletes | null;
}

export interface FailedDeletes {
  record(names: string[], error: unknown): Promise<void>;
}

/** A stored file's size, and its bytes (a range, inclusive, or all) as a stream. */
export interface StoredFile {
  readonly size: number;
  stream(range?: { start: number; end: number }): Promise<Readable>;
  /** Releases it when no stream was taken (a 304). */
  close(): Promise<void>;
}

/** The disk store keeps its directory visible (the tests look at its files). */
export interface DiskMediaStore extends MediaStore {
  readonly kind: 'disk';
  readonly dir: string;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Extension → the Content-Type a file of ours is served with. */
export const SERVED_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
} as const;
export type MediaExtension = keyof typeof SERVED_TYPES;

const NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp|mp3|ogg|wav|webm|m4a|flac)$/;

/** The disk store under DATA_DIR/media (a single instance's default). */
export function mediaStoreAt(dataDir: string): DiskMediaStore {
  const dir = path.join(dataDir, 'media');
  const tmpDir = path.join(dir, 'tmp');
  const fileOf = (name: string): string => path.join(dir, name);
  return {
    kind: 'disk',
    dir,
    tmpDir,
    failedDeletes: null,
    prepare: async () => {
      await mkdir(tmpDir, { recursive: true });
    },
    // Same file system as the temp directory: the rename is atomic.
    put: (name, file) => rename(file, fileOf(name)),
    async open(name) {
      let handle;
      try {
        handle = await open(fileOf(name), 'r');
      } catch {
        return null;
      }
      try {
        const { size } = await handle.stat();
        const opened = handle;
        let streamed = false;
        return {
          size,
          stream: (range) => {
            streamed = true;
            return Promise.resolve(
              opened.createReadStream(range ? { start: range.start, end: range.end } : {}),
            );
          },
          close: async () => {
            if (!streamed) await opened.close();
          },
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(name) {
      try {
        await unlink(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    list: async () => (await readdir(dir)).filter((name) => NAME.test(name)).sort(),
    ping: async () => {
      await stat(dir);
    },
    close: () => Promise.resolve(),
  };
}

/** Kept for callers that prepared the disk store by hand. */
export async function ensureMediaStore(store: MediaStore): Promise<void> {
  await store.prepare();
}

export function newMediaName(extension: MediaExtension): string {
  return `${randomBytes(16).toString('base64url')}.${extension}`;
}

export function newTempPath(store: MediaStore): string {
  return path.join(store.tmpDir, `${randomBytes(12).toString('base64url')}.part`);
}

/** The served type of a stored name, or null when the name is not one of ours. */
export function servedTypeOf(name: string): string | null {
  const match = NAME.exec(name);
  return match ? SERVED_TYPES[match[1] as MediaExtension] : null;
}

/** The SHA-256 of a file's bytes, hex (an escrow vault commits its media's on chain). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The SHA-256 of a stored file, or null when it cannot be read (gone, or not ours). */
export async function storedFileHash(store: MediaStore, name: string): Promise<string | null> {
  if (!NAME.test(name)) return null;
  try {
    const file = await store.open(name);
    if (!file) return null;
    const hash = createHash('sha256');
    for await (const chunk of await file.stream()) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

/** A stored file's bytes (an avatar's source image), or null when there is none. */
export async function readStoredFile(store: MediaStore, name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  const file = await store.open(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function mediaUrlOf(name: string): string {
  return `${MEDIA_URL_PREFIX}${name}`;
}

/**
 * The stored name an imageUrl/audioUrl of a post refers to: `/media/<name>` as the upload
 * answered, or the same path on the app's own origin. Anything else is null.
 */
export function mediaNameFromUrl(url: string, appOrigin: string): string | null {
  let pathname = url;
  if (!url.startsWith('/')) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(appOrigin).origin || parsed.search || parsed.hash) return null;
    pathname = parsed.pathname;
  }
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  const name = pathname.slice(MEDIA_URL_PREFIX.length);
  return NAME.test(name) ? name : null;
}

/**
 * Removes stored files; one already gone is fine (the job may run twice, or in two places).
 * A delete the store refuses or does not answer is recorded for the cleanup job to try again
 * (store.failedDeletes, the media_deletions table), never silently left; without such a record
 * the error is thrown.
 */
export async function removeMediaFiles(store: MediaStore, names: Iterable<string>): Promise<void> {
  const failed: string[] = [];
  let failure: unknown = null;
  for (const name of names) {
    if (!NAME.test(name)) continue;
    try {
      await store.remove(name);
    } catch (error) {
      failed.push(name);
      failure = error;
    }
  }
  if (failed.length === 0) return;
  if (!store.failedDeletes) throw failure;
  await store.failedDeletes.record(failed, failure);
}

/** Whether a name is one of ours (what the store may hold). */
export function isMediaName(name: string): boolean {
  return NAME.test(name);
}

/**
 * Removes temp files left by a process that died mid-upload, untouched for `olderThanMs`.
 * File times are wall-clock times, so this compares with the wall clock, not the app's clock.
 */
export async function removeStaleTempFiles(
  store: MediaStore,
  olderThanMs: number,
  wallClockMs: number = Date.now(),
): Promise<number> {
  let removed = 0;
  let entries: string[];
  try {
    entries = await readdir(store.tmpDir);
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const file = path.join(store.tmpDir, entry);
    try {
      const info = await stat(file);
      if (wallClockMs - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Finished or removed meanwhile by its own request.
    }
  }
  return removed;
}
