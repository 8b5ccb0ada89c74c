import { readFile, writeFile } from 'node:fs/promises';
import { invalidFileType } from './detect.ts';
import type { MediaExtension } from './storage.ts';
import { stripFlac } from './strip-flac.ts';
import { stripMatroska } from './strip-matroska.ts';
import { stripMp3 } from './strip-mp3.ts';
import { stripMp4 } from './strip-mp4.ts';
import { stripOgg } from './strip-ogg.ts';
import { stripWav } from './strip-wav.ts';

/**
 * Strips the metadata an audio file carries about its maker (title, artist, comments, cover
 * pictures, recording dates, encoder notes: what ID3 tags, Vorbis comments, RIFF INFO lists and
 * MP4 / Matroska tags hold), and keeps the sound. No library does this for every format we take
 * without native code or an external encoder, so each container's own structure is handled by
 * hand, one file each (strip-<container>.ts):
 *
 * | format | what goes |
 * | --- | --- |
 * | MP3 | ID3v2 tags at the start (and an appended one), ID3v1 / ID3v1.1 / extended "TAG+", APEv2 at the end |
 * | FLAC | every metadata block but STREAMINFO and SEEKTABLE (comments, pictures, application data, padding), and an ID3v2 tag before it |
 * | WAV | every chunk but `fmt `, `fact` and `data` (LIST/INFO, id3, bext, iXML...) |
 * | Ogg (Vorbis, Opus, FLAC) | the comment header's comments (its vendor string stays), FLAC's other metadata blocks; the pages are re-paged and re-checksummed |
 * | M4A | `udta`, `meta`, `uuid` and `XMP_` boxes (at the top, in `moov` and in each `trak`) become `free` boxes of the same size, zeroed (no sample offset moves) |
 * | WebM | Tags, Attachments, the segment's Title and DateUTC, and track names become Void elements of the same size, zeroed |
 *
 * A file whose structure cannot be read this way is refused as an invalid file (as images
 * libvips cannot decode are), never stored with its metadata.
 */
export async function sanitizeAudio(
  input: string,
  output: string,
  extension: MediaExtension,
): Promise<void> {
  const bytes = await readFile(input);
  let stripped: Buffer;
  try {
    stripped = stripAudioMetadata(bytes, extension);
  } catch (error) {
    throw invalidFileType(error);
  }
  if (stripped.length === 0) throw invalidFileType();
  await writeFile(output, stripped, { flag: 'wx' });
}

export function stripAudioMetadata(bytes: Buffer, extension: MediaExtension): Buffer {
  switch (extension) {
    case 'mp3':
      return stripMp3(bytes);
    case 'flac':
      return stripFlac(bytes);
    case 'wav':
      return stripWav(bytes);
    case 'ogg':
      return stripOgg(bytes);
    case 'm4a':
      return stripMp4(bytes);
    case 'webm':
      return stripMatroska(bytes);
    default:
      throw new Error(`not an audio extension: ${extension}`);
  }
}
