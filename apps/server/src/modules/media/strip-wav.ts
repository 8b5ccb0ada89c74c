import { fail } from './audio-structure-error.ts';

const WAV_KEPT_CHUNKS = new Set(['fmt ', 'fact', 'data']);

export function stripWav(bytes: Buffer): Buffer {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    fail('not a RIFF WAVE file');
  }
  const kept: Buffer[] = [Buffer.from('WAVE', 'latin1')];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    // A writer that never went back to fill in a size leaves it too large: the rest is data.
    const size = Math.min(bytes.readUInt32LE(offset + 4), bytes.length - offset - 8);
    const end = offset + 8 + size + (size % 2);
    if (WAV_KEPT_CHUNKS.has(id)) {
      const header = Buffer.alloc(8);
      header.write(id, 0, 'latin1');
      header.writeUInt32LE(size, 4);
      const data = bytes.subarray(offset + 8, offset + 8 + size);
      kept.push(header, data, Buffer.alloc(size % 2));
    }
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
