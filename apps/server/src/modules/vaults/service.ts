import type { TransferRejection } from '@dum/chain';
import {
  AppError,
  checkVaultAmount,
  supportRefusal,
  VAULT_SUPPORT_CLOCK_MARGIN_SECONDS,
  type ErrorCode,
  type SupportRefusal,
  type SupportVaultRequest,
  type SupportVaultResponse,
} from '@dum/core';
import { transferRejectionErrors } from '../../http/errors.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import {
  settleIntent,
  signatureIsSpent,
  verifyPayment,
  type PaymentDeps,
  type PaymentPurpose,
  type PaymentReport,
  type PaymentVerification,
} from '../payments/index.ts';
import type { VaultDeps, VaultViewer } from './deps.ts';
import { toSupport, toVaultSummary } from './presentation.ts';
import { requireVisibleVault } from './reads.ts';
import {
  readSupportBySignature,
  readSupporterIds,
  readVault,
  readVaultFacts,
  type RecordedSupport,
  type VaultFactsRow,
} from './repo.ts';

/**
 * Supports of direct vaults: the transfer a supporter (or a payer holding an intent's reference)
 * reports, verified through the payments slice and credited once.
 */

const FACTS_CACHE_SIZE = 10_000;

const REFUSAL_ERROR: Record<SupportRefusal, ErrorCode> = {
  own_vault: 'vault_own_support',
  not_active: 'vault_not_active',
  ended: 'vault_ended',
};

const REJECTION_ERROR = transferRejectionErrors({ too_early: 'transfer_before_vault' });

/** The error a transfer that did not verify answers (a support's, a mystery join's). */
export function transferRejectionError(reason: TransferRejection): ErrorCode {
  return REJECTION_ERROR[reason];
}

/** The immutable facts of a vault, from memory (or read once). */
async function vaultFacts(deps: VaultDeps, vaultId: bigint): Promise<VaultFactsRow | null> {
  const key = vaultId.toString();
  const cached = deps.facts.get(key);
  if (cached) return cached;
  const facts = await readVaultFacts(deps.pool, vaultId);
  if (facts) {
    if (deps.facts.size >= FACTS_CACHE_SIZE) deps.facts.clear();
    deps.facts.set(key, facts);
  }
  return facts;
}

/**
 * POST /api/vaults/{id}/support. The client has sent `amount` SOL from the caller's wallet to
 * the creator's and waited for confirmation; this verifies the transfer on the cluster and
 * credits it, once:
 *
 * - The signature pays once, for a support or a tip (spent_transfer_signatures). A retry (same
 *   caller, vault and amount) answers the recorded support again; a signature recorded for
 *   anything else is refused (409). 50
 *   parallel calls with one signature take turns on the vault's row lock, and all but the first
 *   find it recorded.
 * - One call records it (record_vault_support, repo.ts recordSupport; supports that arrive
 *   together are recorded in one call and one commit, support-writer.ts): it takes the vault's
 *   row lock, held to commit, so concurrent supports take turns, the total is exact, and active →
 *   unlocked happens in exactly one of them (with the vault_unlocked activity). Ended and
 *   unlocked vaults refuse.
 * - The `vault_supported` rewarded event is queued in that call and sequenced before the answer
 *   (decision 010).
 */
// eslint-disable-next-line max-lines-per-function -- verify, record, refuse or announce, in order
export async function supportVault(
  deps: VaultDeps,
  viewer: VaultViewer,
  vaultId: bigint,
  input: SupportVaultRequest,
  /** Who reports the transfer: the signed-in supporter, or a holder of its intent's reference. */
  report: PaymentReport = { by: 'payer', payer: viewer.solAddress },
): Promise<SupportVaultResponse> {
  await assertNotSuspended(deps, viewer.id);
  const { signature, amount } = checkSupportInput(input);
  if (!deps.enabled) throw new AppError('vaults_disabled');

  const facts = await vaultFacts(deps, vaultId);
  if (!facts) throw new AppError('vault_not_found');
  // Escrow vaults take SOL through the vault program only (the indexer records it); a pending
  // one is its creator's alone, so to anyone else it does not exist.
  if (facts.kind === 'escrow') {
    await requireVisibleVault(deps, vaultId, viewer.id);
    throw new AppError('vault_escrow_support');
  }
  if (facts.creator_id === viewer.id) throw new AppError('vault_own_support');

  const checked = await verifySupportPayment(deps, {
    signature,
    purpose: { kind: 'vault_support', vaultId },
    vault: facts,
    amount,
    report,
  });
  const verified = checked.ok ? { ok: true as const, slot: checked.payment.slot } : checked;
  if (!verified.ok) {
    // A recorded signature sent again for something else is a replay, whatever else is wrong.
    if (await signatureIsSpent(deps.pool, signature)) {
      return answerExisting(deps, signature, viewer, vaultId, amount);
    }
    throw new AppError(REJECTION_ERROR[verified.reason]);
  }

  const now = deps.clock.now();
  const row = await deps.supports.record({
    vaultId,
    supporterId: viewer.id,
    signature,
    amount,
    slot: verified.slot,
    now,
  });
  // A block either way is checked by the statement that records it (one round trip less).
  if (row.kind === 'blocked') throw new AppError('blocked');
  // Nothing was written: the same answer again for a retry of a recorded support, else 409.
  if (row.kind === 'signature_taken')
    return answerExisting(deps, signature, viewer, vaultId, amount);
  if (row.kind === 'vault_closed') {
    // Nothing was written. A retry of a support recorded before the vault closed gets its
    // answer again; otherwise say which refusal: gone, unlocked, or ended.
    if (await signatureIsSpent(deps.pool, signature)) {
      return answerExisting(deps, signature, viewer, vaultId, amount);
    }
    const vault = await readVault(deps.pool, vaultId);
    if (!vault) throw new AppError('vault_not_found');
    const refusal = supportRefusal(
      { status: vault.status, endsAt: vault.ends_at, creatorId: vault.creator_id },
      viewer.id,
      now,
    );
    throw new AppError(REFUSAL_ERROR[refusal ?? 'not_active']);
  }
  if (checked.ok) await settleIntent(deps, checked.payment);
  await deps.emissions.settle();
  const audience = [facts.creator_id, ...(await supportersOf(deps, vaultId, viewer.id, row))];
  await announceAfterCommit(
    deps,
    { kind: 'users', userIds: audience },
    {
      type: 'vault_support',
      data: {
        vaultId: vaultId.toString(),
        support: { supporterId: viewer.id, amount: amount.toString() },
      },
    },
  );
  if (row.unlocked) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: audience },
      {
        type: 'vault_completed',
        data: { vaultId: vaultId.toString() },
      },
    );
  }
  return supportAnswer({ vaultId, viewer, signature, amount, slot: verified.slot, facts, row });
}

