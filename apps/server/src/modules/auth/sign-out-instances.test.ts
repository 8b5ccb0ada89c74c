import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/app-test-kit.ts';
import { createTestWallet, signIn } from '../../test/wallet-test-kit.ts';

/**
 * Two instances of one deployment (one database, one Redis, one AUTH_SECRET): a sign-out on
 * instance A refuses the session's access token on instance B at once, and closes its socket
 * there (4001). Needs TEST_REDIS_URL.
 */
describe.runIf(process.env.TEST_REDIS_URL).each(testDatabaseKinds())(
  'sign-out across two instances over Redis, on %s',
  (kind) => {
    let a: TestApp;
    let b: TestApp;
    let socketUrlB: string;

    beforeAll(async () => {
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL!,
        // Its own namespace, so parallel runs sharing the Redis never see each other.
        REDIS_PREFIX: `test-sign-out-${randomBytes(6).toString('hex')}`,
      };
      a = await createTestApp(kind, env, { bus: 'from-config' });
      b = await createTestApp(kind, env, { bus: 'from-config', database: a.ctx.database });
      await b.app.listen({ host: '127.0.0.1', port: 0 });
      socketUrlB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/socket`;
    });

    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('logout on A: the same access token is refused on B at once, and B closes its socket', async () => {
      const session = await signIn(a.app, createTestWallet());
      const me = (t: TestApp) =>
        t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${session.accessToken}` },
        });
      expect((await me(b)).statusCode).toBe(200);

      const socket = new WebSocket(socketUrlB);
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const accepted = new Promise<void>((resolve) =>
        socket.on('message', (data: Buffer) => {
          if ((JSON.parse(data.toString()) as { type: string }).type === 'auth_success') resolve();
        }),
      );
      socket.on('open', () =>
        socket.send(JSON.stringify({ type: 'auth', token: session.accessToken })),
      );
      await accepted;

      const out = await a.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: session.refreshToken },
      });
      expect(out.statusCode).toBe(204);
      // Answered only once the revocation is in Redis: B refuses the token from now on.
      const refused = await me(b);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect((await me(a)).statusCode).toBe(401);
      expect(await closed).toBe(4001);
    });
  },
);
