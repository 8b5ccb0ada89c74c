/**
 * Mystery vaults' and time capsules' limits (zod-free, so the web app can use them without zod)
 * (docs/api.md "Mystery vaults" and "Time capsules"). The server enforces these; the web's forms
 * use them. Amounts are lamports (bigint); a join's minimum is the vault support's
 * (VAULT_MIN_SUPPORT_LAMPORTS, vaults.ts).
 */

/** A mystery vault's timer: from 1 hour to 7 days, chosen by its creator. */
export const MYSTERY_MIN_DURATION_SECONDS = 60 * 60;
export const MYSTERY_MAX_DURATION_SECONDS = 7 * 24 * 60 * 60;
/** The durations the create form offers (seconds); any whole second in the range is accepted. */
export const MYSTERY_DURATION_CHOICES = [3600, 6 * 3600, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600];
/** Longest title and teaser, in characters (code points) after trimming. */
export const MYSTERY_TITLE_MAX_LENGTH = 80;
export const MYSTERY_TEASER_MAX_LENGTH = 280;
/** The hidden content's longest text (a post's). */
export const MYSTERY_BODY_MAX_LENGTH = 1000;
export const MYSTERY_SCOPES = ['open', 'opened', 'mine'] as const;
export type MysteryScope = (typeof MYSTERY_SCOPES)[number];
export const MYSTERY_STATES = ['open', 'opened'] as const;
export type MysteryState = (typeof MYSTERY_STATES)[number];
/** Why a mystery vault opened: its hidden target was reached, or its timer ended. */
export const MYSTERY_OPEN_REASONS = ['target', 'timer'] as const;
export type MysteryOpenReason = (typeof MYSTERY_OPEN_REASONS)[number];
export const MYSTERY_PAGE_SIZE = 20;

/** A time capsule opens from 1 hour to 1 year after it is sealed. */
export const CAPSULE_MIN_SEAL_SECONDS = 60 * 60;
export const CAPSULE_MAX_SEAL_SECONDS = 365 * 24 * 60 * 60;
export const CAPSULE_SCOPES = ['soon', 'opened', 'mine'] as const;
export type CapsuleScope = (typeof CAPSULE_SCOPES)[number];
export const CAPSULE_PAGE_SIZE = 20;
