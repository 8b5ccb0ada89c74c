import type { HealthResponse, ReadyCheck, ReadyResponse } from '@dum/core';
import type { SharedContext } from '../../context.ts';
import type { MediaStore } from '../media/index.ts';
import { migrationsApplied, pingDatabase } from './repo.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type HealthServiceContext = Pick<
  SharedContext,
  'chain' | 'config' | 'database' | 'rateLimitStore' | 'version'
> & { media: MediaStore };

/** Ready once the database answers: the versions and the modes in use. */
export async function readHealth(ctx: HealthServiceContext): Promise<HealthResponse> {
  await pingDatabase(ctx.database);
  return {
    status: 'ok',
    version: ctx.version,
    node: process.versions.node,
    database: ctx.database.kind,
    cluster: ctx.config.solana.cluster,
    realtime: ctx.config.redisUrl ? 'redis' : 'memory',
  };
}

/** A check that did not answer within this counts as failed (a load balancer waits less). */
const CHECK_TIMEOUT_MS = 2000;

async function check(run: () => Promise<unknown>): Promise<ReadyCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    });
    const answer = await Promise.race([run(), timeout]);
    return answer === false ? 'failed' : 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve (a load balancer's readiness probe): the migrations this
 * build needs ran, and the database, Redis (when configured), the object store (when
 * configured) and the Solana cluster answer. Checked together, each within 2 s.
 */
export async function readReadiness(ctx: HealthServiceContext): Promise<ReadyResponse> {
  const redis = ctx.rateLimitStore;
  const [migrations, database, redisCheck, objectStore, cluster] = await Promise.all([
    check(() => migrationsApplied(ctx.database)),
    check(() => pingDatabase(ctx.database)),
    redis ? check(() => redis.ping()) : Promise.resolve<ReadyCheck>('skipped'),
    ctx.config.media.store === 's3'
      ? check(() => ctx.media.ping())
      : Promise.resolve<ReadyCheck>('skipped'),
    check(() => ctx.chain.rpc.call('getHealth')),
  ]);
  const checks = { migrations, database, redis: redisCheck, objectStore, cluster };
  const ready = Object.values(checks).every((value) => value !== 'failed');
  return { status: ready ? 'ready' : 'not_ready', checks };
}
