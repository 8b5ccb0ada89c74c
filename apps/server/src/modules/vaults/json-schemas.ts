/**
 * JSON Schemas of the vaults' responses for Fastify's compiled serialiser, generated from the
 * zod schemas in @dum/core (vault-schemas.ts), which the tests also check every response against.
 */
import {
  escrowSyncResponseSchema,
  leaderboardEntrySchema,
  supportVaultResponseSchema,
  vaultSummarySchema,
  vaultSupportSchema,
} from '@dum/core';
import { z } from 'zod';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const vaultSummaryJsonSchema = responseJsonSchema(vaultSummarySchema);

/** A feed item's `vault`: the summary, or null for posts that are not vault posts. */
export const nullableVaultSummaryJsonSchema = responseJsonSchema(vaultSummarySchema.nullable());

export const vaultSupportJsonSchema = responseJsonSchema(vaultSupportSchema);

export const supportResponseJsonSchema = responseJsonSchema(supportVaultResponseSchema);

export const leaderboardJsonSchema = responseJsonSchema(z.array(leaderboardEntrySchema));

/** POST /api/vaults/{id}/escrow/sync */
export const escrowSyncJsonSchema = responseJsonSchema(escrowSyncResponseSchema);
