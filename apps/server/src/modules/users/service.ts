import {
  AppError,
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  textLength,
  USER_SUGGEST_MAX,
  USERNAME_PATTERN,
  type EstablishedRule,
  type UserProfile,
  type UsernameAvailability,
  type UserSuggestResponse,
  type UserSummaryPage,
} from '@dum/core';
import type { SliceBaseDeps } from '../../context.ts';
import { toUserSummary } from '../../db/user-summary.ts';
import { readAccountView } from '../economy/index.ts';
import { countLivePosts } from '../feed/index.ts';
import { createAvatar, discardAvatars, removeAvatar, type MediaStore } from '../media/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import { readFollowStats, refreshVerified } from '../people/index.ts';
import { trustOfWallet, type TrustPolicy } from '../trust/index.ts';
import {
  readPublicUser,
  readPublicUserById,
  searchUsers,
  suggestUsers,
  updateProfile as writeProfile,
  usernameHeldByOther,
  type ProfileChange,
  type PublicUserRow,
} from './repo.ts';

/** What the users slice's logic needs; built once from the app context (routes.ts). */
export interface UsersDeps extends SliceBaseDeps {
  aprBps: number;
  media: MediaStore;
  appOrigin: string;
  /** Who counts as established (the verified rule, modules/people). */
  established: EstablishedRule;
  /** How trust is read (modules/trust): the profile shows the wallet's band when it is on. */
  trust: TrustPolicy;
}

/** The band a profile shows; none while trust is off, where every wallet's weight is full. */
async function profileTrust(deps: UsersDeps, userId: string): Promise<UserProfile['trust']> {
  if (!deps.trust.enabled) return null;
  return { band: (await trustOfWallet(deps.pool, deps.trust, userId)).band };
}

/**
 * The wallet's public profile: its record with its DUM account, bio, follow and post counts,
 * its trust band, and for a signed-in viewer whether they follow it and whether they blocked it.
 */
async function profileOf(
  deps: UsersDeps,
  user: PublicUserRow,
  viewerId: string | null,
): Promise<UserProfile> {
  const now = deps.clock.now();
  const [account, stats, postCount, trust] = await Promise.all([
    readAccountView(deps.db, { userId: user.id, now, aprBps: deps.aprBps }),
    readFollowStats(deps.pool, user.id, viewerId),
    countLivePosts(deps.pool, user.id, now),
    profileTrust(deps, user.id),
  ]);
  return {
    id: user.id,
    solAddress: user.solAddress,
    username: user.username,
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    isVerified: user.isVerified,
    createdAt: user.createdAt.toISOString(),
    ...account,
    bio: user.bio,
    followerCount: stats.followerCount,
    followingCount: stats.followingCount,
    postCount,
    ...(viewerId ? { isFollowing: stats.isFollowing, isBlocked: stats.isBlocked } : {}),
    trust,
  };
}

/** GET /api/users/{address}; 404 `user_not_found` for a wallet that never signed in. */
export async function getProfile(
  deps: UsersDeps,
  solAddress: string,
  viewerId: string | null,
): Promise<UserProfile> {
  const user = await readPublicUser(deps.pool, solAddress);
  if (!user) throw new AppError('user_not_found');
  return profileOf(deps, user, viewerId);
}

// ---- PATCH /api/users/me ------------------------------------------------------------------------

const PROFILE_FIELDS = new Set(['username', 'displayName', 'bio', 'avatarUrl']);

type Problem = { path: string; message: string };

/** A text field as stored: trimmed, and null when empty (or null). */
function optionalText(value: unknown, path: string, max: number, problems: Problem[]) {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') {
    problems.push({ path, message: 'must be a string or null' });
    return undefined;
  }
  const text = value.trim();
  if (textLength(text) > max) {
    problems.push({ path, message: `must be at most ${max} characters` });
    return undefined;
  }
  return text === '' ? null : text;
}

/**
 * Checks every field of a profile change before anything is written; all problems are answered
 * together as 400 `validation_failed`, each naming its field.
 */
function checkProfileChange(body: unknown): ProfileChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('validation_failed', {
      details: [{ path: '', message: 'must be a JSON object' }],
    });
  }
  const input = body as Record<string, unknown>;
  const problems: Problem[] = Object.keys(input)
    .filter((key) => !PROFILE_FIELDS.has(key))
    .map((key) => ({ path: key, message: 'is not a profile field' }));
  const change: ProfileChange = {};
  if (input.username !== undefined) {
    if (typeof input.username !== 'string') {
      problems.push({ path: 'username', message: 'must be a string' });
    } else if (!USERNAME_PATTERN.test(input.username.trim())) {
      problems.push({
        path: 'username',
        message: 'must be 3 to 20 lowercase letters, digits or underscores',
      });
    } else {
      change.username = input.username.trim();
    }
  }
  const displayName = optionalText(
    input.displayName,
    'displayName',
    DISPLAY_NAME_MAX_LENGTH,
    problems,
  );
  if (displayName !== undefined) change.displayName = displayName;
  const bio = optionalText(input.bio, 'bio', BIO_MAX_LENGTH, problems);
  if (bio !== undefined) change.bio = bio;
  const avatarUrl = optionalText(input.avatarUrl, 'avatarUrl', 2048, problems);
  if (avatarUrl !== undefined) change.avatarUrl = avatarUrl;
  if (problems.length > 0) throw new AppError('validation_failed', { details: problems });
  return change;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505';
}

