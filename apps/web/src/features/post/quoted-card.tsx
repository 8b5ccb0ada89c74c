import { Trans, useLingui } from '@lingui/react/macro';
import { Hourglass, Lock, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { useNow } from '../../lib/use-now.ts';
import type { Viewer } from '../auth/index.ts';
import { Avatar } from './avatar.tsx';
import {
  authorName,
  formatRelativeTime,
  formatTimeUntil,
  untouchedPostFields,
} from './post-display.ts';
import { PostMedia } from './post-media.tsx';
import { PostText } from './post-text.tsx';
import { usePostWidgets } from './post-widgets.tsx';
import type { FeedPost, QuotedPost } from './types.ts';

/**
 * The post a quote post quotes, drawn inside the quote's card: its author, time, text and media
 * as the server gave them (a locked vault's media and a sealed capsule's text never come), a
 * note while it is locked, and a quoted vault's progress with its Support button. `viewer`
 * null: a preview (the quote composer), where the vault's panel is left out.
 */
export function QuotedCard({ quoted, viewer }: { quoted: QuotedPost; viewer: Viewer | null }) {
  const { t } = useLingui();
  const { VaultPanel } = usePostWidgets();
  const now = useNow(30_000);
  const name = authorName(quoted);
  return (
    <figure
      aria-label={t`Quoted post by ${name}`}
      data-testid="quoted-card"
      className="mx-4 mt-3 overflow-hidden rounded-xl border border-border bg-surface-2/40"
    >
      <figcaption className="flex items-center gap-2 px-3 pt-3 text-xs text-subtle">
        <Avatar name={name} src={quoted.author.avatarUrl} size="sm" />
        <span className="truncate text-sm font-semibold text-foreground">{name}</span>
        {quoted.author.username && <span className="truncate">@{quoted.author.username}</span>}
        <Link
          to={`/posts/${quoted.id}`}
          className="ml-auto inline-flex min-h-6 shrink-0 items-center rounded-sm hover:text-muted hover:underline"
        >
          <span className="sr-only">
            <Trans>Open the quoted post,</Trans>{' '}
          </span>
          <time dateTime={quoted.createdAt}>{formatRelativeTime(quoted.createdAt, now)}</time>
        </Link>
      </figcaption>
      {quoted.body && (
        <p className="line-clamp-6 px-3 pt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground/90">
          <PostText text={quoted.body} />
        </p>
      )}
      <PostMedia
        imageUrl={quoted.imageUrl}
        altText={quoted.altText}
        audioUrl={quoted.audioUrl}
        name={name}
        size="quote"
      />
      {quoted.locked && <LockedNote quoted={quoted} now={now} />}
      {quoted.vault && viewer && (
        <div className="-mx-1 pb-1">
          <VaultPanel post={quotedAsPost(quoted)} vault={quoted.vault} viewer={viewer} />
        </div>
      )}
      <div className="h-3" />
    </figure>
  );
}

/** What a locked quoted post says instead of its content. */
function LockedNote({ quoted, now }: { quoted: QuotedPost; now: number }) {
  const { t } = useLingui();
  const opens = quoted.kind === 'capsule' ? formatTimeUntil(quoted.unlockAt, now) : null;
  return (
    <p className="mx-3 mt-2 inline-flex items-center gap-1.5 rounded-lg bg-surface-3/60 px-2 py-1 text-xs text-muted">
      {quoted.kind === 'capsule' ? (
        <Hourglass className="size-3.5" aria-hidden="true" />
      ) : (
        <Lock className="size-3.5" aria-hidden="true" />
      )}
      {quoted.kind === 'capsule'
        ? opens
          ? t`Sealed time capsule · opens in ${opens}`
          : t`Sealed time capsule`
        : t`Locked until the vault reaches its target`}
    </p>
  );
}

/** A quote post's original, or the note that it is gone; nothing on other posts. */
export function QuotedPart({ post, viewer }: { post: FeedPost; viewer: Viewer }) {
  if (post.quoted) return <QuotedCard quoted={post.quoted} viewer={viewer} />;
  return post.quotedUnavailable ? <QuotedUnavailable /> : null;
}

/** Where a quote's original is gone (deleted, expired or hidden). */
export function QuotedUnavailable() {
  return (
    <p
      data-testid="quoted-unavailable"
      className="mx-4 mt-3 flex items-center gap-2 rounded-xl border border-dashed border-border px-3 py-3 text-sm text-muted"
    >
      <Quote className="size-4 shrink-0" aria-hidden="true" />
      <Trans>This post is unavailable.</Trans>
    </p>
  );
}

/**
 * The quoted post as the vault panel reads a post (its id, author and media): the fields a
 * quote does not carry are at their empty values.
 */
export function quotedAsPost(quoted: QuotedPost): FeedPost {
  return {
    id: quoted.id,
    kind: quoted.kind,
    body: quoted.body,
    content: quoted.body,
    createdAt: quoted.createdAt,
    expiresAt: null,
    author: quoted.author,
    author_wallet: quoted.author_wallet,
    imageUrl: quoted.imageUrl,
    altText: quoted.altText,
    audioUrl: quoted.audioUrl,
    vault: quoted.vault,
    locked: quoted.locked,
    ...untouchedPostFields(),
    poll: null,
  };
}
