import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-pages.ts';

describe('isAppPage', () => {
  it('takes the app routes', () => {
    for (const path of ['/', '/create', '/messages', '/messages/9xQe', '/posts/7', '/apiary']) {
      expect(isAppPage(path)).toBe(true);
    }
  });

  it('leaves what the server answers to the network', () => {
    for (const path of [
      '/api',
      '/api/feed',
      '/media/abc.webp',
      '/rpc',
      '/socket',
      '/metrics',
      '/actions.json',
      '/assets/index-abc.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/robots.txt',
      '/idl/dum_vault.json',
    ]) {
      expect(isAppPage(path)).toBe(false);
    }
  });
});
