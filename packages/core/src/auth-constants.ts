/** Sign-in constants, zod-free so the web app's first load does not pull in zod. */

/** The SIWS statement the server issues (the wallet shows it above the fields). */
export const SIGN_IN_STATEMENT =
  'Sign in to Dum Club. This proves you own this wallet; it sends no transaction and costs nothing.';
export const SIGN_IN_VERSION = '1';

/** Upper bounds on every sign-in field, so a request can never make the server work hard. */
export const AUTH_LIMITS = {
  /** A base58 string of 32 bytes has 32 to 44 characters. */
  addressMaxLength: 44,
  referralCodeMaxLength: 32,
  messageMaxLength: 1024,
  /** A base58 string of 64 bytes has at most 88 characters. */
  signatureMaxLength: 88,
  /** A Solana transaction is at most 1232 bytes: 1644 characters of base64. */
  signedTransactionMaxLength: 1644,
  /** 32 random bytes in base64url. */
  refreshTokenLength: 43,
  /** Longer than any token we issue; longer input is refused before any work. */
  tokenInputMaxLength: 4096,
} as const;
