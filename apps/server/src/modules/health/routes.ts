import type { HealthResponse, ReadyResponse } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { readHealth, readReadiness } from './service.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Liveness: the process answers and reaches its database.
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    parseQuery(z.object({}), request.query);
    return readHealth(ctx);
  });
  // Readiness: 503 until everything this instance depends on answers (docs/deploy.md).
  app.get('/api/ready', async (request, reply): Promise<ReadyResponse> => {
    parseQuery(z.object({}), request.query);
    const answer = await readReadiness(ctx);
    void reply.header('cache-control', 'no-store');
    if (answer.status !== 'ready') void reply.status(503);
    return answer;
  });
}
