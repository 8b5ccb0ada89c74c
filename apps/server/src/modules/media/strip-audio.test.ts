import { describe, expect, it } from 'vitest';
import { stripAudioMetadata } from './strip-audio.ts';
import * as files from './test-kit.ts';

/**
 * Audio metadata stripping on small files built in the test (test-kit.ts): each carries its
 * maker's details (AUDIO_SECRET) in its container's tags and stands in for the sound with
 * AUDIO_PAYLOAD. After stripping, the secret is gone in every encoding, the payload is there
 * byte for byte, and the container is still well formed. The upload route's test stores them.
 */

const SECRET_FORMS = [
  Buffer.from(files.AUDIO_SECRET, 'latin1'),
  Buffer.from(files.AUDIO_SECRET.slice(0, 30), 'latin1'),
  Buffer.from('Alice', 'latin1'),
];

function expectClean(stripped: Buffer): void {
  for (const form of SECRET_FORMS) expect(stripped.includes(form)).toBe(false);
  expect(stripped.includes(files.AUDIO_PAYLOAD)).toBe(true);
}

interface Page {
  headerType: number;
  sequence: number;
  granule: bigint;
  segments: number[];
  body: Buffer;
  checksumOk: boolean;
}

function oggPages(bytes: Buffer): Page[] {
  const pages: Page[] = [];
  for (let offset = 0; offset < bytes.length;) {
    expect(bytes.toString('latin1', offset, offset + 4)).toBe('OggS');
    const count = bytes[offset + 26]!;
    const segments = [...bytes.subarray(offset + 27, offset + 27 + count)];
    const end = offset + 27 + count + segments.reduce((a, b) => a + b, 0);
    const page = Buffer.from(bytes.subarray(offset, end));
    const stated = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({
      headerType: page[5]!,
      granule: page.readBigUInt64LE(6),
      sequence: page.readUInt32LE(18),
      segments,
      body: page.subarray(27 + count),
      checksumOk: files.oggChecksum(page) === stated,
    });
    offset = end;
  }
  return pages;
}

function packets(pages: Page[]): Buffer[] {
  const out: Buffer[] = [];
  let current: Buffer[] = [];
  for (const page of pages) {
    let offset = 0;
    for (const length of page.segments) {
      current.push(page.body.subarray(offset, offset + length));
      offset += length;
      if (length < 255) {
        out.push(Buffer.concat(current));
        current = [];
      }
    }
  }
  return out;
}

