import {
  FREE_POST_TTL_MS,
  feedItemSchema,
  feedPageSchema,
  type FeedItem,
  type UploadResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import * as files from '../media/test-kit.ts';
import { block } from '../people/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import {
  countRows,
  createPost,
  createdPost,
  errorOf,
  type Headers,
  type SignedIn,
} from './test-kit.ts';

/** Quote posts: POST /api/messages-v2/messages with `quoteOf`, and the quoted summary. */
describe.each(testDatabaseKinds())('quote posts on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS });
    t.ctx.bus.subscribe((message) => events.push(message));
    [alice, bob, carol] = await Promise.all([
      createSignedInUser(t.ctx),
      createSignedInUser(t.ctx),
      createSignedInUser(t.ctx),
    ]);
    await t.ctx.database.pool.query(`update users set display_name = 'Alice' where id = $1`, [
      alice.user.id,
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function signInAgain(): Promise<void> {
    alice = await createSignedInUser(t.ctx, alice.user.solAddress);
    bob = await createSignedInUser(t.ctx, bob.user.solAddress);
    carol = await createSignedInUser(t.ctx, carol.user.solAddress);
  }

  async function read(id: string, headers: Headers = {}): Promise<FeedItem> {
    const res = await t.app.inject({ url: `/api/messages-v2/messages/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return feedItemSchema.parse(res.json());
  }

  async function quote(headers: Headers, quoteOf: string, text = 'look at this') {
    return createdPost(t, headers, text, { quoteOf });
  }

  /** The quote as every read shows it: the post, the feed (anonymous and signed in). */
  async function everywhere(id: string, headers: Headers) {
    const shown: { item: FeedItem; body: string }[] = [];
    for (const who of [{}, headers]) {
      const one = await t.app.inject({ url: `/api/messages-v2/messages/${id}`, headers: who });
      shown.push({ item: feedItemSchema.parse(one.json()), body: one.body });
      const page = await t.app.inject({ url: '/api/messages-v2/feed?limit=50', headers: who });
      const item = feedPageSchema.parse(page.json()).items.find((entry) => entry.id === id);
      if (!item) throw new Error(`quote ${id} not on the feed`);
      // The quote alone: the vault itself is on the page too, for its creator with its key.
      shown.push({ item, body: JSON.stringify(item) });
    }
    return shown;
  }

  async function upload(headers: Headers): Promise<string> {
    const { payload, headers: multipart } = files.multipartBody({
      filename: 'pic.png',
      contentType: 'image/png',
      data: await files.png(8, 8),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      headers: { ...headers, ...multipart },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json<UploadResponse>().mediaUrl;
  }

  const ledger = (kindOf: string, reference: string) =>
    countRows(t, 'select count(*) as n from emission_ledger where kind = $1 and reference = $2', [
      kindOf,
      reference,
    ]);

  it('carries the quoted post, rewards the quote and tells the quoted author', async () => {
    const imageUrl = await upload(alice.headers);
    const original = await createdPost(t, alice.headers, 'the original', {
      imageUrl,
      altText: 'a cat',
    });
    const made = await quote(bob.headers, original.id);
    expect(feedItemSchema.parse(made)).toEqual(made);
    const expected = {
      id: original.id,
      kind: 'public',
      author: { id: alice.user.id, displayName: 'Alice' },
      author_wallet: alice.user.solAddress,
      body: 'the original',
      createdAt: original.createdAt,
      imageUrl,
      altText: 'a cat',
      audioUrl: null,
      locked: false,
      vault: null,
      unlockAt: null,
    };
    expect(made.quoted).toMatchObject(expected);
    expect(made.quotedUnavailable).toBeUndefined();
    for (const { item } of await everywhere(made.id, carol.headers)) {
      expect(item.quoted).toMatchObject(expected);
    }
    // A quote earns as a quote, not as a post.
    expect(await ledger('quote_created', made.id)).toBe(1);
    expect(await ledger('post_created', made.id)).toBe(0);
    const told = events.filter(
      (m) =>
        m.kind === 'event' && m.event.type === 'post_quoted' && m.event.data.quoteId === made.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      audience: { kind: 'users', userIds: [alice.user.id] },
      event: { data: { postId: original.id, quoterAddress: bob.user.solAddress } },
    });

    // A quote of one's own post earns nothing and tells nobody.
    const own = await quote(alice.headers, original.id, 'quoting myself');
    expect(own.quoted).toMatchObject({ id: original.id });
    expect(await ledger('quote_created', own.id)).toBe(0);
    expect(await ledger('post_created', own.id)).toBe(0);
    expect(
      events.some(
        (m) =>
          m.kind === 'event' && m.event.type === 'post_quoted' && m.event.data.quoteId === own.id,
      ),
    ).toBe(false);
  });

  it('refuses a bad, unknown or blocked quoteOf, and a vault or capsule that quotes', async () => {
    const original = await createdPost(t, alice.headers, 'quotable');
    const before = await countRows(t, 'select count(*) as n from messages');
    for (const bad of ['abc', '-3', '0', '99999999999999999999']) {
      const res = await createPost(t, bob.headers, { body: 'x', kind: 'public', quoteOf: bad });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    const wrongType = await createPost(t, bob.headers, { body: 'x', quoteOf: 12 });
    expect(wrongType.statusCode).toBe(400);
    const missing = await createPost(t, bob.headers, { body: 'x', quoteOf: '987654321' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('post_not_found');
    const unlockAt = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    const capsule = await createPost(t, bob.headers, {
      body: 'x',
      kind: 'capsule',
      unlockAt,
      quoteOf: original.id,
    });
    expect(capsule.statusCode).toBe(400);

    // Blocked by the author, or having blocked the author: no quote.
    const blocked = await createSignedInUser(t.ctx);
    const blocker = await createSignedInUser(t.ctx);
    await block(t, alice.headers, blocked.user.solAddress);
    await block(t, blocker.headers, alice.user.solAddress);
    for (const who of [blocked, blocker]) {
      const res = await createPost(t, who.headers, { body: 'x', quoteOf: original.id });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('blocked');
    }
    expect(await countRows(t, 'select count(*) as n from messages')).toBe(before);
  });

  it("never shows a locked vault's media or a sealed capsule's content through a quote", async () => {
    const imageUrl = await upload(alice.headers);
    const vault = await createdVaultPost(t, alice.headers, '0.1', {
      imageUrl,
      altText: 'The secret, described',
    });
    const unlockAt = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    const capsule = await createdPost(t, alice.headers, 'capsule secret words', {
      kind: 'capsule',
      unlockAt,
    });
    const ofVault = await quote(bob.headers, vault.id, 'support this');
    const ofCapsule = await quote(bob.headers, capsule.id, 'wait for it');
    // The vault's creator, the quoter, anyone: the quote withholds it all alike.
    for (const headers of [alice.headers, bob.headers, carol.headers]) {
      for (const id of [ofVault.id, ofCapsule.id]) {
        for (const { item, body } of await everywhere(id, headers)) {
          for (const secret of [imageUrl, 'The secret, described', 'capsule secret words']) {
            expect(body).not.toContain(secret);
          }
          expect(item.quoted).toMatchObject({ locked: true, imageUrl: null, altText: null });
        }
      }
    }
    // A quoted vault shows its progress (its Support button works from it).
    const shown = await read(ofVault.id, carol.headers);
    expect(shown.quoted).toMatchObject({
      kind: 'vault',
      body: 'locked vibes',
      vault: { id: vault.vault.id, status: 'active', targetAmount: '100000000' },
    });
    const sealed = await read(ofCapsule.id, carol.headers);
    expect(sealed.quoted).toMatchObject({ kind: 'capsule', body: '', unlockAt });

    // Once the vault unlocks, the quote shows its media like the vault's own card.
    await t.ctx.database.pool.query(
      `update vaults set status = 'unlocked', unlocked_at = $2 where id = $1`,
      [vault.vault.id, t.clock.now()],
    );
    t.clock.advance(5000);
    const unlocked = await read(ofVault.id, carol.headers);
    expect(unlocked.quoted).toMatchObject({
      locked: false,
      imageUrl,
      altText: 'The secret, described',
    });
  });

  it('shows quotedUnavailable once the original is deleted, expired or hidden', async () => {
    const deleted = await createdPost(t, alice.headers, 'to delete');
    const hidden = await createdPost(t, alice.headers, 'to hide');
    const expiring = await createdPost(t, alice.headers, 'to expire');
    t.clock.advance(1000);
    const quotes = {
      deleted: await quote(bob.headers, deleted.id),
      hidden: await quote(bob.headers, hidden.id),
    };
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${deleted.id}`,
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(200);
    // As moderation's hide does (modules/moderation hidePosts): the post's expiry moves to now.
    await t.ctx.database.pool.query(
      `with hidden as (
         insert into moderation_hidden_posts (post_id, cause, original_expires_at, hidden_at)
         select id, 'auto_hide', expires_at, $2 from messages where id = $1 returning post_id)
       update messages set expires_at = $2 where id in (select post_id from hidden)`,
      [hidden.id, t.clock.now()],
    );
    t.clock.advance(5000);
    for (const made of Object.values(quotes)) {
      for (const { item } of await everywhere(made.id, carol.headers)) {
        expect(item.quoted).toBeNull();
        expect(item.quotedUnavailable).toBe(true);
      }
    }

    // A quote outlives a free original made before it: the original expires first.
    t.clock.advance(FREE_POST_TTL_MS / 2);
    await signInAgain();
    const later = await quote(bob.headers, expiring.id);
    expect(later.quoted).toMatchObject({ id: expiring.id });
    t.clock.advance(FREE_POST_TTL_MS / 2);
    await signInAgain();
    const gone = await read(later.id, carol.headers);
    expect(gone).toMatchObject({ quoted: null, quotedUnavailable: true });
    // A post that quotes nothing carries neither.
    const plain = await createdPost(t, bob.headers, 'plain');
    expect(plain.quoted).toBeNull();
    expect(plain.quotedUnavailable).toBeUndefined();
  });
});
