/** The burner wallet's Wallet Standard name (kept apart so the main bundle need not load it). */
export const BURNER_WALLET_NAME = 'Burner Wallet';

/** The burner's 32-byte Ed25519 seed, base58, in this browser's local storage. */
export const BURNER_SECRET_KEY = 'dum.burner.secretKey';