describe('stripping audio metadata', () => {
  it('MP3: ID3v2 before, APEv2 and ID3v1 after the frames', () => {
    const tagged = files.mp3Tagged();
    const stripped = stripAudioMetadata(tagged, 'mp3');
    expectClean(stripped);
    // Exactly the frames are left.
    expect(stripped[0]).toBe(0xff);
    expect(stripped.length).toBe(files.mp3().length);
    // A file without tags is left as it was.
    expect(stripAudioMetadata(files.mp3(), 'mp3').equals(files.mp3())).toBe(true);
  });

  it('FLAC: only STREAMINFO and SEEKTABLE stay, the last one flagged last', () => {
    const stripped = stripAudioMetadata(files.flacTagged(), 'flac');
    expectClean(stripped);
    expect(stripped.toString('latin1', 0, 4)).toBe('fLaC');
    expect(stripped[4]).toBe(0x00); // STREAMINFO, not last
    expect(stripped.readUIntBE(5, 3)).toBe(34);
    expect(stripped[8 + 34]).toBe(0x83); // SEEKTABLE, last
    expect(stripped.subarray(8 + 34 + 4 + 18, 8 + 34 + 4 + 18 + 2)).toEqual(
      Buffer.from([0xff, 0xf8]),
    );
  });

  it('WAV: LIST/INFO and id3 chunks go, the RIFF size follows', () => {
    const stripped = stripAudioMetadata(files.wavTagged(), 'wav');
    expectClean(stripped);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    const ids: string[] = [];
    for (let offset = 12; offset < stripped.length;) {
      ids.push(stripped.toString('latin1', offset, offset + 4));
      const size = stripped.readUInt32LE(offset + 4);
      offset += 8 + size + (size % 2);
    }
    expect(ids).toEqual(['fmt ', 'data']);
  });

  it.each([
    ['Vorbis', () => files.oggVorbis([`ARTIST=${files.AUDIO_SECRET}`, 'GPS=52.52,13.40']), 3],
    ['Opus', () => files.oggOpus([`TITLE=${files.AUDIO_SECRET}`]), 2],
  ] as const)(
    'Ogg %s: comments emptied, pages re-numbered and re-checksummed',
    (_, make, headers) => {
      const tagged = make();
      const stripped = stripAudioMetadata(tagged, 'ogg');
      expectClean(stripped);
      expect(stripped.includes(Buffer.from('GPS='))).toBe(false);
      const pages = oggPages(stripped);
      expect(pages.every((p) => p.checksumOk)).toBe(true);
      expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
      expect(pages[0]!.headerType).toBe(0x02);
      expect(pages.at(-1)!.headerType & 0x04).toBe(0x04);
      const all = packets(pages);
      const before = packets(oggPages(tagged));
      // The same packets but the comment header, which keeps its vendor and no comments.
      expect(all).toHaveLength(before.length);
      const comment = all[1]!;
      const vendorLength = comment.readUInt32LE(headers === 3 ? 7 : 8);
      const countAt = (headers === 3 ? 7 : 8) + 4 + vendorLength;
      expect(comment.readUInt32LE(countAt)).toBe(0);
      for (const i of all.keys()) if (i !== 1) expect(all[i]!.equals(before[i]!)).toBe(true);
      // The audio pages keep their granule positions.
      expect(pages.at(-1)!.granule).toBe(oggPages(tagged).at(-1)!.granule);
    },
  );

  it('Ogg: refuses a stream of another codec, and pages that are not Ogg', () => {
    const speex = files.oggPage({
      packets: [Buffer.from('Speex   1.2rc1\0\0\0\0\0\0')],
      sequence: 0,
      headerType: 0x02,
    });
    expect(() => stripAudioMetadata(speex, 'ogg')).toThrow(/codec/);
    expect(() =>
      stripAudioMetadata(Buffer.concat([files.oggVorbis(), Buffer.alloc(10)]), 'ogg'),
    ).toThrow();
  });

  it('M4A: udta, meta and uuid boxes become zeroed free boxes of the same size', () => {
    const tagged = files.m4aTagged();
    const stripped = stripAudioMetadata(tagged, 'm4a');
    expectClean(stripped);
    // Nothing moved: sample offsets into mdat stay right.
    expect(stripped.length).toBe(tagged.length);
    expect(stripped.indexOf(files.AUDIO_PAYLOAD)).toBe(tagged.indexOf(files.AUDIO_PAYLOAD));
    expect(stripped.includes(Buffer.from('udta'))).toBe(false);
    expect(stripped.includes(Buffer.from('free'))).toBe(true);
  });

  it.each([false, true])(
    'WebM (unknown sizes: %s): tags, attachments, title, date and track name become Void',
    (live) => {
      const tagged = files.webmTagged(live);
      const stripped = stripAudioMetadata(tagged, 'webm');
      expectClean(stripped);
      expect(stripped.length).toBe(tagged.length);
      expect(stripped.indexOf(files.AUDIO_PAYLOAD)).toBe(tagged.indexOf(files.AUDIO_PAYLOAD));
      expect(stripped.includes(Buffer.alloc(8, 0x11))).toBe(false); // DateUTC
      expect(stripped.includes(Buffer.from('A_OPUS'))).toBe(true);
      expect(stripped.includes(Buffer.from('Chrome'))).toBe(true);
    },
  );

  it('leaves the untagged test files of every format as they were', () => {
    for (const [file, extension] of [
      [files.mp3(), 'mp3'],
      [files.flac(), 'flac'],
      [files.wav(), 'wav'],
      [files.m4a(), 'm4a'],
      [files.webm(), 'webm'],
    ] as const) {
      expect(stripAudioMetadata(file, extension).equals(file), extension).toBe(true);
    }
  });
});
