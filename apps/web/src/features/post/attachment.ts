import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@dum/core';

export type AttachmentKind = 'image' | 'audio';

export type AttachmentCheck =
  { ok: true; kind: AttachmentKind } | { ok: false; title: string; description: string };

/**
 * Image or audio only, images at most 10 MB, audio at most 50 MB. The server
 * decides the type from the bytes; this only spares a person a doomed upload.
 */
export function checkAttachment(file: Pick<File, 'type' | 'size'>): AttachmentCheck {
  const kind: AttachmentKind | null = file.type.startsWith('image/')
    ? 'image'
    : file.type.startsWith('audio/')
      ? 'audio'
      : null;
  if (!kind) {
    return {
      ok: false,
      title: 'Invalid file type',
      description: 'Please upload an image or audio file',
    };
  }
  if (kind === 'image' && file.size > MAX_IMAGE_BYTES) {
    return { ok: false, title: 'File too large', description: 'Images must be under 10MB' };
  }
  if (kind === 'audio' && file.size > MAX_AUDIO_BYTES) {
    return { ok: false, title: 'File too large', description: 'Audio files must be under 50MB' };
  }
  return { ok: true, kind };
}
