import type { ServerMessage } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase } from '../apps/server/src/test/app-test-kit.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import {
  createVaultOverHttp,
  localnetClient,
  sendSol,
  signInOverHttp,
  supportVaultOverHttp,
} from './support/api-wallet-test-kit.ts';
import { startServer, type RunningServer } from './support/server-test-kit.ts';

/**
 * Real-time events across instances: two production server processes share one PostgreSQL database,
 * one Redis and one chain (instance A runs the embedded localnet, instance B uses it through
 * SOLANA_RPC_URL). A support recorded on A reaches the creator's socket on B through Redis.
 */

const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const SOL = 1_000_000_000n;

interface SocketClient {
  /** Resolves with the first message (received since the socket opened) that matches. */
  next(match: (message: ServerMessage) => boolean): Promise<ServerMessage>;
  close(): void;
}

/**
 * A real `ws` client on `{server}/socket` that authenticates with its first message; it fails
 * a wait if the socket closes.
 */
function openSocket(serverUrl: string, accessToken: string): SocketClient {
  const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/socket`);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: accessToken })));
  const messages: ServerMessage[] = [];
  let closed: string | null = null;
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of waiters) waiter();
  };
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
    wake();
  });
  socket.on('close', (code: number, reason: Buffer) => {
    closed = `socket closed: ${code} ${reason.toString()}`;
    wake();
  });
  socket.on('error', (error: Error) => {
    closed = `socket error: ${error.message}`;
    wake();
  });
  return {
    next(match) {
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

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

describe.skipIf(!ADMIN_DATABASE_URL || !REDIS_URL)(
  'two server processes sharing PostgreSQL, Redis and a chain',
  () => {
    let database: Database | undefined;
    const servers: RunningServer[] = [];
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      // Created (migrated) and dropped by the server tests' kit (apps/server/src/test/app-test-kit.ts); the servers only connect.
      database = await createTestDatabase('postgres', { maxConnections: 1 });
      const { rows } = await database.pool.query<{ name: string }>(
        'select current_database() as name',
      );
      const databaseUrl = new URL(ADMIN_DATABASE_URL ?? '');
      databaseUrl.pathname = `/${rows[0]?.name ?? ''}`;
      const shared = {
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: REDIS_URL ?? '',
        // Channels and counters of their own: another browser test file may run beside this one.
        REDIS_PREFIX: `realtime-instances-${crypto.randomUUID().slice(0, 8)}`,
        // Tokens issued by one instance are accepted by the other.
        AUTH_SECRET: `realtime-instances-${crypto.randomUUID()}`,
        // The sign-in rate-limit counters live in Redis; both instances count the test's sign-ins.
        AUTH_RATE_IP_LIMIT: '100000',
      };
      a = await startServer({ env: shared });
      servers.push(a);
      const { dumMint } = (await getJson(`${a.url}/api/config`)) as { dumMint: string };
      b = await startServer({
        env: {
          ...shared,
          // A's localnet, through its JSON-RPC on A's origin; B starts no chain of its own.
          SOLANA_RPC_URL: `${a.url}/rpc`,
          SOLANA_CLUSTER: 'localnet',
          DUM_MINT: dumMint,
        },
      });
      servers.push(b);
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
    });

    it('runs both instances on the shared PostgreSQL, Redis and localnet', async () => {
      for (const server of [a, b]) {
        expect(await getJson(`${server.url}/api/health`)).toMatchObject({
          status: 'ok',
          database: 'postgres',
          cluster: 'localnet',
          realtime: 'redis',
        });
      }
      // B has no /rpc of its own: it asks A's localnet.
      expect((await fetch(`${b.url}/rpc`, { method: 'POST' })).status).toBe(404);
      expect(await getJson(`${b.url}/api/config`)).toMatchObject({
        cluster: 'localnet',
        rpcUrl: `${a.url}/rpc`,
      });
    });

    it('delivers a support recorded on instance A to the creator’s socket on instance B', async () => {
      const chain = localnetClient(`${a.url}/rpc`);

      // The creator signs in on B, opens a socket on B and posts a vault there.
      const creator = await signInOverHttp(b.url);
      const socket = openSocket(b.url, creator.accessToken);
      expect(await socket.next((m) => m.type === 'auth_success')).toEqual({
        type: 'auth_success',
        userId: creator.userId,
      });
      const post = await createVaultOverHttp(b.url, creator, 'Unlock across instances', '0.1');

      // The supporter signs in on A (the shared database knows the vault), sends 0.04 SOL to
      // the creator on the shared localnet and records the support on A.
      const supporter = await signInOverHttp(a.url);
      await chain.requestAirdrop(supporter.wallet.address, SOL);
      const signature = await sendSol(chain, supporter.wallet, creator.wallet.address, SOL / 25n);
      const recorded = await supportVaultOverHttp(
        a.url,
        supporter,
        post.vault.id,
        signature,
        '0.04',
      );
      expect(recorded.vault).toMatchObject({ currentAmount: '40000000', status: 'active' });

      const event = await socket.next(
        (m) => m.type === 'vault_support' && m.data.vaultId === post.vault.id,
      );
      const { timestamp, ...rest } = event as ServerMessage & { timestamp: string };
      expect(rest).toEqual({
        type: 'vault_support',
        data: {
          vaultId: post.vault.id,
          support: { supporterId: supporter.userId, amount: '40000000' },
        },
      });
      expect(new Date(timestamp).toISOString()).toBe(timestamp);
      socket.close();

      // B reads the vault A changed from the shared database.
      expect(await getJson(`${b.url}/api/vaults/${post.vault.id}`)).toMatchObject({
        currentAmount: '40000000',
        supporterCount: 1,
      });
    });
  },
);
