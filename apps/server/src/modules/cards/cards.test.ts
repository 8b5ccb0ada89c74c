import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { generateSigner } from '@dum/chain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createdPost, setProfile, type SignedIn } from '../feed/test-kit.ts';
import * as files from '../media/test-kit.ts';
import { createdMystery } from '../mystery/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import { pngSize } from './index.ts';

const ORIGIN = 'https://dum.example';
const GENERIC_TITLE = 'Dum Club · Social Mining, Proof of Vibe';
const GENERIC_DESCRIPTION = 'Dum Club: earn DUM through engagement, not electricity.';
const NASTY = `"><script>alert('x')</script><img src=x onerror=alert(1)> & 'quotes'`;

/** The build's shell as Vite leaves it: a multi-line description, a title, the root. */
const SHELL = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="${GENERIC_DESCRIPTION}"
    />
    <title>${GENERIC_TITLE}</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><div inert>the prerendered shell</div></div>
  </body>
</html>
`;

async function writeWebBuild(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), SHELL);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(SHELL));
  await writeFile(path.join(dir, 'index.html.gz'), gzipSync(SHELL));
}

/** The content of each <meta> in the page, by its property or name. */
function metaOf(html: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const tag of html.match(/<meta\s[^>]*>/g) ?? []) {
    const key = /(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) found.set(key, [...(found.get(key) ?? []), content]);
  }
  return found;
}

function one(meta: Map<string, string[]>, key: string): string {
  const values = meta.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] ?? '';
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

interface Card {
  html: string;
  title: string;
  meta: Map<string, string[]>;
}

describe.each(testDatabaseKinds())('link cards on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  let author: SignedIn;
  let reporter: SignedIn;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'dum-cards-web-'));
    await writeWebBuild(webDist);
    t = await createTestApp(kind, {
      ...NO_WRITE_LIMITS,
      APP_ORIGIN: ORIGIN,
      WEB_DIST: webDist,
      VAULTS_ENABLED: 'true',
      UPLOAD_RATE_LIMIT: '1000',
      MODERATION_AUTO_HIDE_REPORTS: '1',
      FEED_CACHE_MS: '0',
    });
    [author, reporter] = await Promise.all([createSignedInUser(t.ctx), createSignedInUser(t.ctx)]);
    await setProfile(t, author.user.id, {
      username: 'vibe_maker',
      displayName: `Vibe <b>"Maker"</b> & co`,
      avatarUrl: '/a.png',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  /** A page as a link preview bot reads it: the SPA's shell, with the card's tags in its head. */
  async function page(url: string, headers: Record<string, string> = {}): Promise<Card> {
    const res = await t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // The same shell the app boots from, once: one <title>, one description.
    expect(html).toContain('<div id="root"><div inert>the prerendered shell</div></div>');
    expect(html).toContain('/assets/index-abc.js');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const meta = metaOf(html);
    one(meta, 'description');
    return { html, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '', meta };
  }

  /** A card's tags: title, description, url and image agree, the image is absolute. */
  function expectCard(card: Card, pagePath: string): string {
    expect(one(card.meta, 'og:title')).toBe(card.title);
    expect(one(card.meta, 'twitter:title')).toBe(card.title);
    expect(one(card.meta, 'og:description')).toBe(one(card.meta, 'description'));
    expect(one(card.meta, 'twitter:card')).toBe('summary_large_image');
    expect(one(card.meta, 'og:url')).toBe(`${ORIGIN}${pagePath}`);
    const image = one(card.meta, 'og:image');
    expect(one(card.meta, 'twitter:image')).toBe(image);
    expect(one(card.meta, 'og:image:width')).toBe('1200');
    expect(one(card.meta, 'og:image:height')).toBe('630');
    expect(image.startsWith(`${ORIGIN}/api/cards/`)).toBe(true);
    return unescapeHtml(image).slice(ORIGIN.length);
  }

  function expectGeneric(card: Card): void {
    expect(card.title).toBe(GENERIC_TITLE);
    expect(card.meta.has('og:image')).toBe(false);
    expect(card.meta.has('og:title')).toBe(false);
  }

  async function image(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ url, headers });
    return res;
  }

  function expectPng(res: LightMyRequestResponse): void {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
  }

  it("answers a post's page with its card, every value escaped, and its picture cached and revalidated", async () => {
    const post = await createdPost(t, author.headers, `Hello ${NASTY}`);
    const card = await page(`/posts/${post.id}`);
    expect(card.html).not.toContain('<script>alert');
    expect(card.html).not.toContain('<img src=x');
    expect(card.html).not.toContain('<b>"Maker"</b>');
    expect(card.html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(unescapeHtml(card.title)).toBe(`Vibe <b>"Maker"</b> & co on Dum Club`);
    expect(unescapeHtml(one(card.meta, 'description'))).toBe(`Hello ${NASTY}`);
    const imageUrl = expectCard(card, `/posts/${post.id}`);
    expect(imageUrl).toMatch(
      new RegExp(`^/api/cards/post/${post.id}\\.png\\?v=[A-Za-z0-9_-]{16}$`),
    );

    const first = await image(imageUrl);
    expectPng(first);
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The same ETag without the version; a client holding it gets a 304 with no body.
    const again = await image(`/api/cards/post/${post.id}.png`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    const notModified = await image(imageUrl, { 'if-none-match': `W/"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=600');
    expect((await image(imageUrl, { 'if-none-match': '"stale"' })).statusCode).toBe(200);

    // A change to what the card shows is a new ETag (a like is not on the card: same one).
    await t.ctx.database.pool.query(`update users set display_name = 'Renamed' where id = $1`, [
      author.user.id,
    ]);
    const renamed = await image(`/api/cards/post/${post.id}.png`);
    expectPng(renamed);
    expect(renamed.headers.etag).not.toBe(etag);
    await setProfile(t, author.user.id, {
      username: 'vibe_maker',
      displayName: `Vibe <b>"Maker"</b> & co`,
      avatarUrl: '/a.png',
    });
  });

  it('answers a burst of requests for a card not drawn yet with one picture', async () => {
    const post = await createdPost(t, author.headers, 'Shared everywhere at once');
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => image(`/api/cards/post/${post.id}.png`)),
    );
    for (const res of burst) {
      expectPng(res);
      expect(res.headers.etag).toBe(burst[0]?.headers.etag);
      expect(res.rawPayload.equals(burst[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('sends a card page compressed for the encoding asked, and other pages from the build as before', async () => {
    const post = await createdPost(t, author.headers, 'Compressed');
    const br = await t.app.inject({
      url: `/posts/${post.id}`,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('og:image');
    const generic = await t.app.inject({
      url: '/discover',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(generic.headers['content-encoding']).toBe('br');
    expect(generic.rawPayload.equals(brotliCompressSync(SHELL))).toBe(true);
  });

  it("shows a locked vault's progress and text, never its media or alt text", async () => {
    const { mediaUrl } = await files.uploadedPng(t, author.headers, 'secret.png', {
      width: 24,
      height: 24,
    });
    const vault = await createdVaultPost(t, author.headers, '0.3', {
      body: `Unlock me ${NASTY}`,
      imageUrl: mediaUrl,
      altText: 'THE LOCKED SECRET',
    });
    for (const url of [`/vaults/${vault.vault.id}`, `/posts/${vault.id}`]) {
      const card = await page(url);
      expect(card.html).not.toContain('THE LOCKED SECRET');
      expect(card.html).not.toContain(mediaUrl);
      expect(card.html).not.toContain('<script>alert');
      expect(unescapeHtml(one(card.meta, 'description'))).toContain('0 of 0.3 SOL · 0 supporters');
      const imageUrl = expectCard(card, url);
      expectPng(await image(imageUrl));
    }
    const card = await page(`/vaults/${vault.vault.id}`);
    expect(unescapeHtml(card.title)).toBe(`Support Vibe <b>"Maker"</b> & co's vault on Dum Club`);
    expect(card.html).toContain(`/api/cards/vault/${vault.vault.id}.png?v=`);
  });

  it('shows a sealed capsule’s opening date and nothing of its content', async () => {
    const unlockAt = new Date(t.clock.now().getTime() + 3 * 24 * 3600_000);
    unlockAt.setUTCSeconds(0, 0);
    const capsule = await createdPost(t, author.headers, 'THE SEALED SECRET', {
      kind: 'capsule',
      unlockAt: unlockAt.toISOString(),
    });
    const card = await page(`/posts/${capsule.id}`);
    expect(card.html).not.toContain('THE SEALED SECRET');
    const opens = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(unlockAt);
    expect(one(card.meta, 'description')).toBe(
      `Sealed until ${opens} UTC. It opens on Dum Club then.`,
    );
    expectPng(await image(expectCard(card, `/posts/${capsule.id}`)));
  });

  it('shows a mystery vault’s title and teaser on its link, never its content or target', async () => {
    const mystery = await createdMystery(t, author.headers, {
      title: `Box ${NASTY}`,
      teaser: 'It sings',
      body: 'THE MYSTERY SECRET',
    });
    const pagePath = `/mystery-vaults?open=${mystery.id}`;
    const card = await page(pagePath);
    expect(card.html).not.toContain('THE MYSTERY SECRET');
    expect(card.html).not.toContain('<script>alert');
    expect(unescapeHtml(card.title)).toBe(`Mystery vault: Box ${NASTY}`);
    expect(unescapeHtml(one(card.meta, 'description'))).toMatch(/^It sings 0 joined · Opens by /);
    expectPng(await image(expectCard(card, pagePath)));
    // The list page itself, and a bad id, stay generic.
    expectGeneric(await page('/mystery-vaults'));
    expectGeneric(await page('/mystery-vaults?open=abc'));
  });

  it("shows a profile's name and counts, escaped", async () => {
    const address = (
      await t.ctx.database.pool.query<{ sol_address: string }>(
        'select sol_address from users where id = $1',
        [author.user.id],
      )
    ).rows[0]?.sol_address;
    const card = await page(`/profile/${address}`);
    expect(unescapeHtml(card.title)).toBe(`Vibe <b>"Maker"</b> & co on Dum Club`);
    expect(card.html).not.toContain('<b>"Maker"</b>');
    expectPng(await image(expectCard(card, `/profile/${address}`)));
    // A wallet that never signed in: the generic card, and no picture.
    const stranger = generateSigner().address;
    expectGeneric(await page(`/profile/${stranger}`));
    expect((await image(`/api/cards/profile/${stranger}.png`)).statusCode).toBe(404);
  });

  it('answers a hidden or deleted post with the generic card and no picture', async () => {
    const hidden = await createdPost(t, author.headers, 'HIDDEN BY MODERATION');
    const deleted = await createdPost(t, author.headers, 'DELETED BY ITS AUTHOR');
    const before = await image(`/api/cards/post/${hidden.id}.png`);
    expectPng(before);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.headers,
      payload: { targetKind: 'post', targetId: hidden.id, reason: 'spam' },
    });
    expect(report.statusCode).toBe(201);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${deleted.id}`,
      headers: author.headers,
    });
    expect(removal.statusCode).toBeLessThan(300);
    for (const post of [hidden, deleted]) {
      const card = await page(`/posts/${post.id}`);
      expectGeneric(card);
      expect(card.html).not.toMatch(/HIDDEN BY MODERATION|DELETED BY ITS AUTHOR/);
      const gone = await image(`/api/cards/post/${post.id}.png`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // A client holding the hidden post's ETag learns nothing either.
    const held = await image(`/api/cards/post/${hidden.id}.png`, {
      'if-none-match': String(before.headers.etag),
    });
    expect(held.statusCode).toBe(404);
  });

  it('answers bad ids and kinds with JSON 404s, and card-less pages with the generic shell', async () => {
    for (const url of [
      '/api/cards/post/abc.png',
      '/api/cards/post/0.png',
      '/api/cards/post/99999999999999999999.png',
      '/api/cards/post/12',
      '/api/cards/post/12.svg',
      '/api/cards/nope/1.png',
      '/api/cards/vault/999999.png',
      '/api/cards/mystery/999999.png',
      '/api/cards/profile/not-an-address.png',
      `/api/cards/post/${encodeURIComponent('1\u0000')}.png`,
    ]) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    for (const url of [
      '/posts/abc',
      '/posts/999999',
      '/vaults/999999',
      '/profile/abc',
      '/discover',
      '/',
    ]) {
      expectGeneric(await page(url));
    }
  });
});
