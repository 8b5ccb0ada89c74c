import { feedItemSchema, feedPageSchema, POST_ALT_TEXT_MAX_LENGTH, type FeedItem } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import * as files from '../media/test-kit.ts';
import { countRows, createPost, feedPage, type SignedIn } from './test-kit.ts';

/** An image post's alt text: sent with the post, stored, answered wherever the post is. */
describe.each(testDatabaseKinds())('alt text of image posts on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_RATE_LIMIT: '1000' });
    alice = await createSignedInUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
  });

  async function image(name = 'cat.png'): Promise<string> {
    const upload = await files.uploadedPng(t, alice.headers, name, { width: 16, height: 12 });
    return upload.mediaUrl;
  }

  it('stores the alt text, trimmed, and answers it on creation, in the feed and on the post', async () => {
    const imageUrl = await image();
    const res = await createPost(t, alice.headers, {
      body: 'look',
      imageUrl,
      altText: '  A grey cat asleep on a keyboard \n',
    });
    expect(res.statusCode).toBe(201);
    const created = feedItemSchema.parse(res.json());
    expect(created).toMatchObject({ imageUrl, altText: 'A grey cat asleep on a keyboard' });

    t.clock.advance(60_000); // past the anonymous first-page cache
    const page = feedPageSchema.parse((await feedPage(t)).json());
    expect(page.items.find((item) => item.id === created.id)?.altText).toBe(
      'A grey cat asleep on a keyboard',
    );
    const detail = await t.app.inject({ url: `/api/messages-v2/messages/${created.id}` });
    expect(feedItemSchema.parse(detail.json()).altText).toBe('A grey cat asleep on a keyboard');
    expect(
      await countRows(t, 'select count(*) as n from messages where id = $1 and image_alt = $2', [
        created.id,
        'A grey cat asleep on a keyboard',
      ]),
    ).toBe(1);
  });

  it('keeps no alt text when it is blank, absent, or the post has no image', async () => {
    const blank = await createPost(t, alice.headers, {
      body: 'blank',
      imageUrl: await image(),
      altText: '   ',
    });
    const absent = await createPost(t, alice.headers, { body: 'none', imageUrl: await image() });
    const textOnly = await createPost(t, alice.headers, { body: 'text', altText: 'an image?' });
    const audio = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      ...withFile(files.mp3(), 'song.mp3', 'audio/mpeg'),
    });
    const withAudio = await createPost(t, alice.headers, {
      body: 'a song',
      audioUrl: audio.json<{ mediaUrl: string }>().mediaUrl,
      altText: 'not an image',
    });
    for (const res of [blank, absent, textOnly, withAudio]) {
      expect(res.statusCode).toBe(201);
      expect(res.json<FeedItem>().altText).toBeNull();
      expect(
        await countRows(
          t,
          'select count(*) as n from messages where id = $1 and image_alt is null',
          [res.json<FeedItem>().id],
        ),
      ).toBe(1);
    }
  });

  function withFile(data: Buffer, filename: string, contentType: string) {
    const { payload, headers } = files.multipartBody({ filename, contentType, data });
    return { payload, headers: { ...alice.headers, ...headers } };
  }

  it(`takes ${POST_ALT_TEXT_MAX_LENGTH} characters (emoji count as one) and refuses more, writing nothing`, async () => {
    const imageUrl = await image('long.png');
    const longest = '🐈'.repeat(POST_ALT_TEXT_MAX_LENGTH);
    const postsBefore = await countRows(t, 'select count(*) as n from messages');

    const refused = await createPost(t, alice.headers, {
      body: 'too much said',
      imageUrl,
      altText: `${longest}a`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'alt_text_too_long',
        message: `Alt text can be at most ${POST_ALT_TEXT_MAX_LENGTH} characters`,
      },
    });
    expect(await countRows(t, 'select count(*) as n from messages')).toBe(postsBefore);
    // The upload was not claimed either: the same image can still be posted.
    const ok = await createPost(t, alice.headers, {
      body: 'just enough',
      imageUrl,
      altText: longest,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<FeedItem>().altText).toBe(longest);
  });

  it('refuses alt text that is not a string', async () => {
    const res = await createPost(t, alice.headers, {
      body: 'x',
      imageUrl: await image(),
      altText: 42,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });
});
