import type { VaultStatus } from './vaults.ts';

/**
 * Escrow vaults (docs/decisions/009-escrow-vaults.md): vault posts whose SOL is held by
 * our vault program instead of being sent to the creator. The server indexes the program's
 * accounts; these are the rules both sides share (zod-free, for the web app's first load).
 */

/** target = 100,000,000 lamports (0.1 SOL) × multiplier (the program's rule). */
export const ESCROW_TARGET_UNIT_LAMPORTS = 100_000_000n;
export const ESCROW_MIN_MULTIPLIER = 1;
export const ESCROW_MAX_MULTIPLIER = 10;
export const ESCROW_DEFAULT_MULTIPLIER = 2;
export const ESCROW_MIN_DURATION_DAYS = 1;
/** The program takes any u32; the product offers at most 30 days. */
export const ESCROW_MAX_DURATION_DAYS = 30;
export const ESCROW_DEFAULT_DURATION_DAYS = 7;
export const ESCROW_SECONDS_PER_DAY = 86_400;
/** A pending vault (post made, vault not found on chain) is deleted with its post after this. */
export const ESCROW_PENDING_TTL_MS = 60 * 60_000;
/** Deposits listed on an escrow vault's page, largest first. */
export const ESCROW_DEPOSITS_SHOWN = 100;

export const ESCROW_STATES = ['pending', 'live'] as const;
export type EscrowState = (typeof ESCROW_STATES)[number];

export const VAULT_KINDS = ['direct', 'escrow'] as const;
export type VaultKind = (typeof VAULT_KINDS)[number];

/** The client's texts, word for word, which the server answers as well. */
export const ESCROW_MESSAGES = {
  multiplier: 'multiplier must be between 1 and 10',
  durationPositive: 'durationDays must be greater than 0',
  durationMax: `durationDays must be at most ${ESCROW_MAX_DURATION_DAYS}`,
  contentHash: 'contentHash must be the SHA-256 of the media file as 64 hex characters',
  contentHashWithoutMedia: 'contentHash is only sent with a media file',
  contentHashMissing: 'A vault with media needs its contentHash (the SHA-256 of the file)',
} as const;

export function escrowTarget(multiplier: number): bigint {
  return ESCROW_TARGET_UNIT_LAMPORTS * BigInt(multiplier);
}

export interface EscrowTerms {
  multiplier: number;
  durationDays: number;
  /** Lower-case hex, or null without media. */
  contentHash: string | null;
}

export type EscrowTermsCheck =
  | { ok: true; terms: EscrowTerms }
  | {
      ok: false;
      code: 'invalid_multiplier' | 'invalid_duration' | 'invalid_content_hash';
      message: string;
    };

/**
 * The escrow part of a vault post, as a person sent it: multiplier 1..10 (default 2),
 * durationDays 1..30 (default 7), and the media's SHA-256 exactly when the post has media.
 */
export function checkEscrowTerms(
  input: { multiplier?: unknown; durationDays?: unknown; contentHash?: unknown },
  hasMedia: boolean,
): EscrowTermsCheck {
  const multiplier = input.multiplier ?? ESCROW_DEFAULT_MULTIPLIER;
  if (
    typeof multiplier !== 'number' ||
    !Number.isInteger(multiplier) ||
    multiplier < ESCROW_MIN_MULTIPLIER ||
    multiplier > ESCROW_MAX_MULTIPLIER
  ) {
    return { ok: false, code: 'invalid_multiplier', message: ESCROW_MESSAGES.multiplier };
  }
  const durationDays = input.durationDays ?? ESCROW_DEFAULT_DURATION_DAYS;
  if (
    typeof durationDays !== 'number' ||
    !Number.isInteger(durationDays) ||
    durationDays < ESCROW_MIN_DURATION_DAYS
  ) {
    return { ok: false, code: 'invalid_duration', message: ESCROW_MESSAGES.durationPositive };
  }
  if (durationDays > ESCROW_MAX_DURATION_DAYS) {
    return { ok: false, code: 'invalid_duration', message: ESCROW_MESSAGES.durationMax };
  }
  const hash = input.contentHash ?? null;
  if (hash !== null && (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash))) {
    return { ok: false, code: 'invalid_content_hash', message: ESCROW_MESSAGES.contentHash };
  }
  if (hash !== null && !hasMedia) {
    return {
      ok: false,
      code: 'invalid_content_hash',
      message: ESCROW_MESSAGES.contentHashWithoutMedia,
    };
  }
  if (hash === null && hasMedia) {
    return { ok: false, code: 'invalid_content_hash', message: ESCROW_MESSAGES.contentHashMissing };
  }
  return {
    ok: true,
    terms: { multiplier, durationDays, contentHash: hash === null ? null : hash.toLowerCase() },
  };
}

/**
 * An escrow vault's status in the database from the chain's facts, read at one slot
 * (docs/decisions/009-escrow-vaults.md, issue 21): paid out once the program says so; unlocked
 * only once the chain's clock is at or past the end and the total still meets the target —
 * exactly when the program lets the creator claim (claim_vault), because after the end nothing
 * joins or leaves and the total is final. A total that touches the target before the end unlocks
 * nothing: early withdrawals can still take it back. Not sticky on the database's side: a vault
 * recorded unlocked by an older rule goes back to active if the chain says so.
 * `chainNow` is the Clock sysvar's unix timestamp read with the vault (null: unknown, so locked).
 */
export function escrowVaultStatus(
  current: VaultStatus,
  chain: { totalDeposited: bigint; targetAmount: bigint; endTs: bigint; paidOut: boolean },
  chainNow: bigint | null,
): VaultStatus {
  if (chain.paidOut || current === 'paid_out') return 'paid_out';
  const ended = chainNow !== null && chainNow >= chain.endTs;
  return ended && chain.totalDeposited >= chain.targetAmount ? 'unlocked' : 'active';
}
