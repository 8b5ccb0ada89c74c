import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage } from './support/browser-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

describe('the production server', () => {
  const suite = serverAndBrowserForSuite();

  it('serves the SPA with long-lived caching of hashed assets', async () => {
    const index = await fetch(`${suite.server.url}/some/client/route`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${suite.server.url}${asset}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('renders in Chromium without page errors', async () => {
    const { page, context, errors } = await openPage(suite.browser, DESKTOP);
    await page.goto(suite.server.url);
    await expect.poll(() => page.title()).toContain('Dum Club');
    expect(errors).toEqual([]);
    await context.close();
  });
});
