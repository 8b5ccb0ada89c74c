import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '/work/main/e2e/support/browser-test-kit.ts';
import { startServer } from '/work/main/e2e/support/server-test-kit.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-prof-'));
const server = await startServer({ dataDir });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await page.goto(server.url + '/'); // warm
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(server.url + '/');
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byUrl = new Map<string, number>();
const dt = profile.timeDeltas ?? [];
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
(profile.samples ?? []).forEach((id, i) => {
  const n = nodeById.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  const u = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
  byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0));
});
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
console.log('---');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
await writeFile('/tmp/prof.cpuprofile', JSON.stringify(profile));
await browser.close();
await server.stop();
