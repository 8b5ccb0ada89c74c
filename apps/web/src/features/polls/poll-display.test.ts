import { describe, expect, it } from 'vitest';
import { checkPollDraft, newPollDraft, percentOf, votesLabel } from './poll-display.ts';

describe('poll display', () => {
  it('checks a draft as the server does: filled in, at most 50, all different', () => {
    expect(checkPollDraft(newPollDraft())).toEqual({
      ok: false,
      message: 'Fill in every poll option, or remove the empty ones',
    });
    expect(checkPollDraft({ options: [' Yes ', 'No'], durationHours: 6 })).toEqual({
      ok: true,
      poll: { options: ['Yes', 'No'], durationHours: 6 },
    });
    expect(checkPollDraft({ options: ['Yes', 'yes '], durationHours: 6 })).toEqual({
      ok: false,
      message: 'Each poll option must be different',
    });
    expect(checkPollDraft({ options: ['Yes', 'x'.repeat(51)], durationHours: 6 }).ok).toBe(false);
    // Characters are code points: 50 emoji fit.
    expect(checkPollDraft({ options: ['Yes', '🙂'.repeat(50)], durationHours: 6 }).ok).toBe(true);
  });

  it('rounds shares and names counts', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 0)).toBe(0);
    expect(votesLabel(1)).toBe('1 vote');
    expect(votesLabel(1200)).toBe('1,200 votes');
  });
});
