import type { HealthResponse } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    parseQuery(z.object({}), request.query);
    // A round trip proves the database answers, not merely that the pool exists.
    await ctx.database.pool.query('select 1');
    return {
      status: 'ok',
      version: ctx.version,
      node: process.versions.node,
      database: ctx.database.kind,
      cluster: ctx.config.solana.cluster,
      realtime: ctx.config.redisUrl ? 'redis' : 'memory',
    };
  });
}
