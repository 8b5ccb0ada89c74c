import { randomBytes } from 'node:crypto';
import type { UploadResponse } from '@dum/core';
import sharp from 'sharp';
import type { TestApp } from '../../test/app-test-kit.ts';

/**
 * Small real files for the upload tests, built in memory: images by libvips, audio as valid
 * container headers with a little payload (what a type detector and a browser check first).
 */

/** A 32×24 JPEG whose EXIF holds a GPS position, a camera model and an orientation. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Model-GPS-1', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .toBuffer();
}

export async function png(width = 16, height = 16): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

export async function gif(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
}

export async function webp(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } })
    .webp()
    .toBuffer();
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), each 417 bytes. */
export function mp3(frames = 8): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An MP3 of about `size` bytes (frames of silence), for the size limits. */
export function mp3OfSize(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let offset = 0; offset + 4 <= size; offset += 417) {
    out.set([0xff, 0xfb, 0x90, 0x64], offset);
  }
  return out;
}

/** A PCM WAV: 16-bit mono, 8 kHz, `samples` samples of silence. */
export function wav(samples = 800): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** The first page of an Ogg Vorbis stream (identification header). */
export function oggVorbis(): Buffer {
  const packet = Buffer.concat([
    Buffer.from([0x01]),
    Buffer.from('vorbis', 'ascii'),
    Buffer.alloc(23),
  ]);
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'ascii');
  header[5] = 0x02; // beginning of stream
  header[26] = 1; // one segment
  header[27] = packet.length;
  return Buffer.concat([header, packet, Buffer.alloc(512)]);
}

/** A FLAC stream: marker and a STREAMINFO block. */
export function flac(): Buffer {
  const block = Buffer.alloc(4 + 34);
  block[0] = 0x80; // last block, STREAMINFO
  block[3] = 34;
  return Buffer.concat([Buffer.from('fLaC', 'ascii'), block, Buffer.alloc(256)]);
}

/** An MPEG-4 audio file's ftyp box (brand M4A). */
export function m4a(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypM4A ', 4, 'ascii');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('M4A isom', 16, 'ascii');
  return Buffer.concat([ftyp, Buffer.alloc(256)]);
}

/** A WebM EBML header (what a browser's MediaRecorder writes first). */
export function webm(): Buffer {
  const docType = Buffer.from('webm', 'ascii');
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    docType,
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.alloc(256),
  ]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);

export const html = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/users/me")</script></body></html>\n',
);

/** A JPEG signature followed by `size` bytes in all: passes detection, over the image limit. */
export function jpegOfSize(size: number): Buffer {
  const out = randomBytes(Math.min(size, 1024));
  const full = Buffer.alloc(size);
  out.copy(full);
  full.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return full;
}

/** A multipart/form-data body with one file part (and optional text fields before it). */
export function multipartBody(
  file: { field?: string; filename: string; contentType: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dumtest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'media'}"; ` +
        `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a PNG of this size as the user (POST /api/upload/vault-media); answers its answer. */
export async function uploadedPng(
  t: TestApp,
  userHeaders: Record<string, string>,
  filename: string,
  size: { width: number; height: number },
): Promise<UploadResponse> {
  const { payload, headers } = multipartBody({
    filename,
    contentType: 'image/png',
    data: await png(size.width, size.height),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/vault-media',
    headers: { ...userHeaders, ...headers },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<UploadResponse>();
}
