import { formatSiwsMessage, parseSiwsMessage, SIGN_IN_STATEMENT } from '@dum/core';
import { Keypair, PublicKey } from '@solana/web3.js';
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/app-test-kit.ts';
import {
  createTestWallet,
  memoInstruction,
  postVerify,
  requestChallenge,
  signIn,
  transferInstruction,
  type TestWallet,
} from '../../test/wallet-test-kit.ts';
import { deleteExpired } from './repo.ts';
import { isOurChallengeNonce, newChallengeNonce } from './nonces-and-refresh-tokens.ts';

const ORIGIN = 'https://dum.test';
const REFERRAL_ALPHABET = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

describe.each(testDatabaseKinds())('sign-in on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ORIGIN: ORIGIN });
  });
  afterAll(async () => {
    await t.close();
  });

  async function count(table: 'users' | 'refresh_tokens' | 'auth_used_nonces'): Promise<number> {
    const { rows } = await t.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from ${table}`,
    );
    return rows[0]?.n ?? 0;
  }

  async function userOf(address: string) {
    const { rows } = await t.ctx.database.pool.query<{
      id: string;
      referral_code: string | null;
      referred_by_id: string | null;
    }>('select id, referral_code, referred_by_id from users where sol_address = $1', [address]);
    return rows[0];
  }

  function expectError(
    response: { statusCode: number; json(): unknown },
    status: number,
    code: string,
  ): void {
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status,
      body: { error: { code, message: expect.any(String) as string } },
    });
  }

  describe('POST /api/auth/challenge', () => {
    it('issues a Sign-In With Solana message whose nonce proves its terms, storing nothing', async () => {
      const used = await count('auth_used_nonces');
      const wallet = createTestWallet();
      const before = t.clock.now();
      const message = await requestChallenge(t.app, wallet.address);
      const fields = parseSiwsMessage(message);
      expect(fields).toEqual({
        domain: 'dum.test',
        address: wallet.address,
        statement: SIGN_IN_STATEMENT,
        uri: ORIGIN,
        version: '1',
        chainId: 'localnet',
        // Base58 of 12 random bytes and a 16-byte MAC.
        nonce: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{36,39}$/) as string,
        issuedAt: before.toISOString(),
        expirationTime: new Date(before.getTime() + 300_000).toISOString(),
      });
      expect(message.startsWith(`dum.test wants you to sign in with your Solana account:\n`)).toBe(
        true,
      );
      const terms = {
        address: wallet.address,
        issuedAt: fields!.issuedAt,
        expiresAt: fields!.expirationTime,
        referralCode: null,
      };
      expect(isOurChallengeNonce(t.ctx.tokens.challengeMac, fields!.nonce, terms)).toBe(true);
      // The MAC covers every term: another wallet, time or referral code is not this challenge.
      for (const other of [
        { ...terms, address: createTestWallet().address },
        { ...terms, expiresAt: new Date(before.getTime() + 600_000).toISOString() },
        { ...terms, referralCode: 'FRIEND01' },
      ]) {
        expect(isOurChallengeNonce(t.ctx.tokens.challengeMac, fields!.nonce, other)).toBe(false);
      }
      expect(await count('auth_used_nonces')).toBe(used);
    });

    it('is the layout the wallet standard writes and parses (solana:signIn)', async () => {
      const wallet = createTestWallet();
      const message = await requestChallenge(t.app, wallet.address);
      const input = parseSignInMessageText(message);
      expect(input).toMatchObject(parseSiwsMessage(message) ?? {});
      expect(createSignInMessageText(input!)).toBe(message);
    });

    it('never hands out the same nonce twice', async () => {
      const wallet = createTestWallet();
      const nonces = new Set<string>();
      for (let i = 0; i < 20; i++) {
        nonces.add(parseSiwsMessage(await requestChallenge(t.app, wallet.address))!.nonce);
      }
      expect(nonces.size).toBe(20);
    });

    it('refuses what is not 32 bytes of base58, another chain and oversized fields', async () => {
      const bodies: unknown[] = [
        {},
        { chain: 'solana' },
        { address: 'not base58 0OIl', chain: 'solana' },
        { address: bs58.encode(new Uint8Array(31).fill(7)), chain: 'solana' },
        { address: bs58.encode(new Uint8Array(33).fill(7)), chain: 'solana' },
        { address: 'x'.repeat(5000), chain: 'solana' },
        { address: createTestWallet().address, chain: 'ethereum' },
        { address: createTestWallet().address, chain: 'solana', referralCode: 'R'.repeat(33) },
        { address: 42, chain: 'solana' },
      ];
      for (const payload of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/challenge',
          payload: payload as Record<string, unknown>,
        });
        expectError(response, 400, 'validation_failed');
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        headers: { 'content-type': 'application/json' },
        payload: '{"address":',
      });
      expectError(notJson, 400, 'malformed_json');
    });

    it('lets an address off the ed25519 curve ask, but it can never sign in', async () => {
      // A program-derived address: 32 bytes of base58, but no key pair exists for it.
      const pda = PublicKey.findProgramAddressSync(
        [Buffer.from('vault')],
        new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      )[0].toBase58();
      const message = await requestChallenge(t.app, pda);
      const response = await postVerify(t.app, {
        address: pda,
        message,
        signature: createTestWallet().signMessage(message),
      });
      expectError(response, 401, 'auth_signature_invalid');
    });

    it('ignores a stale bearer token (the client may hold an expired one)', async () => {
      const wallet = createTestWallet();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        headers: { authorization: 'Bearer aaa.bbb.ccc' },
        payload: { address: wallet.address, chain: 'solana' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/verify with a signed message', () => {
    it('signs a new wallet in: tokens, a user with a referral code, the nonce used up', async () => {
      const wallet = createTestWallet();
      const message = await requestChallenge(t.app, wallet.address);
      const response = await postVerify(t.app, {
        address: wallet.address,
        message,
        signature: wallet.signMessage(message),
      });
      expect(response.statusCode).toBe(200);
      const tokens = response.json<{
        accessToken: string;
        refreshToken: string;
        expiresIn: number;
      }>();
      expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
      expect(tokens.expiresIn).toBe(900);
      expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const user = await userOf(wallet.address);
      expect(user?.referral_code).toMatch(REFERRAL_ALPHABET);
      expect(user?.referred_by_id).toBeNull();
      expect(await t.ctx.tokens.verifyAccessToken(tokens.accessToken)).toMatchObject({
        id: user?.id,
        solAddress: wallet.address,
      });
      const nonce = parseSiwsMessage(message)!.nonce;
      const { rowCount } = await t.ctx.database.pool.query(
        'select 1 from auth_used_nonces where nonce = $1',
        [nonce],
      );
      expect(rowCount).toBe(1);
      // Only the hash of the refresh token is stored.
      const stored = await t.ctx.database.pool.query(
        'select 1 from refresh_tokens where token_hash = $1',
        [tokens.refreshToken],
      );
      expect(stored.rowCount).toBe(0);
    });

    it('signs a returning wallet in as the same user', async () => {
      const wallet = createTestWallet();
      const first = await signIn(t.app, wallet);
      const users = await count('users');
      const second = await signIn(t.app, wallet);
      expect(await count('users')).toBe(users);
      const [a, b] = await Promise.all([
        t.ctx.tokens.verifyAccessToken(first.accessToken),
        t.ctx.tokens.verifyAccessToken(second.accessToken),
      ]);
      expect(a.id).toBe(b.id);
    });

    it('keeps working when the pool replaces its connections (named statements)', async () => {
      const wallet = createTestWallet();
      await signIn(t.app, wallet);
      for (let i = 0; i < 2; i++) {
        const client = await t.ctx.database.pool.connect();
        client.release(true);
      }
      await signIn(t.app, wallet);
      await signIn(t.app, createTestWallet());
    });

    it('creates one user when a new wallet signs in several times at once', async () => {
      const wallet = createTestWallet();
      const results = await Promise.all(Array.from({ length: 6 }, () => signIn(t.app, wallet)));
      const ids = await Promise.all(
        results.map(async (r) => (await t.ctx.tokens.verifyAccessToken(r.accessToken)).id),
      );
      expect(new Set(ids).size).toBe(1);
      const { rows } = await t.ctx.database.pool.query<{ n: number }>(
        'select count(*)::int as n from users where sol_address = $1',
        [wallet.address],
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('attaches the referrer named by the challenge on first sign-in only', async () => {
      const referrer = createTestWallet();
      await signIn(t.app, referrer);
      const code = (await userOf(referrer.address))!.referral_code!;

      const friend = createTestWallet();
      await signIn(t.app, friend, { referralCode: code });
      expect((await userOf(friend.address))?.referred_by_id).toBe(
        (await userOf(referrer.address))?.id,
      );

      // Unknown and malformed codes are ignored, not an error.
      const stranger = createTestWallet();
      await signIn(t.app, stranger, { referralCode: 'NOSUCHCODE' });
      const odd = createTestWallet();
      await signIn(t.app, odd, { referralCode: 'a b' });
      expect((await userOf(stranger.address))?.referred_by_id).toBeNull();
      expect((await userOf(odd.address))?.referred_by_id).toBeNull();

      // A wallet that already has an account keeps it as it is.
      await signIn(t.app, stranger, { referralCode: code });
      expect((await userOf(stranger.address))?.referred_by_id).toBeNull();
    });

    describe('refuses', () => {
      /** A fresh challenge, and the verify body its wallet would send. */
      async function challenged(wallet: TestWallet = createTestWallet()) {
        const message = await requestChallenge(t.app, wallet.address);
        return { wallet, message, nonce: parseSiwsMessage(message)!.nonce };
      }

      async function challengeStillLive(nonce: string): Promise<boolean> {
        const { rowCount } = await t.ctx.database.pool.query(
          'select 1 from auth_used_nonces where nonce = $1',
          [nonce],
        );
        return rowCount === 0;
      }

      it('a message that differs by one byte from the one issued, even correctly signed', async () => {
        const edits: Array<(m: string) => string> = [
          (m) => m.replace('Sign in to Dum Club.', 'Sign in to Dum Club!'),
          (m) => m.replace('Version: 1', 'Version: 2'),
          (m) =>
            m.replace(/Issued At: (\d)/, (_, d: string) => `Issued At: ${(Number(d) + 1) % 10}`),
          (m) =>
            m.replace(
              /Expiration Time: (\d{4})/,
              (_, y: string) => `Expiration Time: ${Number(y) + 1}`,
            ),
          (m) => m.replace('Chain ID: localnet', 'Chain ID: localneT'),
          (m) => m.replace('URI: https://dum.test', 'URI: https://dum.tesT'),
          (m) => `${m}\n`,
          (m) => m.replace('\n\n', '\n \n'),
        ];
        let usersBefore = await count('users');
        for (const edit of edits) {
          const { wallet, message, nonce } = await challenged();
          const tampered = edit(message);
          expect(Buffer.byteLength(tampered) - Buffer.byteLength(message)).toBeLessThanOrEqual(1);
          expect(tampered).not.toBe(message);
          const response = await postVerify(t.app, {
            address: wallet.address,
            message: tampered,
            signature: wallet.signMessage(tampered),
          });
          expectError(response, 401, 'auth_message_mismatch');
          // Refused before or after the challenge was taken, never signed in with it.
          if (!(await challengeStillLive(nonce))) continue;
          const original = await postVerify(t.app, {
            address: wallet.address,
            message,
            signature: wallet.signMessage(message),
          });
          expect(original.statusCode).toBe(200);
          usersBefore += 1;
        }
        // A changed nonce is no nonce the server issued.
        const { wallet, message } = await challenged();
        const otherNonce = message.replace(/Nonce: (.)/, (_, c: string) =>
          c === 'A' ? 'Nonce: B' : 'Nonce: A',
        );
        const response = await postVerify(t.app, {
          address: wallet.address,
          message: otherNonce,
          signature: wallet.signMessage(otherNonce),
        });
        expectError(response, 401, 'auth_message_mismatch');
        expect(await count('users')).toBe(usersBefore);
      });

      it('a nonce used before', async () => {
        const { wallet, message } = await challenged();
        const body = { address: wallet.address, message, signature: wallet.signMessage(message) };
        expect((await postVerify(t.app, body)).statusCode).toBe(200);
        expectError(await postVerify(t.app, body), 401, 'auth_challenge_invalid');
      });

      it('a nonce that was never issued', async () => {
        const wallet = createTestWallet();
        const { message } = await challenged(wallet);
        const forged = message.replace(/Nonce: \w+/, 'Nonce: ZZZZZZZZZZZZZZZZZZZZZZZZ');
        const response = await postVerify(t.app, {
          address: wallet.address,
          message: forged,
          signature: wallet.signMessage(forged),
        });
        expectError(response, 401, 'auth_message_mismatch');
        expect(await challengeStillLive('ZZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(true);
      });

      it('a referral code other than the one the challenge was asked with', async () => {
        const referrer = createTestWallet();
        await signIn(t.app, referrer);
        const code = (await userOf(referrer.address))!.referral_code!;
        const wallet = createTestWallet();
        const message = await requestChallenge(t.app, wallet.address, { referralCode: code });
        const signature = wallet.signMessage(message);
        for (const referralCode of [undefined, 'OTHERCODE']) {
          const response = await postVerify(t.app, {
            address: wallet.address,
            message,
            signature,
            ...(referralCode ? { referralCode } : {}),
          });
          expectError(response, 401, 'auth_message_mismatch');
        }
        const ok = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature,
          referralCode: code,
        });
        expect(ok.statusCode).toBe(200);
        expect((await userOf(wallet.address))?.referred_by_id).toBe(
          (await userOf(referrer.address))?.id,
        );
      });

      it('an expired challenge', async () => {
        const { wallet, message } = await challenged();
        t.clock.advance(300_000);
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expectError(response, 401, 'auth_challenge_invalid');
        // One millisecond short of the expiry still works.
        const fresh = await challenged();
        t.clock.advance(299_999);
        const ok = await postVerify(t.app, {
          address: fresh.wallet.address,
          message: fresh.message,
          signature: fresh.wallet.signMessage(fresh.message),
        });
        expect(ok.statusCode).toBe(200);
      });

      it('another domain, even correctly signed', async () => {
        const { wallet, message } = await challenged();
        const phished = message.replace('dum.test wants you', 'dum-test.example wants you');
        const response = await postVerify(t.app, {
          address: wallet.address,
          message: phished,
          signature: wallet.signMessage(phished),
        });
        expectError(response, 401, 'auth_message_mismatch');
        expect(response.json<{ error: { message: string } }>().error.message).toContain('domain');
      });

      it('a challenge issued for another domain (the server moved)', async () => {
        const wallet = createTestWallet();
        const issued = parseSiwsMessage(await requestChallenge(t.app, wallet.address))!;
        // A challenge this server issued (its own MAC) when the app lived at another origin.
        const nonce = newChallengeNonce(t.ctx.tokens.challengeMac, {
          address: wallet.address,
          issuedAt: issued.issuedAt,
          expiresAt: issued.expirationTime,
          referralCode: null,
        });
        const message = formatSiwsMessage({
          ...issued,
          domain: 'other.test',
          uri: 'https://other.test',
          nonce,
        });
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expectError(response, 401, 'auth_message_mismatch');
      });

      it('another address', async () => {
        const { wallet, message } = await challenged();
        const intruder = createTestWallet();
        // The intruder signs the victim's challenge and names itself...
        const asItself = await postVerify(t.app, {
          address: intruder.address,
          message,
          signature: intruder.signMessage(message),
        });
        expectError(asItself, 401, 'auth_message_mismatch');
        // ...or edits the address in the message to its own.
        const second = await challenged(wallet);
        const edited = second.message.replace(wallet.address, intruder.address);
        const asEdited = await postVerify(t.app, {
          address: intruder.address,
          message: edited,
          signature: intruder.signMessage(edited),
        });
        expectError(asEdited, 401, 'auth_message_mismatch');
      });

      it('a signature from another key, which leaves the challenge to its wallet', async () => {
        const { wallet, message, nonce } = await challenged();
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: createTestWallet().signMessage(message),
        });
        expectError(response, 401, 'auth_signature_invalid');
        // Whoever cannot sign for the wallet cannot use its challenge up either.
        expect(await challengeStillLive(nonce)).toBe(true);
        const own = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expect(own.statusCode).toBe(200);
        expect(await challengeStillLive(nonce)).toBe(false);
      });

      it('the message of a valid challenge with its expiration moved, leaving the challenge usable', async () => {
        const { wallet, message, nonce } = await challenged();
        const later = message.replace(
          /Expiration Time: (\d{4})/,
          (_, y: string) => `Expiration Time: ${Number(y) + 1}`,
        );
        const response = await postVerify(t.app, {
          address: wallet.address,
          message: later,
          signature: wallet.signMessage(later),
        });
        expectError(response, 401, 'auth_message_mismatch');
        // Refused before the nonce is recorded: the challenge as issued still signs in, once.
        expect(await challengeStillLive(nonce)).toBe(true);
        const original = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expect(original.statusCode).toBe(200);
        expect(await challengeStillLive(nonce)).toBe(false);
      });

      it('malformed base58 and wrong lengths, without using the challenge up', async () => {
        const { wallet, message, nonce } = await challenged();
        const good = wallet.signMessage(message);
        const bytes = bs58.decode(good);
        const bodies: Array<Record<string, unknown>> = [
          { signature: `${good.slice(0, -1)}0` },
          { signature: good.replace(/./, 'l') },
          { signature: 'I'.repeat(87) },
          { signature: bs58.encode(bytes.subarray(0, 63)) },
          { signature: bs58.encode(Buffer.concat([bytes, Buffer.from([1])])) },
          { signature: '' },
          { signature: good.repeat(2) },
          { signature: 12345 },
          { address: wallet.address.slice(0, -2) },
          { address: bs58.encode(new Uint8Array(33).fill(9)) },
          { address: bs58.encode(new Uint8Array(31).fill(9)) },
          { address: 'x'.repeat(100) },
          { message: '' },
          { message: `${message}${' '.repeat(2000)}` },
          { signature: undefined },
          { signedTransaction: 'AAAA' },
          { signedTransaction: 'not base64!' },
        ];
        for (const override of bodies) {
          const response = await postVerify(t.app, {
            address: wallet.address,
            message,
            signature: good,
            ...override,
          });
          expectError(response, 400, 'validation_failed');
        }
        expect(await challengeStillLive(nonce)).toBe(true);
        const ok = await postVerify(t.app, { address: wallet.address, message, signature: good });
        expect(ok.statusCode).toBe(200);
      });

      it('a message that is no SIWS message at all', async () => {
        const wallet = createTestWallet();
        const message = 'Please sign in';
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expectError(response, 401, 'auth_message_mismatch');
      });

      it('control characters and odd nonces, even signed by the wallet (no 500)', async () => {
        const { wallet, message } = await challenged();
        for (const edited of [
          message.replace(/Nonce: (\w+)/, 'Nonce: $1\u0000'),
          message.replace(/Nonce: (\w+)/, "Nonce: $1'--"),
          message.replace('Sign in', 'Sign\tin'),
          message.replace(/\n/g, '\r\n'),
        ]) {
          const response = await postVerify(t.app, {
            address: wallet.address,
            message: edited,
            signature: wallet.signMessage(edited),
          });
          expectError(response, 401, 'auth_message_mismatch');
        }
        const ok = await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: wallet.signMessage(message),
        });
        expect(ok.statusCode).toBe(200);
      });

      it('and writes nothing when it refuses', async () => {
        const users = await count('users');
        const tokens = await count('refresh_tokens');
        const { wallet, message } = await challenged();
        await postVerify(t.app, {
          address: wallet.address,
          message,
          signature: createTestWallet().signMessage(message),
        });
        expect(await count('users')).toBe(users);
        expect(await count('refresh_tokens')).toBe(tokens);
      });
    });
  });

  describe('POST /api/auth/verify with a solana:signIn output', () => {
    it('accepts the signed message a standard wallet writes from the challenge fields', async () => {
      const wallet = createTestWallet();
      const messageToSign = await requestChallenge(t.app, wallet.address);
      // The client passes the challenge's fields as the signIn input; the wallet writes the
      // message itself (as @solana/wallet-standard-util does), signs it and returns both.
      const input = parseSignInMessageText(messageToSign)!;
      const signedMessage = new TextEncoder().encode(createSignInMessageText(input));
      const signature = wallet.signer.sign(signedMessage);
      const response = await postVerify(t.app, {
        address: wallet.address,
        message: new TextDecoder().decode(signedMessage),
        signature: bs58.encode(signature),
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a wallet message with a field of its own choosing', async () => {
      const cases: Array<Partial<Parameters<typeof createSignInMessageText>[0]>> = [
        { domain: 'wallet-guess.example' },
        { issuedAt: '2026-11-23T11:59:00.000Z' },
        { expirationTime: '2026-11-23T13:00:00.000Z' },
        { chainId: 'solana:mainnet' },
        { statement: undefined },
        { requestId: 'r-1' },
        { resources: ['https://dum.test/terms'] },
        { notBefore: '2026-11-23T12:00:00.000Z' },
      ];
      for (const change of cases) {
        const wallet = createTestWallet();
        const messageToSign = await requestChallenge(t.app, wallet.address);
        const text = createSignInMessageText({
          ...parseSignInMessageText(messageToSign)!,
          ...change,
        });
        const response = await postVerify(t.app, {
          address: wallet.address,
          message: text,
          signature: wallet.signMessage(text),
        });
        expectError(response, 401, 'auth_message_mismatch');
      }
    });
  });

  describe('POST /api/auth/verify with a signed memo transaction (Ledger)', () => {
    it.each(['legacy', 0] as const)(
      'accepts a %s transaction that only carries the memo',
      async (version) => {
        const wallet = createTestWallet();
        const message = await requestChallenge(t.app, wallet.address);
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signedTransaction: wallet.memoTransaction(message, version),
        });
        expect(response.statusCode).toBe(200);
        const tokens = response.json<{ accessToken: string }>();
        expect((await t.ctx.tokens.verifyAccessToken(tokens.accessToken)).solAddress).toBe(
          wallet.address,
        );
      },
    );

    it('accepts a memo that lists no signer account', async () => {
      const wallet = createTestWallet();
      const message = await requestChallenge(t.app, wallet.address);
      const signedTransaction = wallet.signTransaction(() => [memoInstruction(message)]);
      const response = await postVerify(t.app, {
        address: wallet.address,
        message,
        signedTransaction,
      });
      expect(response.statusCode).toBe(200);
    });

    // Over 80 lines: a table of refused transactions, one case each.
    it('refuses every other transaction, with the same checks on the message', async () => {
      const cases: Array<{
        name: string;
        code: string;
        build: (
          wallet: TestWallet,
          message: string,
        ) => { message?: string; signedTransaction: string; address?: string };
      }> = [
        {
          name: 'a memo of another message',
          code: 'auth_transaction_invalid',
          build: (w, m) => ({ signedTransaction: w.memoTransaction(m.replace('Club.', 'Club!')) }),
        },
        {
          name: 'a memo plus a transfer',
          code: 'auth_transaction_invalid',
          build: (w, m) => ({
            signedTransaction: w.signTransaction((payer) => [
              memoInstruction(m, [payer]),
              transferInstruction(payer),
            ]),
          }),
        },
        {
          name: 'only a transfer',
          code: 'auth_transaction_invalid',
          build: (w) => ({
            signedTransaction: w.signTransaction((payer) => [transferInstruction(payer)]),
          }),
        },
        {
          name: 'the memo under another program (Memo v1)',
          code: 'auth_transaction_invalid',
          build: (w, m) => ({
            signedTransaction: w.signTransaction(() => [
              memoInstruction(m, [], new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')),
            ]),
          }),
        },
        {
          name: 'another fee payer',
          code: 'auth_transaction_invalid',
          build: (w, m) => ({
            signedTransaction: w.signTransaction((payer) => [memoInstruction(m, [payer])], {
              feePayer: Keypair.generate(),
            }),
          }),
        },
        {
          name: 'a second signer',
          code: 'auth_transaction_invalid',
          build: (w, m) => {
            const other = Keypair.generate();
            return {
              signedTransaction: w.signTransaction(
                (payer) => [memoInstruction(m, [payer, other.publicKey])],
                { extraSigners: [other] },
              ),
            };
          },
        },
        {
          name: 'a transaction signed by another key',
          code: 'auth_transaction_invalid',
          build: (_w, m) => ({ signedTransaction: createTestWallet().memoTransaction(m) }),
        },
        {
          name: 'a forged signature',
          code: 'auth_signature_invalid',
          build: (w, m) => {
            const bytes = Buffer.from(w.memoTransaction(m), 'base64');
            bytes[5] = (bytes[5] ?? 0) ^ 0xff; // inside the first signature
            return { signedTransaction: bytes.toString('base64') };
          },
        },
        {
          name: 'an unsigned transaction',
          code: 'auth_signature_invalid',
          build: (w, m) => {
            const bytes = Buffer.from(w.memoTransaction(m), 'base64');
            bytes.fill(0, 1, 65);
            return { signedTransaction: bytes.toString('base64') };
          },
        },
        {
          name: 'a memo of a message for another domain',
          code: 'auth_message_mismatch',
          build: (w, m) => {
            const phished = m.replace('dum.test wants', 'evil.test wants');
            return { message: phished, signedTransaction: w.memoTransaction(phished) };
          },
        },
      ];
      for (const { name, code, build } of cases) {
        const wallet = createTestWallet();
        const message = await requestChallenge(t.app, wallet.address);
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          ...build(wallet, message),
        });
        expect({ name, status: response.statusCode, body: response.json<unknown>() }).toMatchObject(
          {
            name,
            status: 401,
            body: { error: { code } },
          },
        );
      }
    });

    it('refuses bytes that are no transaction, or a transaction with trailing bytes', async () => {
      const wallet = createTestWallet();
      const message = await requestChallenge(t.app, wallet.address);
      const good = Buffer.from(wallet.memoTransaction(message), 'base64');
      for (const bytes of [
        Buffer.from('hello world'),
        Buffer.concat([good, Buffer.from([0])]),
        good.subarray(0, good.length - 1),
        Buffer.alloc(0),
      ]) {
        const response = await postVerify(t.app, {
          address: wallet.address,
          message,
          signedTransaction: bytes.length ? bytes.toString('base64') : '====',
        });
        expectError(response, 400, 'validation_failed');
      }
      // None of them used the challenge up.
      const ok = await postVerify(t.app, {
        address: wallet.address,
        message,
        signedTransaction: good.toString('base64'),
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    function refresh(refreshToken: unknown, headers: Record<string, string> = {}) {
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
        headers,
      });
    }
    function logout(refreshToken: unknown) {
      return t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    }

    it('rotate: a new pair each time, and the used token works no more', async () => {
      const wallet = createTestWallet();
      const first = await signIn(t.app, wallet);
      const response = await refresh(first.refreshToken);
      expect(response.statusCode).toBe(200);
      const second = response.json<{
        accessToken: string;
        refreshToken: string;
        expiresIn: number;
      }>();
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.expiresIn).toBe(900);
      expect((await t.ctx.tokens.verifyAccessToken(second.accessToken)).solAddress).toBe(
        wallet.address,
      );
      const third = await refresh(second.refreshToken);
      expect(third.statusCode).toBe(200);
    });

    it('reusing a rotated token revokes the whole family, and only that family', async () => {
      const wallet = createTestWallet();
      const stolen = await signIn(t.app, wallet);
      const otherDevice = await signIn(t.app, wallet);
      const rotated = (await refresh(stolen.refreshToken)).json<{ refreshToken: string }>();
      const newest = (await refresh(rotated.refreshToken)).json<{ refreshToken: string }>();

      expectError(await refresh(stolen.refreshToken), 401, 'auth_refresh_invalid');
      // The family is revoked: its newest token is refused too.
      expectError(await refresh(newest.refreshToken), 401, 'auth_refresh_invalid');
      // Another sign-in of the same wallet is another family.
      expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(200);
    });

    it('an expired refresh token is refused', async () => {
      const session = await signIn(t.app, createTestWallet());
      t.clock.advance(30 * 86_400_000);
      expectError(await refresh(session.refreshToken), 401, 'auth_refresh_invalid');
    });

    it('refuses unknown, malformed and missing tokens', async () => {
      expectError(await refresh('A'.repeat(43)), 401, 'auth_refresh_invalid');
      expectError(await refresh('short'), 401, 'auth_refresh_invalid');
      expectError(await refresh('x'.repeat(5000)), 400, 'validation_failed');
      expectError(await refresh(undefined), 400, 'validation_failed');
      expectError(await refresh(42), 400, 'validation_failed');
    });

    it('an access token is no refresh token, and a refresh token no access token', async () => {
      const session = await signIn(t.app, createTestWallet());
      expectError(await refresh(session.accessToken), 401, 'auth_refresh_invalid');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.refreshToken}` },
      });
      expectError(me, 401, 'unauthorized');
      // And the refresh token still works as what it is.
      expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    });

    it('works while the client still sends its expired access token', async () => {
      const session = await signIn(t.app, createTestWallet());
      t.clock.advance(901_000);
      const response = await refresh(session.refreshToken, {
        authorization: `Bearer ${session.accessToken}`,
      });
      expect(response.statusCode).toBe(200);
    });

    it('logout revokes the family, answers 204 every time', async () => {
      const session = await signIn(t.app, createTestWallet());
      const rotated = (await refresh(session.refreshToken)).json<{ refreshToken: string }>();
      const out = await logout(rotated.refreshToken);
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      expectError(await refresh(rotated.refreshToken), 401, 'auth_refresh_invalid');
      expect((await logout(rotated.refreshToken)).statusCode).toBe(204);
      expect((await logout(session.refreshToken)).statusCode).toBe(204);
      expect((await logout('A'.repeat(43))).statusCode).toBe(204);
      expectError(await logout(undefined), 400, 'validation_failed');
    });

    it('logout refuses the access tokens of that session at once, on every route', async () => {
      const wallet = createTestWallet();
      const session = await signIn(t.app, wallet);
      const otherDevice = await signIn(t.app, wallet);
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect((await me(session.accessToken)).statusCode).toBe(200);
      // A token refreshed in the session before the sign-out is refused too.
      const refreshed = (await refresh(session.refreshToken)).json<{
        accessToken: string;
        refreshToken: string;
      }>();
      expect((await logout(refreshed.refreshToken)).statusCode).toBe(204);

      for (const token of [session.accessToken, refreshed.accessToken]) {
        const denied = [
          await me(token),
          await t.app.inject({
            method: 'GET',
            url: '/api/messages-v2/feed',
            headers: bearer(token),
          }),
          await t.app.inject({
            method: 'POST',
            url: '/api/messages-v2/messages',
            headers: bearer(token),
            payload: { kind: 'public', body: 'still here?' },
          }),
          await t.app.inject({
            method: 'GET',
            url: '/api/rewards/summary',
            headers: bearer(token),
          }),
        ];
        for (const response of denied) {
          expectError(response, 401, 'unauthorized');
          expect(response.json<{ error: { message: string } }>().error.message).toBe(
            'Session ended',
          );
        }
      }
      // The refresh token is refused as well, and the wallet's other session is untouched.
      expectError(await refresh(refreshed.refreshToken), 401, 'auth_refresh_invalid');
      expect((await me(otherDevice.accessToken)).statusCode).toBe(200);
      // Refused until the tokens would have expired anyway.
      t.clock.advance(899_000);
      expectError(await me(refreshed.accessToken), 401, 'unauthorized');
    });

    it("signing out, or reusing a rotated token, closes that session's sockets on every instance", async () => {
      const closed: string[] = [];
      const unsubscribe = t.ctx.bus.subscribe((message) => {
        if (message.kind === 'close_session') closed.push(message.userId);
      });
      try {
        const session = await signIn(t.app, createTestWallet());
        const { id } = (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${session.accessToken}` },
          })
        ).json<{ id: string }>();
        expect((await refresh(session.refreshToken)).statusCode).toBe(200);
        // The first token again: a reuse, so the family is revoked.
        expectError(await refresh(session.refreshToken), 401, 'auth_refresh_invalid');
        expect(closed).toEqual([id]);
        const other = await signIn(t.app, createTestWallet());
        expect((await logout(other.refreshToken)).statusCode).toBe(204);
        expect(closed).toHaveLength(2);
        // Nothing left to revoke: nothing to close.
        expect((await logout(other.refreshToken)).statusCode).toBe(204);
        expect(closed).toHaveLength(2);
      } finally {
        unsubscribe();
      }
    });
  });

  describe('GET /api/auth/me', () => {
    it("answers the signed-in user's record", async () => {
      const wallet = createTestWallet();
      const session = await signIn(t.app, wallet);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(response.statusCode).toBe(200);
      const user = await userOf(wallet.address);
      expect(response.json()).toEqual({
        id: user?.id,
        solAddress: wallet.address,
        username: null,
        displayName: null,
        avatarUrl: null,
        isVerified: false,
        referralCode: user?.referral_code,
      });
    });

    it('answers 401 without a valid bearer token', async () => {
      expectError(await t.app.inject({ method: 'GET', url: '/api/auth/me' }), 401, 'unauthorized');
      const session = await signIn(t.app, createTestWallet());
      t.clock.advance(900_000);
      const expired = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expectError(expired, 401, 'unauthorized');
    });
  });

  describe('cleanup', () => {
    it('deletes the used nonces of expired challenges and expired refresh tokens, nothing live', async () => {
      await deleteExpired(t.ctx.database.pool, t.clock.now());
      const live = await signIn(t.app, createTestWallet());
      const usedNonces = await count('auth_used_nonces');
      const tokens = await count('refresh_tokens');
      expect(usedNonces).toBeGreaterThan(0);

      expect(await deleteExpired(t.ctx.database.pool, t.clock.now())).toEqual({
        usedNonces: 0,
        refreshTokens: 0,
      });
      t.clock.advance(300_000);
      expect(await deleteExpired(t.ctx.database.pool, t.clock.now())).toEqual({
        usedNonces,
        refreshTokens: 0,
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/refresh',
            payload: { refreshToken: live.refreshToken },
          })
        ).statusCode,
      ).toBe(200);
      t.clock.advance(30 * 86_400_000);
      const removed = await deleteExpired(t.ctx.database.pool, t.clock.now());
      expect(removed.refreshTokens).toBe(tokens + 1);
      expect(await count('refresh_tokens')).toBe(0);
    });
  });
});
