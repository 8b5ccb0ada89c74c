import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Plugin } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT_ELEMENT = '<div id="root"></div>';

/** Renders src/app/shell-prerender.tsx in a worker thread and answers its markup. */
function renderShell(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./render-shell-worker.mjs', import.meta.url), {
      workerData: {
        root: ROOT,
        entry: path.join(ROOT, 'src/app/shell-prerender.tsx'),
        // A path no navigation entry matches: the shell marks no link as the current page.
        url: 'http://localhost/loading',
      },
    });
    worker.once('message', (markup: string) => {
      resolve(markup);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`shell prerender exited with ${code}`)));
  });
}

/**
 * Build only: puts the app's static first frame (layout, navigation, page skeleton; no user
 * data) into index.html's root, so the browser paints the shell as soon as the HTML and the
 * stylesheet arrive instead of after the scripts have loaded and run. React's createRoot
 * replaces it with the same markup on its first render (docs/decisions/011-first-load-and-prerendered-shell.md).
 */
export function prerenderShell(): Plugin {
  return {
    name: 'dum:prerender-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const markup = await renderShell();
        if (!markup.startsWith('<div ')) throw new Error('the shell does not start with a <div>');
        // Inert until React replaces it: a picture of the app, not yet the app. Nothing in it
        // takes a click or the focus that the replacement would then drop.
        return html.replace(
          ROOT_ELEMENT,
          `<div id="root">${markup.replace('<div ', '<div inert ')}</div>`,
        );
      },
    },
  };
}
