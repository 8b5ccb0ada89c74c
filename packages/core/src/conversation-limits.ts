/**
 * Conversation's limits (zod-free, so the web app's first load does not pull in zod)
 * (docs/api.md "Conversation"): replies, reposts, quotes, mentions, polls, who may reply and
 * muted words. The server enforces these numbers; the web composer uses the same ones.
 */

/** Who may comment on a post: everyone, the wallets its author follows, or those it mentions. */
export const REPLY_POLICIES = ['everyone', 'following', 'mentioned'] as const;
export type ReplyPolicy = (typeof REPLY_POLICIES)[number];

/** At most this many of a post's (or comment's) mentions notify the mentioned wallets. */
export const MENTION_NOTIFY_MAX = 10;
/** GET /api/users/suggest answers at most this many wallets. */
export const USER_SUGGEST_MAX = 8;

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 4;
/** Longest poll option, in characters (code points) after trimming. */
export const POLL_OPTION_MAX_LENGTH = 50;
export const POLL_MIN_HOURS = 1;
export const POLL_MAX_HOURS = 168;
export const POLL_DEFAULT_HOURS = 24;

/** A wallet mutes at most this many words or phrases. */
export const MUTED_WORDS_MAX = 100;
/** Longest muted word or phrase, in characters (code points) after trimming. */
export const MUTED_WORD_MAX_LENGTH = 100;

export const REPLIES_PAGE_DEFAULT = 20;
export const REPLIES_PAGE_MAX = 100;
