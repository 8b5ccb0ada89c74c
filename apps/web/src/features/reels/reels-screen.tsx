import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, Clapperboard, Loader2, PenLine, Sparkles } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeading } from '../../components/ui/dialog.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { cn } from '../../lib/cn.ts';
import { CommentSection } from '../post/index.ts';
import { useReferralCode } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { authorName } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { Reel } from './reel.tsx';
import {
  prefersReducedMotion,
  REEL_INDEX_ATTRIBUTE,
  usePreloadedImages,
  useReelInView,
  useSoundAllowed,
} from './reel-hooks.ts';
import {
  anchoredIndex,
  inMediaWindow,
  isInKeyWidget,
  reelKeyStep,
  shouldLoadMore,
  stepTarget,
} from './reel-logic.ts';
import { useMediaFeed } from './reels-queries.ts';

type MediaFeed = ReturnType<typeof useMediaFeed>;

/** The stage's width on wide screens (the reel beside its actions), shared by the states. */
const STAGE_CLASS = 'lg:max-w-[44rem] lg:rounded-3xl';

/**
 * Reels (/reels): the posts with an image or audio, one per screen, newest first. Scroll or swipe
 * snaps from one to the next; ArrowUp/ArrowDown and j/k move too, and on wide screens the
 * Previous and Next buttons.
 */
export function ReelsScreen({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const feed = useMediaFeed(viewer.userId);
  const referralCode = useReferralCode(viewer.isAuthenticated);
  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.items) ?? [], [feed.data]);
  return (
    <div data-testid="reels" className="relative flex min-h-0 flex-1 flex-col">
      <h1 className="sr-only">
        <Trans>Reels</Trans>
      </h1>
      {feed.isPending ? (
        <ReelsSkeleton />
      ) : posts.length === 0 && feed.isError ? (
        <Centered>
          <LoadError
            title={t`Couldn’t load reels`}
            message={errorMessage(feed.error)}
            onRetry={() => void feed.refetch()}
          />
        </Centered>
      ) : posts.length === 0 ? (
        <ReelsEmpty />
      ) : (
        <ReelsFeed posts={posts} feed={feed} viewer={viewer} referralCode={referralCode} />
      )}
    </div>
  );
}

/** The end of the list counts as one more screen (loading more, or all caught up). */
const END = 'end';

