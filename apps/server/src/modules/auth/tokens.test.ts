import { base64url, decodeProtectedHeader, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/app-test-kit.ts';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens.ts';

/** The test clock's start, so hand-made tokens are valid in time and fail only for their flaw. */
const now = Math.floor(new TestClock().now().getTime() / 1000);
const secret = new TextEncoder().encode('a'.repeat(40));
const user = {
  id: '6f1c3e0e-8a43-4a8f-9d38-8d6f5b1f7e11',
  solAddress: 'So11111111111111111111111111111111111111112',
  sessionId: '0b9e7c52-3f0a-4d55-9a57-1c2e8d7f6a01',
};

function setup(): { clock: TestClock; tokens: ReturnType<typeof createTokenService> } {
  const clock = new TestClock();
  return { clock, tokens: createTokenService({ secret, accessTokenTtlSeconds: 900, clock }) };
}

async function expectRefused(promise: Promise<unknown>, message = 'Invalid token received') {
  await expect(promise).rejects.toMatchObject({ code: 'unauthorized', status: 401, message });
}

describe('access tokens', () => {
  it('round-trips sub, solAddress and the session (sid) and carries exp', async () => {
    const { tokens } = setup();
    const token = await tokens.issueAccessToken(user);
    expect(await tokens.verifyAccessToken(token)).toEqual({ ...user, expiresAt: now + 900 });
    const payload = JSON.parse(
      new TextDecoder().decode(base64url.decode(token.split('.')[1] ?? '')),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      sub: user.id,
      solAddress: user.solAddress,
      sid: user.sessionId,
    });
    expect(payload.exp).toBe((payload.iat as number) + 900);
    expect(payload).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
  });

  it('issues tokens that jose verifies with the shared secret, and no other', async () => {
    const { tokens } = setup();
    const token = await tokens.issueAccessToken(user);
    const options = { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE };
    const currentDate = new TestClock().now();
    await expect(jwtVerify(token, secret, { ...options, currentDate })).resolves.toBeTruthy();
    await expect(
      jwtVerify(token, new TextEncoder().encode('b'.repeat(40)), { ...options, currentDate }),
    ).rejects.toThrow();
    // Two tokens for the same user at the same second still differ (jti).
    expect(await tokens.issueAccessToken(user)).not.toBe(token);
  });

  it('refuses an expired token', async () => {
    const { tokens, clock } = setup();
    const token = await tokens.issueAccessToken(user);
    clock.advance(900_000);
    await expectRefused(tokens.verifyAccessToken(token), 'Access token expired');
  });

  it("refuses alg 'none', another algorithm, another key, type, issuer or audience", async () => {
    const { tokens } = setup();
    const claims = { solAddress: user.solAddress, sid: user.sessionId };
    const base = (alg: string, typ = 'at+jwt') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg, typ })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600);
    const unsecured = new UnsecuredJWT(claims)
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    const forged = [
      unsecured,
      await base('HS512').sign(new TextEncoder().encode('a'.repeat(64))),
      await base('HS256').sign(new TextEncoder().encode('b'.repeat(40))),
      await base('HS256', 'JWT').sign(secret),
      await base('HS256').setIssuer('someone-else').sign(secret),
      await base('HS256').setAudience('another-api').sign(secret),
      'not-a-token',
    ];
    // The control: the same recipe with the right parts is accepted.
    expect(await tokens.verifyAccessToken(await base('HS256').sign(secret))).toEqual({
      ...user,
      expiresAt: now + 600,
    });
    for (const token of forged) await expectRefused(tokens.verifyAccessToken(token));
  });

  it('refuses a token without solAddress, or without a session (sid)', async () => {
    const { tokens } = setup();
    const signed = (claims: Record<string, string>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret);
    await expectRefused(tokens.verifyAccessToken(await signed({ sid: user.sessionId })));
    await expectRefused(tokens.verifyAccessToken(await signed({ solAddress: user.solAddress })));
  });

  it("refuses every token of a revoked session at once, and only that session's", async () => {
    const { tokens, clock } = setup();
    const first = await tokens.issueAccessToken(user);
    clock.advance(60_000);
    const second = await tokens.issueAccessToken(user);
    const otherSession = await tokens.issueAccessToken({ ...user, sessionId: 'another-session' });
    await tokens.revokeSession(user.sessionId);
    await expectRefused(tokens.verifyAccessToken(first), 'Session ended');
    await expectRefused(tokens.verifyAccessToken(second), 'Session ended');
    expect((await tokens.verifyAccessToken(otherSession)).sessionId).toBe('another-session');
    // The entry outlives every token it refuses: still refused a second before they expire.
    clock.advance(900_000 - 60_000 - 1000);
    await expectRefused(tokens.verifyAccessToken(second), 'Session ended');
  });

  it('checks a token verified before (kept by its signature, used for the identical text) for expiry and revocation on every use', async () => {
    const { tokens, clock } = setup();
    const token = await tokens.issueAccessToken(user);
    expect((await tokens.verifyAccessToken(token)).id).toBe(user.id);
    // The same token with one character of its signature changed: not the kept one, so refused.
    const changed = token.at(-5) === 'A' ? 'B' : 'A';
    await expectRefused(
      tokens.verifyAccessToken(`${token.slice(0, -5)}${changed}${token.slice(-4)}`),
    );
    // Its signature with other claims (another wallet's id): the kept signature finds it, but
    // only the identical token is the kept one, so this one is checked, and refused.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
    const otherClaims = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    await expectRefused(tokens.verifyAccessToken(`${header}.${otherClaims}.${signature}`));
    expect((await tokens.verifyAccessToken(token)).id).toBe(user.id);
    await tokens.revokeSession(user.sessionId);
    await expectRefused(tokens.verifyAccessToken(token), 'Session ended');

    const other = await tokens.issueAccessToken({ ...user, sessionId: 'another-session' });
    expect((await tokens.verifyAccessToken(other)).sessionId).toBe('another-session');
    clock.advance(900_000);
    await expectRefused(tokens.verifyAccessToken(other), 'Access token expired');
  });
});
