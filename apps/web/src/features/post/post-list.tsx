import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, MessageSquareDashed, PenLine, RotateCw } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PostSkeleton } from '../../components/ui/post-skeleton.tsx';
import { Skeleton, SkeletonTiles } from '../../components/ui/skeleton.tsx';
import { useFeed, useReferralCode } from './feed-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { LazyWindowVirtualizer } from './lazy-window-virtualizer.ts';
import { FEED_PAGE_SIZE } from './limits.ts';
import { PostCard } from './post-card.tsx';
import type { FeedPost } from './types.ts';
import { useStartWriting } from './start-writing.ts';
import type { Viewer } from '../auth/index.ts';

/** Start loading the next page when this many posts (or fewer) are left below the window. */
const LOAD_AHEAD = 3;
/** A text-only card; media cards are taller and are measured as they render. */
const ESTIMATED_POST_HEIGHT = 180;
const POST_GAP = 16;
/** Posts the virtual list keeps rendered beyond each edge of the window. */
const OVERSCAN = 4;
/**
 * Up to this many posts (the first page) the list is plain: every post in the DOM, and the
 * virtualiser's code not loaded. Past it, only the posts near the viewport stay in the DOM.
 */
export const PLAIN_LIST_MAX = FEED_PAGE_SIZE;
/** Posts the plain list renders at first, and adds each time the window nears its end. */
export const PLAIN_BATCH = 8;
/** How far below the window a post counts as near: the virtual list's overscan. */
const NEAR_DISTANCE = OVERSCAN * (ESTIMATED_POST_HEIGHT + POST_GAP);

/**
 * The feed's posts, newest first, loading the next keyset page as the person nears the end.
 * The first page is a plain list, rendered a batch at a time as the window nears its end; once
 * the feed grows past it, a window-scrolled virtual list (each post measured as it renders).
 * Both render the same elements under the same keys, so a post's state (an open comment
 * thread, a playing audio) survives the switch.
 */
export function PostList({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const feed = useFeed(viewer.userId);
  return (
    <PostFeedList
      viewer={viewer}
      feed={feed}
      heading={t`Latest posts`}
      errorTitle={t`Couldn’t load the feed`}
      empty={<EmptyFeed />}
    />
  );
}

/** Any keyset-paged list of posts in the feed's item shape: the feed, a wallet's, the followed. */
export type PostPages = ReturnType<typeof useFeed>;

export interface PostFeedListProps {
  viewer: Viewer;
  feed: PostPages;
  /** The list's heading, for screen readers. */
  heading: string;
  errorTitle: string;
  /** Shown when there is nothing (after the filter) once every page is loaded. */
  empty: ReactNode;
  /** Shows only the posts it keeps (a profile's vault posts); pages load until some show. */
  filter?: (post: FeedPost) => boolean;
}

export function PostFeedList({
  viewer,
  feed,
  heading,
  errorTitle,
  empty,
  filter,
}: PostFeedListProps) {
  const { t } = useLingui();
  const referralCode = useReferralCode(viewer.isAuthenticated);
  const all = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const posts = filter ? all.filter(filter) : all;
  const { listRef, virtualizer, items } = useFeedWindow(feed, posts);
  // Nothing shown yet and more pages to read: read them (a filter may keep none of a page).
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const searching = posts.length === 0 && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (searching && !isFetchingNextPage) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending || searching) return <FeedSkeleton />;
  if (feed.isError && posts.length === 0) {
    return (
      <LoadError
        title={errorTitle}
        message={errorMessage(feed.error)}
        onRetry={() => void (feed.isFetchNextPageError ? feed.fetchNextPage() : feed.refetch())}
      />
    );
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div ref={listRef}>
      <h2 className="sr-only">{heading}</h2>
      <div
        role="feed"
        aria-busy={feed.isFetchingNextPage}
        aria-label={t`Posts`}
        data-testid="post-list"
        data-virtual={virtualizer ? 'true' : undefined}
        className="relative w-full"
        style={virtualizer ? { height: virtualizer.getTotalSize() } : undefined}
      >
        {items.map((item) => {
          const post = posts[item.index];
          if (!post) return null;
          return (
            <div
              // A sponsored item may repeat a post of another page: its own key.
              key={post.sponsored ? `ad-${post.sponsored.campaignId}-${item.index}` : post.id}
              data-index={item.index}
              ref={virtualizer?.measureElement}
              className={virtualizer ? 'absolute top-0 left-0 w-full' : undefined}
              style={{
                transform: virtualizer
                  ? `translateY(${item.start - virtualizer.options.scrollMargin}px)`
                  : undefined,
                paddingBottom: POST_GAP,
              }}
            >
              <PostCard post={post} viewer={viewer} referralCode={referralCode} />
            </div>
          );
        })}
      </div>
      <FeedEnd feed={feed} />
    </div>
  );
}

