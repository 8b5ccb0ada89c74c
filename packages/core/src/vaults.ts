import { formatBaseUnits, parseDecimalAmount } from './amounts.ts';
import { FEE_MARGIN_LAMPORTS, LAMPORTS_PER_SOL, VAULT_DURATION_MS } from './constants.ts';

/**
 * Vaults (docs/decisions/008-vault-supports.md): a post locked behind a SOL target that supporters fund
 * with real transfers to the creator. The rules here are plain functions shared by the server
 * (which enforces them) and the web app (which checks them before asking the wallet to sign).
 */

/**
 * The smallest vault amount, in SOL: the least a supporter may send in one support, and the
 * least a creator may lock as a target. One shared minimum, 0.01 SOL; the
 * composer's step as well.
 */
export const VAULT_MIN_SUPPORT_SOL = '0.01';
export const VAULT_MIN_SUPPORT_LAMPORTS = 10_000_000n;
/**
 * A direct support's transfer must be made after its vault was created (issue 21): its block
 * time at least the vault's creation second minus this margin, for a cluster clock a little
 * behind the server's (block times are stamped at the slot's start, and clusters drift). An old
 * payment between the same wallets stays refused; one made this close before is no gain.
 */
export const VAULT_SUPPORT_CLOCK_MARGIN_SECONDS = 30;
/** The largest target a vault may lock (far above any test-network use; keeps totals sane). */
export const VAULT_MAX_TARGET_SOL = '1000000';
export const VAULT_MAX_TARGET_LAMPORTS = 1_000_000n * LAMPORTS_PER_SOL;
/** Supports listed on a vault's own page, newest first (the leaderboard covers everyone). */
export const VAULT_SUPPORTS_SHOWN = 100;
/** Vaults listed per section of /my-vaults, newest first (the totals cover all of them). */
export const MY_VAULTS_LIMIT = 100;
/** A vault leaderboard's page: `?limit=` up to this many (the default), best first. */
export const LEADERBOARD_LIMIT_MAX = 100;

export const VAULT_STATUSES = ['active', 'unlocked', 'paid_out'] as const;
export type VaultStatus = (typeof VAULT_STATUSES)[number];

/** The product's texts for the vault support flow, word for word. */
export const VAULT_MESSAGES = {
  minimum: `Minimum vault amount is ${VAULT_MIN_SUPPORT_SOL} SOL`,
  missingData: 'Missing required data for vault support',
  walletNotFound: 'Phantom wallet not found. Please install Phantom wallet.',
  failedTitle: 'Failed to Support Vault',
  failedFallback: 'Transaction failed',
  successTitle: 'Vault Supported!',
  success: (sol: string) => `Successfully vaulted ${sol} SOL on-chain!`,
  insufficient: (needLamports: bigint, haveLamports: bigint) =>
    `Insufficient balance. You need ${formatSolRoundedUp(needLamports)} SOL but only have ${formatBaseUnits(haveLamports, 4)} SOL`,
  unlocked: 'Content Unlocked! Target reached!',
  paidOut: 'Creator paid out',
  disabledTitle: 'Vaults disabled',
  disabled: 'Timelock vaults are not available in this environment',
} as const;

/** SOL with 4 decimals, rounded up: what someone needs is never shown as less than it is. */
function formatSolRoundedUp(lamports: bigint): string {
  const step = 100_000n; // 1e9 / 1e4
  const rounded = ((lamports + step - 1n) / step) * step;
  return formatBaseUnits(rounded, 4);
}

export type VaultAmountCheck =
  | { ok: true; lamports: bigint }
  | { ok: false; reason: 'invalid_amount' | 'below_minimum' | 'above_maximum' };

/**
 * A SOL amount typed by a person (a support, or a target to lock): a decimal string with at
 * most 9 decimals (the shared parser), at least the minimum. Targets are also capped.
 */
export function checkVaultAmount(text: string, options: { max?: bigint } = {}): VaultAmountCheck {
  const parsed = parseDecimalAmount(text, 9);
  if (!parsed.ok) return { ok: false, reason: 'invalid_amount' };
  if (parsed.value < VAULT_MIN_SUPPORT_LAMPORTS) return { ok: false, reason: 'below_minimum' };
  if (options.max !== undefined && parsed.value > options.max) {
    return { ok: false, reason: 'above_maximum' };
  }
  return { ok: true, lamports: parsed.value };
}

/** A vault ends 7 days after it was created. */
export function vaultEndsAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + VAULT_DURATION_MS);
}

/** Progress toward the target, 0..1, capped at 1 (the bar never overflows). */
export function vaultProgress(currentLamports: bigint, targetLamports: bigint): number {
  if (targetLamports <= 0n) return 1;
  if (currentLamports >= targetLamports) return 1;
  if (currentLamports <= 0n) return 0;
  // Four decimals of precision without floating point on the bigints themselves.
  return Number((currentLamports * 10_000n) / targetLamports) / 10_000;
}

/** Unlocked and paid out both show as unlocked: a paid-out vault's content stays open. */
export function isVaultUnlocked(status: VaultStatus): boolean {
  return status === 'unlocked' || status === 'paid_out';
}

export type SupportRefusal = 'not_active' | 'ended' | 'own_vault';

/**
 * Whether a vault takes a support from `supporterId` now. Order matters for the message a person
 * sees: their own vault first, then a vault that is no longer active, then one whose time is up.
 */
export function supportRefusal(
  vault: { status: VaultStatus; endsAt: Date; creatorId: string },
  supporterId: string,
  now: Date,
): SupportRefusal | null {
  if (vault.creatorId === supporterId) return 'own_vault';
  if (vault.status !== 'active') return 'not_active';
  if (now.getTime() >= vault.endsAt.getTime()) return 'ended';
  return null;
}

/**
 * The rule for when a vault unlocks: the status after a support brings the total to `total`,
 * active → unlocked at the target, for direct vaults (a support cannot be taken back). Direct
 * vaults apply it in SQL through vault_status_after_support
 * (apps/server/drizzle/0013), which apps/server/src/modules/vaults/unlock-rule.test.ts checks
 * against this function over generated cases.
 */
export function statusAfterSupport(
  status: VaultStatus,
  total: bigint,
  target: bigint,
): VaultStatus {
  return status === 'active' && total >= target ? 'unlocked' : status;
}

/**
 * The client's balance check before a support: the wallet must hold the amount plus the
 * 0.000005 SOL fee margin. Returns the spec's message when it does not.
 */
export function insufficientBalanceMessage(
  balanceLamports: bigint,
  amountLamports: bigint,
): string | null {
  const need = amountLamports + FEE_MARGIN_LAMPORTS;
  return balanceLamports < need ? VAULT_MESSAGES.insufficient(need, balanceLamports) : null;
}
