import type { CapsuleScope } from '@dum/core';
import { Hourglass } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { EmptySection } from '../discover/index.ts';
import { PostFeedList } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { TabList, tabPanelProps } from '../people/index.ts';
import { useCapsulePage } from './capsule-queries.ts';

const TABS: readonly { id: CapsuleScope; label: string }[] = [
  { id: 'soon', label: 'Opening soon' },
  { id: 'opened', label: 'Recently opened' },
  { id: 'mine', label: 'Mine' },
];

/** `?tab=opened|mine` keeps the tab across a reload and in a shared link (soon is the default). */
const TAB_PARAM = 'tab';

function tabOf(value: string | null): CapsuleScope {
  return value === 'opened' || value === 'mine' ? value : 'soon';
}

/**
 * /time-capsules: capsules opening soon (soonest first), recently opened, and the viewer's own,
 * as tabs (the WAI-ARIA tabs pattern by hand, as the feed's tabs).
 */
export function CapsulesView({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get(TAB_PARAM));
  const id = useId();

  const select = (next: CapsuleScope) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'soon') updated.delete(TAB_PARAM);
        else updated.set(TAB_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <header className="flex items-center gap-3 rounded-card border border-border bg-surface/80 p-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-vibe text-primary-foreground">
          <Hourglass className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl leading-tight font-black tracking-tight">Time Capsules</h1>
          <p className="text-sm text-muted">
            Posts sealed until their moment: from 1 hour to 1 year ahead.
          </p>
        </div>
        <Link to="/" className={cn(buttonVariants({ size: 'sm' }), 'hidden sm:inline-flex')}>
          Seal one
        </Link>
      </header>
      <TabList label="Time capsules" tabs={TABS} selected={tab} onSelect={select} idBase={id} />
      <div {...tabPanelProps(id, tab)}>
        {tab === 'mine' && !viewer.isAuthenticated ? (
          <EmptySection
            icon={<Hourglass className="size-6" aria-hidden="true" />}
            title="Connect your wallet to see your capsules"
            headingLevel={2}
          >
            Sign in, then seal a post from the feed’s composer with ‘Time capsule’.
          </EmptySection>
        ) : (
          <CapsuleList key={tab} scope={tab} viewer={viewer} />
        )}
      </div>
    </div>
  );
}

const EMPTY: Record<CapsuleScope, { title: string; text: string }> = {
  soon: {
    title: 'No sealed capsules right now',
    text: 'Seal a post from the feed’s composer with ‘Time capsule’ and it waits here.',
  },
  opened: {
    title: 'Nothing opened yet',
    text: 'Capsules show up here the moment they open.',
  },
  mine: {
    title: 'You have not sealed a capsule yet',
    text: 'Write a post, choose ‘Time capsule’ and pick when it opens.',
  },
};

function CapsuleList({ scope, viewer }: { scope: CapsuleScope; viewer: Viewer }) {
  const feed = useCapsulePage(scope, viewer.userId);
  const label = TABS.find((item) => item.id === scope)?.label ?? 'Time capsules';
  return (
    <PostFeedList
      viewer={viewer}
      feed={feed}
      heading={`Time capsules: ${label}`}
      errorTitle="Couldn’t load time capsules"
      empty={
        <EmptySection
          icon={<Hourglass className="size-6" aria-hidden="true" />}
          title={EMPTY[scope].title}
          headingLevel={2}
        >
          {EMPTY[scope].text}
        </EmptySection>
      }
    />
  );
}
