import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import type { EmissionSequencer } from './sequencer.ts';
import { ledgerQuerySchema } from '@dum/core';
import { parseQuery } from '../../http/validate.ts';
import { loadAuthSecret } from '../auth/index.ts';
import { referenceSealer } from './public-reference.ts';
import { getEmissionsStats, getLedgerPage, getPlatformStats } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type EmissionsRoutesContext = Pick<SharedContext, 'config' | 'database'> & {
  emissions: EmissionSequencer;
};

export function emissionsRoutes(app: FastifyInstance, ctx: EmissionsRoutesContext): void {
  // The secret every instance shares (AUTH_SECRET, else DATA_DIR's), so each shows the ledger's
  // sealed references alike.
  const seal = referenceSealer(loadAuthSecret(ctx.config.auth.secret, ctx.config.dataDir));

  app.get('/api/emissions/stats', async (request) => {
    parseQuery(z.object({}), request.query);
    return getEmissionsStats(() => ctx.emissions.totals());
  });

  app.get('/api/emissions/platform-stats', async (request) => {
    parseQuery(z.object({}), request.query);
    return getPlatformStats(() => ctx.emissions.totals());
  });

  app.get('/api/emissions/ledger', async (request) => {
    const query = parseQuery(ledgerQuerySchema, request.query);
    return getLedgerPage(
      ctx.database.db,
      { after: query.after === undefined ? undefined : BigInt(query.after), limit: query.limit },
      seal,
    );
  });
}
