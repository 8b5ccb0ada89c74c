import { lazy, Suspense, useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FeedSkeleton, PostList } from '../feed/post-list.tsx';
import type { Viewer } from '../feed/use-viewer.ts';
import { TAB_CLASS, TAB_LIST_CLASS } from './tab-styles.ts';
import { tabIndexAfterKey } from '../../lib/tablist-keys.ts';

// The Following feed's code loads when its tab is first chosen.
const FollowingFeed = lazy(async () => ({
  default: (await import('./following-feed.tsx')).FollowingFeed,
}));

type FeedTab = 'for-you' | 'following';

const TABS: readonly { id: FeedTab; label: string }[] = [
  { id: 'for-you', label: 'For you' },
  { id: 'following', label: 'Following' },
];

/** The URL's `?feed=following` keeps the tab across a reload and in a shared link. */
const FEED_PARAM = 'feed';

/**
 * The feed's two tabs: 'For you' (every post, newest first) and 'Following' (the wallets the
 * viewer follows, and their own; signed out, it asks to connect). The WAI-ARIA tabs pattern by
 * hand (arrow keys, Home and End move and select), as My Vaults does: Radix Tabs would add
 * 9 KB to the feed's first load for two tabs.
 */
export function FeedTabs({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get(FEED_PARAM) === 'following' ? 'following' : 'for-you';
  const id = useId();
  const tabRefs = useRef(new Map<FeedTab, HTMLButtonElement>());

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

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((item) => item.id === tab);
    const target = tabIndexAfterKey(event.key, index, TABS.length);
    const next = target === null ? undefined : TABS[target];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Feeds" className={TAB_LIST_CLASS} onKeyDown={onKeyDown}>
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${id}-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === item.id ? 0 : -1}
            data-state={tab === item.id ? 'active' : 'inactive'}
            onClick={() => select(item.id)}
            className={TAB_CLASS}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="mt-4">
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
