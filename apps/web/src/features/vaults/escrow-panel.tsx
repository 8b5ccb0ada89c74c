import { Trans, useLingui } from '@lingui/react/macro';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useMatch } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import type { FeedPost } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import {
  EscrowActionBar,
  useEscrowRunner,
  type EscrowDialog,
  type EscrowRun,
} from './escrow-actions.tsx';
import { MyDeposit } from './escrow-deposit-figures.tsx';
import { EscrowDialogs } from './escrow-dialogs.tsx';
import {
  escrowActions,
  escrowEndTs,
  escrowLocked,
  escrowTargetReached,
  unixSeconds,
  type EscrowAction,
} from './escrow-display.ts';
import { EscrowFacts } from './escrow-facts.tsx';
import { MediaCheck } from './escrow-media-check.tsx';
import { PendingNotice } from './escrow-pending-notice.tsx';
import { useViewerDeposit } from './escrow-queries.ts';
import type { EscrowDepositView, EscrowVault } from './escrow-types.ts';
import { useNow } from '../../lib/use-now.ts';
import {
  LockedMediaNotice,
  UnlockedBadge,
  UnlockedNotice,
  VaultLockIcon,
  VaultProgress,
  ViewVaultLink,
} from './vault-blocks.tsx';
import { lamportsOf, percentReached, solText } from './vault-display.ts';
import { VAULT_TEXT } from './vault-messages.ts';

export interface EscrowPanelProps {
  post: FeedPost;
  vault: EscrowVault;
  viewer: Viewer;
}

/** What the panel shows, worked out from the vault, the viewer's deposit and the clock. */
interface EscrowPanelView {
  now: bigint;
  pending: boolean;
  locked: boolean;
  reached: boolean;
  paidOut: boolean;
  unlocked: boolean;
  isCreator: boolean;
  actions: EscrowAction[];
}

function escrowPanelView(
  post: FeedPost,
  vault: EscrowVault,
  viewerWallet: string | null,
  deposit: EscrowDepositView | null,
  now: bigint,
): EscrowPanelView {
  const { escrow } = vault;
  const creatorWallet = vault.creator.walletAddress;
  const reached = escrowTargetReached(escrow, vault.targetAmount);
  const paidOut = vault.status === 'paid_out' || escrow.chainStatus === 'paid_out';
  return {
    now,
    pending: escrow.state === 'pending',
    locked: escrowLocked(escrow, now),
    reached,
    paidOut,
    unlocked: vault.status === 'unlocked' || paidOut || reached,
    isCreator: viewerWallet !== null && viewerWallet === creatorWallet,
    actions: escrowActions({
      escrow,
      targetAmount: vault.targetAmount,
      viewerWallet,
      creatorWallet,
      deposit,
      now,
    }),
  };
}

/**
 * An escrow vault's panel on the post card and the vault page: the SOL held by the vault
 * program against the target, participants, the countdown to the end, the viewer's deposit with
 * the rewards it has earned so far (ticking), and the actions the program allows now: Join,
 * Early withdraw (its penalty stated before signing), Withdraw with rewards, the creator's Claim,
 * and Confirm on chain for a vault still pending. Unlocked media is checked against the hash
 * committed on chain.
 */
export default function EscrowPanel({ post, vault, viewer }: EscrowPanelProps) {
  const { t } = useLingui();
  const onVaultPage = useMatch(`/vaults/${vault.id}`) !== null;
  const { escrow } = vault;
  const now = unixSeconds(useNow(1000));
  const viewerWallet = viewer.isAuthenticated ? viewer.wallet : null;
  const depositQuery = useViewerDeposit(escrow, viewerWallet);
  const deposit = depositQuery.data ?? null;
  const { busy, run } = useEscrowRunner({
    vaultId: vault.id,
    post,
    escrow,
    viewerWallet: viewer.wallet,
    deposit,
  });
  const [dialog, setDialog] = useState<EscrowDialog>(null);
  const view = escrowPanelView(post, vault, viewerWallet, deposit, now);
  const total = lamportsOf(escrow.totalDeposited);
  const target = lamportsOf(vault.targetAmount);

  return (
    <section
      aria-label={t`Escrow vault`}
      data-testid="vault-panel"
      data-kind="escrow"
      data-status={view.pending ? 'pending' : vault.status}
      className={cn(
        'mx-4 mt-3 rounded-xl border p-3.5',
        view.unlocked && !view.pending
          ? 'border-success/30 bg-success/5'
          : 'border-dum/30 bg-dum/5',
      )}
    >
      <EscrowPanelHeader view={view} />
      {view.pending ? (
        <PendingNotice
          isCreator={view.isCreator}
          busy={busy === 'confirm'}
          onConfirm={() => run({ kind: 'confirm' })}
        />
      ) : (
        <>
          <EscrowProgress post={post} vault={vault} view={view} />
          {deposit && (
            <MyDeposit
              escrow={escrow}
              deposit={deposit}
              now={now}
              reached={view.reached}
              locked={view.locked}
            />
          )}
          {depositQuery.isError && <DepositReadError retry={() => void depositQuery.refetch()} />}
          <EscrowPanelActions
            vault={vault}
            viewer={viewer}
            view={view}
            hasDeposit={deposit !== null && lamportsOf(deposit.amount) > 0n}
            busy={busy}
            run={run}
            setDialog={setDialog}
          />
        </>
      )}
      {!onVaultPage && <ViewVaultLink vaultId={vault.id} />}
      <EscrowDialogs
        dialog={dialog}
        setDialog={setDialog}
        remaining={target > total ? target - total : 0n}
        firstJoin={!deposit}
        targetAmount={vault.targetAmount}
        depositAmount={deposit ? lamportsOf(deposit.amount) : null}
        penaltyBps={escrow.penaltyBps}
        busy={busy}
        run={run}
      />
    </section>
  );
}

