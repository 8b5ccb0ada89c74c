import type { FeedItem } from '@dum/core';
import { mediaUrlOf } from '../media/index.ts';
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
    author: {
      id: row.author_id,
      avatarUrl: row.avatar_url,
      displayName: row.display_name,
      username: row.username,
      isVerified: row.is_verified,
    },
    author_wallet: row.sol_address,
    imageUrl: row.image_key ? mediaUrlOf(row.image_key) : null,
    altText: row.image_key ? row.image_alt : null,
    audioUrl: row.audio_key ? mediaUrlOf(row.audio_key) : null,
    vault: null,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    liked: row.liked,
    bookmarked: row.bookmarked,
    // Conversation's parts; reposts, quotes, mentions, polls and the reply policy fill them in.
    repostCount: 0,
    repostedByViewer: false,
    quoted: null,
    mentions: [],
    poll: null,
    replyPolicy: 'everyone',
  };
}
