import type { Poll } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ListChecks } from 'lucide-react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import { FEED_ROOT, formatTimeLeft, POST_ROOT, type FeedPost } from '../post/index.ts';
import { percentOf, votesLabel } from './poll-display.ts';
import { usePollVote } from './poll-queries.ts';

/**
 * A post's poll in its card. Before the viewer votes (and while it runs) its options are a radio
 * group with a Vote button: the counts are not shown, so they do not sway the vote. After the
 * vote, or once it ended, each option shows its share with a bar.
 */
export function PollPanel({
  post,
  poll: given,
  viewer,
}: {
  post: FeedPost;
  poll: Poll;
  viewer: Viewer;
}) {
  const { t } = useLingui();
  // The vote's answer, shown at once (the cached lists take it too); a later read that knows
  // the vote wins, with the newer counts.
  const [answer, setAnswer] = useState<Poll | null>(null);
  const poll = given.viewerVote === null && answer ? answer : given;
  const now = useNow(30_000);
  const closed = poll.ended || now >= Date.parse(poll.endsAt);
  useRereadWhenEnded(post.id, closed && !poll.ended);
  const headingId = useId();
  const timeLeft = formatTimeLeft(poll.endsAt, now) ?? '';
  const votes = poll.totalVotes === null ? '' : votesLabel(poll.totalVotes);
  const status =
    poll.totalVotes === null
      ? closed
        ? t`Poll ended · loading the results`
        : t`${timeLeft} · Results show after you vote`
      : closed
        ? t`Final results · ${votes}`
        : `${votes} · ${timeLeft}`;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="poll"
      className="mx-4 mt-3 rounded-xl border border-border bg-background/40 p-3"
    >
      <h3 id={headingId} className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <ListChecks className="size-4 text-primary" aria-hidden="true" />
        {closed ? <Trans>Poll results</Trans> : <Trans>Poll</Trans>}
      </h3>
      {poll.totalVotes === null ? (
        <PollBallot
          postId={post.id}
          poll={poll}
          viewer={viewer}
          closed={closed}
          onVoted={setAnswer}
        />
      ) : (
        <PollResults poll={poll} total={poll.totalVotes} />
      )}
      <p className="mt-2 text-xs text-muted" data-testid="poll-status">
        {status}
      </p>
    </section>
  );
}

/** Past its end here but not yet shown ended: read the post again for the final counts. */
function useRereadWhenEnded(postId: string, overdue: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!overdue) return;
    void queryClient.invalidateQueries({ queryKey: [FEED_ROOT] });
    void queryClient.invalidateQueries({ queryKey: [POST_ROOT, postId] });
  }, [overdue, queryClient, postId]);
}

/** The options as a radio group (arrow keys move the choice) and Vote. */
function PollBallot({
  postId,
  poll,
  viewer,
  closed,
  onVoted,
}: {
  postId: string;
  poll: Poll;
  viewer: Viewer;
  closed: boolean;
  onVoted: (poll: Poll) => void;
}) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<number | null>(null);
  const vote = usePollVote(postId);
  const name = useId();
  const legendId = useId();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (choice === null || vote.isPending) return;
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    vote.mutate(choice, { onSuccess: ({ poll: voted }) => onVoted(voted) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        role="radiogroup"
        aria-labelledby={legendId}
        disabled={closed || vote.isPending}
        className="flex flex-col gap-2"
      >
        <legend id={legendId} className="sr-only">
          <Trans>Choose one option</Trans>
        </legend>
        {poll.options.map((option, index) => (
          <label
            key={index}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
              'hover:bg-surface-2',
              choice === index ? 'border-primary bg-primary/10' : 'border-border',
              closed && 'cursor-default opacity-60 hover:bg-transparent',
            )}
          >
            <input
              type="radio"
              name={name}
              value={index}
              checked={choice === index}
              onChange={() => setChoice(index)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 break-words">{option.text}</span>
          </label>
        ))}
      </fieldset>
      {!closed && (
        <BusyButton
          type="submit"
          size="sm"
          className="mt-3"
          disabled={choice === null || vote.isPending}
          busy={vote.isPending}
          busyLabel={t`Voting...`}
        >
          <Trans>Vote</Trans>
        </BusyButton>
      )}
    </form>
  );
}

/** Each option's share of the votes, with a bar; the viewer's own choice is marked. */
function PollResults({ poll, total }: { poll: Poll; total: number }) {
  const votes = poll.options.map((option) => option.votes ?? 0);
  const top = Math.max(...votes);
  return (
    <ul className="flex flex-col gap-2" data-testid="poll-results">
      {poll.options.map((option, index) => {
        const count = votes[index] ?? 0;
        const percent = percentOf(count, total);
        const mine = poll.viewerVote === index;
        return (
          <li key={index} className="relative overflow-hidden rounded-lg border border-border">
            <div
              aria-hidden="true"
              className={cn(
                'absolute inset-y-0 left-0 rounded-lg',
                count === top && total > 0 ? 'bg-primary/25' : 'bg-surface-2',
              )}
              style={{ width: `${percent}%` }}
            />
            <div className="relative flex min-h-11 items-center gap-2 px-3 py-2 text-sm">
              <span className={cn('min-w-0 flex-1 break-words', mine && 'font-semibold')}>
                {option.text}
                {mine && (
                  <span className="sr-only">
                    {' '}
                    <Trans>(your vote)</Trans>
                  </span>
                )}
              </span>
              {mine && <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />}
              <span className="shrink-0 font-mono text-xs tabular-nums">
                {percent}%<span className="sr-only">, {votesLabel(count)}</span>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
