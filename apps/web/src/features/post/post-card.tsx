import { Bookmark, Clock, Heart, Lock, MessageCircle, Repeat2, Trash2 } from 'lucide-react';
import { formatAddress } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, memo, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { AuthorHeading } from './author-heading.tsx';
import { Avatar } from './avatar.tsx';
import { CapsuleLabel } from './capsule-label.tsx';
import { useEngagement } from './feed-queries.ts';
import {
  abbreviateCount,
  authorName,
  countedActionName,
  formatRelativeTime,
  formatTimeLeft,
  postCreatedAt,
  postText,
} from './post-display.ts';
import { PostMedia } from './post-media.tsx';
import { PostText } from './post-text.tsx';
import { ProfileAvatarLink } from './profile-link.tsx';
import { usePostWidgets } from './post-widgets.tsx';
import { RepostAction } from './repost-action.tsx';
import { ShareMenu } from './share-menu.tsx';
import type { EngagementKind, FeedPost } from './types.ts';
import { useNow } from '../../lib/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';

export interface PostCardProps {
  post: FeedPost;
  viewer: Viewer;
  referralCode: string | null;
  /** On the post's own page the thread is always open and not height-capped. */
  variant?: 'feed' | 'detail';
  /** Called after the author deletes the post (the detail page navigates away). */
  onDeleted?: () => void;
}

/** A post in the feed ("Post card"). */
export const PostCard = memo(function PostCard({
  post,
  viewer,
  referralCode,
  variant = 'feed',
  onDeleted,
}: PostCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(variant === 'detail');
  // A sponsored item's mark belongs to the ads feature; it loads with the first sponsored card.
  const { SponsoredMark } = usePostWidgets();
  const headingId = useId();
  const commentsId = useId();

  const text = postText(post);
  const isAuthor =
    viewer.isAuthenticated &&
    (post.author.id === viewer.userId || post.author_wallet === viewer.wallet);

  const toggleComments = () => {
    if (!viewer.isAuthenticated && !commentsOpen) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
    }
    setCommentsOpen((open) => !open);
  };

  return (
    <article
      aria-labelledby={headingId}
      data-testid="post-card"
      data-post-id={post.id}
      className="overflow-hidden rounded-card border border-border bg-surface/80 shadow-sm"
    >
      {post.repostedBy && <RepostedByLine repostedBy={post.repostedBy} />}
      <PostCardHeader post={post} headingId={headingId} variant={variant}>
        {post.sponsored && (
          <Suspense fallback={null}>
            <SponsoredMark campaignId={post.sponsored.campaignId} />
          </Suspense>
        )}
        {isAuthor && <DeletePostButton postId={post.id} onDeleted={onDeleted} />}
      </PostCardHeader>
      <PostBody post={post} text={text} variant={variant} />
      <PostWidgetParts post={post} viewer={viewer} isAuthor={isAuthor} />

      <PostActions
        post={post}
        viewer={viewer}
        text={text}
        referralCode={referralCode}
        commentsOpen={commentsOpen}
        commentsId={commentsId}
        onToggleComments={variant === 'detail' ? undefined : toggleComments}
      />

      {commentsOpen && (
        <Suspense fallback={<CommentsLoading id={commentsId} />}>
          <CommentSection
            id={commentsId}
            postId={post.id}
            post={post}
            viewer={viewer}
            variant={variant === 'detail' ? 'full' : 'inline'}
          />
        </Suspense>
      )}
    </article>
  );
});

/**
 * The vault a blink can support: a direct vault still taking support (an escrow vault takes SOL
 * through its program only, which no blink action builds).
 */
function blinkVaultOf(post: FeedPost): string | null {
  const { vault } = post;
  return vault?.kind === 'direct' && vault.status === 'active' ? vault.id : null;
}

