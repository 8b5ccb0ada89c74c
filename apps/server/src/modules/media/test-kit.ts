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

/** What the tagged files below say about their maker: it must never be stored. */
export const AUDIO_SECRET = 'Alice Example, 52.5200N 13.4050E';
/** Bytes standing for the sound in the tagged files below: they must be stored as sent. */
export const AUDIO_PAYLOAD = Buffer.from('<<the sound itself, byte for byte>>', 'latin1');

// ---- Ogg ----

/** Ogg's CRC-32 (polynomial 0x04c11db7, unreflected), bit by bit: the test's own. */
export function oggChecksum(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc = (crc ^ (byte << 24)) >>> 0;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
    }
  }
  return crc;
}

/** One Ogg page holding these whole packets. */
export function oggPage(args: {
  packets: Buffer[];
  serial?: number;
  sequence: number;
  headerType?: number;
  granule?: bigint;
}): Buffer {
  const lacing: number[] = [];
  for (const packet of args.packets) {
    let left = packet.length;
    for (; left >= 255; left -= 255) lacing.push(255);
    lacing.push(left);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = args.headerType ?? 0;
  header.writeBigUInt64LE(args.granule ?? 0n, 6);
  header.writeUInt32LE(args.serial ?? 0x1234, 14);
  header.writeUInt32LE(args.sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, ...args.packets]);
  page.writeUInt32LE(oggChecksum(page), 22);
  return page;
}

/** A Vorbis comment list: vendor, then the comments. */
function vorbisComments(prefix: Buffer, comments: string[], framing: boolean): Buffer {
  const vendor = Buffer.from('Xiph.Org libVorbis I 20200704', 'latin1');
  const parts = [prefix, u32le(vendor.length), vendor, u32le(comments.length)];
  for (const comment of comments) {
    const bytes = Buffer.from(comment, 'utf8');
    parts.push(u32le(bytes.length), bytes);
  }
  if (framing) parts.push(Buffer.from([1]));
  return Buffer.concat(parts);
}

function u32le(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}

/**
 * An Ogg Vorbis stream: identification header alone on the first page, comment and setup
 * headers on the second, then the audio on a third (its packets stand in for the sound).
 */
export function oggVorbis(comments: string[] = []): Buffer {
  const ident = Buffer.alloc(30);
  ident.write('\x01vorbis', 0, 'latin1');
  ident[11] = 1; // mono
  ident.writeUInt32LE(44_100, 12);
  ident[28] = 0xb8; // block sizes 256 and 2048
  ident[29] = 1;
  const comment = vorbisComments(Buffer.from('\x03vorbis', 'latin1'), comments, true);
  const setup = Buffer.concat([Buffer.from('\x05vorbis', 'latin1'), Buffer.alloc(40, 7)]);
  return Buffer.concat([
    oggPage({ packets: [ident], sequence: 0, headerType: 0x02 }),
    oggPage({ packets: [comment, setup], sequence: 1 }),
    oggPage({ packets: [AUDIO_PAYLOAD, Buffer.alloc(300, 1)], sequence: 2, granule: 4096n }),
    oggPage({ packets: [Buffer.alloc(64, 2)], sequence: 3, granule: 8192n, headerType: 0x04 }),
  ]);
}

/** An Ogg Opus stream: OpusHead, OpusTags (with padding after the comments), audio. */
export function oggOpus(comments: string[] = []): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt32LE(48_000, 12);
  const tags = Buffer.concat([
    vorbisComments(Buffer.from('OpusTags', 'latin1'), comments, false),
    Buffer.alloc(600), // kept-for-editing padding (RFC 7845), longer than one segment
  ]);
  return Buffer.concat([
    oggPage({ packets: [head], sequence: 0, headerType: 0x02 }),
    oggPage({ packets: [tags], sequence: 1 }),
    oggPage({ packets: [AUDIO_PAYLOAD], sequence: 2, granule: 960n, headerType: 0x04 }),
  ]);
}

// ---- FLAC ----

function flacBlock(type: number, body: Buffer, last: boolean): Buffer {
  const header = Buffer.alloc(4);
  header[0] = (last ? 0x80 : 0) | type;
  header.writeUIntBE(body.length, 1, 3);
  return Buffer.concat([header, body]);
}

