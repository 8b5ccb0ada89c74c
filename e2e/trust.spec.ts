import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWallet } from '../apps/server/src/test/wallet-test-kit.ts';
import { signInOverHttp, type ApiSession } from './support/api-wallet-test-kit.ts';
import { startServer, UNLIMITED_WRITES, type RunningServer } from './support/server-test-kit.ts';

/**
 * Trust as a farmer would try it, over HTTP against the production server (docs/security.md
 * "Trust"): the established rule's age and voucher waits are off and the per-pair and daily caps
 * raised, so trust alone is judged. A seed likes one post each of ten community wallets, of one
 * ring member and of an honest wallet H. The twelve ring wallets then like and comment on each
 * other's posts (eleven authors each), while H likes and comments on the posts of the seed and
 * the ten community wallets (eleven authors too), twice, with a recomputation between. Without
 * trust the ring would earn twelve times what H does; with it, less than three times.
 */

const seed = createTestWallet();

describe('trust on the production server', () => {
  let server: RunningServer;
  // What started, for afterAll: nothing when the start failed (its error is the one to read).
  const started: RunningServer[] = [];

  beforeAll(async () => {
    server = await startServer({
      env: {
        ...UNLIMITED_WRITES,
        ESTABLISHED_SEED_WALLETS: seed.address,
        ESTABLISHED_MIN_AGE_MINUTES: '0',
        ESTABLISHED_VOUCHER_MIN_HOURS: '0',
        // The production defaults the suite's kit relaxes for the other browser tests.
        ESTABLISHED_REQUIRE_POST: 'true',
        ESTABLISHED_REQUIRE_VOUCH: 'true',
        TRUST_REWARDS: 'true',
        TRUST_RECOMPUTE_SECONDS: '1',
        PAIR_DAILY_REWARD_CAP: '1000',
        DAILY_REWARD_CAP: '100000',
      },
    });
    started.push(server);
  });
  afterAll(async () => {
    for (const running of started) await running.stop();
  });

  async function api<T>(
    method: 'GET' | 'POST',
    path: string,
    session?: ApiSession,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function post(session: ApiSession, text: string): Promise<string> {
    return (await api<{ id: string }>('POST', '/api/messages-v2/messages', session, { body: text }))
      .id;
  }
  async function like(session: ApiSession, postId: string): Promise<void> {
    await api('POST', `/api/messages/${postId}/engage`, session, { kind: 'like' });
  }
  async function comment(session: ApiSession, postId: string, text: string): Promise<void> {
    await api('POST', `/api/messages/${postId}/comments`, session, { content: text });
  }
  async function earned(session: ApiSession): Promise<bigint> {
    const summary = await api<{ account: { totalEarned: string } }>(
      'GET',
      '/api/rewards/summary',
      session,
    );
    return BigInt(summary.account.totalEarned);
  }
  async function band(session: ApiSession): Promise<string | null> {
    const profile = await api<{ trust: { band: string } | null }>(
      'GET',
      `/api/users/${session.wallet.address}`,
    );
    return profile.trust?.band ?? null;
  }
  /**
   * Waits for a recomputation that began after everything done so far (GET /api/trust: the run
   * reads the ledger after its computedAt), so its scores hold those actions' edges.
   */
  async function untilRecomputed(): Promise<void> {
    const after = Date.now();
    const deadline = after + 30_000;
    for (;;) {
      const { run } = await api<{ run: { computedAt: string } | null }>('GET', '/api/trust');
      if (run && Date.parse(run.computedAt) > after) return;
      if (Date.now() > deadline) {
        throw new Error(`trust was not recomputed since ${after}: ${JSON.stringify(run)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('keeps a ring that won one like from a seed under three times an honest wallet', async () => {
    const seedSession = await signInOverHttp(server.url, seed);
    const community = await Promise.all(
      Array.from({ length: 10 }, () => signInOverHttp(server.url)),
    );
    const ring = await Promise.all(Array.from({ length: 12 }, () => signInOverHttp(server.url)));
    const honest = await signInOverHttp(server.url);

    const seedPost = await post(seedSession, 'gm from the seed');
    const communityPosts = await Promise.all(community.map((c, k) => post(c, `community ${k}`)));
    const ringPosts = await Promise.all(ring.map((r, k) => post(r, `ring ${k}`)));
    const honestPost = await post(honest, 'hello, I am new here');

    // The seed likes one post each of the community, of one ring member and of H.
    for (const id of [...communityPosts, ringPosts[0] as string, honestPost]) {
      await like(seedSession, id);
    }
    await untilRecomputed();
    expect(['building', 'trusted']).toContain(await band(honest));

    async function round(n: number): Promise<void> {
      await Promise.all(
        ring.map(async (member, k) => {
          for (const [j, id] of ringPosts.entries()) {
            if (j === k) continue;
            if (n === 1) await like(member, id);
            await comment(member, id, `ring round ${n}`);
          }
        }),
      );
      for (const id of [seedPost, ...communityPosts]) {
        if (n === 1) await like(honest, id);
        await comment(honest, id, `thoughtful reply ${n}`);
      }
    }
    await round(1);
    // The ring's edges reach the scores before it goes round again.
    await untilRecomputed();
    await round(2);

    const ringTotal = (await Promise.all(ring.map(earned))).reduce((a, b) => a + b, 0n);
    const honestTotal = await earned(honest);
    console.log(
      `trust black-box: ring ${ringTotal / 1_000_000_000n} DUM, H ${honestTotal / 1_000_000_000n} DUM`,
    );
    expect(honestTotal).toBeGreaterThan(0n);
    expect(ringTotal).toBeLessThan(3n * honestTotal);
  });
});
