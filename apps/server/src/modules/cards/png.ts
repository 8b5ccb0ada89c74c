import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * An RGBA bitmap as a PNG. Skia's own encoder (canvas.toBuffer) compresses hard and took
 * 100–200 ms a card here; a card is mostly flat colour, which zlib's fastest level packs nearly
 * as small in a few milliseconds, and the deflate runs on libuv's pool, off the event loop.
 * Rows are unfiltered: filtering would mean a per-byte loop in JavaScript for little gain on
 * flat areas.
 */
export async function encodePng(
  rgba: ArrayBufferView,
  width: number,
  height: number,
): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  const source = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y += 1) {
    // Each row starts with its filter byte, 0 (none), which Buffer.alloc already wrote.
    source.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  // Bytes 10–12: deflate, the standard filters, no interlace (all 0).
  const data = await deflate(rows, { level: 1 });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG's size from its IHDR, or null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  if (png.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
