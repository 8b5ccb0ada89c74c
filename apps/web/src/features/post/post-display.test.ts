import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  authorName,
  commentAuthorName,
  countedActionName,
  formatRelativeTime,
  formatTimeLeft,
  initials,
  postText,
} from './post-display.ts';
import { makeComment, makePost } from './test-kit.tsx';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const ahead = (ms: number) => new Date(NOW + ms).toISOString();

describe('authorName', () => {
  it('prefers the display name, then the shortened wallet, then Anon', () => {
    expect(authorName(makePost())).toBe('Ada Lovelace');
    const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    expect(
      authorName({ author: { ...makePost().author, displayName: '  ' }, author_wallet: wallet }),
    ).toBe('9xQe...VFin');
    expect(authorName({ author: null, author_wallet: wallet })).toBe('9xQe...VFin');
    expect(authorName({ author: null, author_wallet: null })).toBe('Anon');
  });

  it('applies the same fallbacks to comments', () => {
    expect(commentAuthorName(makeComment())).toBe('Grace');
    expect(commentAuthorName(makeComment({ display_name: null }))).toBe('Grac...aceW');
    expect(commentAuthorName(makeComment({ display_name: null, author_wallet: null }))).toBe(
      'Anon',
    );
  });
});

describe('initials', () => {
  it('takes two letters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('9xQe...VFin')).toBe('9X');
    expect(initials('Anon')).toBe('AN');
    expect(initials('!!')).toBe('?');
  });
});

describe('postText', () => {
  it('reads content, else body', () => {
    expect(postText({ content: 'a', body: 'b' })).toBe('a');
    expect(postText({ content: null, body: 'b' })).toBe('b');
    expect(postText({})).toBe('');
  });
});

describe('formatRelativeTime', () => {
  it('counts seconds, minutes, hours and days', () => {
    expect(formatRelativeTime(ago(2_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(42_000), NOW)).toBe('42s ago');
    expect(formatRelativeTime(ago(5 * 60_000), NOW)).toBe('5m ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), NOW)).toBe('3h ago');
    expect(formatRelativeTime(ago(2 * 86_400_000), NOW)).toBe('2d ago');
    expect(formatRelativeTime(ago(30 * 86_400_000), NOW)).toBe('May 2');
    expect(formatRelativeTime('nonsense', NOW)).toBe('');
    // A clock slightly behind the server's never shows the future.
    expect(formatRelativeTime(ahead(3_000), NOW)).toBe('just now');
  });
});

describe('formatTimeLeft', () => {
  it('shows what is left of a free post, nothing once it has passed', () => {
    expect(formatTimeLeft(ahead(23 * 3_600_000 + 5 * 60_000), NOW)).toBe('23h 5m left');
    expect(formatTimeLeft(ahead(12 * 60_000 + 10_000), NOW)).toBe('12m left');
    expect(formatTimeLeft(ahead(20_000), NOW)).toBe('<1m left');
    expect(formatTimeLeft(ahead(24 * 3_600_000), NOW)).toBe('24h 0m left');
    expect(formatTimeLeft(ahead(7 * 86_400_000), NOW)).toBe('7d 0h left');
    expect(formatTimeLeft(ago(1), NOW)).toBeNull();
    expect(formatTimeLeft(null, NOW)).toBeNull();
  });
});

describe('abbreviateCount', () => {
  it('uses K from 1,000 and M from 1,000,000', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1250)).toBe('1.2K');
    expect(abbreviateCount(1_000_000)).toBe('1M');
    expect(abbreviateCount(2_560_000)).toBe('2.5M');
  });
});

describe('countedActionName', () => {
  it('names the action, then the count exactly as the button shows it', () => {
    expect(countedActionName('Like', 0)).toBe('Like, 0');
    expect(countedActionName('Comment', 1250)).toBe('Comment, 1.2K');
  });
});