/** Below the posts: loading more, a failed page with Try Again, or the end of the feed. */
function FeedEnd({ feed }: { feed: PostPages }) {
  return (
    <div className="flex justify-center py-4 text-sm text-muted" aria-live="polite">
      {feed.isFetchingNextPage ? (
        <span className="inline-flex items-center gap-2">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          <Trans>Loading more posts…</Trans>
        </span>
      ) : feed.isFetchNextPageError ? (
        <Button variant="secondary" size="sm" onClick={() => void feed.fetchNextPage()}>
          <RotateCw aria-hidden="true" />
          <Trans>Couldn’t load more. Try Again</Trans>
        </Button>
      ) : feed.hasNextPage ? null : (
        <span className="text-subtle">
          <Trans>You’re all caught up.</Trans>
        </span>
      )}
    </div>
  );
}

/**
 * Which posts are in the DOM and where: the plain window over the first page, the virtual list
 * past it (its code loaded with the second page's request); and the next page fetched when the
 * window nears the end.
 */
function useFeedWindow(feed: PostPages, posts: readonly { id: string }[]) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = feed;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const hasPosts = posts.length > 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // What sits above the list (banner, composer) moves it when it changes size.
    const observer = new ResizeObserver(measure);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, [hasPosts]);

  const [lazyVirtualizer] = useState(() => new LazyWindowVirtualizer());
  useSyncExternalStore(
    lazyVirtualizer.subscribe,
    lazyVirtualizer.getSnapshot,
    lazyVirtualizer.getSnapshot,
  );
  // The code loads with the second page's request, so it is there when the page arrives.
  const loadVirtualizer = isFetchingNextPage || (feed.data?.pages.length ?? 0) > 1;
  useEffect(() => {
    if (loadVirtualizer) lazyVirtualizer.load();
  }, [lazyVirtualizer, loadVirtualizer]);
  lazyVirtualizer.setOptions({
    count: posts.length,
    getItemKey: (index) => posts[index]?.id ?? String(index),
    estimatedSize: ESTIMATED_POST_HEIGHT + POST_GAP,
    overscan: OVERSCAN,
    scrollMargin,
  });
  const active = posts.length > PLAIN_LIST_MAX;
  useLayoutEffect(() => lazyVirtualizer.update(active, listRef.current));
  useLayoutEffect(() => () => lazyVirtualizer.dispose(), [lazyVirtualizer]);
  const virtualizer = lazyVirtualizer.virtualizer;
  const plain = usePlainWindow(listRef, hasPosts && !virtualizer, posts.length);
  const items = virtualizer
    ? virtualizer.getVirtualItems().map((item) => ({ index: item.index, start: item.start }))
    : posts.slice(0, plain.count).map((_, index) => ({ index, start: 0 }));

  const lastIndex = items.at(-1)?.index ?? -1;
  const nearEnd = virtualizer ? lastIndex >= posts.length - 1 - LOAD_AHEAD : plain.nearEnd;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && nearEnd) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, nearEnd]);

  return { listRef, virtualizer, items };
}

/**
 * The plain list renders its posts a few at a time, as the window nears the last one rendered
 * (within the virtual list's overscan distance), so a first page puts only the posts around
 * the window in the DOM. `nearEnd` once every post is rendered and the one LOAD_AHEAD from the
 * end has come that near. Read from the scroll position rather than an IntersectionObserver:
 * a jump to the bottom (End key, scrollbar) passes the post without ever intersecting it.
 */
function usePlainWindow(
  listRef: RefObject<HTMLDivElement | null>,
  enabled: boolean,
  total: number,
): { count: number; nearEnd: boolean } {
  const [shown, setShown] = useState(PLAIN_BATCH);
  // Keyed by the post watched: a new batch or page moves the target, and the old answer no
  // longer holds.
  const [near, setNear] = useState<{ index: number; near: boolean } | null>(null);
  const count = Math.min(total, shown);
  const index = Math.max(0, count - 1 - LOAD_AHEAD);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const target = listRef.current?.querySelector(`[data-index="${index}"]`);
      if (!target) return;
      const isNear = target.getBoundingClientRect().top < window.innerHeight + NEAR_DISTANCE;
      setNear({ index, near: isNear });
      if (isNear) setShown((current) => Math.max(current, index + 1 + LOAD_AHEAD + PLAIN_BATCH));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [listRef, enabled, index]);
  return { count, nearEnd: enabled && count === total && near?.index === index && near.near };
}

/** A feed with no posts (a fresh database): the spec's empty state and the way to the composer. */
function EmptyFeed() {
  const startWriting = useStartWriting();
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border bg-surface/40 px-6 py-14 text-center">
      <span className="mb-2 grid size-14 place-items-center rounded-2xl bg-surface-3 text-primary">
        <MessageSquareDashed className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">
        <Trans>No posts yet</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Be the first to share something!</Trans>
      </p>
      <Button onClick={startWriting} className="mt-3">
        <PenLine aria-hidden="true" />
        <Trans>Write the first post</Trans>
      </Button>
    </div>
  );
}

export function FeedSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading posts`} className="flex flex-col gap-4">
      {[0, 1, 2].map((row) => (
        <PostSkeleton key={row}>
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          {row === 0 && <Skeleton className="mt-4 aspect-[4/3] w-full rounded-xl" />}
          <SkeletonTiles count={3} className="mt-4 flex gap-3" tileClassName="h-7 w-14" />
        </PostSkeleton>
      ))}
    </div>
  );
}
