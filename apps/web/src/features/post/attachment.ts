import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@dum/core';
import { t } from '@lingui/core/macro';

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
      title: t`Invalid file type`,
      description: t`Please upload an image or audio file`,
    };
  }
  if (kind === 'image' && file.size > MAX_IMAGE_BYTES) {
    return { ok: false, title: t`File too large`, description: t`Images must be under 10MB` };
  }
  if (kind === 'audio' && file.size > MAX_AUDIO_BYTES) {
    return {
      ok: false,
      title: t`File too large`,
      description: t`Audio files must be under 50MB`,
    };
  }
  return { ok: true, kind };
}
