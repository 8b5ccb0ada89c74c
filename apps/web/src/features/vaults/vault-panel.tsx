import { formatAddress, TOP_SUPPORTERS_SHOWN } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { HandCoins, Trophy, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useMatch } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { ProfileLink } from '../post/index.ts';
import { formatTimeLeft } from '../post/index.ts';
import type { FeedPost, PostVault } from '../post/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import {
  lamportsOf,
  percentReached,
  solText,
  supporterCountText,
  supporterName,
  vaultEnd,
} from './vault-display.ts';
import {
  LockedMediaNotice,
  UnlockedBadge,
  UnlockedNotice,
  VaultLockIcon,
  VaultProgress,
  ViewVaultLink,
} from './vault-blocks.tsx';
import { VAULT_TEXT } from './vault-messages.ts';
import { useLeaderboard } from './vault-queries.ts';

// Escrow vaults bring the program client (@solana/kit): loaded only when one is on screen.
const EscrowPanel = lazy(() =>
  import('./escrow-entry.ts').then((m) => ({ default: m.EscrowPanel })),
);
// The support dialog and Radix Dialog (about 14 KB gzip) load on the first press of Support.
const SupportDialog = lazy(() =>
  import('./support-dialog.tsx').then((m) => ({ default: m.SupportDialog })),
);

export interface VaultPanelProps {
  post: FeedPost;
  vault: PostVault;
  viewer: Viewer;
}

/**
 * The progress panel of a vault post: Support Vault, amount / target, the bar
 * capped at 100%, supporter count, time left, the support button while active, the UNLOCKED
 * badge and 'Content Unlocked! Target reached!' once unlocked or paid out ('Creator paid out'
 * for paid_out), and the top 3 supporters from the leaderboard.
 */
export function VaultPanel({ post, vault, viewer }: VaultPanelProps) {
  if (vault.kind === 'escrow' && vault.escrow) {
    return (
      <Suspense fallback={<EscrowPanelSkeleton />}>
        <EscrowPanel
          post={post}
          vault={{ ...vault, kind: 'escrow', escrow: vault.escrow }}
          viewer={viewer}
        />
      </Suspense>
    );
  }
  return <DirectVaultPanel post={post} vault={vault} viewer={viewer} />;
}

