import { Trans } from '@lingui/react/macro';
import { Bell, BellRing, Hourglass } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { FULL_DATE_TIME, formatDate } from '../../lib/i18n/index.ts';
import { useNow } from '../../lib/use-now.ts';
import type { FeedPost } from '../post/index.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import { formatOpensIn, waitingLabel } from './capsule-display.ts';
import { FEED_ROOT, POST_ROOT } from '../post/index.ts';
import { CAPSULES_ROOT, useCapsuleNotify, type CapsuleNotifyResponse } from './capsule-queries.ts';

/** The server's job opens a due capsule within seconds; a card past its time reads it again. */
const REREAD_EVERY_MS = 10_000;

type Capsule = NonNullable<FeedPost['capsule']>;

/**
 * Past its time and still sealed here: read it again every 10 s until it shows open (the
 * new_post its opening sends refreshes the lists too, when the socket is up).
 */
function useRereadWhenOverdue(postId: string, opensAt: number, now: number): void {
  const queryClient = useQueryClient();
  const overdue = now - opensAt;
  const rereads = overdue > 0 ? Math.floor(overdue / REREAD_EVERY_MS) + 1 : 0;
  useEffect(() => {
    if (rereads === 0) return;
    void queryClient.invalidateQueries({ queryKey: [FEED_ROOT] });
    void queryClient.invalidateQueries({ queryKey: [POST_ROOT, postId] });
    void queryClient.invalidateQueries({ queryKey: [CAPSULES_ROOT] });
  }, [rereads, queryClient, postId]);
}

/**
 * A sealed time capsule's panel in its post card: 'Opens in …' (a live countdown), how many are
 * waiting, and 'Notify me' (not for its author, who sees their own content above it).
 */
export function SealedCapsulePanel({
  post,
  capsule,
  viewer,
  isAuthor,
}: {
  post: FeedPost;
  capsule: Capsule;
  viewer: Viewer;
  isAuthor: boolean;
}) {
  const now = useNow(1000);
  const notify = useCapsuleNotify(post.id);
  // The server's answer, shown at once (the lists read it again).
  const [answer, setAnswer] = useState<CapsuleNotifyResponse | null>(null);
  const notifying = answer?.notifying ?? capsule.notifying;
  const waitingCount = answer?.waitingCount ?? capsule.waitingCount;
  const opensAt = new Date(capsule.unlockAt);
  useRereadWhenOverdue(post.id, opensAt.getTime(), now);

  const toggle = () => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    notify.mutate(!notifying, { onSuccess: setAnswer });
  };

  return (
    <div
      data-testid="capsule-sealed"
      className={cn(
        'mx-4 mt-3 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center',
      )}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-vibe text-primary-foreground">
        <Hourglass className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">
          {isAuthor ? (
            <Trans>Your time capsule is sealed</Trans>
          ) : (
            <Trans>Sealed time capsule</Trans>
          )}
        </p>
        <p className="text-sm text-muted">
          <time dateTime={capsule.unlockAt} title={formatDate(opensAt, FULL_DATE_TIME)}>
            <span data-testid="capsule-countdown" className="font-mono tabular-nums">
              {formatOpensIn(capsule.unlockAt, now)}
            </span>
          </time>
          <span aria-hidden="true"> · </span>
          <span data-testid="capsule-waiting">{waitingLabel(waitingCount)}</span>
        </p>
      </div>
      {!isAuthor && (
        <button
          type="button"
          aria-pressed={notifying}
          onClick={toggle}
          disabled={notify.isPending}
          className={cn(
            'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-xl border px-3 text-sm font-semibold transition-colors disabled:opacity-60',
            notifying
              ? 'border-primary bg-primary text-primary-foreground hover:bg-primary/90'
              : 'border-border bg-surface hover:bg-surface-2',
          )}
        >
          {notifying ? (
            <BellRing className="size-4" aria-hidden="true" />
          ) : (
            <Bell className="size-4" aria-hidden="true" />
          )}
          <Trans>Notify me</Trans>
        </button>
      )}
    </div>
  );
}
