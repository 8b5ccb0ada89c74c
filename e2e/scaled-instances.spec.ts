import type { AuthTokens, FeedItem, ReadyResponse, ServerMessage, UploadResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase } from '../apps/server/src/test/app-test-kit.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { s3TestEnv } from '../apps/server/src/test/media-store-test-kit.ts';
import { createTestWallet, type TestWallet } from '../apps/server/src/test/wallet-test-kit.ts';
import { png } from '../apps/server/src/modules/media/test-kit.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../bench/round-robin-proxy.ts';
import { localnetClient, sendSol } from './support/api-wallet-test-kit.ts';
import { freePortRange } from './support/ports-test-kit.ts';
import { startServer, UNLIMITED_WRITES, type RunningServer } from './support/server-test-kit.ts';

/**
 * The scaled shape (docs/deploy.md): two production server processes share one PostgreSQL, one
 * Redis, one S3 bucket (Swift's s3api in CI) and one chain (A's localnet; B reaches it through
 * SOLANA_RPC_URL). Nothing one instance needs lives only on the other: an image uploaded
 * through A is served by B, a vault unlocked on A serves its media on B, a session begun on A
 * refreshes on B, a like on B shows in A's feed at once and a follow on B reaches a socket on
 * A. Then both behind the
 * round-robin proxy of `npm run cluster`.
 */

const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const S3_URL = process.env.TEST_S3_URL;
const SOL = 1_000_000_000n;

interface Session {
  wallet: TestWallet;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

async function call<T>(
  url: string,
  init: { method?: string; body?: unknown; token?: string; expect?: number } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (response.status !== (init.expect ?? 200)) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** challenge → signMessage → verify on `server`, keeping both tokens. */
async function signIn(server: string, wallet: TestWallet = createTestWallet()): Promise<Session> {
  const { messageToSign } = await call<{ messageToSign: string }>(`${server}/api/auth/challenge`, {
    method: 'POST',
    body: { address: wallet.address, chain: 'solana' },
  });
  const tokens = await call<AuthTokens>(`${server}/api/auth/verify`, {
    method: 'POST',
    body: {
      address: wallet.address,
      message: messageToSign,
      signature: wallet.signMessage(messageToSign),
    },
  });
  const me = await call<{ id: string }>(`${server}/api/auth/me`, { token: tokens.accessToken });
  return { wallet, userId: me.id, ...tokens };
}

async function uploadImage(server: string, session: Session): Promise<UploadResponse> {
  const form = new FormData();
  form.append(
    'media',
    new Blob([new Uint8Array(await png(24, 24))], { type: 'image/png' }),
    'pic.png',
  );
  const response = await fetch(`${server}/api/upload/vault-media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as UploadResponse;
}

async function bytesOf(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A `ws` client on `{server}/socket`, authenticated; resolves the first matching message. */
function openSocket(server: string, accessToken: string) {
  const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/socket`);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: accessToken })));
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  let closed: string | null = null;
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
    for (const waiter of waiters) waiter();
  });
  socket.on('close', (code: number) => {
    closed = `socket closed: ${code}`;
    for (const waiter of waiters) waiter();
  });
  return {
    next(match: (message: ServerMessage) => boolean): Promise<ServerMessage> {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = messages.find(match);
          if (!found && closed === null) return;
          waiters.delete(check);
          if (found) resolve(found);
          else reject(new Error(`${closed}; received ${JSON.stringify(messages)}`));
        };
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}

