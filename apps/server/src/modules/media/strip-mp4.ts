import { fail } from './audio-structure-error.ts';

const MP4_METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
const MP4_DESCEND = new Set(['moov', 'trak']);

export function stripMp4(input: Buffer): Buffer {
  const bytes = Buffer.from(input);
  blankMp4Boxes(bytes, 0, bytes.length, true);
  return bytes;
}

function blankMp4Boxes(bytes: Buffer, start: number, end: number, topLevel: boolean): void {
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let headerLength = 8;
    if (size === 1) {
      if (offset + 16 > end) fail('MP4 box header runs past its parent');
      size = Number(bytes.readBigUInt64BE(offset + 8));
      headerLength = 16;
    } else if (size === 0) {
      if (!topLevel) fail('MP4 box to the end inside another box');
      size = end - offset;
    }
    if (size < headerLength || offset + size > end) fail(`MP4 box ${type} runs past its parent`);
    if (MP4_METADATA_BOXES.has(type)) {
      bytes.write('free', offset + 4, 'latin1');
      bytes.fill(0, offset + headerLength, offset + size);
    } else if (MP4_DESCEND.has(type)) {
      blankMp4Boxes(bytes, offset + headerLength, offset + size, false);
    }
    offset += size;
  }
}
