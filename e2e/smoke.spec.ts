import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage } from './support/browser-test-kit.ts';
import { startServer, type RunningServer } from './support/server-test-kit.ts';

describe('the production server', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the SPA with long-lived caching of hashed assets', async () => {
    const index = await fetch(`${server.url}/some/client/route`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${server.url}${asset}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('renders in Chromium without page errors', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto(server.url);
    await expect.poll(() => page.title()).toContain('Dum Club');
    expect(errors).toEqual([]);
    await context.close();
  });
});
