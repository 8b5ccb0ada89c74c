import type { FeedItem, PostAuthor, QuotedPost } from '@dum/core';
import { mediaUrlOf } from '../media/index.ts';
import type { AuthorColumns, QuotedRow } from './quote-repo.ts';
import type { PostRow } from './repo.ts';

/**
 * A post row as the viewer sees it. A sealed time capsule (opened_at still null) shows its
 * text, media and alt text to its author alone (their media URLs carry the capsule's key, so
 * the files load in an <img>); everyone else gets '' and nulls (docs/api.md "Time capsules").
 */
export function toFeedItem(row: PostRow, viewerId: string | null): FeedItem {
  const sealed = row.kind === 'capsule' && row.opened_at === null;
  if (sealed && viewerId !== row.author_id) {
    return {
      ...openItem(row),
      body: '',
      content: '',
      mentions: [],
      imageUrl: null,
      altText: null,
      audioUrl: null,
      capsule: capsuleOf(row, true),
    };
  }
  const item = openItem(row);
  if (row.kind !== 'capsule') return item;
  const key = sealed && row.capsule_key ? `?key=${encodeURIComponent(row.capsule_key)}` : '';
  return {
    ...item,
    imageUrl: item.imageUrl === null ? null : `${item.imageUrl}${key}`,
    audioUrl: item.audioUrl === null ? null : `${item.audioUrl}${key}`,
    capsule: capsuleOf(row, sealed),
  };
}

function capsuleOf(row: PostRow, sealed: boolean): NonNullable<FeedItem['capsule']> {
  return {
    unlockAt: (row.unlock_at ?? row.created_at).toISOString(),
    sealed,
    waitingCount: row.waiting_count,
    notifying: row.notifying,
  };
}

function openItem(row: PostRow): FeedItem {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    content: row.body,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    author: authorOf(row),
    author_wallet: row.sol_address,
    imageUrl: row.image_key ? mediaUrlOf(row.image_key) : null,
    altText: row.image_key ? row.image_alt : null,
    audioUrl: row.audio_key ? mediaUrlOf(row.audio_key) : null,
    vault: null,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    liked: row.liked,
    bookmarked: row.bookmarked,
    // Conversation's parts; mentions, polls and the reply policy fill theirs in.
    repostCount: row.repost_count,
    repostedByViewer: row.reposted,
    ...(row.reposted_by ? { repostedBy: row.reposted_by } : {}),
    quoted: row.quoted ? quotedOf(row.quoted) : null,
    ...(row.quote_of !== null && !row.quoted ? { quotedUnavailable: true } : {}),
    mentions: row.mentions,
    poll: null,
    replyPolicy: row.reply_policy,
  };
}

/** A post's author as posts and quoted posts show them. */
function authorOf(row: AuthorColumns): PostAuthor {
  return {
    id: row.author_id,
    avatarUrl: row.avatar_url,
    displayName: row.display_name,
    username: row.username,
    isVerified: row.is_verified,
  };
}

/**
 * A quoted post's summary. The row holds only what every viewer may see (repo.ts
 * QUOTED_COLUMN): a locked vault or sealed capsule comes without its media or text. A quoted
 * vault's progress is put on with the page's vaults (modules/vaults presentVault).
 */
function quotedOf(row: QuotedRow): QuotedPost {
  return {
    id: row.id,
    kind: row.kind,
    author: authorOf(row),
    author_wallet: row.sol_address,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    imageUrl: row.image_key ? mediaUrlOf(row.image_key) : null,
    altText: row.image_key ? row.image_alt : null,
    audioUrl: row.audio_key ? mediaUrlOf(row.audio_key) : null,
    locked: row.locked,
    vault: null,
    unlockAt: row.unlock_at ? new Date(row.unlock_at).toISOString() : null,
  };
}
