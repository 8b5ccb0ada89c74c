import { AppError, type MediaKind } from '@dum/core';
import type { MediaExtension } from './storage.ts';

/**
 * Which uploads pass, decided from the bytes (the `file-type` magic-number detector), never from
 * the name or the declared type alone. The allow-list (docs/api.md "Uploads"):
 *
 * | read from the bytes | stored as | served as |
 * | --- | --- | --- |
 * | JPEG, PNG (APNG as its first frame), GIF, WebP | jpg png gif webp | image/jpeg, image/png, image/gif, image/webp |
 * | MP3 (MPEG-1/2 layer III) | mp3 | audio/mpeg |
 * | Ogg Vorbis, Ogg Opus, Ogg FLAC | ogg | audio/ogg |
 * | WAV | wav | audio/wav |
 * | M4A (MPEG-4 audio) | m4a | audio/mp4 |
 * | FLAC | flac | audio/flac |
 * | WebM, only when sent as audio/webm (a browser recording) | webm | audio/webm |
 *
 * Everything else is refused: SVG and HTML (text, so no magic number at all), video, archives,
 * documents, and files whose bytes match no known type (empty, truncated headers).
 *
 * The declared type and the file name may not contradict the bytes either: a PNG named .mp3 or
 * sent as audio/mpeg is refused rather than quietly stored as an image.
 */
export interface AcceptedMedia {
  kind: MediaKind;
  extension: MediaExtension;
}

const BY_DETECTED_EXTENSION: Record<string, AcceptedMedia> = {
  jpg: { kind: 'image', extension: 'jpg' },
  png: { kind: 'image', extension: 'png' },
  apng: { kind: 'image', extension: 'png' },
  gif: { kind: 'image', extension: 'gif' },
  webp: { kind: 'image', extension: 'webp' },
  mp3: { kind: 'audio', extension: 'mp3' },
  ogg: { kind: 'audio', extension: 'ogg' },
  opus: { kind: 'audio', extension: 'ogg' },
  oga: { kind: 'audio', extension: 'ogg' },
  wav: { kind: 'audio', extension: 'wav' },
  m4a: { kind: 'audio', extension: 'm4a' },
  flac: { kind: 'audio', extension: 'flac' },
};

/** What a client's file name says the file is; names not listed say nothing. */
const KIND_OF_NAME_EXTENSION: Record<string, MediaKind | 'refused'> = {
  jpg: 'image',
  jpeg: 'image',
  jfif: 'image',
  png: 'image',
  apng: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  mpga: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  wav: 'audio',
  wave: 'audio',
  m4a: 'audio',
  mp4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  weba: 'audio',
  webm: 'audio',
  svg: 'refused',
  svgz: 'refused',
  html: 'refused',
  htm: 'refused',
  xhtml: 'refused',
  xml: 'refused',
  js: 'refused',
  mjs: 'refused',
};

export function invalidFileType(cause?: unknown): AppError {
  return new AppError('invalid_file_type', { cause });
}

/**
 * The accepted kind and stored extension of an upload, or the catalogue's 415
 * `invalid_file_type`.
 */
export function acceptUpload(
  detected: { ext: string; mime: string } | undefined,
  declared: { mimetype: string; filename: string },
): AcceptedMedia {
  if (!detected) throw invalidFileType();
  const declaredType = declared.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';

  let accepted = BY_DETECTED_EXTENSION[detected.ext];
  // file-type reports any WebM as video/webm; a browser's audio recording says audio/webm.
  if (detected.ext === 'webm' && declaredType === 'audio/webm') {
    accepted = { kind: 'audio', extension: 'webm' };
  }
  if (!accepted) throw invalidFileType();

  const declaredKind = declaredType.split('/')[0];
  if ((declaredKind === 'image' || declaredKind === 'audio') && declaredKind !== accepted.kind) {
    throw invalidFileType();
  }
  if (declaredKind === 'video' || declaredKind === 'text') throw invalidFileType();

  const nameExtension = /\.([A-Za-z0-9]{1,8})$/.exec(declared.filename)?.[1]?.toLowerCase();
  const nameKind = nameExtension ? KIND_OF_NAME_EXTENSION[nameExtension] : undefined;
  if (nameKind !== undefined && nameKind !== accepted.kind) throw invalidFileType();

  return accepted;
}
