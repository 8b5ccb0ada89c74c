/** The product's business constants, in one place; web and server import them from here. */

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const DUM_DECIMALS = 9;
export const DUM_BASE_UNITS = 1_000_000_000n;

/** The web app's local storage keys (the names are fixed: existing clients read them). */
export const STORAGE_KEYS = {
  jwt: 'dum.jwt',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  jwtExp: 'dum.jwt.exp',
  jwtCreated: 'dum.jwt.created',
} as const;

export const FRESH_TOKEN_GRACE_MS = 5000;
export const SKIP_CHECK_WINDOW_MS = 2000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const HALVING_EPOCH_EVENTS = 70_000;
export const HALVING_URGENT_BELOW = 1000;
export const HALVING_CRITICAL_BELOW = 100;
/** 150 DUM per event in epoch 0 (docs/api.md "Emissions"). */
export const INITIAL_REWARD = 150n * DUM_BASE_UNITS;
/** 21,000,000 DUM in base units. */
export const MAX_SUPPLY = 21_000_000n * DUM_BASE_UNITS;

export const NOTIFICATION_HISTORY = 50;
export const ADDRESS_DISPLAY_CHARS = 4;

export const EMISSIONS_POLL_MS = 30_000;
export const EMISSIONS_FRESH_MS = 20_000;
export const ACTIVITY_POLL_MS = 10_000;
export const ACTIVITY_DEFAULT_LIMIT = 10;
export const REFERRAL_STATS_POLL_MS = 5 * 60_000;
export const REFERRAL_CODE_CACHE_MS = 60 * 60_000;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;
export const FREE_POST_TTL_MS = 24 * 60 * 60_000;
export const VAULT_DURATION_MS = 7 * 24 * 60 * 60_000;

export const DEFAULT_VAULT_LOCK_SOL = '0.1';
export const VAULT_LOCK_STEP_SOL = '0.01';
/** 0.000005 SOL kept aside for the transaction fee when checking a supporter's balance. */
export const FEE_MARGIN_LAMPORTS = 5000n;

export const SHARE_COPY_FEEDBACK_MS = 2000;
export const SHARE_HASHTAGS = ['SocialMining', 'ProofOfVibe'] as const;
export const TOP_SUPPORTERS_SHOWN = 3;

export const REFERRAL_REWARD_REFERRER = 100n * DUM_BASE_UNITS;
export const REFERRAL_REWARD_FRIEND = 50n * DUM_BASE_UNITS;
