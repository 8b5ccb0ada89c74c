import type { HealthResponse } from '@dum/core';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from './repo.ts';

/** Ready once the database answers: the versions and the modes in use. */
export async function readHealth(ctx: AppContext): Promise<HealthResponse> {
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
