import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadOrCreateKeypairFile, type Signer } from '@dum/chain';
import { createCampaignRequestSchema, topUpCampaignRequestSchema, type FeedItem } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import { parseBody, parsePathId, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import {
  adCampaignDetailJsonSchema,
  adCampaignListJsonSchema,
  adConfigJsonSchema,
  adEventJsonSchema,
} from './json-schemas.ts';
import {
  adConfig,
  createCampaign,
  endCampaign,
  getCampaign,
  hideAd,
  listCampaigns,
  pauseCampaign,
  recordAdEvent,
  resumeCampaign,
  topUpCampaign,
  withSponsored,
  type AdPostReader,
  type AdsDeps,
} from './service.ts';
import { createServingProbe } from './serving.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type AdsRoutesContext = Pick<
  SharedContext,
  'chain' | 'clock' | 'config' | 'database' | 'localnet' | 'logger'
>;

interface CampaignParams {
  id: string;
}

const noQuery = z.object({});

function parseCampaignId(value: string): bigint {
  return parsePathId(value, 'a campaign');
}

/**
 * The treasury's key, DATA_DIR/keys/treasury.json: the localnet makes it on first start (and
 * funds it); on another cluster the operator puts it there. Without it ads are off.
 */
function loadTreasury(ctx: AdsRoutesContext): Signer | null {
  const file = path.join(ctx.config.dataDir, 'keys', 'treasury.json');
  if (ctx.localnet || existsSync(file)) return loadOrCreateKeypairFile(file);
  return null;
}

/** The ads' dependencies, once per context; `readPosts` is the feed slice's (slice-deps.ts wires it). */
export function adsDepsOf(ctx: AdsRoutesContext, readPosts: AdPostReader): AdsDeps {
  return {
    pool: ctx.database.pool,
    clock: ctx.clock,
    chain: ctx.chain,
    logger: ctx.logger,
    treasury: loadTreasury(ctx),
    established: ctx.config.economy.established,
    readPosts,
    serving: createServingProbe({
      pool: ctx.database.pool,
      clock: ctx.clock,
      maxAgeMs: SERVING_MAX_AGE_MS,
      onError: (error) => ctx.logger.warn({ err: error }, 'ads serving probe failed'),
    }),
  };
}

/** How old the "any campaign active" answer the feed's hook reads may be (serving.ts). */
const SERVING_MAX_AGE_MS = 1000;

/** The feed's hook: a signed-in viewer's For you page with its sponsored item (service.ts). */
export function feedSponsor(deps: AdsDeps): {
  serving: () => Promise<boolean>;
  insert: (items: FeedItem[], viewerId: string) => Promise<FeedItem[]>;
} {
  return {
    serving: () => deps.serving.serving(),
    insert: (items, viewerId) => withSponsored(deps, items, viewerId),
  };
}

/** The advertiser dashboard's API (docs/api.md "Ads"). */
export function adsRoutes(app: FastifyInstance, deps: AdsDeps): void {
  app.get('/api/ads/config', { schema: { response: { 200: adConfigJsonSchema } } }, (request) => {
    parseQuery(noQuery, request.query);
    return adConfig(deps);
  });

  app.get(
    '/api/ads/campaigns',
    { schema: { response: { 200: adCampaignListJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return { campaigns: await listCampaigns(deps, user) };
    },
  );

  app.post(
    '/api/ads/campaigns',
    {
      schema: { response: { 201: adCampaignDetailJsonSchema } },
      config: { writeLimit: 'support' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseBody(createCampaignRequestSchema, request.body ?? {});
      const created = await createCampaign(deps, user, body);
      deps.serving.changed();
      return reply.status(201).send(created);
    },
  );

  app.get<{ Params: CampaignParams }>(
    '/api/ads/campaigns/:id',
    { schema: { response: { 200: adCampaignDetailJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return getCampaign(deps, user, parseCampaignId(request.params.id));
    },
  );

  app.post<{ Params: CampaignParams }>(
    '/api/ads/campaigns/:id/budget',
    {
      schema: { response: { 200: adCampaignDetailJsonSchema } },
      config: { writeLimit: 'support' },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseCampaignId(request.params.id);
      const body = parseBody(topUpCampaignRequestSchema, request.body ?? {});
      const campaign = await topUpCampaign(deps, user, id, body);
      deps.serving.changed();
      return campaign;
    },
  );

  const actions = { pause: pauseCampaign, resume: resumeCampaign, end: endCampaign } as const;
  for (const [name, act] of Object.entries(actions)) {
    app.post<{ Params: CampaignParams }>(
      `/api/ads/campaigns/:id/${name}`,
      {
        schema: { response: { 200: adCampaignDetailJsonSchema } },
        config: { writeLimit: 'other' },
      },
      async (request) => {
        const user = requireUser(request);
        const campaign = await act(deps, user, parseCampaignId(request.params.id));
        deps.serving.changed();
        return campaign;
      },
    );
  }

  for (const kind of ['impression', 'click'] as const) {
    app.post<{ Params: CampaignParams }>(
      `/api/ads/campaigns/:id/${kind}`,
      { schema: { response: { 200: adEventJsonSchema } }, config: { writeLimit: 'like' } },
      async (request) => {
        const user = requireUser(request);
        return recordAdEvent(deps, user, parseCampaignId(request.params.id), kind);
      },
    );
  }

  app.post<{ Params: CampaignParams }>(
    '/api/ads/campaigns/:id/hide',
    { config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      await hideAd(deps, user, parseCampaignId(request.params.id));
      return { hidden: true };
    },
  );
}