/**
 * The signature and amount of a support (or a mystery join: the same rules), or the error to
 * answer.
 */
export function checkSupportInput(input: SupportVaultRequest): {
  signature: string;
  amount: bigint;
} {
  const signature = input.transactionSignature?.trim() ?? '';
  const amountText = input.amount?.trim() ?? '';
  if (!signature || !amountText) throw new AppError('vault_support_missing_data');
  const amountCheck = checkVaultAmount(amountText);
  if (!amountCheck.ok) {
    throw new AppError(
      amountCheck.reason === 'below_minimum' ? 'vault_amount_below_minimum' : 'invalid_amount',
    );
  }
  return { signature, amount: amountCheck.lamports };
}

/**
 * Verifies the transfer of a support (a signed-in one, an anonymous one or a mystery join: the
 * same rules) through the payments slice: `amount` to the vault's creator, for `purpose`. A
 * transfer made before the vault existed (an old payment between the same wallets) is not a
 * support of it: its block time must be at or after the vault's creation, less a small margin
 * for the cluster's clock.
 */
export function verifySupportPayment(
  deps: PaymentDeps,
  support: {
    signature: string;
    purpose: PaymentPurpose;
    vault: { creator_wallet: string; created_at: Date };
    amount: bigint;
    report: PaymentReport;
  },
): Promise<PaymentVerification> {
  return verifyPayment(deps, {
    signature: support.signature,
    purpose: support.purpose,
    recipient: support.vault.creator_wallet,
    lamports: support.amount,
    notBefore:
      Math.floor(support.vault.created_at.getTime() / 1000) - VAULT_SUPPORT_CLOCK_MARGIN_SECONDS,
    report: support.report,
  });
}

/** A recorded support and the vault after it, from the write's answer and the vault's facts. */
function supportAnswer(args: {
  vaultId: bigint;
  viewer: VaultViewer;
  signature: string;
  amount: bigint;
  slot: number;
  facts: VaultFactsRow;
  row: Extract<RecordedSupport, { kind: 'recorded' }>;
}): SupportVaultResponse {
  const { vaultId, facts, row } = args;
  return {
    support: {
      id: row.id,
      vaultId: vaultId.toString(),
      supporter: { id: args.viewer.id, ...row.supporter },
      amount: args.amount.toString(),
      transactionSignature: args.signature,
      slot: args.slot,
      createdAt: row.createdAt.toISOString(),
    },
    vault: {
      id: vaultId.toString(),
      status: row.status,
      currentAmount: row.total.toString(),
      targetAmount: row.target.toString(),
      supporterCount: row.supporterCount,
      createdAt: new Date(facts.created_at).toISOString(),
      endsAt: new Date(facts.ends_at).toISOString(),
      creator: { walletAddress: facts.creator_wallet },
      kind: 'direct',
      escrow: null,
    },
  };
}

/**
 * The vault's supporters after a recorded support: the cached set with the caller added while
 * its size matches the vault's supporter count (the usual case: one instance, or no new
 * supporter elsewhere), else read again (another instance counted a new supporter, or a
 * supporter's account was deleted).
 */
async function supportersOf(
  deps: VaultDeps,
  vaultId: bigint,
  supporterId: string,
  recorded: { supporterCount: number },
): Promise<Set<string>> {
  const key = vaultId.toString();
  let supporters = deps.supporters.get(key);
  supporters?.add(supporterId);
  if (!supporters || supporters.size !== recorded.supporterCount) {
    supporters = new Set(await readSupporterIds(deps.pool, vaultId));
    supporters.add(supporterId);
    if (deps.supporters.size >= FACTS_CACHE_SIZE) deps.supporters.clear();
    deps.supporters.set(key, supporters);
  }
  return supporters;
}

/**
 * A signature that was spent before: the same answer for the same call, 409 otherwise (another
 * support, or a tip).
 */
async function answerExisting(
  deps: VaultDeps,
  signature: string,
  viewer: VaultViewer,
  vaultId: bigint,
  amount: bigint,
): Promise<SupportVaultResponse> {
  const [existing, vault] = await Promise.all([
    readSupportBySignature(deps.pool, signature),
    readVault(deps.pool, vaultId),
  ]);
  // No support has it: a tip spent it (or its supporter's account is gone).
  const sameCall =
    existing !== null &&
    existing.supporter_id === viewer.id &&
    existing.vault_id === vaultId.toString() &&
    BigInt(existing.amount) === amount;
  if (!sameCall) throw new AppError('transaction_already_used');
  if (!vault) throw new AppError('vault_not_found');
  return { support: toSupport(existing), vault: toVaultSummary(vault) };
}
