import { AppError, checkVaultAmount, VAULT_MAX_TARGET_LAMPORTS, vaultEndsAt } from '@dum/core';
import type pg from 'pg';
import { recordRewardedEvent } from '../emissions/index.ts';
import {
  createEscrowVaultForPost,
  planEscrowVault,
  type EscrowDeps,
  type EscrowPlan,
} from '../escrow/index.ts';
import { insertVaultRow } from './repo.ts';

/**
 * The vault of a new post: asked for with the post (vaultRequestOf), planned before its
 * transaction (planVault: an escrow vault reads the program's config on chain), and created
 * inside it, right after the post row (createVaultForPost). The feed drives the three steps.
 */

/** An escrow vault's terms as the client sent them (checked by planVault). */
export interface EscrowTermsInput {
  multiplier?: unknown;
  durationDays?: unknown;
  contentHash?: unknown;
}

export type VaultRequest =
  { kind: 'direct'; target: bigint } | { kind: 'escrow'; escrow: EscrowTermsInput };

export type VaultPlan =
  | { kind: 'direct'; target: bigint }
  | {
      kind: 'escrow';
      escrow: EscrowPlan;
      /** Hex SHA-256 the post's media must have (committed on chain), or null. */
      contentHash: string | null;
    };

/**
 * The vault a new post asks for, or null for a post without one; or the error to answer:
 * escrow terms on a post that is not a vault post (400), vaults off (403), or a direct vault's
 * target missing or out of range (vaultTargetFor).
 */
export function vaultRequestOf(
  enabled: boolean,
  input: {
    kind: string;
    targetAmount?: string | null | undefined;
    escrow?: EscrowTermsInput | null | undefined;
  },
): VaultRequest | null {
  const escrow = input.escrow ?? null;
  if (escrow !== null && input.kind !== 'vault') {
    throw new AppError('validation_failed', {
      details: [{ path: 'escrow', message: 'Only vault posts have escrow terms' }],
    });
  }
  if (escrow !== null && !enabled) throw new AppError('vaults_disabled');
  if (escrow !== null) return { kind: 'escrow', escrow };
  if (input.kind !== 'vault') return null;
  return { kind: 'direct', target: vaultTargetFor(enabled, input.targetAmount) };
}

/**
 * The target of a vault post about to be created, in lamports, or the error to answer: the flag
 * is off (vaults_disabled), the amount is missing or not a number (invalid_amount), below the
 * minimum, or above the maximum.
 */
export function vaultTargetFor(enabled: boolean, targetAmount: string | null | undefined): bigint {
  if (!enabled) throw new AppError('vaults_disabled');
  if (targetAmount === null || targetAmount === undefined || targetAmount.trim() === '') {
    throw new AppError('invalid_amount', {
      details: [{ path: 'targetAmount', message: 'A vault post needs its SOL to lock' }],
    });
  }
  const check = checkVaultAmount(targetAmount, { max: VAULT_MAX_TARGET_LAMPORTS });
  if (check.ok) return check.lamports;
  if (check.reason === 'below_minimum') throw new AppError('vault_amount_below_minimum');
  if (check.reason === 'above_maximum') throw new AppError('vault_target_too_large');
  throw new AppError('invalid_amount');
}

/** A request made ready for the post's transaction: an escrow vault's terms and chain config. */
export async function planVault(
  escrow: EscrowDeps,
  request: VaultRequest,
  args: { targetAmount: string | null | undefined; hasMedia: boolean },
): Promise<VaultPlan> {
  if (request.kind === 'direct') return request;
  const plan = await planEscrowVault(escrow, {
    escrow: request.escrow,
    targetAmount: args.targetAmount,
    hasMedia: args.hasMedia,
  });
  return { kind: 'escrow', escrow: plan, contentHash: plan.terms.contentHash };
}

/**
 * Creates the vault of a post the feed has just inserted, in the same transaction. A direct
 * vault runs 7 days from creation and records the `vault_created` rewarded event (instead of
 * `post_created`); an escrow vault is pending until found on chain, and its vault_created is
 * recorded then (modules/escrow).
 */
export async function createVaultForPost(
  client: pg.PoolClient,
  args: { postId: bigint; creatorId: string; creatorWallet: string; plan: VaultPlan; now: Date },
): Promise<void> {
  const { plan, now } = args;
  if (plan.kind === 'escrow') {
    const durationMs = Number(plan.escrow.durationSeconds) * 1000;
    const vaultId = await insertVaultRow(client, {
      postId: args.postId,
      creatorId: args.creatorId,
      kind: 'escrow',
      target: plan.escrow.target,
      createdAt: now,
      endsAt: new Date(now.getTime() + durationMs),
    });
    await createEscrowVaultForPost(client, {
      vaultId,
      postId: args.postId,
      creatorWallet: args.creatorWallet,
      plan: plan.escrow,
    });
    return;
  }
  await insertVaultRow(client, {
    postId: args.postId,
    creatorId: args.creatorId,
    kind: 'direct',
    target: plan.target,
    createdAt: now,
    endsAt: vaultEndsAt(now),
  });
  await recordRewardedEvent(
    client,
    { kind: 'vault_created', actorId: args.creatorId, reference: args.postId.toString() },
    now,
  );
}
