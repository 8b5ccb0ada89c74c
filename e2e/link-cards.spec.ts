import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVaultOverHttp, signInOverHttp } from './support/api-wallet-test-kit.ts';
import { DESKTOP, openPage, PHONE, saveScreenshotIfAsked } from './support/browser-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Link cards against the production server: a link previewer (no JavaScript) fetching a vault's
 * page finds its Open Graph tags and a 1200×630 picture, and a person opening the same link gets
 * the app, booted from that same shell, with no error.
 */

const VAULT_TEXT = 'Back my next track & get it first';

function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1] ?? null;
}

describe('link cards', () => {
  const suite = serverAndBrowserForSuite();

  it("gives a previewer a vault's card and a person the app, from one shell", async () => {
    const creator = await signInOverHttp(suite.server.url);
    const post = await createVaultOverHttp(suite.server.url, creator, VAULT_TEXT, '0.5');
    const pagePath = `/vaults/${post.vault.id}`;

    // A previewer: plain HTTP, no JavaScript.
    const page = await fetch(suite.server.url + pagePath, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:description')).toContain('Back my next track &amp; get it first');
    expect(metaContent(html, 'og:description')).toContain('0 of 0.5 SOL');
    const image = metaContent(html, 'og:image') ?? '';
    const imagePath = new URL(image.replace(/&amp;/g, '&')).pathname;
    expect(imagePath).toBe(`/api/cards/vault/${post.vault.id}.png`);
    const picture = await fetch(suite.server.url + imagePath);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await picture.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir) await writeFile(path.join(dir, 'link-card-vault.png'), png);

    // A person: the app boots from the same document and shows the vault.
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page: tab, errors, context } = await openPage(suite.browser, viewport);
      await tab.goto(suite.origin + pagePath);
      await tab.getByText(VAULT_TEXT).first().waitFor();
      expect(await tab.locator('meta[property="og:image"]').getAttribute('content')).toBe(
        image.replace(/&amp;/g, '&'),
      );
      await saveScreenshotIfAsked(tab, `link-card-page-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
