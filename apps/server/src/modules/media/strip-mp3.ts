import { fail } from './audio-structure-error.ts';

/** ID3 and APE tags: MP3's, and the ID3v2 tag some writers put before FLAC's marker. */

/** The length of the ID3v2 tag at `offset` (header, body, footer), or 0 when there is none. */
function id3v2LengthAt(bytes: Buffer, offset: number): number {
  if (bytes.length < offset + 10 || bytes.toString('latin1', offset, offset + 3) !== 'ID3') {
    return 0;
  }
  const size = syncsafe(bytes, offset + 6);
  const footer = (bytes[offset + 5] ?? 0) & 0x10 ? 10 : 0;
  const length = 10 + size + footer;
  if (offset + length > bytes.length) fail('ID3v2 tag runs past the end');
  return length;
}

function syncsafe(bytes: Buffer, offset: number): number {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[offset + i] ?? 0;
    if (byte & 0x80) fail('ID3v2 size is not syncsafe');
    value = value * 128 + byte;
  }
  return value;
}

/** Leading ID3v2 tags (there may be several) removed. */
export function withoutLeadingId3(bytes: Buffer): Buffer {
  let start = 0;
  for (let length = id3v2LengthAt(bytes, 0); length > 0; length = id3v2LengthAt(bytes, start)) {
    start += length;
  }
  return bytes.subarray(start);
}

export function stripMp3(input: Buffer): Buffer {
  let bytes = withoutLeadingId3(input);
  // Trailing tags, in any order: ID3v1 (128 bytes, "TAG") with its extended block ("TAG+", 227
  // bytes before it), APEv2 (a 32-byte footer "APETAGEX", its size excluding the header), and an
  // appended ID3v2 tag (footer "3DI").
  for (let changed = true; changed;) {
    changed = false;
    const end = bytes.length;
    if (end >= 128 && bytes.toString('latin1', end - 128, end - 125) === 'TAG') {
      let cut = end - 128;
      if (cut >= 227 && bytes.toString('latin1', cut - 227, cut - 223) === 'TAG+') cut -= 227;
      bytes = bytes.subarray(0, cut);
      changed = true;
      continue;
    }
    if (end >= 32 && bytes.toString('latin1', end - 32, end - 24) === 'APETAGEX') {
      const size = bytes.readUInt32LE(end - 20);
      const flags = bytes.readUInt32LE(end - 12);
      const hasHeader = (flags & 0x80000000) !== 0;
      const total = size + (hasHeader ? 32 : 0);
      if (total > end) fail('APE tag runs past the start');
      bytes = bytes.subarray(0, end - total);
      changed = true;
      continue;
    }
    if (end >= 10 && bytes.toString('latin1', end - 10, end - 7) === '3DI') {
      const total = syncsafe(bytes, end - 4) + 20;
      if (total > end) fail('appended ID3v2 tag runs past the start');
      bytes = bytes.subarray(0, end - total);
      changed = true;
    }
  }
  return Buffer.from(bytes);
}
