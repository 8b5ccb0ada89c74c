import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle, SERVER_BUNDLE } from './server-bundle.ts';

const run = promisify(execFile);

describe('the server bundle', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is written into a folder that does not exist yet, and runs from there without tsx', async () => {
    // Inside the checkout, as the real one: npm packages are found from the bundle's folder up.
    const dir = path.join(path.dirname(SERVER_BUNDLE), `test-${randomUUID()}`);
    dirs.push(dir);
    const bundle = path.join(dir, 'not-yet', 'main.mjs');
    await buildServerBundle(bundle);

    const text = await readFile(bundle, 'utf8');
    // Workspace packages inside, npm packages outside.
    expect(text).toContain('packages/core/src/');
    expect(text).toMatch(/from "fastify"/);
    // Every import.meta.url names its source file again, relative to the bundle.
    expect(text).not.toMatch(/import\.meta\.url(?!\)\.href)/);

    // The whole module graph loads: main reads its configuration and refuses this one. The
    // message names the field, so config.ts (and everything main imports first) ran.
    const refused = await run(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://root@127.0.0.1/dum' },
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      'DATABASE_URL: must start with postgres:// or postgresql://',
    );
  });
});
