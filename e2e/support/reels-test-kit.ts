import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeedItem } from '@dum/core';
import { signInOverHttp, type ApiSession } from './api-wallet-test-kit.ts';

/** Image, audio and locked vault posts for Reels, made over HTTP by a wallet outside the browser. */

const PNG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/vibe.png');

export const REEL_TEXTS = {
  image: 'Golden hour on the rooftop',
  audio: 'New beat, headphones on',
  secondImage: 'Neon nights in the club',
  lockedVault: 'Unreleased track, vault locked',
  textOnly: 'Just words, no media here',
} as const;

export interface ReelsSeed {
  creator: ApiSession;
  /** Post ids by REEL_TEXTS key. */
  ids: Record<keyof typeof REEL_TEXTS, string>;
  /** The stored file of the locked vault's image, which no one else may see. */
  lockedMediaUrl: string;
}

/**
 * A second of a 440 Hz tone as a 16-bit mono 8 kHz WAV: a file the browser really plays (the
 * server keeps WAV as sent).
 */
export function toneWav(seconds = 1): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function request<T>(
  serverUrl: string,
  route: string,
  session: ApiSession,
  body: FormData | Record<string, unknown>,
): Promise<T> {
  const response = await fetch(serverUrl + route, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function upload(
  serverUrl: string,
  session: ApiSession,
  file: { data: Buffer; type: string; name: string },
): Promise<string> {
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const answer = await request<{ mediaUrl: string }>(
    serverUrl,
    '/api/upload/vault-media',
    session,
    form,
  );
  return answer.mediaUrl;
}

/** `count` more image posts by the seed's creator, 'Extra reel 1' (oldest) to 'Extra reel N'. */
export async function seedMoreImageReels(
  serverUrl: string,
  creator: ApiSession,
  count: number,
): Promise<void> {
  const png = await readFile(PNG);
  for (let i = 1; i <= count; i++) {
    const imageUrl = await upload(serverUrl, creator, {
      data: png,
      type: 'image/png',
      name: `extra-${i}.png`,
    });
    await request(serverUrl, '/api/messages-v2/messages', creator, {
      body: `Extra reel ${i}`,
      imageUrl,
    });
  }
}

/**
 * Newest first, the media feed then reads: the second image, the locked vault (image withheld),
 * the audio, the first image. The text-only post is in the feed but is no reel.
 */
export async function seedReels(serverUrl: string): Promise<ReelsSeed> {
  const creator = await signInOverHttp(serverUrl);
  const png = await readFile(PNG);
  const post = (body: Record<string, unknown>) =>
    request<FeedItem>(serverUrl, '/api/messages-v2/messages', creator, body);
  const image = await post({
    body: REEL_TEXTS.image,
    imageUrl: await upload(serverUrl, creator, { data: png, type: 'image/png', name: 'a.png' }),
    altText: 'A rooftop at sunset',
  });
  const audio = await post({
    body: REEL_TEXTS.audio,
    audioUrl: await upload(serverUrl, creator, {
      data: toneWav(2),
      type: 'audio/wav',
      name: 'beat.wav',
    }),
  });
  const textOnly = await post({ body: REEL_TEXTS.textOnly });
  const lockedMediaUrl = await upload(serverUrl, creator, {
    data: png,
    type: 'image/png',
    name: 'secret.png',
  });
  const lockedVault = await post({
    kind: 'vault',
    body: REEL_TEXTS.lockedVault,
    targetAmount: '5',
    imageUrl: lockedMediaUrl,
  });
  const secondImage = await post({
    body: REEL_TEXTS.secondImage,
    imageUrl: await upload(serverUrl, creator, { data: png, type: 'image/png', name: 'b.png' }),
  });
  return {
    creator,
    ids: {
      image: image.id,
      audio: audio.id,
      secondImage: secondImage.id,
      lockedVault: lockedVault.id,
      textOnly: textOnly.id,
    },
    lockedMediaUrl,
  };
}
