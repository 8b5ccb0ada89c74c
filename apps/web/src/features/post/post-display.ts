import { formatAddress } from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDate, formatDecimal, formatNumber } from '../../lib/i18n/index.ts';
import type { FeedPost, PostComment, PostFields } from './types.ts';

/**
 * What a post card shows, as pure functions over the wire shapes so the fallbacks are tested
 * without rendering.
 */

/** The display name, else the shortened wallet, else 'Anon'. */
export function authorName(post: Pick<PostFields, 'author' | 'author_wallet'>): string {
  const displayName = post.author?.displayName?.trim();
  if (displayName) return displayName;
  if (post.author_wallet) return formatAddress(post.author_wallet);
  return t`Anon`;
}

/**
 * The fields of a post nobody has engaged with yet, for a post the client makes up to show
 * through the post card (a draft's preview, a quote read as a post).
 */
export function untouchedPostFields(): Pick<
  FeedPost,
  | 'likeCount'
  | 'commentCount'
  | 'liked'
  | 'bookmarked'
  | 'repostCount'
  | 'repostedByViewer'
  | 'quoted'
  | 'mentions'
  | 'replyPolicy'
> {
  return {
    likeCount: 0,
    commentCount: 0,
    liked: false,
    bookmarked: false,
    repostCount: 0,
    repostedByViewer: false,
    quoted: null,
    mentions: [],
    replyPolicy: 'everyone',
  };
}

export function commentAuthorName(comment: PostComment): string {
  const displayName = comment.display_name?.trim();
  if (displayName) return displayName;
  if (comment.author_wallet) return formatAddress(comment.author_wallet);
  return t`Anon`;
}

/**
 * Up to two letters for the avatar fallback: "Ada Lovelace" -> "AL", "grace" -> "GR", and a
 * shortened wallet "9xQe...VFin" -> "9X" (its first two characters, like an identicon's seed).
 */
export function initials(name: string): string {
  if (name.includes('...')) return name.slice(0, 2).toUpperCase();
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const [first, second] = words;
  if (first === undefined) return '?';
  const letters =
    second === undefined ? first.slice(0, 2) : `${first.charAt(0)}${second.charAt(0)}`;
  return letters.toUpperCase();
}

/** A post's text is `content` or `body`. */
export function postText(post: Pick<PostFields, 'body' | 'content'>): string {
  return post.content ?? post.body ?? '';
}

/** A post's time is `createdAt` or `created_at`. */
export function postCreatedAt(post: Pick<PostFields, 'createdAt' | 'created_at'>): string | null {
  return post.createdAt ?? post.created_at ?? null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "42s ago", "5m ago", "3h ago", "2d ago", then the date. */
export function formatRelativeTime(iso: string | null, now: number): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < 5_000) return t`just now`;
  if (elapsed < MINUTE) {
    const seconds = Math.floor(elapsed / 1000);
    return t`${seconds}s ago`;
  }
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return t`${minutes}m ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return t`${hours}h ago`;
  }
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return t`${days}d ago`;
  }
  return formatDate(then, { month: 'short', day: 'numeric' });
}

/**
 * Time left until `iso`: "6d 23h left", "23h 5m left", "12m left", "<1m left"; null once passed
 * or unknown. Under two days it counts hours, so a new free post reads "24h 0m left".
 */
export function formatTimeLeft(iso: string | null | undefined, now: number): string | null {
  const duration = formatTimeUntil(iso, now);
  return duration === null ? null : t`${duration} left`;
}

/** The time until `iso` alone: "6d 23h", "23h 5m", "12m", "<1m"; null once passed or unknown. */
export function formatTimeUntil(iso: string | null | undefined, now: number): string | null {
  if (!iso) return null;
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return null;
  const left = end - now;
  if (left <= 0) return null;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (left >= 2 * DAY) return t`${days}d ${hours}h`;
  const totalHours = Math.floor(left / HOUR);
  if (totalHours > 0) return t`${totalHours}h ${minutes}m`;
  if (minutes > 0) return t`${minutes}m`;
  return t`<1m`;
}

/** K at 1,000, M at 1,000,000 (the suffixes and the decimal mark are the language's). */
export function abbreviateCount(count: number): string {
  if (count >= 1_000_000) {
    const millions = trimOneDecimal(count / 1_000_000);
    return t`${millions}M`;
  }
  if (count >= 1_000) {
    const thousands = trimOneDecimal(count / 1_000);
    return t`${thousands}K`;
  }
  return formatNumber(count);
}

/**
 * The accessible name of a button that shows an icon and a count: the action, then the count as
 * it is shown ("Like, 1.5K"), so the name still contains the button's visible text (WCAG 2.5.3,
 * Label in Name) and speech control can say either.
 */
export function countedActionName(action: string, count: number): string {
  return `${action}, ${abbreviateCount(count)}`;
}

function trimOneDecimal(value: number): string {
  return formatDecimal((Math.floor(value * 10) / 10).toFixed(1), 1);
}
