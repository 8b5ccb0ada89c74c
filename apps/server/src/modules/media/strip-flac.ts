import { fail } from './audio-structure-error.ts';
import { withoutLeadingId3 } from './strip-mp3.ts';

const FLAC_STREAMINFO = 0;
export const FLAC_SEEKTABLE = 3;
export const FLAC_VORBIS_COMMENT = 4;

export function stripFlac(input: Buffer): Buffer {
  const bytes = withoutLeadingId3(input);
  if (bytes.toString('latin1', 0, 4) !== 'fLaC') fail('no fLaC marker');
  const kept: Buffer[] = [];
  let offset = 4;
  for (let last = false; !last;) {
    if (offset + 4 > bytes.length) fail('FLAC metadata runs past the end');
    const header = bytes[offset] ?? 0;
    last = (header & 0x80) !== 0;
    const type = header & 0x7f;
    const length = bytes.readUIntBE(offset + 1, 3);
    const end = offset + 4 + length;
    if (end > bytes.length) fail('FLAC metadata block runs past the end');
    if (type === FLAC_STREAMINFO || type === FLAC_SEEKTABLE) {
      kept.push(Buffer.from(bytes.subarray(offset, end)));
    }
    offset = end;
  }
  const streamInfo = kept[0]?.[0];
  if (streamInfo === undefined || (streamInfo & 0x7f) !== FLAC_STREAMINFO) {
    fail('FLAC without STREAMINFO first');
  }
  kept.forEach((block, i) => {
    block[0] = ((block[0] ?? 0) & 0x7f) | (i === kept.length - 1 ? 0x80 : 0);
  });
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), ...kept, bytes.subarray(offset)]);
}