function EscrowPanelHeader({ view }: { view: EscrowPanelView }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h3 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
        <VaultLockIcon unlocked={view.unlocked && !view.pending} className="size-4 shrink-0" />
        <span className="truncate">
          <Trans>Escrow Vault</Trans>
        </span>
        <Badge variant="outline" className="hidden normal-case tracking-normal sm:inline-flex">
          <Landmark className="size-3" aria-hidden="true" />
          <Trans>On-chain</Trans>
        </Badge>
      </h3>
      {view.pending ? (
        <Badge variant="outline">
          <Trans>Pending</Trans>
        </Badge>
      ) : view.unlocked ? (
        <UnlockedBadge />
      ) : !view.locked ? (
        <Badge variant="outline">
          <Trans>Ended</Trans>
        </Badge>
      ) : null}
    </div>
  );
}

/** The locked media, the progress to the target, the facts, and how the vault ended. */
function EscrowProgress({
  post,
  vault,
  view,
}: {
  post: FeedPost;
  vault: EscrowVault;
  view: EscrowPanelView;
}) {
  const { escrow } = vault;
  const percent = percentReached(lamportsOf(escrow.totalDeposited), lamportsOf(vault.targetAmount));
  const mediaUrl = post.imageUrl ?? post.audioUrl ?? null;
  const paidOutText = VAULT_TEXT.paidOut;
  const claimed = solText(escrow.claimedAmount);
  return (
    <>
      {post.locked && <LockedMediaNotice />}
      <VaultProgress
        amount={escrow.totalDeposited}
        target={vault.targetAmount}
        percent={percent}
        reached={view.unlocked}
      />
      <EscrowFacts
        escrow={escrow}
        endTs={escrowEndTs(escrow)}
        locked={view.locked}
        now={view.now}
      />
      {mediaUrl && escrow.contentHash && !post.locked && (
        <MediaCheck url={mediaUrl} contentHash={escrow.contentHash} />
      )}
      {view.unlocked && (
        <UnlockedNotice
          paidOut={
            view.paidOut && (
              <p className="mt-1 pl-5.5 text-xs text-success/80" data-testid="escrow-paid-out">
                <Trans>
                  {paidOutText} · {claimed} SOL claimed
                </Trans>
              </p>
            )
          }
        />
      )}
      {!view.locked && !view.reached && (
        <p className="mt-2 text-xs text-muted">
          <Trans>
            Ended below its target: every participant takes their SOL back with their rewards.
          </Trans>
        </p>
      )}
    </>
  );
}

function DepositReadError({ retry }: { retry: () => void }) {
  return (
    <p className="mt-3 text-xs text-danger" role="alert">
      <Trans>
        Couldn’t read your deposit from the chain.{' '}
        <button type="button" className="font-semibold underline" onClick={retry}>
          Try again
        </button>
      </Trans>
    </p>
  );
}

/** The action buttons, or for the creator of a running vault, what happens to their SOL. */
function EscrowPanelActions({
  vault,
  viewer,
  view,
  hasDeposit,
  busy,
  run,
  setDialog,
}: {
  vault: EscrowVault;
  viewer: Viewer;
  view: EscrowPanelView;
  hasDeposit: boolean;
  busy: string | undefined;
  run: EscrowRun;
  setDialog: (dialog: EscrowDialog) => void;
}) {
  if (view.actions.length > 0 || !viewer.isAuthenticated) {
    return (
      <EscrowActionBar
        viewer={viewer}
        actions={view.actions}
        canJoin={view.locked && !view.paidOut}
        escrow={vault.escrow}
        hasDeposit={hasDeposit}
        busy={busy}
        run={run}
        setDialog={setDialog}
      />
    );
  }
  if (!view.isCreator || !view.locked) return null;
  return (
    <p className="mt-3 text-xs text-muted">
      <Trans>
        Your vault. The SOL stays locked in the program until the end; you claim it if the target is
        reached.
      </Trans>
    </p>
  );
}
