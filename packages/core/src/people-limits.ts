/**
 * Profiles' and direct messages' limits (zod-free, so the web app can use them without zod)
 * (docs/api.md "People" and "Messages"). The server enforces these; the web's forms use them.
 */

/** A username: 3–20 of lowercase letters, digits and underscores, unique ignoring case. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/** Longest display name, in characters (Unicode code points) after trimming. */
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** Longest bio, in characters (Unicode code points) after trimming. */
export const BIO_MAX_LENGTH = 160;

export const PEOPLE_PAGE_DEFAULT = 20;
/** A larger `limit` is cut to this. */
export const PEOPLE_PAGE_MAX = 50;

/** Longest direct message text, in characters (Unicode code points) after trimming. */
export const DM_BODY_MAX_LENGTH = 2000;

/**
 * A tip below this many lamports (0.001 SOL) is recorded and delivered but earns no DUM: a
 * 1-lamport tip would otherwise be a full rewarded event for next to nothing.
 */
export const TIP_REWARD_MIN_LAMPORTS = 1_000_000n;
export const DM_PAGE_DEFAULT = 30;
export const DM_PAGE_MAX = 100;
export const CONVERSATIONS_PAGE_DEFAULT = 20;