/** A FLAC stream: marker, STREAMINFO, then frames (standing in for the sound). */
export function flac(): Buffer {
  return Buffer.concat([
    Buffer.from('fLaC', 'ascii'),
    flacBlock(0, Buffer.alloc(34), true),
    Buffer.from([0xff, 0xf8]),
    AUDIO_PAYLOAD,
    Buffer.alloc(200),
  ]);
}

/** A FLAC stream with an ID3v2 tag before it and comments, a cover picture and padding. */
export function flacTagged(): Buffer {
  const picture = Buffer.concat([Buffer.alloc(8), Buffer.from(`image/jpeg ${AUDIO_SECRET}`)]);
  return Buffer.concat([
    id3v2(),
    Buffer.from('fLaC', 'ascii'),
    flacBlock(0, Buffer.alloc(34, 3), false),
    flacBlock(4, vorbisComments(Buffer.alloc(0), [`ARTIST=${AUDIO_SECRET}`], false), false),
    flacBlock(3, Buffer.alloc(18, 9), false),
    flacBlock(6, picture, false),
    flacBlock(1, Buffer.alloc(64), true),
    Buffer.from([0xff, 0xf8]),
    AUDIO_PAYLOAD,
  ]);
}

// ---- MP3 ----

/** An ID3v2.3 tag with a title frame. */
export function id3v2(text = AUDIO_SECRET): Buffer {
  const value = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const frame = Buffer.alloc(10);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(value.length, 4);
  const body = Buffer.concat([frame, value]);
  const header = Buffer.alloc(10);
  header.write('ID3', 0, 'latin1');
  header[3] = 3;
  let size = body.length;
  for (let i = 9; i >= 6; i--) {
    header[i] = size & 0x7f;
    size >>= 7;
  }
  return Buffer.concat([header, body]);
}

/** MP3 frames with an ID3v2 tag before and APEv2 and ID3v1 tags after them. */
export function mp3Tagged(): Buffer {
  const id3v1 = Buffer.alloc(128);
  id3v1.write('TAG', 0, 'latin1');
  id3v1.write(AUDIO_SECRET.slice(0, 30), 3, 'latin1');
  const item = Buffer.concat([
    u32le(AUDIO_SECRET.length),
    Buffer.alloc(4),
    Buffer.from('Artist\0', 'latin1'),
    Buffer.from(AUDIO_SECRET, 'latin1'),
  ]);
  const footer = Buffer.alloc(32);
  footer.write('APETAGEX', 0, 'latin1');
  footer.writeUInt32LE(2000, 8);
  footer.writeUInt32LE(item.length + 32, 12);
  footer.writeUInt32LE(1, 16);
  const frames = mp3();
  AUDIO_PAYLOAD.copy(frames, 8);
  return Buffer.concat([id3v2(), frames, item, footer, id3v1]);
}

// ---- WAV ----

/** A PCM WAV with a LIST/INFO chunk and an id3 chunk around its data. */
export function wavTagged(): Buffer {
  const plain = wav(400);
  const fmt = plain.subarray(12, 36);
  const data = Buffer.concat([plain.subarray(36, 44), AUDIO_PAYLOAD, Buffer.alloc(1)]);
  data.writeUInt32LE(AUDIO_PAYLOAD.length + 1, 4);
  const name = Buffer.from(`${AUDIO_SECRET}\0`, 'latin1');
  const info = Buffer.concat([
    Buffer.from('INFO', 'latin1'),
    Buffer.from('INAM', 'latin1'),
    u32le(name.length),
    name,
    Buffer.alloc(name.length % 2),
  ]);
  const list = Buffer.concat([Buffer.from('LIST', 'latin1'), u32le(info.length), info]);
  const tag = id3v2();
  const id3 = Buffer.concat([
    Buffer.from('id3 ', 'latin1'),
    u32le(tag.length),
    tag,
    Buffer.alloc(tag.length % 2),
  ]);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, list, data, id3]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

// ---- MP4 ----

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An MPEG-4 audio file's ftyp box (brand M4A), a moov and the media data. */
export function m4a(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypM4A ', 4, 'ascii');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('M4A isom', 16, 'ascii');
  return Buffer.concat([
    ftyp,
    box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', Buffer.alloc(84)))),
    box('mdat', AUDIO_PAYLOAD, Buffer.alloc(200)),
  ]);
}

