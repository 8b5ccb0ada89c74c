import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Loader2, RotateCw, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { COMMENT_MAX_LENGTH } from './limits.ts';
import { useMentionAutocomplete } from './mention-autocomplete.tsx';
import { commentAuthorName } from './post-display.ts';
import { useAddReply, useReplies } from './reply-queries.ts';
import type { PostComment } from './types.ts';

/**
 * A top comment's thread (docs/api.md "Replies"): the comment, its replies one level under it
 * (opened on demand), and the reply box while the viewer answers someone in it. A reply to a
 * reply is filed under the same top comment by the server, with a "replying to" line.
 */

/** Whom the viewer is answering: a comment of this thread (the top one or one of its replies). */
export interface ReplyTarget {
  topId: string;
  parentId: string;
  name: string;
}

/** How a thread draws one comment (the section's row, with its Reply action when allowed). */
export type RenderComment = (comment: PostComment, onReply: (() => void) | undefined) => ReactNode;

export interface CommentThreadProps {
  comment: PostComment;
  postId: string;
  /** The viewer may reply here (signed in, and the post's policy does not leave them out). */
  canReply: boolean;
  /** The reply being written in this thread, or null. */
  replying: ReplyTarget | null;
  onReply: (target: ReplyTarget) => void;
  onDoneReplying: () => void;
  renderComment: RenderComment;
}

export function CommentThread(props: CommentThreadProps) {
  const { comment, postId, canReply, replying, onReply, onDoneReplying, renderComment } = props;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const threadId = useId();
  const thread = useRef<HTMLLIElement>(null);
  // Once the box closes, focus goes back to the Reply that opened it (still in this thread).
  const done = (target: ReplyTarget) => {
    onDoneReplying();
    requestAnimationFrame(() => {
      const buttons = thread.current?.querySelectorAll<HTMLElement>('[data-reply-to]') ?? [];
      [...buttons].find((button) => button.dataset.replyTo === target.parentId)?.focus();
    });
  };
  const pending = comment.id.startsWith('pending-');
  const replyTo = (target: PostComment) =>
    canReply && !pending && !target.id.startsWith('pending-')
      ? () => onReply({ topId: comment.id, parentId: target.id, name: commentAuthorName(target) })
      : undefined;
  const count = comment.replyCount;

  return (
    <li ref={thread} className="flex flex-col gap-2">
      {renderComment(comment, replyTo(comment))}
      {(count > 0 || replying) && (
        <div className="ml-10 flex flex-col gap-2">
          {count > 0 && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? threadId : undefined}
              onClick={() => setOpen(!open)}
              className="flex items-center gap-1 self-start rounded-md px-1 text-xs font-semibold text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
            >
              <ChevronDown
                className={cn('size-3.5 transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
              {open
                ? t`Hide replies`
                : t`View ${plural(count, { one: '# reply', other: '# replies' })}`}
            </button>
          )}
          {open && (
            <ReplyList
              id={threadId}
              commentId={comment.id}
              render={(reply) => renderComment(reply, replyTo(reply))}
            />
          )}
          {replying && (
            <ReplyForm
              postId={postId}
              target={replying}
              onSent={() => {
                setOpen(true);
                done(replying);
              }}
              onCancel={() => done(replying)}
            />
          )}
        </div>
      )}
    </li>
  );
}

function ReplyList({
  id,
  commentId,
  render,
}: {
  id: string;
  commentId: string;
  render: (reply: PostComment) => ReactNode;
}) {
  const { t } = useLingui();
  const replies = useReplies(commentId, true);
  const items = replies.data?.pages.flatMap((page) => page.items) ?? [];
  if (replies.isPending) {
    return (
      <div id={id} role="status" aria-label={t`Loading replies`} className="flex gap-2.5">
        <Skeleton className="size-8 rounded-full" />
        <Skeleton className="h-10 flex-1 rounded-2xl" />
      </div>
    );
  }
  if (replies.isError) {
    return (
      <div id={id} role="alert" className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted">
          <Trans>Couldn’t load replies.</Trans>
        </span>
        <Button variant="ghost" size="sm" onClick={() => void replies.refetch()}>
          <RotateCw aria-hidden="true" />
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div id={id} className="flex flex-col gap-2">
      {items.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No replies to show.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Replies`} className="flex flex-col gap-2">
          {items.map((reply) => (
            <li key={reply.id}>{render(reply)}</li>
          ))}
        </ul>
      )}
      {replies.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          {replies.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          <Trans>Load more replies</Trans>
        </Button>
      )}
    </div>
  );
}

/** The box for a reply: focused when it opens; Escape or Cancel closes it. */
function ReplyForm({
  postId,
  target,
  onSent,
  onCancel,
}: {
  postId: string;
  target: ReplyTarget;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [content, setContent] = useState('');
  const add = useAddReply(postId);
  const name = target.name;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const mentions = useMentionAutocomplete(content, setContent, input);
  const trimmed = content.trim();
  useEffect(() => {
    input.current?.focus();
  }, [target.parentId]);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    add.mutate({ parentId: target.parentId, content: trimmed }, { onSuccess: onSent });
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-center gap-2"
      aria-busy={add.isPending || undefined}
    >
      <label htmlFor={inputId} className="sr-only">
        <Trans>Reply to {name}</Trans>
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          {...mentions.inputProps}
          id={inputId}
          type="text"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (mentions.onKeyDown(event)) return;
            if (event.key === 'Escape') onCancel();
          }}
          placeholder={t`Reply to ${name}…`}
          maxLength={COMMENT_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          className="h-9 w-full min-w-0 rounded-xl border border-border bg-surface-2 px-3 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30"
        />
        {mentions.list}
      </div>
      <Button
        type="submit"
        size="sm"
        disabled={!trimmed || add.isPending}
        aria-label={t`Send reply`}
      >
        {add.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onCancel}
        aria-label={t`Cancel reply`}
      >
        <X aria-hidden="true" />
      </Button>
    </form>
  );
}
