import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.ts';

/** A built web app as the build leaves it: each text file with its .br and .gz copies. */
async function writeBuiltFile(root: string, relative: string, text: string): Promise<void> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('the built web app', () => {
  const script = `console.log(${JSON.stringify('vibes '.repeat(400))});`;
  const html = `<!doctype html><html><body><div id="root">${'shell '.repeat(400)}</div></body></html>`;
  let webDist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'dum-spa-'));
    await writeBuiltFile(webDist, 'index.html', html);
    await writeBuiltFile(webDist, 'assets/index-abc123.js', script);
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Dum Club"}');
    app = Fastify();
    await registerSpa(app, webDist);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('sends the build’s brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed for a client-side route, revalidated on every load', async () => {
    const res = await app.inject({
      url: '/profile/SomeWallet',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest revalidated on every load, with their types', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file outside /assets with a 404, never the app shell', async () => {
    for (const url of ['/missing-sw.js', '/favicon.ico', '/icons/icon-1024.png']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('answers an unknown asset and an unknown API path with JSON 404s', async () => {
    const asset = await app.inject({ url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ error: { code: 'not_found' } });
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });
});