/** Like, Comment, Share and Bookmark; signed-out visitors are told to connect a wallet. */
function PostActions({
  post,
  viewer,
  text,
  referralCode,
  commentsOpen,
  commentsId,
  onToggleComments,
}: {
  post: FeedPost;
  viewer: Viewer;
  text: string;
  referralCode: string | null;
  commentsOpen: boolean;
  commentsId: string;
  /** Absent on the detail page, where the comments are always open. */
  onToggleComments: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const engage = useEngagement(post.id);
  const toggle = (kind: EngagementKind) => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    engage.mutate(kind);
  };

  return (
    <footer className="flex items-center gap-1 px-2 pt-2 pb-2">
      <ActionButton
        label={t`Like`}
        count={post.likeCount}
        pressed={post.liked}
        onClick={() => toggle('like')}
        tone={post.liked ? 'text-accent hover:text-accent' : undefined}
      >
        <Heart className={cn('size-[18px]', post.liked && 'fill-current')} aria-hidden="true" />
      </ActionButton>
      <ActionButton
        label={t`Comment`}
        count={post.commentCount}
        expanded={commentsOpen}
        controls={commentsOpen ? commentsId : undefined}
        onClick={onToggleComments}
        tone={commentsOpen ? 'text-foreground hover:text-foreground' : undefined}
      >
        <MessageCircle className="size-[18px]" aria-hidden="true" />
      </ActionButton>
      <RepostAction post={post} viewer={viewer} />
      <ShareMenu
        postId={post.id}
        text={text}
        referralCode={referralCode}
        blinkVaultId={blinkVaultOf(post)}
        report={
          viewer.isAuthenticated &&
          post.author.id !== viewer.userId &&
          post.author_wallet !== viewer.wallet
        }
      />
      <ActionButton
        label={t`Bookmark`}
        pressed={post.bookmarked}
        onClick={() => toggle('bookmark')}
        className="ml-auto"
        tone={post.bookmarked ? 'text-primary hover:text-primary' : undefined}
      >
        <Bookmark
          className={cn('size-[18px]', post.bookmarked && 'fill-current')}
          aria-hidden="true"
        />
      </ActionButton>
    </footer>
  );
}

/** The Following feed's "Reposted by" line: the followed wallet that reposted the post. */
function RepostedByLine({ repostedBy }: { repostedBy: NonNullable<FeedPost['repostedBy']> }) {
  const name = repostedBy.displayName?.trim() || formatAddress(repostedBy.address);
  return (
    <p className="flex items-center gap-1.5 px-4 pt-3 -mb-1 text-xs font-medium text-subtle">
      <Repeat2 className="size-3.5" aria-hidden="true" />
      <span>
        <Trans>
          Reposted by{' '}
          <Link to={`/profile/${repostedBy.address}`} className="rounded-sm hover:underline">
            {name}
          </Link>
        </Trans>
      </span>
    </p>
  );
}

