import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressName, base58 } from './wire.ts';

describe('base58', () => {
  it('agrees with bs58 on any bytes, leading zeros included', () => {
    const bytes = fc
      .tuple(fc.nat({ max: 6 }), fc.uint8Array({ maxLength: 140 }))
      .map(([zeros, rest]) => Uint8Array.from([...new Uint8Array(zeros), ...rest]));
    fc.assert(
      fc.property(bytes, (value) => {
        expect(base58(value)).toBe(bs58.encode(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes keys, signatures and values longer than any seen before', () => {
    for (const value of [
      new Uint8Array(0),
      new Uint8Array(32),
      new Uint8Array(64).fill(255),
      Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) % 256),
      Uint8Array.from({ length: 2000 }, (_, i) => (i === 1999 ? 7 : 0)),
      Uint8Array.from({ length: 64 }, (_, i) => i),
    ]) {
      expect(base58(value)).toBe(bs58.encode(value));
    }
  });

  it('names 32-byte views the same as bs58, from the cache or not', () => {
    const buffer = Uint8Array.from({ length: 100 }, (_, i) => (i * 11) % 256);
    for (let round = 0; round < 2; round++) {
      for (let offset = 0; offset <= 68; offset += 17) {
        const view = buffer.subarray(offset, offset + 32);
        expect(addressName(view)).toBe(bs58.encode(view));
      }
    }
  });
});
