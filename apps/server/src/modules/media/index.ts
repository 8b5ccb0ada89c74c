/**
 * The media slice's public face: uploads (received, checked from their bytes, stored in the
 * media store: DATA_DIR/media or an S3 bucket), the files' URLs and names, a post or a direct message taking an upload, and
 * the cleanup of what nothing took. Nothing else in this folder is imported from outside it.
 */
export {
  attachUpload,
  attachUploadToDirectMessage,
  attachUploadToMystery,
  deleteMediaOf,
  type MediaHolder,
} from './repo.ts';
export {
  AVATAR_SIZE,
  createAvatar,
  discardAvatars,
  removeAvatar,
  type AvatarDeps,
} from './avatar.ts';
export {
  combinedMediaAccess,
  mediaRoutes,
  type MediaAccess,
  type MediaAccessCheck,
} from './routes.ts';
export {
  MEDIA_URL_PREFIX,
  mediaNameFromUrl,
  mediaStoreAt,
  mediaUrlOf,
  removeMediaFiles,
  storedFileHash,
  type MediaStore,
  type StoredFile,
} from './storage.ts';
export { createMediaStore, retryFailedDeletes } from './store.ts';
export { countFailedDeletes } from './repo.ts';
export { ABANDONED_UPLOAD_MS, claimUpload, runMediaCleanup } from './upload.ts';