/** Author, time (a link to the post in the feed), a free post's time left, the vault badge. */
function PostCardHeader({
  post,
  headingId,
  variant,
  children,
}: {
  post: FeedPost;
  headingId: string;
  variant: 'feed' | 'detail';
  /** The author's own controls. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  const now = useNow(30_000);
  const name = authorName(post);
  const createdAt = postCreatedAt(post);
  const freeTimeLeft = post.vault || post.capsule ? null : formatTimeLeft(post.expiresAt, now);
  const vaultTimeLeft = post.vault ? formatTimeLeft(post.vault.endsAt, now) : null;
  return (
    <header className="flex items-start gap-3 px-4 pt-4">
      <ProfileAvatarLink address={post.author_wallet}>
        <Avatar name={name} src={post.author.avatarUrl} />
      </ProfileAvatarLink>
      <div className="min-w-0 flex-1">
        <AuthorHeading post={post} id={headingId} tone="card" />
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-subtle">
          {post.author.username && <span className="truncate">@{post.author.username}</span>}
          {createdAt &&
            (variant === 'feed' ? (
              <Link
                to={`/posts/${post.id}`}
                className="inline-flex min-h-6 items-center rounded-sm hover:text-muted hover:underline"
              >
                <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>
              </Link>
            ) : (
              <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>
            ))}
          {freeTimeLeft && (
            <span
              className="inline-flex items-center gap-1 text-subtle"
              title={t`Free posts auto-delete after 24 hours`}
            >
              <Clock className="size-3" aria-hidden="true" />
              <span>{freeTimeLeft}</span>
            </span>
          )}
        </div>
      </div>
      {post.capsule && !post.capsule.sealed && <CapsuleLabel />}
      {post.vault && (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-dum/30 bg-dum/10 px-2 py-0.5 text-[11px] font-semibold text-dum uppercase">
          <Lock className="size-3" aria-hidden="true" />
          <Trans>Vault</Trans>
          {vaultTimeLeft && <span className="normal-case">· {vaultTimeLeft}</span>}
        </span>
      )}
      {children}
    </header>
  );
}

/** The post's text, image and audio. */
function PostBody({
  post,
  text,
  variant,
}: {
  post: FeedPost;
  text: string;
  variant: 'feed' | 'detail';
}) {
  const name = authorName(post);
  return (
    <>
      {text && (
        <p
          className={cn(
            'px-4 pt-3 break-words whitespace-pre-wrap text-foreground/95',
            variant === 'detail' ? 'text-lg leading-relaxed' : 'text-[15px] leading-relaxed',
          )}
        >
          <PostText text={text} mentions={post.mentions} />
        </p>
      )}

      <PostMedia
        imageUrl={post.imageUrl}
        altText={post.altText}
        audioUrl={post.audioUrl}
        name={name}
        size="card"
      />
    </>
  );
}

interface ActionButtonProps {
  label: string;
  /** Shown beside the icon, and so also in the accessible name (countedActionName). */
  count?: number;
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  onClick?: () => void;
  className?: string;
  /** Text colours, resting and hovered. */
  tone?: string;
  children: React.ReactNode;
}

function ActionButton({
  label,
  count,
  pressed,
  expanded,
  controls,
  onClick,
  className,
  tone = 'text-muted hover:text-foreground',
  children,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      aria-label={count === undefined ? label : countedActionName(label, count)}
      aria-pressed={pressed}
      aria-expanded={onClick ? expanded : undefined}
      aria-controls={controls}
      onClick={onClick}
      disabled={!onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium transition-colors hover:bg-surface-2 disabled:cursor-default disabled:hover:bg-transparent',
        tone,
        className,
      )}
    >
      {children}
      {count !== undefined && (
        <span className="min-w-[1ch] font-mono text-xs tabular-nums">{abbreviateCount(count)}</span>
      )}
    </button>
  );
}

// The thread's code loads when a card's comments are first opened.
/**
 * What a post carries under its text: the post it quotes, a sealed capsule's countdown, a
 * vault's panel, a poll. All but the quote belong to the features built on this one; all but
 * the vault's panel load only with the first card that needs them.
 */
function PostWidgetParts({
  post,
  viewer,
  isAuthor,
}: {
  post: FeedPost;
  viewer: Viewer;
  isAuthor: boolean;
}) {
  const { SealedCapsulePanel, VaultPanel, PollPanel } = usePostWidgets();
  return (
    <>
      {(post.quoted ?? post.quotedUnavailable) && (
        <Suspense fallback={<div className="mx-4 mt-3 h-20 rounded-xl border border-border" />}>
          <QuotedPart post={post} viewer={viewer} />
        </Suspense>
      )}
      {post.capsule?.sealed && (
        <Suspense
          fallback={
            <div className="mx-4 mt-3 h-20 rounded-xl border border-primary/30 bg-primary/5" />
          }
        >
          <SealedCapsulePanel
            post={post}
            capsule={post.capsule}
            viewer={viewer}
            isAuthor={isAuthor}
          />
        </Suspense>
      )}
      {post.vault && <VaultPanel post={post} vault={post.vault} viewer={viewer} />}
      {post.poll && (
        <Suspense fallback={<div className="mx-4 mt-3 h-32 rounded-xl border border-border" />}>
          <PollPanel post={post} poll={post.poll} viewer={viewer} />
        </Suspense>
      )}
    </>
  );
}

/** A quote's original (or the note that it is gone) loads with the first quote shown. */
const QuotedPart = lazy(async () => ({
  default: (await import('./quoted-card.tsx')).QuotedPart,
}));

const CommentSection = lazy(async () => ({
  default: (await import('./comment-section.tsx')).CommentSection,
}));

/** Where the thread will be (the Comment button's aria-controls names it meanwhile). */
function CommentsLoading({ id }: { id: string }) {
  return (
    <div id={id} className="border-t border-border/70 px-4 py-3" role="status">
      <span className="sr-only">
        <Trans>Loading comments…</Trans>
      </span>
      <div className="h-12 animate-pulse rounded-2xl bg-surface-2 motion-reduce:animate-none" />
    </div>
  );
}

const DeletePostDialog = lazy(async () => ({
  default: (await import('./delete-post-dialog.tsx')).DeletePostDialog,
}));

/** The author's delete button; the confirmation dialog's code loads on the first press. */
function DeletePostButton({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t`Delete post`}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-xl text-subtle transition-colors hover:bg-danger/10 hover:text-danger"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <DeletePostDialog
            postId={postId}
            open={open}
            onOpenChange={setOpen}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </>
  );
}
