/**
 * Renders the app icons the web app manifest names (public/icons/*.png) from the mark, once:
 * `node --import tsx apps/web/build/render-icons.ts`, then commit the PNGs. Run it again only
 * when public/favicon.svg changes. Chromium draws them (the browser tests' Debian Chromium,
 * or CHROMIUM_PATH), so the "D" is set in the same font a browser uses for the favicon.
 *
 * - icon-192.png, icon-512.png ("any"): the mark as it is, rounded corners on transparency.
 * - icon-maskable-512.png ("maskable") and apple-touch-icon.png (180): the gradient fills the
 *   whole square and the letter sits inside the central safe zone (a circle of 80% of the
 *   width), because the platform cuts its own shape out of these.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

/** The mark's gradient and letter on a full square, the letter a little smaller than on the mark. */
const FULL_BLEED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><text x="32" y="42" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="900" text-anchor="middle" fill="#0b0a12">D</text></svg>`;

async function main(): Promise<void> {
  const mark = await readFile(path.join(PUBLIC, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const icons: [file: string, svg: string, size: number][] = [
      ['icon-192.png', mark, 192],
      ['icon-512.png', mark, 512],
      ['icon-maskable-512.png', FULL_BLEED, 512],
      ['apple-touch-icon.png', FULL_BLEED, 180],
    ];
    for (const [file, svg, size] of icons) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
      );
      await page.screenshot({
        path: path.join(PUBLIC, 'icons', file),
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
