import { Trans, useLingui } from '@lingui/react/macro';
import { Quote } from 'lucide-react';
import { useId, useState } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { BusyDialog, ConfirmFooter, DialogHeading } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useCreatePost } from './feed-queries.ts';
import { charactersLeft, LENGTH_WARNING_REMAINING, POST_MAX_LENGTH } from './limits.ts';
import { authorName } from './post-display.ts';
import { QuotedCard } from './quoted-card.tsx';
import type { QuotedPost } from './types.ts';

/**
 * Quote: the composer for a quote post, opened from a post's repost menu, with the quoted card
 * shown under the text. A quote is a free post (24 hours) that carries the original; posting
 * puts it at the top of the feed with the usual 'Posted!' toast.
 */
export function QuoteDialog({
  quoted,
  open,
  onOpenChange,
}: {
  quoted: QuotedPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const create = useCreatePost();
  const remaining = charactersLeft(text, POST_MAX_LENGTH);
  const name = authorName(quoted);
  const canPost = text.trim() !== '' && remaining >= 0 && !create.isPending;
  const post = () => {
    if (!canPost) return;
    create.mutate(
      { body: text.trim(), attachment: null, quoteOf: quoted.id },
      {
        onSuccess: () => {
          setText('');
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <BusyDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
    >
      <DialogHeading
        title={<Trans>Quote post</Trans>}
        description={
          <Trans>Add your take on {name}’s post. Free posts are deleted after 24 hours.</Trans>
        }
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post();
        }}
        noValidate
        aria-busy={create.isPending || undefined}
      >
        <QuoteTextBox
          text={text}
          onText={setText}
          onSubmitKey={post}
          disabled={create.isPending}
          remaining={remaining}
        />
        <div className="-mx-4">
          <QuotedCard quoted={quoted} viewer={null} />
        </div>
        <ConfirmFooter busy={create.isPending}>
          <BusyButton
            type="submit"
            busy={create.isPending}
            busyLabel={t`Posting...`}
            disabled={!canPost}
            icon={<Quote aria-hidden="true" />}
          >
            <Trans>Post</Trans>
          </BusyButton>
        </ConfirmFooter>
      </form>
    </BusyDialog>
  );
}

/** The quote's text box and its count of characters left. */
function QuoteTextBox({
  text,
  onText,
  onSubmitKey,
  disabled,
  remaining,
}: {
  text: string;
  onText: (text: string) => void;
  /** Ctrl or Cmd + Enter posts, as in the feed's composer. */
  onSubmitKey: () => void;
  disabled: boolean;
  remaining: number;
}) {
  const { t } = useLingui();
  const textId = useId();
  const counterId = useId();
  return (
    <>
      <label htmlFor={textId} className="sr-only">
        <Trans>Your comment</Trans>
      </label>
      <textarea
        id={textId}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) onSubmitKey();
        }}
        rows={3}
        placeholder={t`Add a comment`}
        aria-describedby={counterId}
        disabled={disabled}
        className="block min-h-24 w-full resize-y rounded-xl border border-border bg-surface-2/70 px-3.5 py-3 text-[15px] leading-relaxed placeholder:text-subtle focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p
        id={counterId}
        className={cn(
          'mt-1 text-right font-mono text-xs tabular-nums',
          remaining < 0
            ? 'text-danger'
            : remaining <= LENGTH_WARNING_REMAINING
              ? 'text-warning'
              : 'text-subtle',
        )}
      >
        <Trans>{remaining} characters left</Trans>
      </p>
    </>
  );
}
