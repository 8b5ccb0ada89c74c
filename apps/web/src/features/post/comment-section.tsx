import { formatAddress } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, MessageCircleReply, RotateCw, Send, Trash2 } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { ProfileAvatarLink, ProfileLink } from './profile-link.tsx';
import { Avatar } from './avatar.tsx';
import { useAddComment, useComments, useDeleteComment } from './feed-queries.ts';
import { COMMENT_MAX_LENGTH } from './limits.ts';
import { CommentThread, type RenderComment, type ReplyTarget } from './comment-replies.tsx';
import { authorName, commentAuthorName, formatRelativeTime } from './post-display.ts';
import { replyAccess, replyPolicyNote } from './reply-policy.ts';
import { useDeleteReply } from './reply-queries.ts';
import { usePostWidgets } from './post-widgets.tsx';
import { PostText } from './post-text.tsx';
import { useMentionAutocomplete } from './mention-autocomplete.tsx';
import type { FeedPost, PostComment } from './types.ts';
import { useNow } from '../../lib/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';

export interface CommentSectionProps {
  postId: string;
  /** The post, for who may reply (its author, policy and mentions); everyone when absent. */
  post?: Pick<FeedPost, 'author' | 'author_wallet' | 'replyPolicy' | 'mentions'>;
  viewer: Viewer;
  /** 'inline' under a feed card (scrolls past 24rem); 'full' on the post's own page. */
  variant: 'inline' | 'full';
  id?: string;
}

/**
 * The comment thread of a post, oldest first, each top comment with its replies under it, and
 * the box to add one (signed-in only, and only for those the post's reply policy lets in; the
 * policy is said above the box).
 */
export function CommentSection({ postId, post, viewer, variant, id }: CommentSectionProps) {
  const { t } = useLingui();
  const comments = useComments(postId, true);
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const now = useNow(30_000);
  const [replying, setReplying] = useState<ReplyTarget | null>(null);
  const access = post ? replyAccess(post, viewer) : viewer.isAuthenticated ? 'yes' : 'no';
  const renderComment: RenderComment = (comment, onReply) => (
    <CommentRow
      comment={comment}
      postId={postId}
      now={now}
      mine={isOwnComment(comment, viewer)}
      reportable={viewer.isAuthenticated}
      onReply={onReply}
    />
  );

  return (
    <section
      id={id}
      aria-label={t`Comments`}
      className={cn('border-t border-border/70 px-4 pb-4', variant === 'inline' ? 'pt-3' : 'pt-4')}
    >
      <div
        className={cn(
          'flex flex-col gap-3',
          variant === 'inline' && 'max-h-96 overflow-y-auto overscroll-contain pr-1',
        )}
        data-testid="comment-list"
      >
        {comments.isPending ? (
          <CommentSkeleton />
        ) : comments.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span className="text-muted">
              <Trans>Couldn’t load comments.</Trans>
            </span>
            <Button variant="ghost" size="sm" onClick={() => void comments.refetch()}>
              <RotateCw aria-hidden="true" />
              <Trans>Retry</Trans>
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-2 text-sm text-muted">
            <Trans>No comments yet. Be the first to comment!</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((comment) => (
              <CommentThread
                key={comment.id}
                comment={comment}
                postId={postId}
                canReply={access !== 'no'}
                replying={replying?.topId === comment.id ? replying : null}
                onReply={setReplying}
                onDoneReplying={() => setReplying(null)}
                renderComment={renderComment}
              />
            ))}
          </ul>
        )}
        {comments.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            disabled={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {comments.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            <Trans>Load more comments</Trans>
          </Button>
        )}
      </div>
      <CommentBox postId={postId} post={post} viewer={viewer} open={access !== 'no'} />
    </section>
  );
}

/** Under the thread: who may reply, then the box (for those who may) or the sign-in line. */
function CommentBox({
  postId,
  post,
  viewer,
  open,
}: Pick<CommentSectionProps, 'postId' | 'post' | 'viewer'> & { open: boolean }) {
  return (
    <>
      {post && <ReplyPolicyNote post={post} viewer={viewer} />}
      {viewer.isAuthenticated ? (
        open && <CommentForm postId={postId} viewer={viewer} />
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-border px-3 py-2.5 text-center text-sm text-muted">
          <Trans>Connect wallet to comment</Trans>
        </p>
      )}
    </>
  );
}

function isOwnComment(comment: PostComment, viewer: Viewer): boolean {
  if (!viewer.isAuthenticated) return false;
  if (comment.authorId && viewer.userId) return comment.authorId === viewer.userId;
  return Boolean(comment.author_wallet && comment.author_wallet === viewer.wallet);
}

