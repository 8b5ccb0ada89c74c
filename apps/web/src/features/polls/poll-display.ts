import {
  POLL_DEFAULT_HOURS,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  textLength,
  type PollInput,
} from '@dum/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Options are told apart as the server does: case folded the English way, in any language. */
const SERVER_CASE_LOCALE = 'en-US';

/** The composer's poll as typed: the options as written, and how long it runs. */
export interface PollDraft {
  options: string[];
  durationHours: number;
}

/** A new poll: two empty options, running the default length. */
export function newPollDraft(): PollDraft {
  return { options: ['', ''], durationHours: POLL_DEFAULT_HOURS };
}

/**
 * The lengths the composer offers. A free post is deleted after 24 hours and its poll ends with
 * it at the latest (the server's rule), so no longer run is offered.
 */
export const POLL_LENGTHS: ReadonlyArray<{ hours: number; label: MessageDescriptor }> = [
  { hours: 1, label: msg`1 hour` },
  { hours: 6, label: msg`6 hours` },
  { hours: 12, label: msg`12 hours` },
  { hours: 24, label: msg`1 day` },
];

export const canAddOption = (draft: PollDraft) => draft.options.length < POLL_MAX_OPTIONS;
export const canRemoveOption = (draft: PollDraft) => draft.options.length > POLL_MIN_OPTIONS;

/**
 * The poll to send, or why it cannot go (the server's checks, so the composer says it before
 * posting): every option filled in, at most 50 characters, no two the same.
 */
export function checkPollDraft(
  draft: PollDraft,
): { ok: true; poll: PollInput } | { ok: false; message: string } {
  const options = draft.options.map((option) => option.trim());
  if (options.some((option) => option === '')) {
    return { ok: false, message: t`Fill in every poll option, or remove the empty ones` };
  }
  if (options.some((option) => textLength(option) > POLL_OPTION_MAX_LENGTH)) {
    return {
      ok: false,
      message: t`A poll option is at most ${POLL_OPTION_MAX_LENGTH} characters`,
    };
  }
  const keys = new Set(options.map((option) => option.toLocaleLowerCase(SERVER_CASE_LOCALE)));
  if (keys.size !== options.length) {
    return { ok: false, message: t`Each poll option must be different` };
  }
  return { ok: true, poll: { options, durationHours: draft.durationHours } };
}

/** An option's share of the votes, as a whole percent (0 with no votes yet). */
export function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}

export function votesLabel(total: number): string {
  // `#` is the count in the active language's digits (1,200 / 1200).
  return plural(total, { one: '# vote', other: '# votes' });
}
