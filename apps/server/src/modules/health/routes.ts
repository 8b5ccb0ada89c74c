import type { HealthResponse } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { readHealth } from './service.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    parseQuery(z.object({}), request.query);
    return readHealth(ctx);
  });
}