/** An M4A whose moov and track carry iTunes tags (udta/meta/ilst) and an XMP uuid box. */
export function m4aTagged(): Buffer {
  const plain = m4a();
  const ftyp = plain.subarray(0, 24);
  const secret = Buffer.from(AUDIO_SECRET, 'utf8');
  const ilst = box('ilst', box('\xa9nam', box('data', Buffer.alloc(8), secret)));
  const meta = box('meta', Buffer.alloc(4), box('hdlr', Buffer.alloc(25)), ilst);
  return Buffer.concat([
    ftyp,
    box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box('trak', box('tkhd', Buffer.alloc(84)), box('udta', box('name', secret))),
      box('udta', meta),
    ),
    box('uuid', Buffer.alloc(16, 0xbe), Buffer.from(`<x:xmpmeta>${AUDIO_SECRET}</x:xmpmeta>`)),
    box('mdat', AUDIO_PAYLOAD, Buffer.alloc(200)),
  ]);
}

// ---- WebM ----

/** An EBML ID's bytes (its length marker is part of the ID). */
function idOf(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

/** An EBML element of a known size. */
function ebml(id: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const idBytes = idOf(id);
  const size = Buffer.alloc(8);
  size.writeUInt32BE(Math.floor(body.length / 2 ** 32), 0);
  size.writeUInt32BE(body.length % 2 ** 32, 4);
  size[0] = 0x01; // an 8-byte size
  return Buffer.concat([idBytes, size, body]);
}

/** An element of unknown size (what a live recorder writes for the segment and clusters). */
function ebmlUnknown(id: number, ...children: Buffer[]): Buffer {
  const idBytes = idOf(id);
  return Buffer.concat([
    idBytes,
    Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ...children,
  ]);
}

function ebmlHeader(): Buffer {
  return ebml(0x1a45dfa3, ebml(0x4286, Buffer.from([1])), ebml(0x4282, Buffer.from('webm')));
}

/** A WebM recording: EBML header, a segment with its info, one track and a cluster. */
export function webm(): Buffer {
  return Buffer.concat([
    ebmlHeader(),
    ebml(
      0x18538067,
      ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40]))),
      ebml(0x1654ae6b, ebml(0xae, ebml(0x86, Buffer.from('A_OPUS')))),
      ebml(0x1f43b675, ebml(0xe7, Buffer.from([0])), ebml(0xa3, AUDIO_PAYLOAD)),
    ),
  ]);
}

/**
 * A WebM with a title, a recording date and a track name, tags and an attachment; `live`:
 * the segment and its cluster of unknown size, as a browser's MediaRecorder writes them.
 */
export function webmTagged(live = false): Buffer {
  const secret = Buffer.from(AUDIO_SECRET, 'utf8');
  const children = [
    ebml(
      0x1549a966,
      ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
      ebml(0x7ba9, secret),
      ebml(0x4461, Buffer.alloc(8, 0x11)),
      ebml(0x4d80, Buffer.from('Chrome')),
    ),
    ebml(0x1654ae6b, ebml(0xae, ebml(0x86, Buffer.from('A_OPUS')), ebml(0x536e, secret))),
    (live ? ebmlUnknown : ebml)(
      0x1f43b675,
      ebml(0xe7, Buffer.from([0])),
      ebml(0xa3, AUDIO_PAYLOAD),
    ),
    ebml(
      0x1254c367,
      ebml(0x7373, ebml(0x67c8, ebml(0x45a3, Buffer.from('TITLE')), ebml(0x4487, secret))),
    ),
    ebml(0x1941a469, ebml(0x61a7, ebml(0x466e, secret))),
  ];
  return Buffer.concat([ebmlHeader(), (live ? ebmlUnknown : ebml)(0x18538067, ...children)]);
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

// The media stores the tests run on (the disk; S3 when TEST_S3_URL is set): test/media-store-test-kit.ts.
export {
  mediaStoreEnv,
  s3TestEnv,
  testMediaStoreKinds,
  testStorageMatrix,
  type TestMediaStoreKind,
} from '../../test/media-store-test-kit.ts';

/** A stored file's bytes in the test app's media store, or null when it is not there. */
export async function readStored(t: TestApp, name: string): Promise<Buffer | null> {
  const file = await t.ctx.media.open(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
