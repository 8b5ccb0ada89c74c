import { ACTIVITY_TYPES } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_STYLES, activityStyle, activityTimeAgo } from './activity-display.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('activityTimeAgo', () => {
  it('reads seconds under a minute, minutes under an hour, hours after that', () => {
    expect(activityTimeAgo(ago(0), NOW)).toBe('0s ago');
    expect(activityTimeAgo(ago(59_999), NOW)).toBe('59s ago');
    expect(activityTimeAgo(ago(60_000), NOW)).toBe('1m ago');
    expect(activityTimeAgo(ago(59 * 60_000 + 59_000), NOW)).toBe('59m ago');
    expect(activityTimeAgo(ago(60 * 60_000), NOW)).toBe('1h ago');
    expect(activityTimeAgo(ago(49 * 60 * 60_000), NOW)).toBe('49h ago');
  });

  it('reads a time slightly in the future (clock skew) as 0s ago, and nonsense as nothing', () => {
    expect(activityTimeAgo(ago(-5_000), NOW)).toBe('0s ago');
    expect(activityTimeAgo('not a date', NOW)).toBe('');
  });
});

describe('activity icons and colours', () => {
  it('gives each of the eight types its own icon and colour', () => {
    expect(ACTIVITY_TYPES).toEqual([
      'post_created',
      'vault_created',
      'dum_earned',
      'vault_unlocked',
      'halving',
      'milestone',
      'comment',
      'like',
    ]);
    const icons = new Set(ACTIVITY_TYPES.map((type) => ACTIVITY_STYLES[type].icon));
    const colours = new Set(ACTIVITY_TYPES.map((type) => ACTIVITY_STYLES[type].className));
    expect(icons.size).toBe(8);
    expect(colours.size).toBe(8);
  });

  it.each([
    ['post_created', 'PenLine', 'text-primary'],
    ['vault_created', 'LockKeyhole', 'text-accent'],
    ['dum_earned', 'Coins', 'text-dum'],
    ['vault_unlocked', 'LockKeyholeOpen', 'text-success'],
    ['halving', 'Zap', 'text-warning'],
    ['milestone', 'Trophy', 'bg-vibe'],
    ['comment', 'MessageCircle', 'text-sky-400'],
    ['like', 'Heart', 'text-danger'],
  ])('%s: %s in %s', (type, icon, colour) => {
    const style = activityStyle(type);
    expect(style.icon.displayName).toBe(icon);
    expect(style.className).toContain(colour);
  });

  it('falls back to a neutral icon for a type it does not know', () => {
    const style = activityStyle('something_new');
    expect(style.label).toBe('Activity');
    expect(style.className).toContain('text-muted');
  });
});
