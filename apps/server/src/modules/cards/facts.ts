import { createHash } from 'node:crypto';
import {
  AppError,
  formatAddress,
  formatBaseUnitsExact,
  isVaultUnlocked,
  type FeedItem,
  type VaultSummary,
} from '@dum/core';
import type pg from 'pg';
import { parsePositiveId } from '../../http/validate.ts';
import type { Clock } from '../../clock.ts';
import type { FeedItemsReader } from '../feed/index.ts';
import { getMystery, type MysteryDeps } from '../mystery/index.ts';
import { readFollowStats } from '../people/index.ts';
import { readPublicUser } from '../users/index.ts';
import { getVaultDetail, type PostReader, type VaultDeps } from '../vaults/index.ts';

/**
 * What a link card says about one object, read as a signed-out reader sees it through the
 * owning slices' own reads: the feed's post (expired, moderated-away and deleted posts are not
 * found; a sealed capsule's text is ''; a locked vault's media and alt text are withheld), the
 * vault detail (a pending escrow vault is not found), the mystery (its target, total and content
 * are hidden until it opens) and the public profile. Nothing here reads a table of its own. The
 * card never carries a post's media, so nothing a locked vault or a sealed capsule withholds can
 * reach it, whatever the reads return.
 */

export const CARD_KINDS = ['post', 'vault', 'mystery', 'profile'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export interface CardProgress {
  /** 0..1, capped. */
  ratio: number;
  label: string;
}

export interface CardFacts {
  kind: CardKind;
  id: string;
  /** og:title and the page's <title>. */
  title: string;
  /** og:description. */
  description: string;
  /** The picture's small label at the top right. */
  label: string;
  /** The picture's big text. */
  heading: string;
  byline: string;
  /** A paragraph under the byline on cards without a progress bar (a bio, a teaser), or null. */
  detail: string | null;
  progress: CardProgress | null;
  note: string | null;
  /** The page the card stands for, from the origin. */
  pagePath: string;
}

export interface CardDeps {
  /** The app's public origin: og:url and og:image are absolute on it. */
  origin: string;
  pool: pg.Pool;
  clock: Clock;
  readItems: FeedItemsReader;
  readPost: PostReader;
  vaults: VaultDeps;
  mystery: MysteryDeps;
}

const DESCRIPTION_MAX = 200;
const HEADING_MAX = 180;
const LAMPORTS_DECIMALS = 9;

/** One line of plain text at most `max` characters (code points), with an ellipsis if cut. */
export function excerpt(text: string, max: number): string {
  // Control characters (a NUL included) have no place in a title or a picture.
  const flat = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}

function nameOf(author: {
  displayName: string | null;
  username: string | null;
  wallet: string;
}): string {
  return (
    author.displayName ?? (author.username ? `@${author.username}` : formatAddress(author.wallet))
  );
}

function bylineOf(author: { displayName: string | null; username: string | null; wallet: string }) {
  const handle = author.username ? `@${author.username}` : formatAddress(author.wallet);
  return author.displayName ? `${author.displayName} · ${handle}` : handle;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** A moment as a reader anywhere reads it: '3 Jan 2027, 12:00 UTC'. */
export function dateText(iso: string): string {
  return `${DATE_FORMAT.format(new Date(iso))} UTC`;
}

function solText(lamports: string): string {
  return formatBaseUnitsExact(BigInt(lamports), LAMPORTS_DECIMALS);
}

function vaultProgress(vault: VaultSummary): CardProgress {
  const current = BigInt(vault.currentAmount);
  const target = BigInt(vault.targetAmount);
  const unlocked = isVaultUnlocked(vault.status);
  const ratio =
    unlocked || target <= 0n ? 1 : Math.min(1, Number((current * 1000n) / target) / 1000);
  const supporters = `${vault.supporterCount} ${vault.supporterCount === 1 ? 'supporter' : 'supporters'}`;
  const raised = `${solText(vault.currentAmount)} of ${solText(vault.targetAmount)} SOL`;
  return { ratio, label: `${raised} · ${supporters}${unlocked ? ' · Unlocked' : ''}` };
}

function vaultNote(vault: VaultSummary, now: Date): string {
  if (isVaultUnlocked(vault.status)) return 'Content unlocked: target reached';
  if (new Date(vault.endsAt).getTime() <= now.getTime()) return 'This vault has ended';
  return `Unlocks at its target · ends ${dateText(vault.endsAt)}`;
}

function authorOf(item: FeedItem) {
  return {
    displayName: item.author.displayName,
    username: item.author.username,
    wallet: item.author_wallet,
  };
}

/** A vault post's text (public; its media is what stays locked) and where it stands. */
function vaultDescription(body: string, progress: CardProgress): string {
  const text = excerpt(body, DESCRIPTION_MAX);
  return `${text ? `“${text}” ` : ''}${progress.label}. The post unlocks at its target.`;
}

/** A post's card: a sealed capsule says when it opens and nothing more. */
function postFacts(item: FeedItem, now: Date): CardFacts {
  const author = authorOf(item);
  const name = nameOf(author);
  const base = { kind: 'post' as const, id: item.id, byline: bylineOf(author) };
  const pagePath = `/posts/${item.id}`;
  if (item.capsule?.sealed) {
    const opens = dateText(item.capsule.unlockAt);
    return {
      ...base,
      title: `A time capsule by ${name}`,
      description: `Sealed until ${opens}. It opens on Dum Club then.`,
      label: 'TIME CAPSULE',
      heading: 'Sealed time capsule',
      detail: 'Its words and media stay sealed until it opens.',
      progress: null,
      note: `Opens ${opens}`,
      pagePath,
    };
  }
  const text = excerpt(item.body, HEADING_MAX);
  const progress = item.vault ? vaultProgress(item.vault) : null;
  return {
    ...base,
    title: `${name} on Dum Club`,
    description: progress
      ? vaultDescription(item.body, progress)
      : excerpt(item.body, DESCRIPTION_MAX) || `A post by ${name} on Dum Club.`,
    label: item.vault ? 'VAULT' : item.capsule ? 'TIME CAPSULE' : 'POST',
    heading: text || (item.vault ? 'A vault post' : 'A post on Dum Club'),
    detail: null,
    progress,
    note: item.vault ? vaultNote(item.vault, now) : null,
    pagePath,
  };
}

async function readPostFacts(deps: CardDeps, id: bigint): Promise<CardFacts | null> {
  const [item] = await deps.readItems([id.toString()], null);
  return item ? postFacts(item, deps.clock.now()) : null;
}

async function readVaultFacts(deps: CardDeps, id: bigint): Promise<CardFacts | null> {
  if (!deps.vaults.enabled) return null;
  const vault = await notFoundAsNull(getVaultDetail(deps.vaults, id, null, deps.readPost));
  if (!vault) return null;
  const author = authorOf(vault.post);
  const name = nameOf(author);
  const progress = vaultProgress(vault);
  return {
    kind: 'vault',
    id: vault.id,
    title: `Support ${name}'s vault on Dum Club`,
    description: vaultDescription(vault.post.body, progress),
    label: 'VAULT',
    heading: excerpt(vault.post.body, HEADING_MAX) || 'A vault on Dum Club',
    byline: bylineOf(author),
    detail: null,
    progress,
    note: vaultNote(vault, deps.clock.now()),
    pagePath: `/vaults/${vault.id}`,
  };
}

async function readMysteryFacts(deps: CardDeps, id: bigint): Promise<CardFacts | null> {
  const mystery = await notFoundAsNull(getMystery(deps.mystery, id, null));
  if (!mystery) return null;
  const author = {
    displayName: mystery.creator.displayName,
    username: mystery.creator.username,
    wallet: mystery.creator.solAddress,
  };
  const joined = `${mystery.participantCount} joined`;
  const when = mystery.openedAt
    ? `Opened ${dateText(mystery.openedAt)}`
    : `Opens by ${dateText(mystery.endsAt)}`;
  const teaser = excerpt(mystery.teaser, DESCRIPTION_MAX);
  return {
    kind: 'mystery',
    id: mystery.id,
    title: `Mystery vault: ${excerpt(mystery.title, 90)}`,
    description: `${teaser ? `${teaser} ` : ''}${joined} · ${when}.`,
    label: 'MYSTERY VAULT',
    heading: excerpt(mystery.title, HEADING_MAX),
    byline: bylineOf(author),
    detail: teaser || null,
    progress: null,
    note: `${joined} · ${when}`,
    pagePath: `/mystery-vaults?open=${mystery.id}`,
  };
}

async function readProfileFacts(deps: CardDeps, address: string): Promise<CardFacts | null> {
  const user = await readPublicUser(deps.pool, address);
  if (!user) return null;
  const stats = await readFollowStats(deps.pool, user.id, null);
  const author = {
    displayName: user.displayName,
    username: user.username,
    wallet: user.solAddress,
  };
  const name = nameOf(author);
  const followers = `${stats.followerCount} ${stats.followerCount === 1 ? 'follower' : 'followers'}`;
  const counts = `${followers} · ${stats.followingCount} following`;
  const bio = excerpt(user.bio ?? '', DESCRIPTION_MAX);
  return {
    kind: 'profile',
    id: user.solAddress,
    title: `${name} on Dum Club`,
    description: bio ? `${bio} · ${counts}` : `${counts} on Dum Club.`,
    label: user.isVerified ? 'VERIFIED PROFILE' : 'PROFILE',
    heading: name,
    byline: bylineOf(author),
    detail: bio || null,
    progress: null,
    note: `${counts} · ${formatAddress(user.solAddress)}`,
    pagePath: `/profile/${user.solAddress}`,
  };
}

/** A read's 404 (the object is not there for a signed-out reader) as null; anything else throws. */
async function notFoundAsNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** An object id in a path: a positive 64-bit integer, else null (the card is not found). */
export function parseObjectId(value: string): bigint | null {
  return parsePositiveId(value);
}

/** A wallet address in a path: base58, 32 to 44 characters, else null. */
export function parseAddress(value: string): string | null {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value) ? value : null;
}

/** The card of one object as a signed-out reader may see it, or null (not found, not shown). */
export async function readCardFacts(
  deps: CardDeps,
  kind: CardKind,
  rawId: string,
): Promise<CardFacts | null> {
  if (kind === 'profile') {
    const address = parseAddress(rawId);
    return address ? readProfileFacts(deps, address) : null;
  }
  const id = parseObjectId(rawId);
  if (id === null) return null;
  if (kind === 'post') return readPostFacts(deps, id);
  if (kind === 'vault') return readVaultFacts(deps, id);
  return readMysteryFacts(deps, id);
}

/** Bumped whenever the picture's drawing changes, so every cached copy and ETag changes too. */
const RENDER_VERSION = '2';

/** The version of a card: a hash of everything it shows (and of the drawing's version). */
export function cardVersion(facts: CardFacts): string {
  return createHash('sha256')
    .update(RENDER_VERSION)
    .update(JSON.stringify(facts))
    .digest('base64url')
    .slice(0, 16);
}
