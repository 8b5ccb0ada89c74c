import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { generateSigner } from '@dum/chain';
import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, type FeedItem, type UploadResponse } from '@dum/core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, createPost, errorOf, type Headers, type SignedIn } from '../feed/test-kit.ts';
import * as files from './test-kit.ts';

const INVALID_TYPE = {
  error: { code: 'invalid_file_type', message: 'Please upload an image or audio file' },
};

describe.each(files.testStorageMatrix(testDatabaseKinds()))(
  'uploads and media on %s, %s store',
  (kind, store) => {
    let t: TestApp;
    let alice: SignedIn;
    let bob: SignedIn;

    beforeAll(async () => {
      t = await createTestApp(kind, {
        UPLOAD_RATE_LIMIT: '1000',
        ...NO_WRITE_LIMITS,
        ...files.mediaStoreEnv(store),
      });
      alice = await createSignedInUser(t.ctx);
      bob = await createSignedInUser(t.ctx);
    });
    afterAll(async () => {
      await t.close();
    });

    async function upload(
      headers: Headers,
      file: { field?: string; filename: string; contentType: string; data: Buffer },
      fields: Record<string, string> = {},
    ) {
      const { payload, headers: formHeaders } = files.multipartBody(file, fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/vault-media',
        headers: { ...headers, ...formHeaders },
        payload,
      });
    }

    async function uploaded(
      headers: Headers,
      file: { filename: string; contentType: string; data: Buffer },
    ): Promise<UploadResponse> {
      const res = await upload(headers, file);
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      return res.json<UploadResponse>();
    }

    async function storedFiles(): Promise<string[]> {
      return t.ctx.media.list();
    }

    function nameOf(url: string): string {
      return url.replace('/media/', '');
    }

    /** The stored bytes of an uploaded file (from the disk or the bucket). */
    async function readFile(url: string): Promise<Buffer> {
      const stored = await files.readStored(t, nameOf(url));
      if (!stored) throw new Error(`${url} is not stored`);
      return stored;
    }

    async function isStored(url: string): Promise<boolean> {
      return (await files.readStored(t, nameOf(url))) !== null;
    }

    describe('accepted files', () => {
      it.each([
        ['JPEG', 'photo.jpg', 'image/jpeg', () => files.jpegWithGps(), 'image', 'jpg'],
        ['PNG', 'pic.png', 'image/png', () => files.png(), 'image', 'png'],
        ['GIF', 'anim.gif', 'image/gif', () => files.gif(), 'image', 'gif'],
        ['WebP', 'pic.webp', 'image/webp', () => files.webp(), 'image', 'webp'],
        ['MP3', 'song.mp3', 'audio/mpeg', () => files.mp3(), 'audio', 'mp3'],
        ['WAV', 'voice.wav', 'audio/wav', () => files.wav(), 'audio', 'wav'],
        ['Ogg Vorbis', 'tune.ogg', 'audio/ogg', () => files.oggVorbis(), 'audio', 'ogg'],
        ['FLAC', 'hifi.flac', 'audio/flac', () => files.flac(), 'audio', 'flac'],
        ['M4A', 'memo.m4a', 'audio/mp4', () => files.m4a(), 'audio', 'm4a'],
        ['WebM recording', 'rec.webm', 'audio/webm', () => files.webm(), 'audio', 'webm'],
        [
          'a generic declared type',
          'blob',
          'application/octet-stream',
          () => files.png(),
          'image',
          'png',
        ],
      ])('takes %s', async (_name, filename, contentType, make, mediaType, extension) => {
        const data = await make();
        const res = await upload(alice.headers, { filename, contentType, data });
        expect(res.statusCode).toBe(201);
        const body = res.json<UploadResponse>();
        expect(body).toEqual({
          mediaType,
          mediaUrl: expect.stringMatching(
            new RegExp(`^/media/[A-Za-z0-9_-]{22}\\.${extension}$`),
          ) as string,
          contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
        });
        expect(await isStored(body.mediaUrl)).toBe(true);
        const name = body.mediaUrl.replace('/media/', '');
        expect(
          await countRows(
            t,
            `select count(*) as n from media
           where storage_key = $1 and owner_id = $2 and type = $3 and message_id is null`,
            [name, alice.user.id, mediaType],
          ),
        ).toBe(1);
        if (mediaType === 'audio') {
          // Audio is stored byte for byte.
          expect((await readFile(body.mediaUrl)).equals(data)).toBe(true);
        }
      });

      it('strips EXIF, GPS included, from images and keeps the picture', async () => {
        const original = await files.jpegWithGps();
        expect((await sharp(original).metadata()).exif).toBeDefined();
        expect(original.includes(Buffer.from('Model-GPS-1'))).toBe(true);

        const body = await uploaded(alice.headers, {
          filename: 'holiday.jpg',
          contentType: 'image/jpeg',
          data: original,
        });
        const stored = await readFile(body.mediaUrl);
        const metadata = await sharp(stored).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(stored.includes(Buffer.from('Exif'))).toBe(false);
        expect(stored.includes(Buffer.from('Model-GPS-1'))).toBe(false);
        expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
        expect(metadata).toMatchObject({ format: 'jpeg', width: 32, height: 24 });
      });

      it.each([
        ['MP3 (ID3v2, APE, ID3v1)', 'song.mp3', 'audio/mpeg', () => files.mp3Tagged()],
        ['WAV (LIST/INFO, id3)', 'voice.wav', 'audio/wav', () => files.wavTagged()],
        ['FLAC (comments, picture)', 'hifi.flac', 'audio/flac', () => files.flacTagged()],
        [
          'Ogg Vorbis (comments)',
          'tune.ogg',
          'audio/ogg',
          () => files.oggVorbis([`ARTIST=${files.AUDIO_SECRET}`]),
        ],
        [
          'Ogg Opus (tags)',
          'note.opus',
          'audio/ogg',
          () => files.oggOpus([`TITLE=${files.AUDIO_SECRET}`]),
        ],
        ['M4A (iTunes tags, XMP)', 'memo.m4a', 'audio/mp4', () => files.m4aTagged()],
        ['WebM (tags, title)', 'rec.webm', 'audio/webm', () => files.webmTagged(true)],
      ])(
        'strips the metadata of %s and keeps the sound',
        async (_, filename, contentType, make) => {
          const data = make();
          expect(data.includes(Buffer.from(files.AUDIO_SECRET.slice(0, 20), 'latin1'))).toBe(true);
          const body = await uploaded(alice.headers, { filename, contentType, data });
          const stored = await readFile(body.mediaUrl);
          expect(stored.includes(Buffer.from('Alice', 'latin1'))).toBe(false);
          expect(stored.includes(files.AUDIO_PAYLOAD)).toBe(true);
          // The hash an escrow vault commits is the stored file's.
          expect(body.contentHash).toBe(createHash('sha256').update(stored).digest('hex'));
        },
      );

      it('serves a stored file with its type, nosniff, a year of caching and a closed policy', async () => {
        const body = await uploaded(alice.headers, {
          filename: 'p.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const res = await t.app.inject({ url: body.mediaUrl });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-disposition']).toBe('inline');
        expect(res.headers['content-security-policy']).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
        expect(res.rawPayload.equals(await readFile(body.mediaUrl))).toBe(true);
        expect((await sharp(res.rawPayload).metadata()).format).toBe('png');

        const notModified = await t.app.inject({
          url: body.mediaUrl,
          headers: { 'if-none-match': res.headers.etag as string },
        });
        expect(notModified.statusCode).toBe(304);
        const head = await t.app.inject({ method: 'HEAD', url: body.mediaUrl });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
      });

      it('serves byte ranges of audio for seeking', async () => {
        const data = files.mp3(4);
        const body = await uploaded(alice.headers, {
          filename: 's.mp3',
          contentType: 'audio/mpeg',
          data,
        });
        const res = await t.app.inject({ url: body.mediaUrl, headers: { range: 'bytes=100-199' } });
        expect(res.statusCode).toBe(206);
        expect(res.headers['content-type']).toBe('audio/mpeg');
        expect(res.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
        expect(res.rawPayload.equals(data.subarray(100, 200))).toBe(true);
        const tail = await t.app.inject({ url: body.mediaUrl, headers: { range: 'bytes=-10' } });
        expect(tail.rawPayload.equals(data.subarray(-10))).toBe(true);
        const outside = await t.app.inject({
          url: body.mediaUrl,
          headers: { range: `bytes=${data.length}-` },
        });
        expect(outside.statusCode).toBe(200);
        expect(outside.rawPayload.length).toBe(data.length);
      });

      it('answers 404 for unknown or malformed media names', async () => {
        for (const url of [
          '/media/AAAAAAAAAAAAAAAAAAAAAA.png',
          '/media/..%2F..%2Fetc%2Fpasswd',
          '/media/evil.html',
          '/media/AAAAAAAAAAAAAAAAAAAAAA.svg',
        ]) {
          const res = await t.app.inject({ url });
          expect(res.statusCode, url).toBe(404);
          expect(errorOf(res).code).toBe('not_found');
        }
      });
    });

    describe('refused files leave nothing behind', () => {
      let before: string[];
      let rowsBefore: number;
      beforeEach(async () => {
        before = await storedFiles();
        rowsBefore = await countRows(t, 'select count(*) as n from media');
      });

      async function expectNothingWritten(): Promise<void> {
        expect(await storedFiles()).toEqual(before);
        expect(await readdir(t.ctx.media.tmpDir)).toEqual([]);
        expect(await countRows(t, 'select count(*) as n from media')).toBe(rowsBefore);
      }

      it.each([
        ['an SVG with a script', 'x.svg', 'image/svg+xml', files.svgWithScript],
        ['an SVG sent as a PNG', 'x.png', 'image/png', files.svgWithScript],
        ['HTML', 'page.html', 'text/html', files.html],
        ['HTML named as an image', 'cat.jpg', 'image/jpeg', files.html],
        ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
        ['plain text', 'notes.txt', 'text/plain', Buffer.from('hello world, not media at all')],
        [
          'a PDF',
          'doc.pdf',
          'application/pdf',
          Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
        ],
        ['a zip', 'a.zip', 'application/zip', Buffer.from('PK\u0003\u0004' + '\0'.repeat(60))],
        ['a WebM sent as video', 'clip.webm', 'video/webm', files.webm()],
      ])('refuses %s with 415 invalid_file_type', async (_name, filename, contentType, data) => {
        const res = await upload(alice.headers, { filename, contentType, data });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual(INVALID_TYPE);
        await expectNothingWritten();
      });

      it('refuses a PNG renamed .mp3 and sent as audio/mpeg', async () => {
        const res = await upload(alice.headers, {
          filename: 'song.mp3',
          contentType: 'audio/mpeg',
          data: await files.png(),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual(INVALID_TYPE);
        await expectNothingWritten();
      });

      it('refuses an MP3 named as a picture', async () => {
        const res = await upload(alice.headers, {
          filename: 'pic.png',
          contentType: 'application/octet-stream',
          data: files.mp3(),
        });
        expect(res.statusCode).toBe(415);
        await expectNothingWritten();
      });

      it('refuses a truncated image', async () => {
        const whole = await files.jpegWithGps();
        const res = await upload(alice.headers, {
          filename: 'cut.jpg',
          contentType: 'image/jpeg',
          data: whole.subarray(0, Math.floor(whole.length / 2)),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual(INVALID_TYPE);
        const png = await files.png(64, 64);
        const cutPng = await upload(alice.headers, {
          filename: 'cut.png',
          contentType: 'image/png',
          data: png.subarray(0, 40),
        });
        expect(cutPng.statusCode).toBe(415);
        await expectNothingWritten();
      });

      it('refuses an image over 10 MB with 413', async () => {
        const res = await upload(alice.headers, {
          filename: 'huge.jpg',
          contentType: 'image/jpeg',
          data: files.jpegOfSize(MAX_IMAGE_BYTES + 1),
        });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          error: { code: 'image_too_large', message: 'Images must be under 10MB' },
        });
        await expectNothingWritten();
      });

      it('takes audio over 10 MB but refuses audio over 50 MB with 413', async () => {
        const big = await upload(alice.headers, {
          filename: 'long.mp3',
          contentType: 'audio/mpeg',
          data: files.mp3OfSize(MAX_IMAGE_BYTES + 1000),
        });
        expect(big.statusCode).toBe(201);
        before = await storedFiles();
        rowsBefore += 1;

        const res = await upload(alice.headers, {
          filename: 'endless.mp3',
          contentType: 'audio/mpeg',
          data: files.mp3OfSize(MAX_AUDIO_BYTES + 1),
        });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          error: { code: 'audio_too_large', message: 'Audio files must be under 50MB' },
        });
        await expectNothingWritten();
      });

      it('needs the file in the field "media", as multipart, from a signed-in user', async () => {
        const wrongField = await upload(alice.headers, {
          field: 'file',
          filename: 'a.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        expect(wrongField.statusCode).toBe(400);
        expect(errorOf(wrongField).code).toBe('validation_failed');

        const json = await t.app.inject({
          method: 'POST',
          url: '/api/upload/vault-media',
          headers: alice.headers,
          payload: { media: 'data:image/png;base64,AAAA' },
        });
        expect(json.statusCode).toBe(415);
        expect(errorOf(json).code).toBe('unsupported_media_type');

        const raw = await t.app.inject({
          method: 'POST',
          url: '/api/upload/vault-media',
          headers: { ...alice.headers, 'content-type': 'image/png' },
          payload: await files.png(),
        });
        expect(raw.statusCode).toBe(415);

        const { payload, headers } = files.multipartBody({
          filename: 'a.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const anonymous = await t.app.inject({
          method: 'POST',
          url: '/api/upload/vault-media',
          headers,
          payload,
        });
        expect(anonymous.statusCode).toBe(401);

        const broken = await t.app.inject({
          method: 'POST',
          url: '/api/upload/vault-media',
          headers: { ...alice.headers, ...headers },
          payload: payload.subarray(0, payload.length - 30),
        });
        expect(broken.statusCode).toBe(400);
        expect(errorOf(broken).code).toBe('bad_request');
        await expectNothingWritten();
      });
    });

    describe('attaching uploads to posts', () => {
      it('attaches an image or an audio file the same user uploaded, once', async () => {
        const image = await uploaded(alice.headers, {
          filename: 'a.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const res = await createPost(t, alice.headers, {
          body: 'with a picture',
          kind: 'public',
          imageUrl: image.mediaUrl,
        });
        expect(res.statusCode).toBe(201);
        const post = res.json<FeedItem>();
        expect(post).toMatchObject({ imageUrl: image.mediaUrl, audioUrl: null });

        const again = await createPost(t, alice.headers, {
          body: 'same picture',
          imageUrl: image.mediaUrl,
        });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({
          error: {
            code: 'media_not_attachable',
            message: 'That media was not uploaded by you, or another post already uses it.',
          },
        });

        const audio = await uploaded(alice.headers, {
          filename: 'a.mp3',
          contentType: 'audio/mpeg',
          data: files.mp3(),
        });
        const absolute = `${t.ctx.config.appOrigin}${audio.mediaUrl}`;
        const withAudio = await createPost(t, alice.headers, {
          content: 'listen',
          audioUrl: absolute,
        });
        expect(withAudio.statusCode).toBe(201);
        expect(withAudio.json<FeedItem>()).toMatchObject({
          audioUrl: audio.mediaUrl,
          imageUrl: null,
        });
      });

      it("refuses another user's upload, the wrong kind, and URLs that are not uploads", async () => {
        const image = await uploaded(alice.headers, {
          filename: 'a.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const audio = await uploaded(alice.headers, {
          filename: 'a.mp3',
          contentType: 'audio/mpeg',
          data: files.mp3(),
        });
        for (const [headers, extra] of [
          [bob.headers, { imageUrl: image.mediaUrl }],
          [alice.headers, { imageUrl: audio.mediaUrl }],
          [alice.headers, { audioUrl: image.mediaUrl }],
          [alice.headers, { imageUrl: 'https://evil.example/media/x.png' }],
          [alice.headers, { imageUrl: `https://evil.example${image.mediaUrl}` }],
          [alice.headers, { imageUrl: '/media/AAAAAAAAAAAAAAAAAAAAAA.png' }],
          [alice.headers, { imageUrl: 'javascript:alert(1)' }],
        ] as const) {
          const res = await createPost(t, headers, { body: 'x', kind: 'public', ...extra });
          expect(res.statusCode, JSON.stringify(extra)).toBe(400);
          expect(errorOf(res).code).toBe('media_not_attachable');
        }
        // Nothing was attached by the refused attempts.
        expect(
          await countRows(
            t,
            'select count(*) as n from media where storage_key = $1 and message_id is null',
            [image.mediaUrl.replace('/media/', '')],
          ),
        ).toBe(1);
      });

      it('deleting a post deletes its media file; a file already gone is no error', async () => {
        const image = await uploaded(alice.headers, {
          filename: 'a.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const post = (
          await createPost(t, alice.headers, { body: 'bye', imageUrl: image.mediaUrl })
        ).json<FeedItem>();
        expect((await t.app.inject({ url: image.mediaUrl })).statusCode).toBe(200);
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/messages-v2/messages/${post.id}`,
          headers: alice.headers,
        });
        expect(res.statusCode).toBe(200);
        expect(await isStored(image.mediaUrl)).toBe(false);
        expect((await t.app.inject({ url: image.mediaUrl })).statusCode).toBe(404);

        const other = await uploaded(alice.headers, {
          filename: 'b.png',
          contentType: 'image/png',
          data: await files.png(),
        });
        const second = (
          await createPost(t, alice.headers, { body: 'bye', imageUrl: other.mediaUrl })
        ).json<FeedItem>();
        await t.ctx.media.remove(nameOf(other.mediaUrl));
        const gone = await t.app.inject({
          method: 'DELETE',
          url: `/api/messages-v2/messages/${second.id}`,
          headers: alice.headers,
        });
        expect(gone.statusCode).toBe(200);
      });
    });
  },
);

describe.each(testDatabaseKinds())('upload rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_RATE_LIMIT: '3', UPLOAD_RATE_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows UPLOAD_RATE_LIMIT uploads per user per window, then 429', async () => {
    const alice = await createSignedInUser(t.ctx);
    const bob = await createSignedInUser(t.ctx);
    const send = async (headers: Headers) => {
      const { payload, headers: formHeaders } = files.multipartBody({
        filename: 'a.mp3',
        contentType: 'audio/mpeg',
        data: files.mp3(),
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/vault-media',
        headers: { ...headers, ...formHeaders },
        payload,
      });
    };
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000));
    for (let i = 0; i < 3; i += 1) expect((await send(alice.headers)).statusCode).toBe(201);
    const limited = await send(alice.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'upload_rate_limited', message: 'Too many uploads. Please try again later.' },
    });
    // Per user: someone else still can.
    expect((await send(bob.headers)).statusCode).toBe(201);
    // The next window starts afresh.
    t.clock.advance(60_000);
    const fresh = await createSignedInUser(t.ctx, alice.user.solAddress);
    expect((await send(fresh.headers)).statusCode).toBe(201);
  });
});

describe.each(files.testStorageMatrix(testDatabaseKinds()))(
  'upload storage quota on %s, %s store',
  (kind, store) => {
    const MP3_BYTES = files.mp3().length;
    let t: TestApp;
    beforeAll(async () => {
      // Room for two of the test MP3s, not three.
      t = await createTestApp(kind, {
        UPLOAD_RATE_LIMIT: '1000',
        UPLOAD_QUOTA_BYTES: String(2 * MP3_BYTES + MP3_BYTES / 2),
        ...files.mediaStoreEnv(store),
      });
    });
    afterAll(async () => {
      await t.close();
    });

    function send(headers: Headers) {
      const { payload, headers: formHeaders } = files.multipartBody({
        filename: 'a.mp3',
        contentType: 'audio/mpeg',
        data: files.mp3(),
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/vault-media',
        headers: { ...headers, ...formHeaders },
        payload,
      });
    }

    const storedOf = (userId: string) =>
      countRows(t, 'select count(*) as n from media where owner_id = $1', [userId]);
    const filesOnDisk = async () => (await t.ctx.media.list()).length;

    it('refuses an upload past UPLOAD_QUOTA_BYTES with 413, storing nothing; deleting frees it', async () => {
      const alice = await createSignedInUser(t.ctx);
      const bob = await createSignedInUser(t.ctx);
      const first = await send(alice.headers);
      expect(first.statusCode).toBe(201);
      expect((await send(alice.headers)).statusCode).toBe(201);
      const onDisk = await filesOnDisk();

      const refused = await send(alice.headers);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        error: {
          code: 'upload_quota_exceeded',
          message: 'Your storage is full. Delete a post with media before uploading more.',
        },
      });
      expect(await storedOf(alice.user.id)).toBe(2);
      expect(await filesOnDisk()).toBe(onDisk);
      // The quota is each user's own.
      expect((await send(bob.headers)).statusCode).toBe(201);

      // Media attached to a post counts as well; deleting the post frees its bytes.
      const post = await createPost(t, alice.headers, {
        body: 'a tune',
        kind: 'public',
        audioUrl: first.json<UploadResponse>().mediaUrl,
      });
      expect(post.statusCode).toBe(201);
      expect((await send(alice.headers)).statusCode).toBe(413);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/messages-v2/messages/${post.json<FeedItem>().id}`,
        headers: alice.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect((await send(alice.headers)).statusCode).toBe(201);
    });

    it('places the file only after its row committed, holding no database connection meanwhile', async () => {
      const dave = await createSignedInUser(t.ctx);
      const { pool } = t.ctx.database;
      const store = t.ctx.media;
      const put = store.put.bind(store);
      const seen: { inUse: number; rows: number }[] = [];
      store.put = async (name, file, contentType) => {
        // Connections checked out of the pool while the file goes to the store: none.
        const inUse = pool.totalCount - pool.idleCount;
        // Read only with a connection free (else, on PGlite, this would wait for the one held).
        const rows =
          inUse === 0
            ? await countRows(t, 'select count(*) as n from media where storage_key = $1', [name])
            : -1;
        seen.push({ inUse, rows });
        await put(name, file, contentType);
      };
      try {
        expect((await send(dave.headers)).statusCode).toBe(201);
      } finally {
        store.put = put;
      }
      expect(seen).toEqual([{ inUse: 0, rows: 1 }]);
    });

    it('leaves neither row nor file when the placement fails, nor a file when the insert fails', async () => {
      const erin = await createSignedInUser(t.ctx);
      const store = t.ctx.media;
      const put = store.put.bind(store);
      const before = await filesOnDisk();
      const placed: string[] = [];
      // A store that fails after the bytes arrived (a timeout on the answer, say): a failure
      // this test cannot cause in a real store on demand, so the real put is wrapped.
      store.put = async (name, file, contentType) => {
        placed.push(name);
        await put(name, file, contentType);
        throw new Error('the store did not answer');
      };
      try {
        expect((await send(erin.headers)).statusCode).toBe(500);
      } finally {
        store.put = put;
      }
      expect(placed).toHaveLength(1);
      expect(await storedOf(erin.user.id)).toBe(0);
      expect(await filesOnDisk()).toBe(before);

      // The row's insert fails (a real PostgreSQL error, from a trigger): nothing was placed.
      const pool = t.ctx.database.pool;
      await pool.query(`create function refuse_media() returns trigger language plpgsql as $$
        begin raise exception 'media refused'; end $$`);
      await pool.query(`create trigger refuse_media before insert on media
        for each row execute function refuse_media()`);
      try {
        expect((await send(erin.headers)).statusCode).toBe(500);
      } finally {
        await pool.query('drop trigger refuse_media on media');
        await pool.query('drop function refuse_media()');
      }
      expect(await storedOf(erin.user.id)).toBe(0);
      expect(await filesOnDisk()).toBe(before);
      expect((await send(erin.headers)).statusCode).toBe(201);
    });

    it('lets concurrent uploads of one user together stay within the quota', async () => {
      const carol = await createSignedInUser(t.ctx);
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(carol.headers)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 201, 413, 413, 413, 413]);
      expect(await storedOf(carol.user.id)).toBe(2);
    });
  },
);

/** An MP3 upload from this IP (the socket's address: no proxy is trusted in tests). */
function sendFrom(t: TestApp, headers: Headers, ip: string, extra: Record<string, string> = {}) {
  const { payload, headers: formHeaders } = files.multipartBody({
    filename: 'a.mp3',
    contentType: 'audio/mpeg',
    data: files.mp3(),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/vault-media',
    headers: { ...headers, ...formHeaders, ...extra },
    remoteAddress: ip,
    payload,
  });
}

describe.each(testDatabaseKinds())('upload quota by trust band on %s', (kind) => {
  const MP3_BYTES = files.mp3().length;
  const seedAddress = generateSigner().address;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      ...NO_WRITE_LIMITS,
      UPLOAD_RATE_LIMIT: '1000',
      TRUST_REWARDS: 'true',
      ESTABLISHED_SEED_WALLETS: seedAddress,
      // The full quota holds ten of the test MP3s: a fifth two, half five.
      UPLOAD_QUOTA_BYTES: String(10 * MP3_BYTES + 5),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * The trust job's output for one wallet, written as the job would (trust_scores belongs to
   * modules/trust; a real recomputation needs a ledger of engagements, which is not this
   * test's subject).
   */
  async function setTrustWeight(userId: string, weightPpm: number): Promise<void> {
    await t.ctx.database.pool.query(
      `insert into trust_scores (user_id, score, weight_ppm) values ($1, 0.001, $2)
       on conflict (user_id) do update set weight_ppm = excluded.weight_ppm`,
      [userId, weightPpm],
    );
  }

  /** Uploads until refused; answers how many were stored and the refusal. */
  async function uploadUntilRefused(user: SignedIn, ip: string) {
    for (let stored = 0; stored < 20; stored += 1) {
      const res = await sendFrom(t, user.headers, ip);
      if (res.statusCode !== 201) return { stored, refused: res };
    }
    throw new Error('never refused');
  }

  const rowsOf = (userId: string) =>
    countRows(t, 'select count(*) as n from media where owner_id = $1', [userId]);

  it('gives a new wallet a fifth of the quota, a building one half, a trusted one and a seed all; past its share it stores nothing', async () => {
    const fresh = await createSignedInUser(t.ctx);
    const building = await createSignedInUser(t.ctx);
    const trusted = await createSignedInUser(t.ctx);
    const seed = await createSignedInUser(t.ctx, seedAddress);
    await setTrustWeight(building.user.id, 100_000);
    await setTrustWeight(trusted.user.id, 600_000);

    const cases: [SignedIn, string, number][] = [
      [fresh, '198.51.100.1', 2],
      [building, '198.51.100.2', 5],
      [trusted, '198.51.100.3', 10],
      [seed, '198.51.100.4', 10],
    ];
    for (const [user, ip, share] of cases) {
      const { stored, refused } = await uploadUntilRefused(user, ip);
      expect(stored, user.user.solAddress).toBe(share);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        error: {
          code: 'upload_quota_exceeded',
          message: 'Your storage is full. Delete a post with media before uploading more.',
        },
      });
      expect(await rowsOf(user.user.id)).toBe(share);
    }
    expect((await t.ctx.media.list()).length).toBe(2 + 5 + 10 + 10);
  });

  it("follows the wallet's trust as it changes: a new wallet that becomes trusted gets the room", async () => {
    const grower = await createSignedInUser(t.ctx);
    expect((await uploadUntilRefused(grower, '198.51.100.5')).stored).toBe(2);
    await setTrustWeight(grower.user.id, 500_000);
    expect((await uploadUntilRefused(grower, '198.51.100.5')).stored).toBe(8);
    expect(await rowsOf(grower.user.id)).toBe(10);
  });

  it('lets concurrent uploads of a new wallet together stay within its share', async () => {
    const racer = await createSignedInUser(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendFrom(t, racer.headers, '198.51.100.6')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 413, 413, 413]);
    expect(await rowsOf(racer.user.id)).toBe(2);
  });
});