describe.skipIf(!ADMIN_DATABASE_URL || !REDIS_URL || !S3_URL)(
  'two instances sharing PostgreSQL, Redis, an S3 bucket and a chain',
  () => {
    let database: Database | undefined;
    const servers: RunningServer[] = [];
    let a: RunningServer;
    let b: RunningServer;
    let proxy: RoundRobinProxy | undefined;
    let proxyPort = 0;

    beforeAll(async () => {
      database = await createTestDatabase('postgres', { maxConnections: 1 });
      const { rows } = await database.pool.query<{ name: string }>(
        'select current_database() as name',
      );
      const databaseUrl = new URL(ADMIN_DATABASE_URL ?? '');
      databaseUrl.pathname = `/${rows[0]?.name ?? ''}`;
      // Every instance has the same public origin (the sign-in domain), as behind a load
      // balancer: the proxy's, on a port chosen now and opened in the last test.
      proxyPort = await freePortRange(1);
      const shared = {
        APP_ORIGIN: `http://127.0.0.1:${proxyPort}`,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: REDIS_URL ?? '',
        // Channels and counters of their own: another browser test file may run beside this one.
        REDIS_PREFIX: `scaled-instances-${crypto.randomUUID().slice(0, 8)}`,
        // One key prefix in the shared bucket for both instances.
        ...s3TestEnv(S3_URL ?? ''),
        AUTH_SECRET: `scaled-instances-${crypto.randomUUID()}`,
        AUTH_RATE_IP_LIMIT: '100000',
        UPLOAD_RATE_LIMIT: '1000',
        ...UNLIMITED_WRITES,
      };
      a = await startServer({ env: shared });
      servers.push(a);
      const { dumMint } = await call<{ dumMint: string }>(`${a.url}/api/config`);
      b = await startServer({
        env: {
          ...shared,
          SOLANA_RPC_URL: `${a.url}/rpc`,
          SOLANA_CLUSTER: 'localnet',
          DUM_MINT: dumMint,
        },
      });
      servers.push(b);
    });

    afterAll(async () => {
      await proxy?.close();
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
    });

    it('has both instances ready on the shared database, Redis, bucket and chain', async () => {
      for (const server of [a, b]) {
        const ready = await call<ReadyResponse>(`${server.url}/api/ready`);
        expect(ready).toEqual({
          status: 'ready',
          checks: {
            migrations: 'ok',
            database: 'ok',
            redis: 'ok',
            objectStore: 'ok',
            cluster: 'ok',
          },
        });
      }
    });

    it('serves from B an image uploaded and posted through A, with its caching headers', async () => {
      const author = await signIn(a.url);
      const upload = await uploadImage(a.url, author);
      const post = await call<FeedItem>(`${a.url}/api/messages-v2/messages`, {
        method: 'POST',
        token: author.accessToken,
        body: { body: 'uploaded on A', kind: 'public', imageUrl: upload.mediaUrl },
        expect: 201,
      });
      expect(post.imageUrl).toBe(upload.mediaUrl);

      const fromA = await bytesOf(`${a.url}${upload.mediaUrl}`);
      const response = await fetch(`${b.url}${upload.mediaUrl}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(fromA.bytes)).toBe(true);

      // Deleted through B: gone from the bucket, so from A too.
      await call(`${b.url}/api/messages-v2/messages/${post.id}`, {
        method: 'DELETE',
        token: author.accessToken,
      });
      expect((await bytesOf(`${a.url}${upload.mediaUrl}`)).status).toBe(404);
    });

    it('serves on B the media of a vault a support unlocked on A, and withholds it before', async () => {
      const chain = localnetClient(`${a.url}/rpc`);
      const creator = await signIn(a.url);
      const upload = await uploadImage(a.url, creator);
      const post = await call<FeedItem>(`${a.url}/api/messages-v2/messages`, {
        method: 'POST',
        token: creator.accessToken,
        body: { kind: 'vault', body: 'Unlock me', targetAmount: '0.1', imageUrl: upload.mediaUrl },
        expect: 201,
      });
      const vaultId = post.vault?.id ?? '';
      // Locked: withheld from everyone but the creator, on either instance.
      expect((await bytesOf(`${b.url}${upload.mediaUrl}`)).status).toBe(404);

      const supporter = await signIn(a.url);
      await chain.requestAirdrop(supporter.wallet.address, SOL);
      const signature = await sendSol(chain, supporter.wallet, creator.wallet.address, SOL / 10n);
      const supported = await call<{ vault: { status: string } }>(
        `${a.url}/api/vaults/${vaultId}/support`,
        {
          method: 'POST',
          token: supporter.accessToken,
          body: { transactionSignature: signature, amount: '0.1' },
        },
      );
      expect(supported.vault.status).not.toBe('active');

      const unlocked = await bytesOf(`${b.url}${upload.mediaUrl}`);
      expect(unlocked.status).toBe(200);
      expect(unlocked.bytes.equals((await bytesOf(`${a.url}${upload.mediaUrl}`)).bytes)).toBe(true);
    });

    it('refreshes on B a session signed in on A', async () => {
      const session = await signIn(a.url);
      const refreshed = await call<AuthTokens>(`${b.url}/api/auth/refresh`, {
        method: 'POST',
        body: { refreshToken: session.refreshToken },
      });
      expect(refreshed.refreshToken).not.toBe(session.refreshToken);
      const me = await call<{ id: string }>(`${b.url}/api/auth/me`, {
        token: refreshed.accessToken,
      });
      expect(me.id).toBe(session.userId);
      // The old refresh token was used up, on every instance.
      await call(`${a.url}/api/auth/refresh`, {
        method: 'POST',
        body: { refreshToken: session.refreshToken },
        expect: 401,
      });
    });

    it("shows a like made on B in A's feed at once, and a follow on B on A's socket", async () => {
      const author = await signIn(a.url);
      const post = await call<FeedItem>(`${a.url}/api/messages-v2/messages`, {
        method: 'POST',
        token: author.accessToken,
        body: { body: 'like me from B', kind: 'public' },
        expect: 201,
      });
      const socket = openSocket(a.url, author.accessToken);
      await socket.next((m) => m.type === 'auth_success');

      const fan = await signIn(b.url);
      await call(`${b.url}/api/messages/${post.id}/engage`, {
        method: 'POST',
        token: fan.accessToken,
        body: { kind: 'like' },
      });
      // The post read by A from the shared database at once (A's shared feed pages show the
      // count within FEED_CACHE_MS; the liker's own liked mark at once, docs/api.md "Feed").
      const onA = await call<FeedItem>(`${a.url}/api/messages-v2/messages/${post.id}`, {
        token: author.accessToken,
      });
      expect(onA.likeCount).toBe(1);

      // Real-time events cross instances through Redis: a follow on B reaches A's socket.
      await call(`${b.url}/api/follows/${author.wallet.address}`, {
        method: 'PUT',
        token: fan.accessToken,
      });
      const followed = await socket.next((m) => m.type === 'user_followed');
      expect(followed).toMatchObject({
        type: 'user_followed',
        data: { followingId: author.userId, followerAddress: fan.wallet.address },
      });
      socket.close();
    });

    it('works behind the round-robin proxy of npm run cluster, each instance taking turns', async () => {
      proxy = await startRoundRobinProxy({ targets: [a.url, b.url], port: proxyPort });
      const session = await signIn(proxy.url);
      const upload = await uploadImage(proxy.url, session);
      for (let i = 0; i < 4; i += 1) {
        expect((await bytesOf(`${proxy.url}${upload.mediaUrl}`)).status).toBe(200);
      }
      const socket = openSocket(proxy.url, session.accessToken);
      await socket.next((m) => m.type === 'auth_success');
      socket.close();
      const [toA = 0, toB = 0] = proxy.counts();
      expect(Math.abs(toA - toB)).toBeLessThanOrEqual(1);
      expect(toA + toB).toBeGreaterThanOrEqual(8);
    });
  },
);
