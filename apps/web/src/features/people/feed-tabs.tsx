import { Tabs } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { FeedSkeleton, PostList } from '../feed/post-list.tsx';
import type { Viewer } from '../feed/use-viewer.ts';
import { TAB_CLASS, TAB_LIST_CLASS } from './tab-styles.ts';

// The Following feed's code loads when its tab is first chosen.
const FollowingFeed = lazy(async () => ({
  default: (await import('./following-feed.tsx')).FollowingFeed,
}));

type FeedTab = 'for-you' | 'following';

/** The URL's `?feed=following` keeps the tab across a reload and in a shared link. */
const FEED_PARAM = 'feed';

/**
 * The feed's two tabs: 'For you' (every post, newest first) and 'Following' (the wallets the
 * viewer follows, and their own; signed out, it asks to connect).
 */
export function FeedTabs({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get(FEED_PARAM) === 'following' ? 'following' : 'for-you';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (value === 'following') next.set(FEED_PARAM, 'following');
            else next.delete(FEED_PARAM);
            return next;
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <Tabs.List aria-label="Feeds" className={TAB_LIST_CLASS}>
        <Tabs.Trigger value="for-you" className={TAB_CLASS}>
          For you
        </Tabs.Trigger>
        <Tabs.Trigger value="following" className={TAB_CLASS}>
          Following
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="for-you" className="mt-4 focus-visible:outline-none">
        <PostList viewer={viewer} />
      </Tabs.Content>
      <Tabs.Content value="following" className="mt-4 focus-visible:outline-none">
        <Suspense fallback={<FeedSkeleton />}>
          <FollowingFeed viewer={viewer} />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  );
}
