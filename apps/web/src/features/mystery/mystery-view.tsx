import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogHeading,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { MysteryCard } from './mystery-card.tsx';
import { MYSTERY_TABS, scopeOf } from './mystery-display.ts';
import { useMystery, useMysteryList } from './mystery-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import type { MysteryScope, MysteryVault } from './types.ts';
import { PageHeader } from '../../components/ui/page-title.tsx';

// The dialogs (the wallet transfer, the upload form) load on first use.
const CreateMysteryDialog = lazy(() =>
  import('./create-mystery-dialog.tsx').then((m) => ({ default: m.CreateMysteryDialog })),
);
const JoinMysteryDialog = lazy(() =>
  import('./join-mystery-dialog.tsx').then((m) => ({ default: m.JoinMysteryDialog })),
);

const EMPTY: Record<MysteryScope, { title: MessageDescriptor; text: MessageDescriptor }> = {
  open: {
    title: msg`No open mysteries`,
    text: msg`Create one: a title and a teaser up front, the rest hidden until fans open it.`,
  },
  opened: {
    title: msg({ message: 'Nothing opened yet', context: 'mystery vaults' }),
    text: msg`Mysteries show up here once they open.`,
  },
  mine: {
    title: msg`No mysteries of yours yet`,
    text: msg`The mysteries you create and the ones you join show up here.`,
  },
};

/** /mystery-vaults: Open / Opened / Mine (`?tab=`), `?open={id}` shows one vault. */
export function MysteryView({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  useDocumentTitle(t`Mystery Vaults`);
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params.get('tab'));
  const openId = params.get('open');
  const tabsId = useId();
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState<MysteryVault | null>(null);
  const [connecting, setConnecting] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'open' ? false : true },
    );

  const needSession = (then: () => void) => () =>
    viewer.isAuthenticated ? then() : setConnecting(true);
  const join = (vault: MysteryVault) => needSession(() => setJoining(vault))();

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        icon={<Sparkles className="size-6 text-dum" aria-hidden="true" />}
        title={<Trans>Mystery Vaults</Trans>}
        subtitle={
          <Trans>
            A title and a teaser up front; the content and the target stay hidden until fans open
            it.
          </Trans>
        }
        actions={
          <Button variant="dum" size="sm" onClick={needSession(() => setCreating(true))}>
            <Sparkles aria-hidden="true" />
            <Trans>Create Mystery</Trans>
          </Button>
        }
      />

      <div
        role="tablist"
        aria-label={t`Mystery vaults`}
        className="flex w-full rounded-xl border border-border bg-surface/70 p-1 sm:inline-flex sm:w-auto"
      >
        {MYSTERY_TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${tabsId}-${item.id}`}
            aria-selected={scope === item.id}
            aria-controls={`${tabsId}-panel`}
            onClick={() => setParam('tab', item.id === 'open' ? null : item.id)}
            className={cn(
              'inline-flex h-9 flex-1 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors sm:flex-none',
              scope === item.id
                ? 'bg-surface-3 text-foreground'
                : 'text-muted hover:text-foreground',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>

      <section
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${scope}`}
        className="mt-4"
      >
        {scope === 'mine' && !viewer.isAuthenticated ? (
          <ConnectPrompt viewer={viewer} title={t`Connect your wallet to see your mysteries`}>
            <Trans>Sign in with your wallet to follow the mysteries you created and joined.</Trans>
          </ConnectPrompt>
        ) : (
          <MysteryList
            key={scope}
            scope={scope}
            viewer={viewer}
            onJoin={join}
            onDetails={(vault) => setParam('open', vault.id)}
          />
        )}
      </section>

      {openId && (
        <MysteryDetailDialog
          id={openId}
          viewer={viewer}
          onClose={() => setParam('open', null)}
          onJoin={join}
        />
      )}

      <Suspense fallback={null}>
        {creating && (
          <CreateMysteryDialog
            open={creating}
            onOpenChange={setCreating}
            onCreated={(id) => setParam('open', id)}
          />
        )}
        {joining && (
          <JoinMysteryDialog
            open
            onOpenChange={(open) => !open && setJoining(null)}
            vault={joining}
            viewerWallet={viewer.wallet}
          />
        )}
      </Suspense>

      <Dialog open={connecting} onOpenChange={setConnecting}>
        <DialogContent>
          <DialogHeading
            title={<Trans>Connect to continue</Trans>}
            description={<Trans>Creating and joining mysteries needs your wallet.</Trans>}
          />
          <ConnectPrompt viewer={viewer} title={t`Connect your wallet`}>
            <Trans>Sign in with your wallet to create a mystery or join one with SOL.</Trans>
          </ConnectPrompt>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function MysteryList({
  scope,
  viewer,
  onJoin,
  onDetails,
}: {
  scope: MysteryScope;
  viewer: Viewer;
  onJoin: (vault: MysteryVault) => void;
  onDetails: (vault: MysteryVault) => void;
}) {
  const { t, i18n } = useLingui();
  const list = useMysteryList(scope, viewer.userId, viewer.status !== 'signing-in');
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <LoadError
        title={t`Couldn’t load mystery vaults`}
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const empty = EMPTY[scope];
    return (
      <div className="flex flex-col items-center rounded-card border border-border bg-surface/70 px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-2xl bg-surface-3 text-dum">
          <Sparkles className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{i18n._(empty.title)}</h2>
        <p className="mt-1 max-w-sm text-sm text-muted">{i18n._(empty.text)}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" data-testid="mystery-list">
        {items.map((vault) => (
          <li key={vault.id}>
            <MysteryCard vault={vault} onJoin={onJoin} onDetails={onDetails} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t`Loading...` : t`Load more`}
        </Button>
      )}
    </div>
  );
}

function MysteryDetailDialog({
  id,
  viewer,
  onClose,
  onJoin,
}: {
  id: string;
  viewer: Viewer;
  onClose: () => void;
  onJoin: (vault: MysteryVault) => void;
}) {
  const { t } = useLingui();
  const vault = useMystery(id, viewer.userId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="mystery-detail">
        <DialogHeader>
          <DialogTitle>
            <Trans>Mystery Vault</Trans>
          </DialogTitle>
          <DialogDescription className="sr-only">
            <Trans>One mystery vault</Trans>
          </DialogDescription>
        </DialogHeader>
        {vault.isPending ? (
          <Skeleton
            role="status"
            aria-label={t`Loading the mystery vault`}
            className="h-40 rounded-card"
          />
        ) : vault.isError ? (
          <LoadError
            title={t`Couldn’t load this mystery vault`}
            message={errorMessage(vault.error)}
            onRetry={() => void vault.refetch()}
          />
        ) : (
          <MysteryCard vault={vault.data} onJoin={onJoin} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading mystery vaults`} className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36 rounded-card" />
      ))}
    </div>
  );
}
