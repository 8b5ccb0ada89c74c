import { fail } from './audio-structure-error.ts';

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

export function stripMatroska(input: Buffer): Buffer {
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
