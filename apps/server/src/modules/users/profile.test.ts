import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  userProfileSchema,
  type UserProfile,
  type UsernameAvailability,
  type UserSummaryPage,
} from '@dum/core';
import { generateSigner } from '@dum/chain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, createdPost, errorOf, type SignedIn } from '../feed/test-kit.ts';
import { multipartBody, png, uploadedPng } from '../media/test-kit.ts';
import { block, followed, profile } from '../people/test-kit.ts';

describe.each(testDatabaseKinds())('profiles on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    alice = await createSignedInUser(t.ctx);
    bob = await createSignedInUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
  });

  async function patch(headers: Record<string, string>, payload: unknown) {
    return t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers,
      payload: payload as object,
    });
  }

  async function row(userId: string) {
    const { rows } = await t.ctx.database.pool.query(
      'select username, display_name, bio, avatar_url, is_verified from users where id = $1',
      [userId],
    );
    return rows[0] as Record<string, unknown>;
  }

  it('answers the profile with its counts, and the viewer fields only to a signed-in viewer', async () => {
    await createdPost(t, alice.headers, 'one');
    await createdPost(t, alice.headers, 'two');
    await followed(t, bob.headers, alice.user.solAddress);
    const anonymous = await profile(t, alice.user.solAddress);
    expect(anonymous.statusCode).toBe(200);
    const body = anonymous.json<UserProfile>();
    expect(userProfileSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      id: alice.user.id,
      solAddress: alice.user.solAddress,
      bio: null,
      followerCount: 1,
      followingCount: 0,
      postCount: 2,
      isVerified: false,
    });
    expect(body).not.toHaveProperty('isFollowing');
    expect(body).not.toHaveProperty('isBlocked');
    expect(body).toHaveProperty('balance');
    // Trust is off in tests unless set (TRUST_REWARDS): no band to show.
    expect(body.trust).toBeNull();
    expect((await profile(t, alice.user.solAddress, bob.headers)).json()).toMatchObject({
      isFollowing: true,
      isBlocked: false,
    });
    const unknown = await profile(t, '11111111111111111111111111111112');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
  });

  it('changes the profile fields, trimmed, and clears them with null or empty', async () => {
    const res = await patch(alice.headers, {
      username: 'alice_1',
      displayName: '  Alice A.  ',
      bio: '  gm  ',
    });
    expect(res.statusCode).toBe(200);
    expect(userProfileSchema.parse(res.json())).toMatchObject({
      username: 'alice_1',
      displayName: 'Alice A.',
      bio: 'gm',
      isFollowing: false,
      isBlocked: false,
    });
    const cleared = await patch(alice.headers, { displayName: '', bio: null });
    expect(cleared.json()).toMatchObject({ username: 'alice_1', displayName: null, bio: null });
    // The longest allowed, counted in characters (code points), not UTF-16 units.
    const name = '🙂'.repeat(DISPLAY_NAME_MAX_LENGTH);
    const bio = 'é'.repeat(BIO_MAX_LENGTH);
    expect((await patch(alice.headers, { displayName: name, bio })).json()).toMatchObject({
      displayName: name,
      bio,
    });
  });

  it('refuses a bad field with 400 naming it, and changes nothing', async () => {
    await patch(bob.headers, { username: 'bob', displayName: 'Bob', bio: 'hi' });
    const before = await row(bob.user.id);
    const cases: Array<[unknown, string[]]> = [
      [{ username: 'Bob' }, ['username']],
      [{ username: 'ab' }, ['username']],
      [{ username: 'a'.repeat(21) }, ['username']],
      [{ username: 'bob!' }, ['username']],
      [{ username: '' }, ['username']],
      [{ username: 7 }, ['username']],
      [{ displayName: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) }, ['displayName']],
      [{ bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, ['bio']],
      [{ bio: 5 }, ['bio']],
      [{ avatarUrl: 'https://example.com/cat.png' }, ['avatarUrl']],
      [{ avatarUrl: '/media/AAAAAAAAAAAAAAAAAAAAAA.png' }, ['avatarUrl']],
      [{ isVerified: true }, ['isVerified']],
      [{ username: 'bobby', bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, ['bio']],
      [{ username: 'B', displayName: 'y'.repeat(60) }, ['username', 'displayName']],
    ];
    for (const [payload, paths] of cases) {
      const res = await patch(bob.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json<{ error: { code: string; details: Array<{ path: string }> } }>().error;
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.path)).toEqual(paths);
    }
    expect((await patch(bob.headers, [])).statusCode).toBe(400);
    expect(await row(bob.user.id)).toEqual(before);
    expect((await patch({}, { bio: 'x' })).statusCode).toBe(401);
  });

  it('refuses a username another wallet holds, in any case, also when two race for it', async () => {
    const carol = await createSignedInUser(t.ctx);
    const dave = await createSignedInUser(t.ctx);
    await patch(carol.headers, { username: 'carol', bio: 'carol bio' });
    const taken = await patch(dave.headers, { username: 'carol', bio: 'dave bio' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('username_taken');
    expect(await row(dave.user.id)).toMatchObject({ username: null, bio: null });
    // Keeping your own name is no conflict.
    expect((await patch(carol.headers, { username: 'carol' })).statusCode).toBe(200);
    // A case variant in the table (written around the API) still blocks the lowercase name.
    await t.ctx.database.pool.query('update users set username = $2 where id = $1', [
      carol.user.id,
      'Carol',
    ]);
    expect((await patch(dave.headers, { username: 'carol' })).statusCode).toBe(409);

    const racers = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(t.ctx)));
    const answers = await Promise.all(racers.map((r) => patch(r.headers, { username: 'racer' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(
      await countRows(t, `select count(*) as n from users where lower(username) = 'racer'`),
    ).toBe(1);
  });

  it('answers whether a username is available, the caller’s own counting as available', async () => {
    await patch(alice.headers, { username: 'alice_2' });
    const ask = async (username: string, headers: Record<string, string> = {}) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/username-available?username=${encodeURIComponent(username)}`,
          headers,
        })
      ).json<UsernameAvailability>();
    expect(await ask('alice_2')).toEqual({
      username: 'alice_2',
      available: false,
      reason: 'taken',
    });
    expect(await ask('alice_2', alice.headers)).toEqual({
      username: 'alice_2',
      available: true,
      reason: null,
    });
    expect(await ask('nobody_here')).toEqual({
      username: 'nobody_here',
      available: true,
      reason: null,
    });
    expect(await ask('No!')).toEqual({ username: 'No!', available: false, reason: 'invalid' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/username-available' });
    expect(missing.statusCode).toBe(400);
  });

  it('searches by name prefix or address prefix, leaving out blocks and yourself', async () => {
    const zed = await createSignedInUser(t.ctx);
    const zoe = await createSignedInUser(t.ctx);
    const zak = await createSignedInUser(t.ctx);
    await patch(zed.headers, { username: 'zed_search', displayName: 'Zed' });
    await patch(zoe.headers, { username: 'zoe_search', displayName: 'Zoë Search' });
    await patch(zak.headers, { username: 'zak_search' });
    const search = async (q: string, headers: Record<string, string> = {}, limit = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<UserSummaryPage>();
    };
    const all = await search('Z');
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((i) => i.username)).toEqual(
      expect.arrayContaining(['zed_search', 'zoe_search', 'zak_search']),
    );
    expect((await search('@ZOE')).items.map((i) => i.username)).toEqual(['zoe_search']);
    expect((await search('zoë s')).items.map((i) => i.username)).toEqual(['zoe_search']);
    expect((await search('zed_search')).items[0]).toEqual({
      id: zed.user.id,
      solAddress: zed.user.solAddress,
      username: 'zed_search',
      displayName: 'Zed',
      avatarUrl: null,
      isVerified: false,
    });
    expect((await search(zak.user.solAddress.slice(0, 10))).items.map((i) => i.id)).toContain(
      zak.user.id,
    );
    expect((await search('%')).items).toEqual([]);
    expect((await search('_')).items).toEqual([]);
    expect((await search('   ')).items).toEqual([]);
    // Signed in: not yourself, and nobody with a block either way.
    await block(t, zak.headers, zoe.user.solAddress);
    const forZed = (await search('z', zed.headers)).items.map((i) => i.username);
    expect(forZed).not.toContain('zed_search');
    expect(forZed).toContain('zoe_search');
    expect((await search('z', zoe.headers)).items.map((i) => i.username)).not.toContain(
      'zak_search',
    );
    expect((await search('z', zak.headers)).items.map((i) => i.username)).not.toContain(
      'zoe_search',
    );
    expect((await search('z', {}, '1')).items).toHaveLength(1);
    expect((await search('z', {}, '500')).items.length).toBeLessThanOrEqual(20);
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/search' });
    expect(missing.statusCode).toBe(400);
  });

  it('makes a square avatar from an uploaded image, and removes the one it replaces', async () => {
    const erin = await createSignedInUser(t.ctx);
    const upload = await uploadedPng(t, erin.headers, 'wide.png', { width: 300, height: 120 });
    const res = await patch(erin.headers, { avatarUrl: upload.mediaUrl });
    expect(res.statusCode).toBe(200);
    const first = res.json<UserProfile>().avatarUrl!;
    expect(first).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(first).not.toBe(upload.mediaUrl);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // The avatar survives the sweep of unused uploads; the upload it came from does not.
    t.clock.advance(2 * 60 * 60 * 1000);
    const { runMediaCleanup, mediaStoreAt } = await import('../media/index.ts');
    await runMediaCleanup(
      { db: t.ctx.database.db, media: mediaStoreAt(t.ctx.config.dataDir), rateWindowMs: 60_000 },
      t.clock.now(),
      100,
    );
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: upload.mediaUrl })).statusCode).toBe(404);

    // Sending the current avatar back changes nothing; a new one replaces it.
    const again = await createSignedInUser(t.ctx, erin.user.solAddress);
    expect((await patch(again.headers, { avatarUrl: first })).json()).toMatchObject({
      avatarUrl: first,
    });
    const tall = await uploadedPng(t, again.headers, 'tall.png', { width: 50, height: 400 });
    const second = (await patch(again.headers, { avatarUrl: tall.mediaUrl })).json<UserProfile>()
      .avatarUrl!;
    expect(second).not.toBe(first);
    const secondMeta = await sharp(
      (await t.app.inject({ method: 'GET', url: second })).rawPayload,
    ).metadata();
    expect([secondMeta.width, secondMeta.height]).toEqual([256, 256]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(
      await countRows(
        t,
        `select count(*) as n from media where owner_id = $1 and purpose = 'avatar'`,
        [erin.user.id],
      ),
    ).toBe(1);
    // Cleared: the stored picture goes too.
    expect((await patch(again.headers, { avatarUrl: null })).json()).toMatchObject({
      avatarUrl: null,
    });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it("refuses someone else's upload, an audio upload, and leaves no avatar behind a refused change", async () => {
    const fred = await createSignedInUser(t.ctx);
    const gwen = await createSignedInUser(t.ctx);
    const gwens = await uploadedPng(t, gwen.headers, 'g.png', { width: 20, height: 20 });
    const notYours = await patch(fred.headers, { avatarUrl: gwens.mediaUrl });
    expect(notYours.statusCode).toBe(400);
    expect(errorOf(notYours).code).toBe('validation_failed');

    const { payload, headers } = multipartBody({
      filename: 'a.wav',
      contentType: 'audio/wav',
      data: (await import('../media/test-kit.ts')).wav(),
    });
    const audio = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      headers: { ...fred.headers, ...headers },
      payload,
    });
    expect(audio.statusCode).toBe(201);
    const audioUrl = audio.json<{ mediaUrl: string }>().mediaUrl;
    expect((await patch(fred.headers, { avatarUrl: audioUrl })).statusCode).toBe(400);

    // A valid picture with a taken username: 409, and the new picture is not kept.
    await patch(gwen.headers, { username: 'gwen' });
    const fredsImage = await uploadedPng(t, fred.headers, 'f.png', { width: 40, height: 40 });
    const conflict = await patch(fred.headers, {
      username: 'gwen',
      avatarUrl: fredsImage.mediaUrl,
    });
    expect(conflict.statusCode).toBe(409);
    expect(await row(fred.user.id)).toMatchObject({ username: null, avatar_url: null });
    expect(
      await countRows(
        t,
        `select count(*) as n from media where owner_id = $1 and purpose = 'avatar'`,
        [fred.user.id],
      ),
    ).toBe(0);
    expect(await png(2, 2)).toBeInstanceOf(Buffer);
  });
});

describe.each(testDatabaseKinds())('the trust band of a profile on %s', (kind) => {
  const seedAddress = generateSigner().address;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRUST_REWARDS: 'true', ESTABLISHED_SEED_WALLETS: seedAddress });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * The trust job's output for one wallet, written as the job would (trust_scores belongs to
   * modules/trust, whose own tests compute it from the ledger).
   */
  async function setTrustWeight(userId: string, weightPpm: number): Promise<void> {
    await t.ctx.database.pool.query(
      `insert into trust_scores (user_id, score, weight_ppm) values ($1, 0.001, $2)
       on conflict (user_id) do update set weight_ppm = excluded.weight_ppm`,
      [userId, weightPpm],
    );
  }

  it("shows each wallet's band, never its score, to anyone", async () => {
    const fresh = await createSignedInUser(t.ctx);
    const building = await createSignedInUser(t.ctx);
    const trusted = await createSignedInUser(t.ctx);
    const seed = await createSignedInUser(t.ctx, seedAddress);
    await setTrustWeight(building.user.id, 50_000);
    await setTrustWeight(trusted.user.id, 500_000);
    const cases: [SignedIn, string][] = [
      [fresh, 'new'],
      [building, 'building'],
      [trusted, 'trusted'],
      [seed, 'seed'],
    ];
    for (const [wallet, band] of cases) {
      const anonymous = await profile(t, wallet.user.solAddress);
      expect(anonymous.statusCode).toBe(200);
      const body = anonymous.json<UserProfile>();
      expect(userProfileSchema.parse(body)).toEqual(body);
      expect(body.trust).toEqual({ band });
      const signedIn = await profile(t, wallet.user.solAddress, fresh.headers);
      expect(signedIn.json<UserProfile>().trust).toEqual({ band });
    }
  });

  it("answers the caller's band with their own changed profile", async () => {
    const wallet = await createSignedInUser(t.ctx);
    await setTrustWeight(wallet.user.id, 499_999);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: wallet.headers,
      payload: { bio: 'hello' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<UserProfile>()).toMatchObject({
      bio: 'hello',
      trust: { band: 'building' },
    });
  });
});
