/**
 * The polls feature's face: a post's poll in its card (handed to the post kernel through
 * PostWidgetsProvider) and what the composer needs to write one. Nothing else in this folder is
 * imported from outside it, except its *-entry.ts files (loaded lazily).
 */
export { checkPollDraft, newPollDraft, type PollDraft } from './poll-display.ts';
