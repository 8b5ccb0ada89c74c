import {
  BIO_MAX_LENGTH,
  textLength,
  DISPLAY_NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@dum/core';
import { t } from '@lingui/core/macro';
import type { UpdateProfileRequest, UserProfile } from './types.ts';

/**
 * The edit-profile form's rules, pure: the same limits the server enforces (people-limits in
 * core), checked as the person types so most mistakes never reach the server.
 */

export type ProfileField = 'username' | 'displayName' | 'bio' | 'avatarUrl';

export interface ProfileDraft {
  username: string;
  displayName: string;
  bio: string;
  /** The uploaded picture's media URL, or null for none. */
  avatarUrl: string | null;
}

export type FieldErrors = Partial<Record<ProfileField, string>>;

/** "3–20 lowercase letters, numbers or underscores", in the active language. */
export function usernameRule(): string {
  const min = USERNAME_MIN_LENGTH;
  const max = USERNAME_MAX_LENGTH;
  return t`${min}–${max} lowercase letters, numbers or underscores`;
}

/** "Use 3–20 lowercase letters, numbers or underscores." */
export function usernameRuleProblem(): string {
  const rule = usernameRule();
  return t`Use ${rule}.`;
}

/** Characters as the server counts them: Unicode code points, after trimming. */
export function characterCount(text: string): number {
  return textLength(text.trim());
}

export function draftOf(profile: UserProfile): ProfileDraft {
  return {
    username: profile.username ?? '',
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    avatarUrl: profile.avatarUrl,
  };
}

/** The username's own problem, before any availability check; null when it is well formed. */
export function usernameProblem(username: string): string | null {
  if (USERNAME_PATTERN.test(username)) return null;
  return usernameRuleProblem();
}

/** Every field's problem in the draft (an empty username is kept as it was, never sent). */
export function draftErrors(draft: ProfileDraft, current: UserProfile): FieldErrors {
  const errors: FieldErrors = {};
  const username = draft.username.trim();
  if (username !== (current.username ?? '') && username !== '') {
    const problem = usernameProblem(username);
    if (problem) errors.username = problem;
  }
  if (characterCount(draft.displayName) > DISPLAY_NAME_MAX_LENGTH) {
    const max = DISPLAY_NAME_MAX_LENGTH;
    errors.displayName = t`Display names can be up to ${max} characters.`;
  }
  if (characterCount(draft.bio) > BIO_MAX_LENGTH) {
    const max = BIO_MAX_LENGTH;
    errors.bio = t`Bios can be up to ${max} characters.`;
  }
  return errors;
}

/** The PATCH body: only what changed; a cleared display name, bio or picture is sent as null. */
export function changesOf(draft: ProfileDraft, current: UserProfile): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  const username = draft.username.trim();
  if (username && username !== (current.username ?? '')) changes.username = username;
  const displayName = draft.displayName.trim();
  if (displayName !== (current.displayName ?? '')) changes.displayName = displayName || null;
  const bio = draft.bio.trim();
  if (bio !== (current.bio ?? '')) changes.bio = bio || null;
  if (draft.avatarUrl !== current.avatarUrl) changes.avatarUrl = draft.avatarUrl;
  return changes;
}

const FIELDS: readonly ProfileField[] = ['username', 'displayName', 'bio', 'avatarUrl'];

function isField(value: unknown): value is ProfileField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * The field a server refusal is about: `username_taken` is the username's; `validation_failed`
 * names its field in `details` (a list of `{ path, message }`, or `{ field }`); an upload the
 * server will not take as a picture is the avatar's.
 */
export function serverFieldErrors(code: string, message: string, details: unknown): FieldErrors {
  if (code === 'username_taken') return { username: message };
  if (code === 'media_not_attachable' || code === 'invalid_file_type') {
    return { avatarUrl: message };
  }
  if (code !== 'validation_failed') return {};
  const errors: FieldErrors = {};
  const entries: unknown[] = Array.isArray(details) ? details : [details];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const field = isField(record.path) ? record.path : isField(record.field) ? record.field : null;
    if (!field) continue;
    errors[field] = typeof record.message === 'string' ? record.message : message;
  }
  return errors;
}