/**
 * Changes the caller's profile. Every field is checked first; a new avatar (an image the
 * caller uploaded) is then made into a square picture of its own; the fields are written in
 * one statement. A username another wallet holds is 409 `username_taken` (the unique index
 * decides, so two wallets racing for one name cannot both win), and the new picture is removed
 * again: a refused change leaves nothing behind. After the write, pictures the profile no
 * longer uses are removed and the verified rule looks at the wallet again.
 */
export async function updateOwnProfile(
  deps: UsersDeps,
  viewer: { id: string },
  body: unknown,
): Promise<UserProfile> {
  await assertNotSuspended(deps, viewer.id);
  const change = checkProfileChange(body);
  const current = await readPublicUserById(deps.pool, viewer.id);
  if (!current) throw new AppError('unauthorized');
  const avatarDeps = {
    db: deps.db,
    media: deps.media,
    clock: deps.clock,
    appOrigin: deps.appOrigin,
  };
  let newAvatar: string | null = null;
  if (change.avatarUrl === current.avatarUrl) {
    delete change.avatarUrl;
  } else if (change.avatarUrl) {
    newAvatar = await createAvatar(avatarDeps, { ownerId: viewer.id, sourceUrl: change.avatarUrl });
    change.avatarUrl = newAvatar;
  }
  try {
    await writeProfile(deps.pool, viewer.id, change);
  } catch (error) {
    if (newAvatar) await removeAvatar(avatarDeps, { ownerId: viewer.id, url: newAvatar });
    if (isUniqueViolation(error)) throw new AppError('username_taken', { cause: error });
    throw error;
  }
  if (change.avatarUrl !== undefined) {
    try {
      await discardAvatars(avatarDeps, { ownerId: viewer.id, keepUrl: change.avatarUrl });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not remove replaced avatars');
    }
  }
  if (change.username !== undefined) await refreshVerified(deps, [viewer.id]);
  const updated = await readPublicUserById(deps.pool, viewer.id);
  if (!updated) throw new AppError('unauthorized');
  return profileOf(deps, updated, viewer.id);
}

// ---- Names and search ---------------------------------------------------------------------------

/** Whether `username` is free for the viewer (their own current name is). */
export async function usernameAvailability(
  deps: UsersDeps,
  username: string,
  viewerId: string | null,
): Promise<UsernameAvailability> {
  if (!USERNAME_PATTERN.test(username)) return { username, available: false, reason: 'invalid' };
  const taken = await usernameHeldByOther(deps.pool, username, viewerId);
  return { username, available: !taken, reason: taken ? 'taken' : null };
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{4,44}$/;

/** Wallets by username or display name prefix, or by address prefix (4 characters or more). */
export async function searchPeople(
  deps: UsersDeps,
  args: { q: string; limit: number; viewerId: string | null },
): Promise<UserSummaryPage> {
  const q = args.q.trim();
  const prefix = q.startsWith('@') ? q.slice(1) : q;
  if (prefix === '') return { items: [], nextCursor: null };
  const rows = await searchUsers(deps.pool, {
    prefix,
    addressPrefix: BASE58.test(q) ? q : null,
    limit: args.limit,
    viewerId: args.viewerId,
  });
  return {
    items: rows.map(toUserSummary),
    nextCursor: null,
  };
}

/**
 * GET /api/users/suggest?prefix=: up to USER_SUGGEST_MAX wallets whose username or display
 * name starts with the prefix, ignoring case (a leading `@` is dropped); none for a blank one.
 */
export async function suggestPeople(
  deps: UsersDeps,
  args: { prefix: string; viewerId: string | null },
): Promise<UserSuggestResponse> {
  const trimmed = args.prefix.trim();
  const prefix = (trimmed.startsWith('@') ? trimmed.slice(1) : trimmed).toLowerCase();
  if (prefix === '') return { items: [] };
  const rows = await suggestUsers(deps.pool, {
    prefix,
    limit: USER_SUGGEST_MAX,
    viewerId: args.viewerId,
  });
  return {
    items: rows.map((row) => ({
      address: row.sol_address,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: row.avatar_url,
      isVerified: row.is_verified,
    })),
  };
}
