import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import { FeedSkeleton, PostList } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { TabList, tabPanelProps } from './tab-list.tsx';

// The Following feed's code loads when its tab is first chosen.
const FollowingFeed = lazy(async () => ({
  default: (await import('./following-feed.tsx')).FollowingFeed,
}));

type FeedTab = 'for-you' | 'following';

/** The URL's `?feed=following` keeps the tab across a reload and in a shared link. */
const FEED_PARAM = 'feed';

/**
 * The feed's two tabs: 'For you' (every post, newest first) and 'Following' (the wallets the
 * viewer follows, and their own; signed out, it asks to connect). The WAI-ARIA tabs pattern by
 * hand (arrow keys, Home and End move and select), as My Vaults does: Radix Tabs would add
 * 9 KB to the feed's first load for two tabs.
 */
export function FeedTabs({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const tabs: readonly { id: FeedTab; label: string }[] = [
    { id: 'for-you', label: t`For you` },
    { id: 'following', label: t`Following` },
  ];
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get(FEED_PARAM) === 'following' ? 'following' : 'for-you';
  const id = useId();

  const select = (next: FeedTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'following') updated.set(FEED_PARAM, 'following');
        else updated.delete(FEED_PARAM);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div>
      <TabList label={t`Feeds`} tabs={tabs} selected={tab} onSelect={select} idBase={id} />
      <div {...tabPanelProps(id, tab)} className="mt-4">
        {tab === 'for-you' ? (
          <PostList viewer={viewer} />
        ) : (
          <Suspense fallback={<FeedSkeleton />}>
            <FollowingFeed viewer={viewer} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
