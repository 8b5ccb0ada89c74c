// Runs commands in lanes at once, the commands of a lane one after another, for the static
// checks (scripts/typecheck.mjs, scripts/lint.mjs). Each command's output is printed whole when
// it finishes, after a line with its status and time, so the lanes' outputs do not interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The path of a package's bin script (`name` defaults to the package's one bin). */
export function binPath(packageName, name) {
  const manifest = require(`${packageName}/package.json`);
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name ?? packageName];
  return path.join(path.dirname(require.resolve(`${packageName}/package.json`)), bin);
}

/** Runs `node script ...args`; resolves true when it exits with 0. */
function runNode(label, script, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

/**
 * Takes jobs ({ label, script, args }) from `queue` in order in `lanes` lanes at once, each lane
 * starting the next job as its last ends; answers whether every job passed.
 */
export async function runInLanes(queue, lanes) {
  const pending = [...queue];
  const results = await Promise.all(
    Array.from({ length: Math.min(lanes, pending.length) }, async () => {
      let ok = true;
      for (let job = pending.shift(); job; job = pending.shift()) {
        ok = (await runNode(job.label, job.script, job.args)) && ok;
      }
      return ok;
    }),
  );
  return results.every(Boolean);
}
