/** The burner wallet's Wallet Standard name (kept apart so the main bundle need not load it). */
export const BURNER_WALLET_NAME = 'Burner Wallet';
