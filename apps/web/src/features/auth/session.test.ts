import { STORAGE_KEYS } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { signInFailureToast, isUserRejection } from './auth-messages.ts';
import { clearSession, decodeAccessToken, readSession, writeSession } from './session.ts';
import { ADDRESS, makeJwt, memoryStorage } from './test-kit.ts';

describe('decodeAccessToken', () => {
  const exp = 2_000_000_000;

  it('reads sub, solAddress and exp', () => {
    expect(decodeAccessToken(makeJwt({ sub: 'u1', solAddress: ADDRESS, exp }))).toEqual({
      sub: 'u1',
      solAddress: ADDRESS,
      exp,
    });
  });

  it.each([
    ['no payload', 'abc'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['no sub', makeJwt({ solAddress: ADDRESS, exp })],
    ['no solAddress', makeJwt({ sub: 'u1', exp })],
    ['no exp', makeJwt({ sub: 'u1', solAddress: ADDRESS })],
    ['an empty sub', makeJwt({ sub: '', solAddress: ADDRESS, exp })],
    ['a numeric exp given as text', makeJwt({ sub: 'u1', solAddress: ADDRESS, exp: '1' })],
  ])("rejects %s with 'Invalid token received'", (_name, token) => {
    expect(() => decodeAccessToken(token)).toThrow('Invalid token received');
  });

  it('rejects an expired token when given the time', () => {
    const token = makeJwt({ sub: 'u1', solAddress: ADDRESS, exp });
    expect(() => decodeAccessToken(token, exp * 1000)).toThrow('Invalid token received');
    expect(decodeAccessToken(token, exp * 1000 - 1).exp).toBe(exp);
  });

  it('decodes UTF-8 and base64url payloads', () => {
    const token = makeJwt({ sub: 'ü?>', solAddress: ADDRESS, exp, name: '~~~' });
    expect(decodeAccessToken(token).sub).toBe('ü?>');
  });
});

describe('stored session (the shared token keys)', () => {
  it('writes, reads and clears every key', () => {
    const storage = memoryStorage();
    writeSession(storage, { accessToken: 'a', refreshToken: 'r', expiresAt: 5, createdAt: 3 });
    expect(
      Object.fromEntries(Object.values(STORAGE_KEYS).map((k) => [k, storage.getItem(k)])),
    ).toEqual({
      'dum.jwt': 'a',
      accessToken: 'a',
      refreshToken: 'r',
      'dum.jwt.exp': '5',
      'dum.jwt.created': '3',
    });
    expect(readSession(storage)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 5,
      createdAt: 3,
    });
    storage.setItem('unrelated', 'kept');
    clearSession(storage);
    expect(readSession(storage)).toBeNull();
    expect(storage.length).toBe(1);
  });

  it('keeps the creation time across a refresh', () => {
    const storage = memoryStorage();
    writeSession(storage, { accessToken: 'a', refreshToken: 'r', expiresAt: 5, createdAt: 3 });
    writeSession(storage, { accessToken: 'b', refreshToken: 's', expiresAt: 9 });
    expect(readSession(storage)).toMatchObject({ accessToken: 'b', createdAt: 3, expiresAt: 9 });
  });
});

describe('sign-in failure toasts', () => {
  it('recognises a refusal by its message or code 4001', () => {
    expect(isUserRejection(new Error('User rejected the request.'))).toBe(true);
    expect(isUserRejection(new Error('The user rejected the request'))).toBe(true);
    expect(isUserRejection(Object.assign(new Error('nope'), { code: 4001 }))).toBe(true);
    expect(isUserRejection(new Error('Network down'))).toBe(false);
  });

  it('words each failure as the spec does', () => {
    const rejected = new Error('User rejected the request');
    expect(signInFailureToast(rejected, true).title).toBe('Signature Required');
    expect(signInFailureToast(rejected, false)).toMatchObject({
      title: 'Signature Rejected',
      description:
        'You must sign the message to use Dum Club features like the faucet, posting, and vaults.',
    });
    expect(signInFailureToast(new Error('challenge failed: 500'), false).description).toBe(
      'Unable to get authentication challenge from server. Please try again.',
    );
    expect(signInFailureToast(new Error('verify failed: 401 x'), true).description).toBe(
      'Signature verification failed. Please try again.',
    );
    expect(signInFailureToast(new Error('odd'), true)).toMatchObject({
      title: 'Authentication Failed',
      description: 'Failed to authenticate wallet signature.',
    });
    expect(signInFailureToast(new Error(''), false).description).toBe('Failed to sign message');
  });
});
