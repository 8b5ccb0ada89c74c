import { rm, stat } from 'node:fs/promises';
import { AppError } from '@dum/core';
import sharp from 'sharp';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { deleteAvatarRow, deleteAvatarRows, insertAvatarRow, isOwnImageUpload } from './repo.ts';
import { MAX_IMAGE_PIXELS } from './sanitize.ts';
import {
  mediaNameFromUrl,
  mediaUrlOf,
  newMediaName,
  newTempPath,
  readStoredFile,
  removeMediaFiles,
  type MediaStore,
} from './storage.ts';

/** Width and height of a stored avatar, in pixels (square; shown at 40–128 CSS px, 2× dense). */
export const AVATAR_SIZE = 256;

export interface AvatarDeps {
  db: Db;
  media: MediaStore;
  clock: Clock;
  appOrigin: string;
}

function avatarProblem(message: string): AppError {
  return new AppError('validation_failed', { details: [{ path: 'avatarUrl', message }] });
}

/**
 * Makes a profile picture from one of the owner's image uploads: decoded with sharp, cropped to
 * a centred square and resized to AVATAR_SIZE, encoded as WebP, and stored as a new file with a
 * row of its own ('avatar': never swept like an unused upload). Answers its URL. The upload it
 * came from is left as it was. A URL that is not the owner's uploaded image is 400
 * `validation_failed` naming avatarUrl, and nothing is stored.
 */
export async function createAvatar(
  deps: AvatarDeps,
  args: { ownerId: string; sourceUrl: string },
): Promise<string> {
  const source = mediaNameFromUrl(args.sourceUrl, deps.appOrigin);
  if (
    !source ||
    !(await isOwnImageUpload(deps.db, { storageKey: source, ownerId: args.ownerId }))
  ) {
    throw avatarProblem('must be the mediaUrl of an image you uploaded');
  }
  const temp = newTempPath(deps.media);
  const name = newMediaName('webp');
  try {
    try {
      const input = await readStoredFile(deps.media, source);
      if (!input) throw new Error('the stored image is gone');
      await sharp(input, {
        autoOrient: true,
        limitInputPixels: MAX_IMAGE_PIXELS,
      })
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        .webp({ quality: 85 })
        .toFile(temp);
    } catch (error) {
      throw new AppError('validation_failed', {
        details: [{ path: 'avatarUrl', message: 'the image could not be read' }],
        cause: error,
      });
    }
    const { size } = await stat(temp);
    await deps.media.put(name, temp, 'image/webp');
    try {
      await insertAvatarRow(deps.db, {
        ownerId: args.ownerId,
        storageKey: name,
        sizeBytes: size,
        createdAt: deps.clock.now(),
      });
    } catch (error) {
      await removeMediaFiles(deps.media, [name]);
      throw error;
    }
    return mediaUrlOf(name);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Removes the owner's stored avatars other than the one at `keepUrl` (null: all of them), rows
 * then files: after a profile change committed, the pictures it replaced.
 */
export async function discardAvatars(
  deps: AvatarDeps,
  args: { ownerId: string; keepUrl: string | null },
): Promise<void> {
  const keep = args.keepUrl ? mediaNameFromUrl(args.keepUrl, deps.appOrigin) : null;
  const names = await deleteAvatarRows(deps.db, { ownerId: args.ownerId, keep });
  await removeMediaFiles(deps.media, names);
}

/** Removes one stored avatar of the owner: a new picture whose profile change was refused. */
export async function removeAvatar(
  deps: AvatarDeps,
  args: { ownerId: string; url: string },
): Promise<void> {
  const name = mediaNameFromUrl(args.url, deps.appOrigin);
  if (!name) return;
  const names = await deleteAvatarRow(deps.db, { ownerId: args.ownerId, storageKey: name });
  await removeMediaFiles(deps.media, names);
}