describe.each(testDatabaseKinds())('upload quota per IP on %s', (kind) => {
  const MP3_BYTES = files.mp3().length;
  const WINDOW_SECONDS = 600;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      UPLOAD_RATE_LIMIT: '1000',
      // Room for three of the test MP3s per IP in ten minutes, whatever the wallets.
      UPLOAD_IP_QUOTA_BYTES: String(3 * MP3_BYTES),
      UPLOAD_IP_QUOTA_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const REFUSED = {
    error: {
      code: 'upload_ip_quota_exceeded',
      message: 'Too much has been uploaded from your network recently. Please try again later.',
    },
  };
  const rowsOf = (userId: string) =>
    countRows(t, 'select count(*) as n from media where owner_id = $1', [userId]);
  const filesStored = async () => (await t.ctx.media.list()).length;

  it('stops fresh wallets on one IP at its quota, storing nothing; other IPs go on; the window frees it', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) {
      const wallet = await createSignedInUser(t.ctx);
      expect((await sendFrom(t, wallet.headers, ip)).statusCode).toBe(201);
    }
    // Each upload counts its stored size: the test MP3 is stored as sent.
    expect(
      await countRows(t, 'select sum(size_bytes) as n from media where upload_ip = $1', [ip]),
    ).toBe(3 * MP3_BYTES);
    const before = await filesStored();

    const fourth = await createSignedInUser(t.ctx);
    const refused = await sendFrom(t, fourth.headers, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSED);
    expect(refused.headers['retry-after']).toBe(String(WINDOW_SECONDS));
    // A forged X-Forwarded-For is not believed (no TRUST_PROXY).
    const forged = await sendFrom(t, fourth.headers, ip, { 'x-forwarded-for': '192.0.2.99' });
    expect(forged.statusCode).toBe(429);
    expect(await rowsOf(fourth.user.id)).toBe(0);
    expect(await filesStored()).toBe(before);

    // The same wallet from another network is not that IP.
    expect((await sendFrom(t, fourth.headers, '192.0.2.44')).statusCode).toBe(201);

    // A minute later the oldest uploads are a minute closer to leaving the window.
    t.clock.advance(60_000);
    const later = await sendFrom(t, fourth.headers, ip);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe(String(WINDOW_SECONDS - 60));
    // Once they have left it, the IP has room again.
    t.clock.advance((WINDOW_SECONDS - 60) * 1000 + 1);
    expect((await sendFrom(t, fourth.headers, ip)).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64', async () => {
    const wallets = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(t.ctx)));
    const addresses = ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:aa::3'];
    for (const [i, address] of addresses.entries()) {
      expect((await sendFrom(t, wallets[i]!.headers, address)).statusCode).toBe(201);
    }
    const refused = await sendFrom(t, wallets[3]!.headers, '2001:db8:7:1:ffff::9');
    expect(refused.statusCode).toBe(429);
    expect((await sendFrom(t, wallets[3]!.headers, '2001:db8:7:2::1')).statusCode).toBe(201);
  });

  it('lets concurrent uploads of many wallets on one IP together stay within its quota', async () => {
    const ip = '203.0.113.8';
    const wallets = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(t.ctx)));
    const answers = await Promise.all(wallets.map((w) => sendFrom(t, w.headers, ip)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await countRows(t, 'select count(*) as n from media where upload_ip = $1', [ip])).toBe(
      3,
    );
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual(REFUSED);
    }
  });

  it('frees the room of deleted uploads, and the cleanup forgets IPs past the window', async () => {
    const ip = '203.0.113.9';
    const wallet = await createSignedInUser(t.ctx);
    const urls: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await sendFrom(t, wallet.headers, ip);
      expect(res.statusCode).toBe(201);
      urls.push(res.json<UploadResponse>().mediaUrl);
    }
    expect((await sendFrom(t, wallet.headers, ip)).statusCode).toBe(429);
    // A post takes one upload; deleting the post deletes the upload and frees its bytes.
    const post = await createPost(t, wallet.headers, {
      body: 'a tune',
      kind: 'public',
      audioUrl: urls[0],
    });
    expect(post.statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.json<FeedItem>().id}`,
      headers: wallet.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await sendFrom(t, wallet.headers, ip)).statusCode).toBe(201);

    const { runMediaCleanup } = await import('./index.ts');
    const withIp = () => countRows(t, 'select count(*) as n from media where upload_ip = $1', [ip]);
    const cleanupDeps = {
      db: t.ctx.database.db,
      media: t.ctx.media,
      rateWindowMs: 3_600_000,
      ipWindowMs: WINDOW_SECONDS * 1000,
    };
    await runMediaCleanup(cleanupDeps, t.clock.now(), 100);
    expect(await withIp()).toBe(3);
    t.clock.advance(WINDOW_SECONDS * 1000 + 1);
    await runMediaCleanup(cleanupDeps, t.clock.now(), 100);
    expect(await withIp()).toBe(0);
    expect(await rowsOf(wallet.user.id)).toBe(3);
  });
});
