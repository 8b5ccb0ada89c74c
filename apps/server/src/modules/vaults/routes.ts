import {
  AppError,
  escrowSyncRequestSchema,
  LEADERBOARD_LIMIT_MAX,
  supportVaultRequestSchema,
} from '@dum/core';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sliceBaseDepsOf, type SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import type { EscrowDeps } from '../escrow/index.ts';
import { parseBody, parsePathId, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { syncEscrowVault } from '../escrow/index.ts';
import {
  escrowSyncJsonSchema,
  leaderboardJsonSchema,
  supportResponseJsonSchema,
} from './json-schemas.ts';
import type { VaultDeps } from './deps.ts';
import {
  getLeaderboard,
  getMyDeposits,
  getMyVaults,
  getVaultDetail,
  getVaultSummary,
  requireVisibleVault,
  type PostReader,
} from './reads.ts';
import { supportVault } from './service.ts';
import { createSupportWriter } from './support-writer.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type VaultsRoutesContext = Pick<
  SharedContext,
  'chain' | 'clock' | 'config' | 'database' | 'logger'
> & { bus: EventBus; emissions: EmissionSequencer; escrow: EscrowDeps };

interface VaultParams {
  id: string;
}

/** A vault id in a path: a positive integer, else 400 like a malformed post id. */
function parseVaultId(value: string): bigint {
  return parsePathId(value, 'a vault');
}

const myVaultsQuery = z.object({ mine: z.enum(['created', 'supported', 'deposits']) });
const leaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_LIMIT_MAX).default(LEADERBOARD_LIMIT_MAX),
});

/** A transaction signature: base-58, 64 bytes. */
function isSignature(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(value)) return false;
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}

/**
 * The vaults' dependencies, built once per context (create-context.ts) for these routes and the
 * actions slice alike, so both read one cache of vault facts and supporters.
 */
export function vaultDepsOf(ctx: VaultsRoutesContext): VaultDeps {
  return {
    ...sliceBaseDepsOf(ctx),
    bus: ctx.bus,
    chain: ctx.chain,
    enabled: ctx.config.vaults.enabled,
    emissions: ctx.emissions,
    facts: new Map(),
    supporters: new Map(),
    supports: createSupportWriter(ctx.database.pool),
  };
}

/**
 * Vault support, detail, leaderboard and My Vaults (docs/api.md "Vaults"). A vault's page shows
 * its post as the feed does: `readPost` is the feed slice's (slice-deps.ts wires it).
 */
export function vaultRoutes(
  app: FastifyInstance,
  ctx: Pick<VaultsRoutesContext, 'escrow'>,
  deps: VaultDeps,
  readPost: PostReader,
): void {
  const escrow = ctx.escrow;

  // Two shapes by `mine` (deposits add myDeposit), so no one compiled response schema here.
  app.get('/api/vaults', async (request) => {
    const user = requireUser(request);
    const { mine } = parseQuery(myVaultsQuery, request.query);
    return mine === 'deposits'
      ? getMyDeposits(deps, user.solAddress)
      : getMyVaults(deps, user.id, mine);
  });

  app.get<{ Params: VaultParams }>('/api/vaults/:id', async (request) => {
    parseQuery(z.object({}), request.query);
    const id = parseVaultId(request.params.id);
    return getVaultDetail(deps, id, request.user?.id ?? null, readPost);
  });

  app.get<{ Params: VaultParams }>(
    '/api/vaults/:id/leaderboard',
    { schema: { response: { 200: leaderboardJsonSchema } } },
    async (request) => {
      const { limit } = parseQuery(leaderboardQuery, request.query);
      return getLeaderboard(deps, parseVaultId(request.params.id), request.user?.id ?? null, limit);
    },
  );

  app.post<{ Params: VaultParams }>(
    '/api/vaults/:id/support',
    { schema: { response: { 200: supportResponseJsonSchema } }, config: { writeLimit: 'support' } },
    async (request) => {
      const user = requireUser(request);
      const id = parseVaultId(request.params.id);
      const body = parseBody(supportVaultRequestSchema, request.body ?? {});
      return supportVault(deps, user, id, body);
    },
  );

  app.post<{ Params: VaultParams }>(
    '/api/vaults/:id/escrow/sync',
    { schema: { response: { 200: escrowSyncJsonSchema } }, config: { writeLimit: 'support' } },
    async (request) => {
      const user = requireUser(request);
      const id = parseVaultId(request.params.id);
      const body = parseBody(escrowSyncRequestSchema, request.body ?? {});
      if (body.signature !== undefined && !isSignature(body.signature)) {
        throw new AppError('transaction_signature_invalid');
      }
      if (!escrow.enabled) throw new AppError('vaults_disabled');
      // Someone else's pending vault answers as a missing one (and costs no chain read).
      await requireVisibleVault(deps, id, user.id);
      await syncEscrowVault(escrow, id);
      return { vault: await getVaultSummary(deps, id) };
    },
  );
}
