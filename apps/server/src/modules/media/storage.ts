import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploads live: DATA_DIR/media/<name> for finished files, DATA_DIR/media/tmp for uploads
 * in progress (same file system, so the final rename is atomic). Names are 128 random bits in
 * base64url plus the extension of the type read from the bytes; nothing of the client's file
 * name is kept.
 */
export interface MediaStore {
  readonly dir: string;
  readonly tmpDir: string;
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

export function mediaStoreAt(dataDir: string): MediaStore {
  const dir = path.join(dataDir, 'media');
  return { dir, tmpDir: path.join(dir, 'tmp') };
}

export async function ensureMediaStore(store: MediaStore): Promise<void> {
  await mkdir(store.tmpDir, { recursive: true });
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

export function mediaPath(store: MediaStore, name: string): string {
  return path.join(store.dir, name);
}

/** The SHA-256 of a file's bytes, hex (an escrow vault commits its media's on chain). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The SHA-256 of a stored file, or null when it cannot be read (gone, or not ours). */
export async function storedFileHash(store: MediaStore, name: string): Promise<string | null> {
  return sha256OfFile(mediaPath(store, name)).catch(() => null);
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

/** Removes stored files; one already gone is fine (the job may run twice, or in two places). */
export async function removeMediaFiles(store: MediaStore, names: Iterable<string>): Promise<void> {
  for (const name of names) {
    if (!NAME.test(name)) continue;
    try {
      await unlink(mediaPath(store, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
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
