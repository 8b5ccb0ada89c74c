/**
 * Text limits of the composer and the comment box. The server enforces the same numbers; they
 * move to packages/core constants once the feed server exports them (one line to switch).
 */
export const POST_MAX_LENGTH = 1000;
export const COMMENT_MAX_LENGTH = 500;

/** The counter appears once this many characters (or fewer) are left. */
export const LENGTH_WARNING_REMAINING = 50;

/** Posts per feed page the client asks for. */
export const FEED_PAGE_SIZE = 20;
