import { describe, expect, it } from 'vitest';
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from './encoding.ts';
import { parseSiwsMessage } from '@dum/core';
import { formatSignInMessage } from './siws.ts';

describe('base58 and base64', () => {
  it('round-trips bytes, leading zeros included', () => {
    for (const bytes of [
      new Uint8Array([]),
      new Uint8Array([0, 0, 1, 2, 255]),
      Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256),
    ]) {
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
      expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
    }
  });

  it('matches known Solana encodings', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    expect(encodeBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV');
    expect(() => decodeBase58('0OIl')).toThrow();
  });
});

const CHALLENGE = [
  'dum.club wants you to sign in with your Solana account:',
  '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  '',
  'Sign in to Dum Club.',
  '',
  'URI: https://dum.club',
  'Version: 1',
  'Chain ID: localnet',
  'Nonce: a1b2c3d4e5',
  'Issued At: 2026-01-01T00:00:00.000Z',
  'Expiration Time: 2026-01-01T00:10:00.000Z',
].join('\n');

describe('Sign-In With Solana text', () => {
  it('writes back exactly the challenge from its fields (what a standard wallet signs)', () => {
    const fields = parseSiwsMessage(CHALLENGE);
    expect(fields).not.toBeNull();
    expect(fields && formatSignInMessage(fields)).toBe(CHALLENGE);
  });

  it('writes only the fields it is given, statement and resources included', () => {
    expect(formatSignInMessage({ domain: 'a.b', address: 'Addr', nonce: 'n1234567' })).toBe(
      'a.b wants you to sign in with your Solana account:\nAddr\n\nNonce: n1234567',
    );
    expect(
      formatSignInMessage({ domain: 'a.b', address: 'Addr', statement: 'Hi', resources: ['x'] }),
    ).toBe('a.b wants you to sign in with your Solana account:\nAddr\n\nHi\n\nResources:\n- x');
  });
});