function ReelsFeed({
  posts,
  feed,
  viewer,
  referralCode,
}: {
  posts: FeedPost[];
  feed: MediaFeed;
  viewer: Viewer;
  referralCode: string | null;
}) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // The id of the reel in view, to find it again when a refetch puts new posts above it.
  const watched = useRef<string | null>(null);
  const [soundAllowed, allowSound] = useSoundAllowed();
  const [commentsFor, setCommentsFor] = useState<string | null>(null);
  const screens = posts.length + 1;

  const select = (index: number) => {
    watched.current = posts[index]?.id ?? END;
    setCurrent(index);
  };

  const reelAt = (index: number) =>
    scroller.current?.querySelector<HTMLElement>(`[${REEL_INDEX_ATTRIBUTE}="${index}"]`) ?? null;

  /**
   * The reel a key or button is scrolling to. Until the scroll ends, the reels it passes on the
   * way (or a late report of the one it left) do not become the current one: a second press
   * during a smooth scroll must go on from the target, not from a reel flying by.
   */
  const scrollingTo = useRef<number | null>(null);
  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const settle = () => {
      scrollingTo.current = null;
    };
    // The scroll ended, or the person took over with a wheel, a touch or the scrollbar.
    const events = ['scrollend', 'wheel', 'touchstart', 'pointerdown'] as const;
    for (const type of events) root.addEventListener(type, settle, { passive: true });
    return () => {
      for (const type of events) root.removeEventListener(type, settle);
    };
  }, []);

  /** Scrolls to a reel; from the keyboard, focus follows (the feed pattern's Page Down). */
  const goTo = (index: number, moveFocus: boolean) => {
    const reel = reelAt(index);
    const root = scroller.current;
    if (!reel || !root) return;
    const smooth = !prefersReducedMotion() && root.scrollTop !== reel.offsetTop;
    scrollingTo.current = smooth ? index : null;
    root.scrollTo({ top: reel.offsetTop, behavior: smooth ? 'smooth' : 'instant' });
    if (moveFocus && focusIsOnPageOrFeed(root)) reel.focus({ preventScroll: true });
    select(index);
  };

  const reelsKey = useMemo(() => posts.map((post) => post.id).join(' '), [posts]);
  useReelInView(scroller, reelsKey, current, (index) => {
    if (scrollingTo.current === null) select(index);
    else if (index === scrollingTo.current) scrollingTo.current = null;
  });
  usePreloadedImages(posts, current);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const step = reelKeyStep(event, isInKeyWidget(event.target));
    if (step === 0) return;
    // Handled here even at either end: the scroller must not also move by a line.
    event.preventDefault();
    const target = stepTarget(current, step, screens);
    if (target !== null) goTo(target, true);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = feed;
  useEffect(() => {
    if (shouldLoadMore(current, posts.length, { hasNextPage, isFetchingNextPage, isError })) {
      // Two quick moves can both ask before isFetchingNextPage turns true: the second joins
      // the first request instead of cancelling and repeating it (TanStack's default).
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [current, posts.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  // A refetch that put new posts on top would slide another reel under the person: stay on theirs.
  const reanchor = useEffectEvent(() => {
    const index = anchoredIndex(posts, watched.current === END ? null : watched.current, current);
    if (index === current) return;
    const reel = reelAt(index);
    if (reel && scroller.current)
      scroller.current.scrollTo({ top: reel.offsetTop, behavior: 'instant' });
    select(index);
  });
  useLayoutEffect(() => reanchor(), [posts]);

  const openComments = useCallback((post: FeedPost) => setCommentsFor(post.id), []);
  const commented = commentsFor ? posts.find((post) => post.id === commentsFor) : undefined;
  const commentedAuthor = commented ? authorName(commented) : '';

  return (
    <>
      <div
        ref={scroller}
        role="feed"
        aria-label={t`Reels`}
        aria-busy={isFetchingNextPage || undefined}
        data-testid="reels-scroller"
        className="relative min-h-0 flex-1 snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {posts.map((post, index) => (
          <Reel
            key={post.id}
            post={post}
            index={index}
            setSize={hasNextPage ? -1 : posts.length}
            active={index === current}
            withMedia={inMediaWindow(index, current)}
            next={index === current + 1}
            soundAllowed={soundAllowed}
            onAllowSound={allowSound}
            viewer={viewer}
            referralCode={referralCode}
            onOpenComments={openComments}
          />
        ))}
        <ReelsEnd index={posts.length} feed={feed} />
      </div>
      <ReelsStepButtons
        current={current}
        screens={screens}
        onStep={(target) => goTo(target, false)}
      />
      <Dialog
        open={commented !== undefined}
        onOpenChange={(open) => {
          if (!open) setCommentsFor(null);
        }}
      >
        {commented && (
          <DialogContent className="max-h-[min(40rem,calc(100dvh-2rem))] max-w-lg grid-rows-[auto_minmax(0,1fr)]">
            <DialogHeading
              title={<Trans>Comments</Trans>}
              description={<Trans>On {commentedAuthor}’s post</Trans>}
            />
            <div className="-mx-6 -mb-6 min-h-0 overflow-y-auto">
              <CommentSection
                postId={commented.id}
                post={commented}
                viewer={viewer}
                variant="full"
              />
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

/** Whether moving focus with the reel would take it from nowhere in particular or the feed. */
function focusIsOnPageOrFeed(feed: HTMLElement): boolean {
  const active = document.activeElement;
  return (
    active === null || active === document.body || active.id === 'main' || feed.contains(active)
  );
}

/** Wide screens: Previous and Next beside the reels, with the keys that do the same. */
function ReelsStepButtons({
  current,
  screens,
  onStep,
}: {
  current: number;
  screens: number;
  onStep: (target: number) => void;
}) {
  const { t } = useLingui();
  const hintId = useId();
  const previous = stepTarget(current, -1, screens);
  const next = stepTarget(current, 1, screens);
  const buttonClass =
    'grid size-12 place-items-center rounded-full border border-border bg-surface-2 text-foreground shadow-lg transition-colors hover:bg-surface-3 disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-6';
  return (
    <div className="absolute top-1/2 right-6 hidden -translate-y-1/2 flex-col items-center gap-3 lg:flex">
      <button
        type="button"
        aria-label={t`Previous reel`}
        aria-describedby={hintId}
        disabled={previous === null}
        onClick={() => previous !== null && onStep(previous)}
        className={buttonClass}
      >
        <ChevronUp aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={t`Next reel`}
        aria-describedby={hintId}
        disabled={next === null}
        onClick={() => next !== null && onStep(next)}
        className={buttonClass}
      >
        <ChevronDown aria-hidden="true" />
      </button>
      <p id={hintId} className="mt-1 w-24 text-center text-xs text-muted">
        <Trans>
          Keys <kbd className="font-mono">↑</kbd> <kbd className="font-mono">↓</kbd> or{' '}
          <kbd className="font-mono">j</kbd> <kbd className="font-mono">k</kbd>
        </Trans>
      </p>
    </div>
  );
}

/** After the last reel: the next page on its way, why it failed, or the end. */
function ReelsEnd({ index, feed }: { index: number; feed: MediaFeed }) {
  const { t } = useLingui();
  const headingId = useId();
  const loading = feed.hasNextPage && !feed.isError;
  return (
    <article
      {...{ [REEL_INDEX_ATTRIBUTE]: index }}
      aria-labelledby={headingId}
      aria-posinset={index + 1}
      aria-setsize={feed.hasNextPage ? -1 : index + 1}
      tabIndex={-1}
      data-testid="reels-end"
      className="group flex h-full snap-start snap-always items-center justify-center p-6 outline-none"
    >
      {loading ? (
        <div className="flex flex-col items-center gap-3 rounded-card p-6 text-muted group-focus-visible:ring-2 group-focus-visible:ring-primary">
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          <h2 id={headingId} className="text-sm font-medium">
            <Trans>Loading more reels…</Trans>
          </h2>
        </div>
      ) : feed.isError ? (
        <div className="w-full max-w-md rounded-card group-focus-visible:ring-2 group-focus-visible:ring-primary">
          <h2 id={headingId} className="sr-only">
            <Trans>More reels</Trans>
          </h2>
          <LoadError
            title={t`Couldn’t load more reels`}
            message={errorMessage(feed.error)}
            onRetry={() => void feed.fetchNextPage()}
          />
        </div>
      ) : (
        <div className="flex max-w-sm flex-col items-center rounded-card p-6 text-center group-focus-visible:ring-2 group-focus-visible:ring-primary">
          <span className="grid size-14 place-items-center rounded-2xl bg-vibe text-primary-foreground">
            <Sparkles className="size-7" aria-hidden="true" />
          </span>
          <h2 id={headingId} className="mt-4 text-xl font-bold">
            <Trans>You’re all caught up</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>That was every image and audio post still up. Share one of your own?</Trans>
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Link to="/create" className={buttonVariants()}>
              <PenLine aria-hidden="true" />
              <Trans>Create a post</Trans>
            </Link>
            <Link to="/" className={buttonVariants({ variant: 'secondary' })}>
              <Trans>Back to the feed</Trans>
            </Link>
          </div>
        </div>
      )}
    </article>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-0 flex-1 items-center justify-center p-6">
      <div className="w-full max-w-md">{children}</div>
    </div>
  );
}

function ReelsSkeleton() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading reels`}
      className="flex min-h-0 flex-1 justify-center lg:px-6 lg:py-4"
    >
      <div className={cn('skeleton relative h-full w-full', STAGE_CLASS)}>
        <div className="absolute bottom-6 left-4 flex items-center gap-3">
          <div className="size-10 rounded-full bg-surface-3" />
          <div className="flex flex-col gap-2">
            <div className="h-3 w-28 rounded bg-surface-3" />
            <div className="h-3 w-16 rounded bg-surface-3" />
          </div>
        </div>
      </div>
    </div>
  );
}

function ReelsEmpty() {
  return (
    <Centered>
      <div className="flex flex-col items-center rounded-card border border-border bg-surface/70 px-6 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-vibe text-primary-foreground">
          <Clapperboard className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-bold">
          <Trans>No reels yet</Trans>
        </h2>
        <p className="mt-1 max-w-xs text-sm text-muted">
          <Trans>
            Posts with an image or audio show up here, one per screen. Be the first to share one.
          </Trans>
        </p>
        <Link to="/create" className={cn(buttonVariants(), 'mt-5')}>
          <PenLine aria-hidden="true" />
          <Trans>Create a post</Trans>
        </Link>
      </div>
    </Centered>
  );
}
