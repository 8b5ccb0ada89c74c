// Worker thread of build/prerender-shell.ts: renders the app shell in a jsdom window of its own,
// so the browser globals the app's providers read never leak into the build's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { JSDOM } from 'jsdom';
import { runnerImport } from 'vite';

const { root, entry, url } = workerData;
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url,
  pretendToBeVisual: true,
});
for (const key of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, key, {
    value: dom.window[key],
    configurable: true,
    writable: true,
  });
}

// The shell's texts go through Lingui's macros: the same Vite plugins as the build (loaded
// through the runner too, being TypeScript), and nothing else of the build's config.
const { module: lingui } = await runnerImport(`${root}/build/lingui-plugins.ts`, {
  root,
  logLevel: 'error',
});
const { module } = await runnerImport(entry, {
  root,
  plugins: lingui.linguiPlugins(),
  logLevel: 'error',
});
parentPort.postMessage(module.renderShell());