/** Says who may reply to the post, before anyone types; nothing when everyone may. */
function ReplyPolicyNote({
  post,
  viewer,
}: {
  post: NonNullable<CommentSectionProps['post']>;
  viewer: Viewer;
}) {
  const isAuthor = viewer.userId !== null && viewer.userId === post.author.id;
  const note = replyPolicyNote(post.replyPolicy, authorName(post), isAuthor);
  if (note === null) return null;
  return (
    <p className="mt-3 flex items-center gap-2 text-sm text-muted" data-testid="reply-policy-note">
      <MessageCircleReply className="size-4 shrink-0" aria-hidden="true" />
      {note}
    </p>
  );
}

// eslint-disable-next-line max-lines-per-function -- one row: the byline, the text, its actions
function CommentRow({
  comment,
  postId,
  now,
  mine,
  reportable,
  onReply,
}: {
  comment: PostComment;
  postId: string;
  now: number;
  mine: boolean;
  /** A signed-in viewer may report others' comments. */
  reportable: boolean;
  /** Opens the reply box for this comment; absent when the viewer may not reply. */
  onReply?: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const removeComment = useDeleteComment(postId);
  const removeReply = useDeleteReply(postId);
  const { parentId } = comment;
  const remove = {
    isPending: removeComment.isPending || removeReply.isPending,
    mutate: (id: string) =>
      parentId === null ? removeComment.mutate(id) : removeReply.mutate({ id, parentId }),
  };
  const { ReportButton } = usePostWidgets();
  const pending = comment.id.startsWith('pending-');
  const name = commentAuthorName(comment);
  const replyToName = comment.replyTo
    ? comment.replyTo.username
      ? `@${comment.replyTo.username}`
      : formatAddress(comment.replyTo.address)
    : '';
  return (
    <div
      className={cn('group flex gap-2.5', pending && 'opacity-60')}
      aria-busy={pending || undefined}
    >
      <ProfileAvatarLink address={pending ? null : comment.author_wallet}>
        <Avatar name={name} src={comment.avatar_url} size="sm" />
      </ProfileAvatarLink>
      <div className="min-w-0 flex-1 rounded-2xl bg-surface-2/80 px-3 py-2">
        <div className="flex items-baseline gap-2">
          <ProfileLink
            address={pending ? null : comment.author_wallet}
            className="truncate text-sm font-semibold"
          >
            {name}
          </ProfileLink>
          <time dateTime={comment.created_at} className="shrink-0 text-xs text-subtle">
            {pending ? t`Sending…` : formatRelativeTime(comment.created_at, now)}
          </time>
        </div>
        {comment.replyTo && (
          <p className="text-xs text-subtle">
            <Trans>
              Replying to{' '}
              <ProfileLink address={comment.replyTo.address} className="text-primary">
                {replyToName}
              </ProfileLink>
            </Trans>
          </p>
        )}
        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-foreground/90">
          <PostText text={comment.body} mentions={comment.mentions} />
        </p>
        {onReply && (
          <button
            type="button"
            onClick={onReply}
            aria-label={t`Reply to ${name}`}
            data-reply-to={comment.id}
            className="mt-1 rounded-md text-xs font-semibold text-muted hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
          >
            <Trans>Reply</Trans>
          </button>
        )}
      </div>
      {reportable && !mine && !pending && (
        <ReportButton
          targetKind="comment"
          targetId={comment.id}
          label={t`Report comment`}
          className="self-center"
        />
      )}
      {mine && !pending && (
        <button
          type="button"
          aria-label={t`Delete comment`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(comment.id)}
          className="grid size-8 shrink-0 place-items-center self-center rounded-lg text-subtle transition-colors hover:bg-danger/10 hover:text-danger disabled:opacity-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

function CommentForm({ postId, viewer }: { postId: string; viewer: Viewer }) {
  const { t } = useLingui();
  const [content, setContent] = useState('');
  const add = useAddComment(postId, { id: viewer.userId, wallet: viewer.wallet });
  const inputId = useId();
  const trimmed = content.trim();
  const mentions = useMentionAutocomplete<HTMLInputElement>(content, setContent);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    if (!trimmed) return;
    add.mutate(trimmed);
    setContent('');
  };

  return (
    <form onSubmit={submit} className="mt-3 flex items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        <Trans>Write a comment</Trans>
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          {...mentions.inputProps}
          onKeyDown={(event) => void mentions.onKeyDown(event)}
          id={inputId}
          type="text"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder={t`Write a comment…`}
          maxLength={COMMENT_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          className="h-10 w-full min-w-0 rounded-xl border border-border bg-surface-2 px-3 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30"
        />
        {mentions.list}
      </div>
      <Button type="submit" size="md" disabled={!trimmed} aria-label={t`Post comment`}>
        <Send aria-hidden="true" />
        <span className="hidden sm:inline">
          <Trans>Post</Trans>
        </span>
      </Button>
    </form>
  );
}

function CommentSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading comments`} className="flex flex-col gap-3">
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-2.5">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-12 flex-1 rounded-2xl" />
        </div>
      ))}
    </div>
  );
}
