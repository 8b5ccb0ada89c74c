import { generateSigner } from '@dum/chain';
import { FREE_POST_TTL_MS, type FeedItem, type UploadResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { ABANDONED_UPLOAD_MS } from '../media/index.ts';
import * as files from '../media/test-kit.ts';
import { runFeedCleanup, startFeedJobs, type CleanupDeps } from './expiry.ts';
import { addedComment, countRows, createdPost, engage, type SignedIn } from './test-kit.ts';

describe.each(files.testStorageMatrix(testDatabaseKinds()))(
  'the 24 h deletion job on %s, %s store',
  (kind, store) => {
    let t: TestApp;
    let alice: SignedIn;
    let bob: SignedIn;
    let deps: CleanupDeps;

    beforeAll(async () => {
      t = await createTestApp(kind, files.mediaStoreEnv(store));
      deps = {
        db: t.ctx.database.db,
        media: t.ctx.media,
        logger: t.ctx.logger,
        rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
      };
      await signIn();
    });
    afterAll(async () => {
      await t.close();
    });

    // Signing in again (after the clock moved past the tokens' life) finds the same users.
    const aliceAddress = generateSigner().address;
    const bobAddress = generateSigner().address;
    async function signIn(): Promise<void> {
      alice = await createSignedInUser(t.ctx, aliceAddress);
      bob = await createSignedInUser(t.ctx, bobAddress);
    }

    async function upload(headers: Record<string, string>, data: Buffer, filename: string) {
      const { payload, headers: form } = files.multipartBody({
        filename,
        contentType: 'application/octet-stream',
        data,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload/vault-media',
        headers: { ...headers, ...form },
        payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json<UploadResponse>();
    }

    function nameOf(url: string): string {
      return url.replace('/media/', '');
    }

    /** Whether the store (the disk or the bucket) still holds the file. */
    async function isStored(url: string): Promise<boolean> {
      return (await files.readStored(t, nameOf(url))) !== null;
    }

    it('deletes posts 24 h old with their comments, likes, bookmarks and media files', async () => {
      await t.ctx.database.pool.query('delete from messages');
      const image = await upload(alice.headers, await files.png(), 'a.png');
      const audio = await upload(bob.headers, files.mp3(), 'b.mp3');
      const old = await createdPost(t, alice.headers, 'old', { imageUrl: image.mediaUrl });
      const oldAudio = await createdPost(t, bob.headers, 'old audio', { audioUrl: audio.mediaUrl });
      await addedComment(t, bob.headers, old.id, 'c1');
      await engage(t, bob.headers, old.id, 'like');
      await engage(t, bob.headers, old.id, 'bookmark');

      t.clock.advance(FREE_POST_TTL_MS / 2);
      await signIn();
      const keptImage = await upload(alice.headers, await files.png(), 'c.png');
      const young = await createdPost(t, alice.headers, 'young', { imageUrl: keptImage.mediaUrl });
      await addedComment(t, bob.headers, young.id, 'c2');

      // Not yet 24 h: nothing goes.
      t.clock.advance(FREE_POST_TTL_MS / 2 - 1);
      expect(await runFeedCleanup(deps, t.clock.now())).toEqual({
        posts: 0,
        pendingVaults: 0,
        abandonedUploads: 0,
        files: 0,
      });
      t.clock.advance(1);
      const result = await runFeedCleanup(deps, t.clock.now());
      expect(result).toEqual({ posts: 2, pendingVaults: 0, abandonedUploads: 0, files: 2 });

      for (const id of [old.id, oldAudio.id]) {
        expect(await countRows(t, 'select count(*) as n from messages where id = $1', [id])).toBe(
          0,
        );
        for (const table of ['comments', 'engagements', 'media']) {
          expect(
            await countRows(t, `select count(*) as n from ${table} where message_id = $1`, [id]),
          ).toBe(0);
        }
      }
      expect(await isStored(image.mediaUrl)).toBe(false);
      expect(await isStored(audio.mediaUrl)).toBe(false);
      // The younger post and everything of it stays.
      expect(await isStored(keptImage.mediaUrl)).toBe(true);
      await signIn();
      const detail = await t.app.inject({ url: `/api/messages-v2/messages/${young.id}` });
      expect(detail.json<FeedItem>()).toMatchObject({ commentCount: 1 });

      // Running again finds nothing; a file removed by hand meanwhile is no error.
      expect(await runFeedCleanup(deps, t.clock.now())).toMatchObject({ posts: 0 });
      await t.ctx.media.remove(nameOf(keptImage.mediaUrl));
      t.clock.advance(FREE_POST_TTL_MS);
      expect(await runFeedCleanup(deps, t.clock.now())).toMatchObject({ posts: 1, files: 1 });
    });

    it('works through many expired posts in batches, also with two runs at once', async () => {
      await signIn();
      await t.ctx.database.pool.query(
        `insert into messages (author_id, body, created_at, expires_at)
       select $1, 'bulk ' || g, $2::timestamptz - interval '2 days', $2::timestamptz - interval '1 day'
       from generate_series(1, 1234) g`,
        [alice.user.id, t.clock.now()],
      );
      const live = await createdPost(t, alice.headers, 'live');
      const [a, b] = await Promise.all([
        runFeedCleanup(deps, t.clock.now(), 100),
        runFeedCleanup(deps, t.clock.now(), 100),
      ]);
      expect(a.posts + b.posts).toBe(1234);
      expect(await countRows(t, 'select count(*) as n from messages')).toBe(1);
      expect((await t.app.inject({ url: `/api/messages-v2/messages/${live.id}` })).statusCode).toBe(
        200,
      );
    });

    it('deletes uploads that no post took within the hour, and spent rate-limit windows', async () => {
      expect(ABANDONED_UPLOAD_MS).toBe(3600_000);
      await t.ctx.database.pool.query('delete from messages');
      await signIn();
      const unused = await upload(alice.headers, await files.png(), 'unused.png');
      const used = await upload(alice.headers, await files.png(), 'used.png');
      const keeper = await createdPost(t, alice.headers, 'a post keeps its media', {
        imageUrl: used.mediaUrl,
      });
      t.clock.advance(ABANDONED_UPLOAD_MS - 1000);
      await signIn();
      const recent = await upload(alice.headers, files.mp3(), 'recent.mp3');
      t.clock.advance(2000);
      const result = await runFeedCleanup(deps, t.clock.now());
      expect(result.abandonedUploads).toBe(1);
      expect(await isStored(unused.mediaUrl)).toBe(false);
      expect(await isStored(recent.mediaUrl)).toBe(true);
      expect(await isStored(used.mediaUrl)).toBe(true);
      // The swept upload can no longer be attached to a post.
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/messages-v2/messages',
        headers: alice.headers,
        payload: { kind: 'public', body: 'too late', imageUrl: unused.mediaUrl },
      });
      expect(late.statusCode).toBe(400);
      await t.ctx.database.pool.query('delete from messages where id = $1', [keeper.id]);
      const stale = await countRows(
        t,
        `select count(*) as n from rate_limit_windows where window_start < $1`,
        [new Date(t.clock.now().getTime() - 2 * deps.rateWindowMs)],
      );
      expect(stale).toBe(0);
    });

    it('runs from the interval the composition root starts, and stops cleanly', async () => {
      await signIn();
      const post = await createdPost(t, alice.headers, 'scheduled');
      t.clock.advance(FREE_POST_TTL_MS);
      const jobs = startFeedJobs(t.ctx);
      const result = await jobs.runOnce();
      expect(result?.posts).toBe(1);
      await jobs.stop();
      expect(await jobs.runOnce()).toBeNull();
      expect(
        await countRows(t, 'select count(*) as n from messages where id = $1', [post.id]),
      ).toBe(0);
    });
  },
);
