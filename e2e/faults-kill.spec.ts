import { formatBaseUnitsExact, type CommentItem, type FeedItem } from '@dum/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchAndAudit } from '../scripts/audit-ledger.ts';
import {
  createVaultOverHttp,
  localnetClient,
  sendSol,
  signInOverHttp,
  type ApiSession,
} from './support/api-wallet-test-kit.ts';
import { startServer, UNLIMITED_WRITES, type RunningServer } from './support/server-test-kit.ts';

/**
 * kill -9 under a mixed write load (CI tier: it runs when CI=true, as .ci/run sets; about two
 * minutes per database on a quiet machine). The production server process runs on PGlite (and on
 * PostgreSQL when TEST_DATABASE_URL is set); signed-in API wallets post, like, comment, support a
 * vault with real SOL transfers on the embedded localnet, and stake, each one request at a time,
 * all at once. Mid-load the process is SIGKILLed (nothing flushed, nothing closed), then started
 * again on the same data. Every write the client saw acknowledged (2xx) is there, a write in
 * flight at the kill is there or not but never half, and the ledger audit
 * (scripts/audit-ledger.ts) is sound.
 */

const RUN = process.env.CI === 'true';
const WALLETS = 8;
/** Acknowledged writes before the kill. */
const WRITES_BEFORE_KILL = 80;
const SOL = 1_000_000_000n;
const SUPPORT_LAMPORTS = SOL / 100n;
const STAKE = '1';
const STAKE_BASE_UNITS = 1_000_000_000n;

