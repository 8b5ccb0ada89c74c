import type { CapsuleScope } from '@dum/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const TABS: readonly { id: CapsuleScope; label: MessageDescriptor }[] = [
  { id: 'soon', label: msg`Opening soon` },
  { id: 'opened', label: msg`Recently opened` },
  { id: 'mine', label: msg`Mine` },
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
  const { t, i18n } = useLingui();
  const tabs = TABS.map((item) => ({ id: item.id, label: i18n._(item.label) }));
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
          <h1 className="text-2xl leading-tight font-black tracking-tight">
            <Trans>Time Capsules</Trans>
          </h1>
          <p className="text-sm text-muted">
            <Trans>Posts sealed until their moment: from 1 hour to 1 year ahead.</Trans>
          </p>
        </div>
        <Link to="/" className={cn(buttonVariants({ size: 'sm' }), 'hidden sm:inline-flex')}>
          <Trans>Seal one</Trans>
        </Link>
      </header>
      <TabList label={t`Time capsules`} tabs={tabs} selected={tab} onSelect={select} idBase={id} />
      <div {...tabPanelProps(id, tab)}>
        {tab === 'mine' && !viewer.isAuthenticated ? (
          <EmptySection
            icon={<Hourglass className="size-6" aria-hidden="true" />}
            title={t`Connect your wallet to see your capsules`}
            headingLevel={2}
          >
            <Trans>Sign in, then seal a post from the feed’s composer with ‘Time capsule’.</Trans>
          </EmptySection>
        ) : (
          <CapsuleList key={tab} scope={tab} viewer={viewer} />
        )}
      </div>
    </div>
  );
}

const EMPTY: Record<CapsuleScope, { title: MessageDescriptor; text: MessageDescriptor }> = {
  soon: {
    title: msg`No sealed capsules right now`,
    text: msg`Seal a post from the feed’s composer with ‘Time capsule’ and it waits here.`,
  },
  opened: {
    title: msg`Nothing opened yet`,
    text: msg`Capsules show up here the moment they open.`,
  },
  mine: {
    title: msg`You have not sealed a capsule yet`,
    text: msg`Write a post, choose ‘Time capsule’ and pick when it opens.`,
  },
};

function CapsuleList({ scope, viewer }: { scope: CapsuleScope; viewer: Viewer }) {
  const { t, i18n } = useLingui();
  const feed = useCapsulePage(scope, viewer.userId);
  const tab = TABS.find((item) => item.id === scope);
  const label = tab ? i18n._(tab.label) : t`Time capsules`;
  return (
    <PostFeedList
      viewer={viewer}
      feed={feed}
      heading={t`Time capsules: ${label}`}
      errorTitle={t`Couldn’t load time capsules`}
      empty={
        <EmptySection
          icon={<Hourglass className="size-6" aria-hidden="true" />}
          title={i18n._(EMPTY[scope].title)}
          headingLevel={2}
        >
          {i18n._(EMPTY[scope].text)}
        </EmptySection>
      }
    />
  );
}
