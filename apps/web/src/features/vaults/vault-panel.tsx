import { formatAddress, TOP_SUPPORTERS_SHOWN, VAULT_MESSAGES } from '@dum/core';
import { ArrowRight, HandCoins, Lock, LockOpen, Sparkles, Trophy, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useMatch } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatTimeLeft } from '../feed/post-display.ts';
import type { FeedPost, PostVault } from '../feed/types.ts';
import { useNow } from '../feed/use-now.ts';
import { WALLET_REQUIRED, type Viewer } from '../feed/use-viewer.ts';
import {
  lamportsOf,
  percentReached,
  solText,
  supporterCountText,
  supporterName,
  vaultEnd,
} from './vault-display.ts';
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
 * The progress panel of a vault post (spec section 2): Support Vault, amount / target, the bar
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
  return (
    <div
      role="status"
      aria-label="Loading vault"
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
  // On the vault's own page the full leaderboard sits beside the card.
  const onVaultPage = useMatch(`/vaults/${vault.id}`) !== null;
  const now = useNow();
  const [supporting, setSupporting] = useState(false);
  const current = lamportsOf(vault.currentAmount);
  const target = lamportsOf(vault.targetAmount);
  const unlocked = vault.status === 'unlocked' || vault.status === 'paid_out';
  const timeLeft = formatTimeLeft(vaultEnd(vault), now);
  const ended = !unlocked && timeLeft === null;
  const creatorWallet = vault.creator?.walletAddress ?? post.author_wallet;
  const isCreator =
    viewer.isAuthenticated && viewer.wallet !== null && viewer.wallet === creatorWallet;
  const leaderboard = useLeaderboard(vault.id, vault.supporterCount > 0 && !onVaultPage);
  const top = (leaderboard.data ?? []).slice(0, TOP_SUPPORTERS_SHOWN);
  const percent = percentReached(current, target);
  const creatorName =
    post.author?.displayName?.trim() ||
    (creatorWallet ? formatAddress(creatorWallet) : 'the creator');

  const openSupport = () => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    setSupporting(true);
  };

  return (
    <section
      aria-label="Vault"
      data-testid="vault-panel"
      data-status={vault.status}
      className={cn(
        'mx-4 mt-3 rounded-xl border p-3.5',
        unlocked ? 'border-success/30 bg-success/5' : 'border-dum/30 bg-dum/5',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          {unlocked ? (
            <LockOpen className="size-4 text-success" aria-hidden="true" />
          ) : (
            <Lock className="size-4 text-dum" aria-hidden="true" />
          )}
          Support Vault
        </h3>
        {unlocked ? (
          <Badge variant="success">
            <LockOpen className="size-3" aria-hidden="true" />
            UNLOCKED
          </Badge>
        ) : ended ? (
          <Badge variant="outline">Ended</Badge>
        ) : (
          <span className="text-xs text-muted">{timeLeft}</span>
        )}
      </div>

      {post.locked && (
        <div
          data-testid="vault-locked-media"
          className="mt-3 flex items-center gap-3 rounded-lg border border-dashed border-dum/40 bg-background/40 px-3 py-4"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-dum/15 text-dum">
            <Lock className="size-4" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted">
            Locked content. It unlocks for everyone when the vault reaches its target.
          </p>
        </div>
      )}

      <div className="mt-3 flex items-baseline justify-between gap-3">
        <p className="font-mono text-sm tabular-nums">
          <span className="text-base font-semibold text-foreground" data-testid="vault-amount">
            {solText(vault.currentAmount)}
          </span>
          <span className="text-muted"> / {solText(vault.targetAmount)} SOL</span>
        </p>
        <span className="font-mono text-xs text-muted tabular-nums">{percent}%</span>
      </div>
      <Progress
        value={percent / 100}
        label="Vault progress"
        className="mt-2 h-2"
        indicatorClassName={unlocked ? 'bg-success bg-none' : undefined}
      />
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="inline-flex items-center gap-1" data-testid="vault-supporters">
          <Users className="size-3.5" aria-hidden="true" />
          {supporterCountText(vault.supporterCount)}
        </span>
        {ended && <span>Ended without reaching its target</span>}
      </div>

      {unlocked && (
        <div className="mt-3 rounded-lg bg-success/10 px-3 py-2 text-sm font-medium text-success">
          <p className="flex items-center gap-1.5">
            <Sparkles className="size-4 shrink-0" aria-hidden="true" />
            {VAULT_MESSAGES.unlocked}
          </p>
          {vault.status === 'paid_out' && (
            <p className="mt-1 pl-5.5 text-xs text-success/80">{VAULT_MESSAGES.paidOut}</p>
          )}
        </div>
      )}

      {vault.status === 'active' && !ended && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {isCreator ? (
            <p className="text-xs text-muted">
              {post.imageUrl || post.audioUrl
                ? 'Your vault. Only you can see its media until the target is reached.'
                : 'Your vault. Share it so supporters can unlock it.'}
            </p>
          ) : (
            <Button variant="dum" size="sm" onClick={openSupport}>
              <HandCoins aria-hidden="true" />
              Support
            </Button>
          )}
        </div>
      )}

      {!onVaultPage && top.length > 0 && (
        <div className="mt-3 border-t border-border/60 pt-3">
          <h4 className="flex items-center gap-1.5 text-xs font-semibold text-muted uppercase">
            <Trophy className="size-3.5 text-dum" aria-hidden="true" />
            Top supporters
          </h4>
          <ol className="mt-2 flex flex-col gap-1.5" data-testid="vault-top-supporters">
            {top.map((entry, index) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="w-4 shrink-0 font-mono text-xs text-subtle">{index + 1}</span>
                  <span className="truncate">{supporterName(entry.supporter)}</span>
                </span>
                <span className="shrink-0 font-mono text-xs text-muted tabular-nums">
                  {solText(entry.total)} SOL
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}

      {!onVaultPage && (
        <Link
          to={`/vaults/${encodeURIComponent(vault.id)}`}
          className="mt-3 inline-flex items-center gap-1 rounded-sm text-xs font-semibold text-dum hover:underline"
        >
          View vault
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      )}

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
