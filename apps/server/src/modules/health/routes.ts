import { AppError, type ErrorBody, type HealthResponse, type ReadyResponse } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../../http/validate.ts';
import { readHealth, readReadiness } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type HealthRoutesContext = Parameters<typeof readHealth>[0];

export function healthRoutes(app: FastifyInstance, ctx: HealthRoutesContext): void {
  // Liveness: the process answers and reaches its database.
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    parseQuery(z.object({}), request.query);
    return readHealth(ctx);
  });
  // Readiness: 503 until everything this instance depends on answers (docs/deploy.md), in the
  // API's error shape with the checks as details. Answered here, not thrown: a probe every few
  // seconds must not log an error line each time.
  app.get('/api/ready', async (request, reply): Promise<ReadyResponse | ErrorBody> => {
    parseQuery(z.object({}), request.query);
    const answer = await readReadiness(ctx);
    void reply.header('cache-control', 'no-store');
    if (answer.status === 'ready') return answer;
    void reply.status(503);
    return new AppError('service_unavailable', {
      message: 'This instance is not ready to serve.',
      details: { checks: answer.checks },
    }).toBody();
  });
}
