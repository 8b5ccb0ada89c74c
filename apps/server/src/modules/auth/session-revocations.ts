import type { Redis } from 'ioredis';
import type { Clock } from '../../clock.ts';

/**
 * Sessions that ended before their access tokens did (sign-out, a reused refresh token). Every
 * access token names its session (the refresh-token family, claim `sid`), so one entry revokes
 * all of that session's access tokens at once. An entry lives as long as the longest access
 * token could (ACCESS_TOKEN_TTL_SECONDS): after that every token it could refuse has expired
 * anyway, so the set never grows past the sign-outs of one token lifetime.
 *
 * The check is on every authenticated request and socket, so it never touches the database:
 * a Map in this process, and with REDIS_URL one EXISTS on the context's Redis connection (one
 * round trip, pipelined with other commands by ioredis), so a sign-out on one instance refuses
 * the token on all of them at once. Should Redis be unreachable, the check answers from this
 * process's own entries (an outage must not sign everyone out; the token still expires).
 */
export interface SessionRevocations {
  /** Revokes every access token of the session, for `ttlSeconds` (their longest lifetime). */
  revoke(sessionId: string, ttlSeconds: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

/** Past this many entries in memory, expired ones are swept before the next is added. */
const SWEEP_AT = 10_000;

export function createSessionRevocations(options: {
  /** The context's Redis connection when REDIS_URL is set, else null (this process only). */
  redis: Redis | null;
  /** Keys are `<prefix>:revoked-session:<sid>`. */
  prefix: string;
  clock: Clock;
  onRedisError?(error: unknown): void;
}): SessionRevocations {
  const { redis, prefix, clock } = options;
  /** Session id → when its entry may be forgotten (ms, on the context's clock). */
  const local = new Map<string, number>();
  const keyOf = (sessionId: string): string => `${prefix}:revoked-session:${sessionId}`;
  const nowMs = (): number => clock.now().getTime();

  function sweep(): void {
    const now = nowMs();
    for (const [sessionId, until] of local) if (until <= now) local.delete(sessionId);
  }

  return {
    async revoke(sessionId, ttlSeconds) {
      if (local.size >= SWEEP_AT) sweep();
      local.set(sessionId, nowMs() + ttlSeconds * 1000);
      if (!redis) return;
      try {
        await redis.set(keyOf(sessionId), '1', 'EX', ttlSeconds);
      } catch (error) {
        options.onRedisError?.(error);
      }
    },
    async isRevoked(sessionId) {
      const until = local.get(sessionId);
      if (until !== undefined) {
        if (until > nowMs()) return true;
        local.delete(sessionId);
      }
      // Not connected (down, or reconnecting): answer now rather than queue behind the outage.
      if (!redis || redis.status !== 'ready') return false;
      try {
        return (await redis.exists(keyOf(sessionId))) === 1;
      } catch (error) {
        options.onRedisError?.(error);
        return false;
      }
    },
  };
}
