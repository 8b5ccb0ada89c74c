import { Loader2, RotateCw, Send, Trash2 } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { ProfileAvatarLink, ProfileLink } from './profile-link.tsx';
import { Avatar } from './avatar.tsx';
import { useAddComment, useComments, useDeleteComment } from './feed-queries.ts';
import { COMMENT_MAX_LENGTH } from './limits.ts';
import { commentAuthorName, formatRelativeTime } from './post-display.ts';
import { usePostWidgets } from './post-widgets.tsx';
import type { PostComment } from './types.ts';
import { useNow } from '../../lib/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';

export interface CommentSectionProps {
  postId: string;
  viewer: Viewer;
  /** 'inline' under a feed card (scrolls past 24rem); 'full' on the post's own page. */
  variant: 'inline' | 'full';
  id?: string;
}

/** The comment thread of a post, oldest first, with the box to add one (signed-in only). */
export function CommentSection({ postId, viewer, variant, id }: CommentSectionProps) {
  const comments = useComments(postId, true);
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const now = useNow(30_000);

  return (
    <section
      id={id}
      aria-label="Comments"
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
            <span className="text-muted">Couldn’t load comments.</span>
            <Button variant="ghost" size="sm" onClick={() => void comments.refetch()}>
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-2 text-sm text-muted">No comments yet. Be the first to comment!</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((comment) => (
              <CommentRow
                key={comment.id}
                comment={comment}
                postId={postId}
                now={now}
                mine={isOwnComment(comment, viewer)}
                reportable={viewer.isAuthenticated}
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
            Load more comments
          </Button>
        )}
      </div>
      {viewer.isAuthenticated ? (
        <CommentForm postId={postId} viewer={viewer} />
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-border px-3 py-2.5 text-center text-sm text-muted">
          Connect wallet to comment
        </p>
      )}
    </section>
  );
}

function isOwnComment(comment: PostComment, viewer: Viewer): boolean {
  if (!viewer.isAuthenticated) return false;
  if (comment.authorId && viewer.userId) return comment.authorId === viewer.userId;
  return Boolean(comment.author_wallet && comment.author_wallet === viewer.wallet);
}

function CommentRow({
  comment,
  postId,
  now,
  mine,
  reportable,
}: {
  comment: PostComment;
  postId: string;
  now: number;
  mine: boolean;
  /** A signed-in viewer may report others' comments. */
  reportable: boolean;
}) {
  const remove = useDeleteComment(postId);
  const { ReportButton } = usePostWidgets();
  const pending = comment.id.startsWith('pending-');
  const name = commentAuthorName(comment);
  return (
    <li
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
            {pending ? 'Sending…' : formatRelativeTime(comment.created_at, now)}
          </time>
        </div>
        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-foreground/90">
          {comment.body}
        </p>
      </div>
      {reportable && !mine && !pending && (
        <ReportButton
          targetKind="comment"
          targetId={comment.id}
          label="Report comment"
          className="self-center"
        />
      )}
      {mine && !pending && (
        <button
          type="button"
          aria-label="Delete comment"
          disabled={remove.isPending}
          onClick={() => remove.mutate(comment.id)}
          className="grid size-8 shrink-0 place-items-center self-center rounded-lg text-subtle transition-colors hover:bg-danger/10 hover:text-danger disabled:opacity-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

function CommentForm({ postId, viewer }: { postId: string; viewer: Viewer }) {
  const [content, setContent] = useState('');
  const add = useAddComment(postId, { id: viewer.userId, wallet: viewer.wallet });
  const inputId = useId();
  const trimmed = content.trim();

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
        Write a comment
      </label>
      <input
        id={inputId}
        type="text"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder="Write a comment…"
        maxLength={COMMENT_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="send"
        className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface-2 px-3 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30"
      />
      <Button type="submit" size="md" disabled={!trimmed} aria-label="Post comment">
        <Send aria-hidden="true" />
        <span className="hidden sm:inline">Post</span>
      </Button>
    </form>
  );
}

function CommentSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="flex flex-col gap-3">
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-2.5">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-12 flex-1 rounded-2xl" />
        </div>
      ))}
    </div>
  );
}
