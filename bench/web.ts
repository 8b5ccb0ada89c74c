/**
 * npm run bench:web — what the feed route costs a first-time visitor.
 *   1. Builds the SPA and sums the gzipped JS and CSS that `/` loads before it is interactive
 *      (the entry script, its modulepreloads and stylesheets named in index.html, plus the
 *      lazily loaded chunks the page actually requests while rendering `/`).
 *   2. Starts the production server and measures first contentful paint of `/` in headless
 *      Chromium, median of 5 cold loads.
 * Targets: ≤ 150 KB gzipped JS on first load; FCP < 500 ms on this machine.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser-test-kit.ts';
import { startServer } from '../e2e/support/server-test-kit.ts';
import { itemAt } from './measure.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');

function gzipSize(relativeUrl: string): number {
  return gzipSync(readFileSync(path.join(DIST, relativeUrl)), { level: 9 }).length;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? itemAt(sorted, mid)
    : (itemAt(sorted, mid - 1) + itemAt(sorted, mid)) / 2;
}

async function main(): Promise<void> {
  execSync('npm run build', { cwd: ROOT, stdio: 'ignore' });

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const fcps: number[] = [];
    let loaded = new Set<string>();
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/')) assets.add(url.pathname);
      });
      await page.goto(server.url, { waitUntil: 'networkidle' });
      // The paint entry can be reported after network idle on a busy machine: wait for it
      // (buffered) rather than read an empty list as NaN.
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve(NaN), 5000);
          }),
      );
      fcps.push(fcp);
      loaded = assets;
      await context.close();
    }

    const js = [...loaded].filter((asset) => asset.endsWith('.js'));
    const css = [...loaded].filter((asset) => asset.endsWith('.css'));
    const jsBytes = js.reduce((sum, asset) => sum + gzipSize(asset), 0);
    const cssBytes = css.reduce((sum, asset) => sum + gzipSize(asset), 0);

    console.log('bench:web — feed route (/) first load, production build');
    console.log(`  JS  (gzip): ${kb(jsBytes)} in ${js.length} files  [target ≤ 150 KB]`);
    for (const asset of js.sort()) console.log(`      ${asset}  ${kb(gzipSize(asset))}`);
    console.log(`  CSS (gzip): ${kb(cssBytes)} in ${css.length} files`);
    console.log(
      `  First contentful paint: median ${median(fcps).toFixed(0)} ms of ${fcps.length} cold loads ` +
        `(${fcps.map((v) => v.toFixed(0)).join(', ')} ms)  [target < 500 ms]`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