function kinds(): ('pglite' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

async function call(
  server: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  session?: ApiSession,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  inFlight += 1;
  try {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
  } finally {
    inFlight -= 1;
  }
}

/** API requests sent and not yet answered. */
let inFlight = 0;

/** What the clients saw acknowledged, and what was in flight when the server died. */
interface Acknowledged {
  posts: { id: string; author: ApiSession }[];
  likes: { postId: string; liker: ApiSession }[];
  comments: { postId: string; commentId: string }[];
  /** Lamports per supporter user id. */
  supports: Map<string, bigint>;
  /** Base units staked per wallet, acknowledged, and one stake possibly in flight. */
  staked: Map<ApiSession, { acknowledged: bigint; inFlight: bigint }>;
  count: number;
}

describe.runIf(RUN).each(kinds())('kill -9 under a mixed write load, on %s', (kind) => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    // The restarted server first: the killed one's stop deletes the data they share.
    for (const server of servers.reverse()) await server.stop();
  });

  it('keeps every acknowledged write and a sound ledger', async () => {
    const env: Record<string, string> = {
      // Tokens issued before the kill stay valid after it.
      AUTH_SECRET: `faults-kill-${crypto.randomUUID()}`,
      AUTH_RATE_IP_LIMIT: '100000',
      // A load script from one IP by design: the write limits would refuse it, not the crash.
      ...UNLIMITED_WRITES,
    };
    // Starting (and recovering after the kill) may be slow on a busy CI machine.
    const first = await startServer({ env, database: kind, healthTimeoutMs: 180_000 });
    servers.push(first);
    const chain = localnetClient(`${first.url}/rpc`);

    const creator = await signInOverHttp(first.url);
    const vault = await createVaultOverHttp(first.url, creator, 'Crash-proof vault', '100');
    const wallets = await Promise.all(
      Array.from({ length: WALLETS }, () => signInOverHttp(first.url)),
    );
    for (const wallet of wallets) await chain.requestAirdrop(wallet.wallet.address, SOL);

    const ack: Acknowledged = {
      posts: [],
      likes: [],
      comments: [],
      supports: new Map(),
      staked: new Map(wallets.map((w) => [w, { acknowledged: 0n, inFlight: 0n }])),
      count: 0,
    };
    const state = { killed: false };
    const isKilled = (): boolean => state.killed;
    const acknowledge = (): void => {
      ack.count += 1;
    };

    /** One wallet's loop: post, like, comment, support, stake, again, until the server dies. */
    async function load(wallet: ApiSession, index: number): Promise<void> {
      for (let round = 0; !state.killed; round++) {
        try {
          const post = await call(first, 'POST', '/api/messages-v2/messages', wallet, {
            body: `wallet ${index} round ${round}`,
            kind: 'public',
          });
          if (post.status !== 201) throw new Error(`post: ${post.status}`);
          ack.posts.push({ id: (post.json as FeedItem).id, author: wallet });
          acknowledge();

          const target = ack.posts.find((p) => p.author !== wallet && !likedBy(p.id, wallet));
          if (target) {
            const like = await call(first, 'POST', `/api/messages/${target.id}/engage`, wallet, {
              kind: 'like',
            });
            if (like.status !== 200) throw new Error(`like: ${like.status}`);
            ack.likes.push({ postId: target.id, liker: wallet });
            acknowledge();
          }

          const onPost = ack.posts[(index + round) % ack.posts.length];
          if (onPost) {
            const comment = await call(
              first,
              'POST',
              `/api/messages/${onPost.id}/comments`,
              wallet,
              {
                content: `comment ${index}/${round}`,
              },
            );
            if (comment.status !== 201) throw new Error(`comment: ${comment.status}`);
            ack.comments.push({ postId: onPost.id, commentId: (comment.json as CommentItem).id });
            acknowledge();
          }

          // One lamport more each round: the same transfer twice within one blockhash would be
          // the same transaction, which the chain refuses as already processed.
          const lamports = SUPPORT_LAMPORTS + BigInt(round);
          const signature = await sendSol(chain, wallet.wallet, creator.wallet.address, lamports);
          const support = await call(
            first,
            'POST',
            `/api/vaults/${vault.vault.id}/support`,
            wallet,
            {
              transactionSignature: signature,
              amount: formatBaseUnitsExact(lamports, 9),
            },
          );
          if (support.status !== 200) throw new Error(`support: ${support.status}`);
          ack.supports.set(wallet.userId, (ack.supports.get(wallet.userId) ?? 0n) + lamports);
          acknowledge();

          const stake = ack.staked.get(wallet);
          if (!stake) throw new Error('no stake record');
          stake.inFlight = STAKE_BASE_UNITS;
          const staked = await call(first, 'POST', '/api/users/stake', wallet, {
            amount: STAKE,
            action: 'stake',
          });
          if (staked.status !== 200) throw new Error(`stake: ${staked.status}`);
          stake.acknowledged += STAKE_BASE_UNITS;
          stake.inFlight = 0n;
          acknowledge();
        } catch (error) {
          // After the kill, requests in flight fail: their outcome is unknown, which is allowed.
          if (isKilled()) return;
          throw error;
        }
      }
    }
    function likedBy(postId: string, wallet: ApiSession): boolean {
      return ack.likes.some((like) => like.postId === postId && like.liker === wallet);
    }

    const loads = wallets.map((wallet, index) => load(wallet, index));
    // Once enough writes are acknowledged, with every wallet mid-request, kill it.
    const killer = (async () => {
      while (ack.count < WRITES_BEFORE_KILL || inFlight === 0) {
        await new Promise((r) => setTimeout(r, 25));
      }
      state.killed = true;
      const unanswered = inFlight;
      await first.kill();
      return unanswered;
    })();
    const [unansweredAtKill] = await Promise.all([killer, ...loads]);
    // It died mid-load: API requests were on the wire.
    expect(unansweredAtKill).toBeGreaterThan(0);
    expect(first.output()).not.toContain('stopped cleanly');

    // Started again on the same data (same PGlite folder and localnet ledger, or same database).
    const second = await startServer({ env, dataDir: first.dataDir, healthTimeoutMs: 180_000 });
    servers.push(second);

    const missing: string[] = [];
    for (const post of ack.posts) {
      const res = await call(second, 'GET', `/api/messages-v2/messages/${post.id}`);
      if (res.status !== 200) missing.push(`post ${post.id}: ${res.status}`);
    }
    for (const like of ack.likes) {
      const res = await call(second, 'GET', `/api/messages-v2/messages/${like.postId}`, like.liker);
      if (!(res.json as FeedItem).liked)
        missing.push(`like of ${like.postId} by ${like.liker.userId}`);
    }
    const commentsByPost = new Map<string, Set<string>>();
    for (const comment of ack.comments) {
      let ids = commentsByPost.get(comment.postId);
      if (!ids) {
        ids = new Set();
        let cursor: string | null = null;
        do {
          const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const res = await call(
            second,
            'GET',
            `/api/messages/${comment.postId}/comments?limit=100${query}`,
          );
          const page = res.json as { items: CommentItem[]; nextCursor: string | null };
          for (const item of page.items) ids.add(item.id);
          cursor = page.nextCursor;
        } while (cursor);
        commentsByPost.set(comment.postId, ids);
      }
      if (!ids.has(comment.commentId)) missing.push(`comment ${comment.commentId}`);
    }
    const leaderboard = (await call(second, 'GET', `/api/vaults/${vault.vault.id}/leaderboard`))
      .json as { id: string; total: string }[];
    for (const [supporterId, lamports] of ack.supports) {
      const total = BigInt(leaderboard.find((row) => row.id === supporterId)?.total ?? '0');
      // At least what was acknowledged; at most one more support, the one in flight (a hundredth
      // of a SOL and a lamport per round).
      if (total < lamports || total > lamports + 2n * SUPPORT_LAMPORTS) {
        missing.push(`supports of ${supporterId}: ${total} for ${lamports} acknowledged`);
      }
    }
    for (const [wallet, stake] of ack.staked) {
      const account = (await call(second, 'GET', `/api/users/${wallet.wallet.address}`)).json as {
        staked: string;
      };
      const staked = BigInt(account.staked);
      if (staked !== stake.acknowledged && staked !== stake.acknowledged + stake.inFlight) {
        missing.push(`stake of ${wallet.userId}: ${staked} for ${stake.acknowledged} acknowledged`);
      }
    }
    expect(missing).toEqual([]);
    expect(ack.posts.length).toBeGreaterThan(WALLETS);

    // The ledger after the crash is sound, and the restarted server takes writes.
    const audit = await fetchAndAudit(second.url);
    expect(audit.problems).toEqual([]);
    expect(audit.ok).toBe(true);
    const after = await call(second, 'POST', '/api/messages-v2/messages', wallets[0], {
      body: 'after the crash',
      kind: 'public',
    });
    expect(after.status).toBe(201);
  }, 600_000);
});
