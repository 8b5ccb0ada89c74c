import { fail } from './audio-structure-error.ts';
import { FLAC_SEEKTABLE, FLAC_VORBIS_COMMENT } from './strip-flac.ts';

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

export function stripOgg(bytes: Buffer): Buffer {
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
