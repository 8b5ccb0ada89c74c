import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from './support/ports-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { ensureServerBundle } from '../scripts/server-bundle.ts';

async function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const bundle = await ensureServerBundle();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses to start on a bad configuration, naming the field', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-cfg-'));
    dirs.push(dataDir);
    const { code, output } = await runMain({
      DATA_DIR: dataDir,
      DATABASE_URL: 'mysql://root@127.0.0.1/dum',
      PORT: String(await freePortRange(1)),
    });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });

  it('refuses to start in production without APP_ORIGIN (finding 9)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-cfg-'));
    dirs.push(dataDir);
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      APP_ORIGIN: '',
      PORT: String(await freePortRange(1)),
    });
    expect(code).toBe(1);
    expect(output).toContain('APP_ORIGIN: must be set in production');
  });

  it('starts on an empty data folder, stops cleanly on SIGTERM and starts again on the same data', async () => {
    // Empty, as a first `npm start`: the server makes its database and applies every migration.
    const first = await startServer({ env: { LOG_LEVEL: 'info' }, database: 'pglite-empty' });
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    // stop() sends SIGTERM and waits for the exit; the log says whether the shutdown was clean.
    const dataDir = first.dataDir;
    await first.stop({ keepData: true });
    expect(first.output()).toContain('stopped cleanly');

    const second = await startServer({ dataDir });
    const again = await fetch(`${second.url}/api/emissions/stats`);
    expect(again.status).toBe(200);
    await second.stop();
    // Two starts, the first applying every migration to a new PGlite: 20 s alone on a 2-core
    // machine, and three to five times that beside two other browser files.
  }, 180_000);
});