function EscrowPanelSkeleton() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading vault`}
      className="mx-4 mt-3 rounded-xl border border-dum/30 bg-dum/5 p-3.5"
    >
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-4 w-40" />
      <Skeleton className="mt-2 h-2 w-full" />
      <Skeleton className="mt-3 h-10 w-full" />
    </div>
  );
}

function DirectVaultPanel({ post, vault, viewer }: VaultPanelProps) {
  const { t } = useLingui();
  // On the vault's own page the full leaderboard sits beside the card.
  const onVaultPage = useMatch(`/vaults/${vault.id}`) !== null;
  const now = useNow(30_000);
  const [supporting, setSupporting] = useState(false);
  const current = lamportsOf(vault.currentAmount);
  const target = lamportsOf(vault.targetAmount);
  const unlocked = vault.status === 'unlocked' || vault.status === 'paid_out';
  const timeLeft = formatTimeLeft(vaultEnd(vault), now);
  const ended = !unlocked && timeLeft === null;
  const creatorWallet = vault.creator.walletAddress;
  const isCreator =
    viewer.isAuthenticated && viewer.wallet !== null && viewer.wallet === creatorWallet;
  const creatorName =
    post.author.displayName?.trim() ||
    (creatorWallet ? formatAddress(creatorWallet) : t`the creator`);

  const openSupport = () => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    setSupporting(true);
  };

  return (
    <section
      aria-label={t`Vault`}
      data-testid="vault-panel"
      data-status={vault.status}
      className={cn(
        'mx-4 mt-3 rounded-xl border p-3.5',
        unlocked ? 'border-success/30 bg-success/5' : 'border-dum/30 bg-dum/5',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          <VaultLockIcon unlocked={unlocked} className="size-4" />
          <Trans>Support Vault</Trans>
        </h3>
        {unlocked ? (
          <UnlockedBadge />
        ) : ended ? (
          <Badge variant="outline">
            <Trans>Ended</Trans>
          </Badge>
        ) : (
          <span className="text-xs text-muted">{timeLeft}</span>
        )}
      </div>
      <DirectVaultProgress post={post} vault={vault} unlocked={unlocked} ended={ended} />
      {vault.status === 'active' && !ended && (
        <DirectVaultActions post={post} isCreator={isCreator} onSupport={openSupport} />
      )}
      {!onVaultPage && <TopSupporters vaultId={vault.id} supporterCount={vault.supporterCount} />}
      {!onVaultPage && <ViewVaultLink vaultId={vault.id} />}
      {supporting && (
        <Suspense fallback={null}>
          <SupportDialog
            open={supporting}
            onOpenChange={setSupporting}
            target={{ vaultId: vault.id, postId: post.id, creatorWallet }}
            viewerWallet={viewer.wallet}
            creatorName={creatorName}
            remaining={target > current ? target - current : 0n}
            targetAmount={vault.targetAmount}
          />
        </Suspense>
      )}
    </section>
  );
}

/** An active vault: the creator is told who sees its media; anyone else may Support. */
function DirectVaultActions({
  post,
  isCreator,
  onSupport,
}: {
  post: FeedPost;
  isCreator: boolean;
  onSupport: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {isCreator ? (
        <p className="text-xs text-muted">
          {post.imageUrl || post.audioUrl ? (
            <Trans>Your vault. Only you can see its media until the target is reached.</Trans>
          ) : (
            <Trans>Your vault. Share it so supporters can unlock it.</Trans>
          )}
        </p>
      ) : (
        <Button variant="dum" size="sm" onClick={onSupport}>
          <HandCoins aria-hidden="true" />
          <Trans>Support</Trans>
        </Button>
      )}
    </div>
  );
}

/** The locked media, amount against target, supporters, and the unlocked notice. */
function DirectVaultProgress({
  post,
  vault,
  unlocked,
  ended,
}: {
  post: FeedPost;
  vault: PostVault;
  unlocked: boolean;
  ended: boolean;
}) {
  const percent = percentReached(lamportsOf(vault.currentAmount), lamportsOf(vault.targetAmount));
  return (
    <>
      {post.locked && <LockedMediaNotice />}
      <VaultProgress
        amount={vault.currentAmount}
        target={vault.targetAmount}
        percent={percent}
        reached={unlocked}
      />
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="inline-flex items-center gap-1" data-testid="vault-supporters">
          <Users className="size-3.5" aria-hidden="true" />
          {supporterCountText(vault.supporterCount)}
        </span>
        {ended && (
          <span>
            <Trans>Ended without reaching its target</Trans>
          </span>
        )}
      </div>
      {unlocked && (
        <UnlockedNotice
          paidOut={
            vault.status === 'paid_out' && (
              <p className="mt-1 pl-5.5 text-xs text-success/80">{VAULT_TEXT.paidOut}</p>
            )
          }
        />
      )}
    </>
  );
}

/** The top supporters from the leaderboard (read once the vault has any). */
function TopSupporters({ vaultId, supporterCount }: { vaultId: string; supporterCount: number }) {
  const leaderboard = useLeaderboard(vaultId, supporterCount > 0);
  const top = (leaderboard.data ?? []).slice(0, TOP_SUPPORTERS_SHOWN);
  if (top.length === 0) return null;
  return (
    <div className="mt-3 border-t border-border/60 pt-3">
      <h4 className="flex items-center gap-1.5 text-xs font-semibold text-muted uppercase">
        <Trophy className="size-3.5 text-dum" aria-hidden="true" />
        <Trans>Top supporters</Trans>
      </h4>
      <ol className="mt-2 flex flex-col gap-1.5" data-testid="vault-top-supporters">
        {top.map((entry, index) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span className="w-4 shrink-0 font-mono text-xs text-subtle">{index + 1}</span>
              <ProfileLink address={entry.supporter.walletAddress} className="truncate">
                {supporterName(entry.supporter)}
              </ProfileLink>
            </span>
            <span className="shrink-0 font-mono text-xs text-muted tabular-nums">
              {solText(entry.total)} SOL
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
