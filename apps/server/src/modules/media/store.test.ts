import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/app-test-kit.ts';
import { createS3MediaStore } from './s3-store.ts';
import { mediaStoreAt, newMediaName, removeMediaFiles, type MediaStore } from './storage.ts';
import { retryFailedDeletes } from './store.ts';
import * as files from './test-kit.ts';

/**
 * The media store itself, on each backend (the upload tests cover it through the API): what it
 * keeps, reads in ranges, lists and deletes, and a delete it fails recorded and retried.
 */
describe.each(files.testStorageMatrix(testDatabaseKinds()))(
  'the media store on %s, %s store',
  (kind, storeKind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, files.mediaStoreEnv(storeKind));
    });
    afterAll(async () => {
      await t.close();
    });

    async function stored(data: Buffer): Promise<string> {
      const name = newMediaName('png');
      const local = path.join(t.ctx.media.tmpDir, `${name}.part`);
      await writeFile(local, data);
      await t.ctx.media.put(name, local, 'image/png');
      return name;
    }

    async function bytesOf(
      store: MediaStore,
      name: string,
      range?: { start: number; end: number },
    ) {
      const file = await store.open(name);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await file.stream(range)) chunks.push(chunk as Buffer);
      return { size: file.size, bytes: Buffer.concat(chunks) };
    }

    /** A store of the same backend whose deletes fail for real. */
    async function brokenStore(name: string): Promise<MediaStore> {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-broken-'));
      let broken: MediaStore;
      if (t.ctx.config.media.store === 's3') {
        // Nothing listens on port 9: every request is refused.
        broken = createS3MediaStore(
          { ...t.ctx.config.media, endpoint: 'http://127.0.0.1:9' },
          dataDir,
        );
      } else {
        broken = mediaStoreAt(dataDir);
        await broken.prepare();
        // unlink refuses a directory (EISDIR), whoever runs the test.
        await mkdir(path.join(dataDir, 'media', name));
      }
      broken.failedDeletes = t.ctx.media.failedDeletes;
      return broken;
    }

    it('keeps a file, reads it whole or in a range, lists it, deletes it (twice is fine)', async () => {
      const data = Buffer.from('0123456789abcdef');
      const name = await stored(data);
      expect(await bytesOf(t.ctx.media, name)).toEqual({ size: 16, bytes: data });
      expect((await bytesOf(t.ctx.media, name, { start: 2, end: 5 }))?.bytes.toString()).toBe(
        '2345',
      );
      expect(await t.ctx.media.list()).toContain(name);
      await t.ctx.media.ping();

      await t.ctx.media.remove(name);
      await t.ctx.media.remove(name);
      expect(await t.ctx.media.open(name)).toBeNull();
      expect(await t.ctx.media.list()).not.toContain(name);
    });

    it('records a delete the store fails, and the cleanup retries it until the store confirms', async () => {
      const name = await stored(Buffer.from('to delete'));
      const broken = await brokenStore(name);
      await removeMediaFiles(broken, [name]);
      const row = async () =>
        (
          await t.ctx.database.pool.query<{ attempts: number; last_error: string }>(
            'select attempts, last_error from media_deletions where storage_key = $1',
            [name],
          )
        ).rows[0];
      expect((await row())?.attempts).toBe(1);
      expect(await bytesOf(t.ctx.media, name)).not.toBeNull();

      // Not due yet: nothing is tried.
      const now = t.clock.now().getTime();
      expect(
        await retryFailedDeletes({ db: t.ctx.database.db, media: broken }, new Date(now), 10),
      ).toEqual({ deleted: 0, failed: 0 });
      // Due, and failing again: it waits longer.
      expect(
        await retryFailedDeletes(
          { db: t.ctx.database.db, media: broken },
          new Date(now + 31_000),
          10,
        ),
      ).toEqual({ deleted: 0, failed: 1 });
      expect((await row())?.attempts).toBe(2);
      expect(
        await retryFailedDeletes(
          { db: t.ctx.database.db, media: t.ctx.media },
          new Date(now + 62_000),
          10,
        ),
      ).toEqual({ deleted: 0, failed: 0 });
      // Due again, and the store answers: the file is gone and so is the record.
      expect(
        await retryFailedDeletes(
          { db: t.ctx.database.db, media: t.ctx.media },
          new Date(now + 2 * 3_600_000),
          10,
        ),
      ).toEqual({ deleted: 1, failed: 0 });
      expect(await row()).toBeUndefined();
      expect(await t.ctx.media.open(name)).toBeNull();
      await broken.close();
    });

    it('throws a failed delete when there is nowhere to record it', async () => {
      const name = await stored(Buffer.from('kept'));
      const broken = await brokenStore(name);
      broken.failedDeletes = null;
      await expect(removeMediaFiles(broken, [name])).rejects.toThrow();
      await broken.close();
    });

    it('answers null for a name it does not hold', async () => {
      expect(await t.ctx.media.open(newMediaName('jpg'))).toBeNull();
    });
  },
);
