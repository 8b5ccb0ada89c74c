import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSiwsMessage, parseSiwsMessage, type SiwsFields } from './siws.ts';

const fields: SiwsFields = {
  domain: 'dum.example:8443',
  address: '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2',
  statement: 'Sign in to Dum Club.',
  uri: 'https://dum.example:8443',
  version: '1',
  chainId: 'devnet',
  nonce: 'a1B2c3D4e5F6g7H8i9J0k1L2',
  issuedAt: '2026-11-23T12:00:00.000Z',
  expirationTime: '2026-11-23T12:05:00.000Z',
};

const text = [
  'dum.example:8443 wants you to sign in with your Solana account:',
  '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2',
  '',
  'Sign in to Dum Club.',
  '',
  'URI: https://dum.example:8443',
  'Version: 1',
  'Chain ID: devnet',
  'Nonce: a1B2c3D4e5F6g7H8i9J0k1L2',
  'Issued At: 2026-11-23T12:00:00.000Z',
  'Expiration Time: 2026-11-23T12:05:00.000Z',
].join('\n');

describe('Sign-In With Solana messages', () => {
  it('writes the CAIP-122 layout, with no trailing newline', () => {
    expect(formatSiwsMessage(fields)).toBe(text);
  });

  it('parses what it writes', () => {
    expect(parseSiwsMessage(text)).toEqual(fields);
  });

  it('refuses anything but that exact layout', () => {
    const variants = [
      `${text}\n`,
      text.replace(/\n/g, '\r\n'),
      text.replace('wants you', 'want you'),
      text.replace('Version: 1\n', ''),
      text.replace('Chain ID: devnet\n', 'Chain ID: devnet\nRequest ID: 1\n'),
      `${text}\nResources:\n- https://dum.example`,
      text.replace('\n\nSign in to Dum Club.', ''),
      text.replace('Nonce: a1B2c3D4e5F6g7H8i9J0k1L2', 'Nonce: '),
      text
        .replace('Issued At', 'Expiration Time')
        .replace(/Expiration Time: (.*)$/, 'Issued At: $1'),
      ` ${text}`,
      '',
    ];
    for (const variant of variants) expect(parseSiwsMessage(variant)).toBeNull();
  });

  it('round-trips any single-line field values', () => {
    const line = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[\r\n]/.test(s));
    const token = fc.stringMatching(/^[A-Za-z0-9.:/-]{1,40}$/);
    fc.assert(
      fc.property(token, token, line, token, token, (domain, address, statement, nonce, uri) => {
        const value = { ...fields, domain, address, statement, nonce, uri };
        expect(parseSiwsMessage(formatSiwsMessage(value))).toEqual(value);
      }),
    );
  });
});
