import { readFile, writeFile } from 'node:fs/promises';
import { invalidFileType } from './detect.ts';
import type { MediaExtension } from './storage.ts';

/**
 * Strips the metadata an audio file carries about its maker (title, artist, comments, cover
 * pictures, recording dates, encoder notes: what ID3 tags, Vorbis comments, RIFF INFO lists and
 * MP4 / Matroska tags hold), and keeps the sound. No library does this for every format we take
 * without native code or an external encoder, so each container's own structure is handled here:
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

/** A structure this module cannot read: the upload is refused. */
export class AudioStructureError extends Error {}

function fail(message: string): never {
  throw new AudioStructureError(message);
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

// ---- ID3 and APE (MP3, and ID3 before FLAC) ---------------------------------------------------

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
function withoutLeadingId3(bytes: Buffer): Buffer {
  let start = 0;
  for (let length = id3v2LengthAt(bytes, 0); length > 0; length = id3v2LengthAt(bytes, start)) {
    start += length;
  }
  return bytes.subarray(start);
}

function stripMp3(input: Buffer): Buffer {
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

// ---- FLAC -------------------------------------------------------------------------------------

const FLAC_STREAMINFO = 0;
const FLAC_SEEKTABLE = 3;
const FLAC_VORBIS_COMMENT = 4;

function stripFlac(input: Buffer): Buffer {
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

// ---- WAV (RIFF) -------------------------------------------------------------------------------

const WAV_KEPT_CHUNKS = new Set(['fmt ', 'fact', 'data']);

function stripWav(bytes: Buffer): Buffer {
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

// ---- Ogg --------------------------------------------------------------------------------------

interface OggPage {
  headerType: number;
  granule: Buffer;
  serial: number;
  sequence: number;
  segments: number[];
  body: Buffer;
}

function readOggPages(bytes: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.toString('latin1', offset, offset + 4) !== 'OggS' || bytes[offset + 4] !== 0) {
      fail('not an Ogg page');
    }
    if (offset + 27 > bytes.length) fail('Ogg page header runs past the end');
    const count = bytes[offset + 26] ?? 0;
    const segments = [...bytes.subarray(offset + 27, offset + 27 + count)];
    if (segments.length !== count) fail('Ogg lacing runs past the end');
    const bodyStart = offset + 27 + count;
    const bodyEnd = bodyStart + segments.reduce((sum, n) => sum + n, 0);
    if (bodyEnd > bytes.length) fail('Ogg page body runs past the end');
    pages.push({
      headerType: bytes[offset + 5] ?? 0,
      granule: Buffer.from(bytes.subarray(offset + 6, offset + 14)),
      serial: bytes.readUInt32LE(offset + 14),
      sequence: bytes.readUInt32LE(offset + 18),
      segments,
      body: Buffer.from(bytes.subarray(bodyStart, bodyEnd)),
    });
    offset = bodyEnd;
  }
  return pages;
}

const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc = ((crc << 8) ^ (OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}

function writeOggPage(page: OggPage): Buffer {
  const header = Buffer.alloc(27 + page.segments.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = page.headerType;
  page.granule.copy(header, 6);
  header.writeUInt32LE(page.serial, 14);
  header.writeUInt32LE(page.sequence, 18);
  header[26] = page.segments.length;
  header.set(page.segments, 27);
  const out = Buffer.concat([header, page.body]);
  out.writeUInt32LE(oggCrc(out), 22);
  return out;
}

/** The packets that end on these pages (the pages must end with a complete packet). */
function packetsOf(pages: OggPage[]): Buffer[] {
  const packets: Buffer[] = [];
  let current: Buffer[] = [];
  for (const page of pages) {
    let offset = 0;
    for (const length of page.segments) {
      current.push(page.body.subarray(offset, offset + length));
      offset += length;
      if (length < 255) {
        packets.push(Buffer.concat(current));
        current = [];
      }
    }
  }
  if (current.length > 0) fail('Ogg header packets do not end on a page boundary');
  return packets;
}

/** Header packets on as few pages as fit (255 segments a page), granule 0, from `sequence`. */
function pagesOf(packets: Buffer[], serial: number, sequence: number): OggPage[] {
  const pages: OggPage[] = [];
  let segments: number[] = [];
  let body: Buffer[] = [];
  let continued = false;
  const flush = (nextContinued: boolean): void => {
    pages.push({
      headerType: continued ? 0x01 : 0,
      granule: Buffer.alloc(8),
      serial,
      sequence: sequence + pages.length,
      segments,
      body: Buffer.concat(body),
    });
    segments = [];
    body = [];
    continued = nextContinued;
  };
  for (const packet of packets) {
    let offset = 0;
    for (;;) {
      const length = Math.min(255, packet.length - offset);
      segments.push(length);
      body.push(packet.subarray(offset, offset + length));
      offset += length;
      const done = length < 255;
      if (segments.length === 255) flush(!done);
      if (done) break;
    }
  }
  if (segments.length > 0) flush(false);
  return pages;
}

type OggCodec = 'vorbis' | 'opus' | 'flac';

function codecOf(first: Buffer): OggCodec {
  if (first.toString('latin1', 0, 7) === '\x01vorbis') return 'vorbis';
  if (first.toString('latin1', 0, 8) === 'OpusHead') return 'opus';
  if (first.toString('latin1', 0, 5) === '\x7fFLAC') return 'flac';
  fail('an Ogg stream of a codec other than Vorbis, Opus or FLAC');
}

/** A Vorbis comment list with its vendor string and no comments. */
function emptyComments(packet: Buffer, prefixLength: number, framingBit: boolean): Buffer {
  const vendorLength = packet.readUInt32LE(prefixLength);
  const vendorEnd = prefixLength + 4 + vendorLength;
  if (vendorEnd > packet.length) fail('comment vendor runs past the packet');
  return Buffer.concat([
    packet.subarray(0, vendorEnd),
    Buffer.alloc(4),
    framingBit ? Buffer.from([1]) : Buffer.alloc(0),
  ]);
}

/** The stream's header packets after the first, stripped; and its first packet, amended. */
function stripHeaders(
  codec: OggCodec,
  first: Buffer,
  rest: Buffer[],
): { first: Buffer; rest: Buffer[] } {
  if (codec === 'vorbis') {
    const [comment, setup] = rest;
    if (!comment || !setup || comment.toString('latin1', 0, 7) !== '\x03vorbis') {
      fail('Vorbis headers out of order');
    }
    return { first, rest: [emptyComments(comment, 7, true), setup] };
  }
  if (codec === 'opus') {
    const [tags] = rest;
    if (!tags || tags.toString('latin1', 0, 8) !== 'OpusTags') fail('no OpusTags header');
    return { first, rest: [emptyComments(tags, 8, false)] };
  }
  // Ogg FLAC: the first packet names how many header packets follow; they are metadata blocks,
  // the first of them a VORBIS_COMMENT (the mapping requires one: it is emptied, not dropped).
  const kept = rest.flatMap((block) => {
    const type = (block[0] ?? 0) & 0x7f;
    if (type === FLAC_VORBIS_COMMENT) return [emptyComments(block, 4, false)];
    if (type === FLAC_SEEKTABLE) return [Buffer.from(block)];
    return [];
  });
  kept.forEach((block, i) => {
    block[0] = ((block[0] ?? 0) & 0x7f) | (i === kept.length - 1 ? 0x80 : 0);
    block.writeUIntBE(block.length - 4, 1, 3);
  });
  const amended = Buffer.from(first);
  amended.writeUInt16BE(kept.length, 7);
  // STREAMINFO inside the first packet is the last block when nothing follows.
  amended[13] = ((amended[13] ?? 0) & 0x7f) | (kept.length === 0 ? 0x80 : 0);
  return { first: amended, rest: kept };
}

function flacHeaderCount(first: Buffer): number {
  const count = first.readUInt16BE(7);
  if (count === 0) fail('Ogg FLAC with an unknown number of header packets');
  return count;
}

interface OggStreamState {
  codec: OggCodec;
  first: Buffer;
  /** Header packets after the first that the stream still has to carry. */
  expected: number;
  pages: OggPage[];
  /** Index in the output where the stream's header pages go. */
  slot: number;
  sequenceShift: number;
  done: boolean;
}

function stripOgg(bytes: Buffer): Buffer {
  const pages = readOggPages(bytes);
  const out: (Buffer | null)[] = [];
  const streams = new Map<number, OggStreamState>();
  for (const page of pages) {
    let state = streams.get(page.serial);
    if (page.headerType & 0x02) {
      // Beginning of a stream (chained streams may reuse nothing): its first packet is alone.
      const [first] = packetsOf([page]);
      if (!first || page.segments.length === 0) fail('empty Ogg BOS page');
      const codec = codecOf(first);
      const expected = codec === 'vorbis' ? 2 : codec === 'opus' ? 1 : flacHeaderCount(first);
      state = {
        codec,
        first,
        expected,
        pages: [],
        slot: -1,
        sequenceShift: 0,
        done: false,
      };
      streams.set(page.serial, state);
      // Kept in its place; rewritten when the first packet changes (Ogg FLAC's count).
      out.push(null);
      state.slot = out.length - 1;
      continue;
    }
    if (!state) fail('an Ogg page of a stream that never began');
    if (!state.done) {
      state.pages.push(page);
      const complete = countCompletePackets(state.pages);
      if (complete > state.expected) fail('Ogg audio shares a page with the headers');
      if (complete < state.expected) continue;
      const stripped = stripHeaders(state.codec, state.first, packetsOf(state.pages));
      const bos = writeOggPage({
        headerType: 0x02,
        granule: Buffer.alloc(8),
        serial: page.serial,
        sequence: 0,
        ...lacing(stripped.first),
      });
      out[state.slot] = bos;
      const rebuilt = pagesOf(stripped.rest, page.serial, 1);
      state.sequenceShift = rebuilt.length - state.pages.length;
      for (const header of rebuilt) out.push(writeOggPage(header));
      state.done = true;
      state.pages = [];
      continue;
    }
    out.push(writeOggPage({ ...page, sequence: page.sequence + state.sequenceShift }));
  }
  for (const state of streams.values()) if (!state.done) fail('Ogg headers never ended');
  return Buffer.concat(out.map((page) => page ?? fail('Ogg page missing')));
}

function countCompletePackets(pages: OggPage[]): number {
  let count = 0;
  for (const page of pages) for (const length of page.segments) if (length < 255) count++;
  return count;
}

function lacing(packet: Buffer): { segments: number[]; body: Buffer } {
  const segments: number[] = [];
  for (let left = packet.length; ; left -= 255) {
    segments.push(Math.min(255, left));
    if (left < 255) break;
  }
  if (segments.length > 255) fail('Ogg first packet too large for one page');
  return { segments, body: packet };
}

// ---- MP4 / M4A --------------------------------------------------------------------------------

const MP4_METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
const MP4_DESCEND = new Set(['moov', 'trak']);

function stripMp4(input: Buffer): Buffer {
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

// ---- Matroska / WebM --------------------------------------------------------------------------

const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  cluster: 0x1f43b675,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  title: 0x7ba9,
  dateUtc: 0x4461,
  name: 0x536e,
  void: 0xec,
} as const;

/** Segment children: an unknown-size cluster ends where one of these begins. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  EBML.info,
  EBML.tracks,
  0x1c53bb6b, // Cues
  EBML.cluster,
  EBML.tags,
  EBML.attachments,
  0x1043a770, // Chapters
  EBML.void,
]);

interface EbmlElement {
  id: number;
  start: number;
  dataStart: number;
  /** null: unknown size (a live recording's segment and clusters). */
  dataEnd: number | null;
}

function readVint(
  bytes: Buffer,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } {
  const first = bytes[offset];
  if (first === undefined || first === 0) fail('bad EBML variable-length integer');
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) fail('EBML integer runs past the end');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(bytes: Buffer, offset: number): EbmlElement {
  const id = readVint(bytes, offset, true);
  const size = readVint(bytes, offset + id.length, false);
  const dataStart = offset + id.length + size.length;
  const dataEnd = size.unknown ? null : dataStart + size.value;
  if (dataEnd !== null && dataEnd > bytes.length) fail('EBML element runs past the end');
  return { id: id.value, start: offset, dataStart, dataEnd };
}

/** Overwrites [start, end) with one Void element of exactly that length. */
function voidOut(bytes: Buffer, start: number, end: number): void {
  const total = end - start;
  bytes.fill(0, start, end);
  bytes[start] = EBML.void;
  if (total - 2 <= 126) {
    bytes[start + 1] = 0x80 | (total - 2);
    return;
  }
  // An 8-byte size: 0x01 then seven bytes of length.
  bytes[start + 1] = 0x01;
  bytes.writeUIntBE(total - 9, start + 3, 6);
}

function stripMatroska(input: Buffer): Buffer {
  const bytes = Buffer.from(input);
  let offset = 0;
  while (offset < bytes.length) {
    const element = readElement(bytes, offset);
    if (element.id === EBML.segment) {
      blankSegment(bytes, element.dataStart, element.dataEnd ?? bytes.length);
      if (element.dataEnd === null) break;
      offset = element.dataEnd;
      continue;
    }
    if (element.dataEnd === null) fail('EBML element of unknown size outside the segment');
    offset = element.dataEnd;
  }
  return bytes;
}

function blankSegment(bytes: Buffer, start: number, end: number): void {
  let offset = start;
  while (offset < end) {
    const element = readElement(bytes, offset);
    let elementEnd = element.dataEnd;
    if (elementEnd === null) {
      if (element.id !== EBML.cluster) fail('unknown-size element other than a cluster');
      elementEnd = endOfUnknownCluster(bytes, element.dataStart, end);
    }
    if (element.id === EBML.tags || element.id === EBML.attachments) {
      voidOut(bytes, element.start, elementEnd);
    } else if (element.id === EBML.info) {
      voidChildren(bytes, element.dataStart, elementEnd, new Set([EBML.title, EBML.dateUtc]));
    } else if (element.id === EBML.tracks) {
      let entry = element.dataStart;
      while (entry < elementEnd) {
        const child = readElement(bytes, entry);
        if (child.dataEnd === null) fail('unknown-size track entry');
        if (child.id === EBML.trackEntry) {
          voidChildren(bytes, child.dataStart, child.dataEnd, new Set([EBML.name]));
        }
        entry = child.dataEnd;
      }
    }
    offset = elementEnd;
  }
}

function voidChildren(bytes: Buffer, start: number, end: number, ids: Set<number>): void {
  let offset = start;
  while (offset < end) {
    const child = readElement(bytes, offset);
    if (child.dataEnd === null || child.dataEnd > end) fail('EBML child runs past its parent');
    if (ids.has(child.id)) voidOut(bytes, child.start, child.dataEnd);
    offset = child.dataEnd;
  }
}

function endOfUnknownCluster(bytes: Buffer, start: number, end: number): number {
  let offset = start;
  while (offset < end) {
    const id = readVint(bytes, offset, true).value;
    if (SEGMENT_CHILDREN.has(id) && id !== EBML.void) return offset;
    const child = readElement(bytes, offset);
    if (child.dataEnd === null) fail('unknown-size element inside a cluster');
    offset = child.dataEnd;
  }
  return end;
}
