import { formatSol, VAULT_MESSAGES } from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Coins,
  HandCoins,
  Landmark,
  Loader2,
  Lock,
  LockOpen,
  LogOut,
  RotateCw,
  ShieldAlert,
  Sparkles,
  Users,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useMatch } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import type { FeedPost } from '../feed/types.ts';
import { WALLET_REQUIRED, type Viewer } from '../feed/use-viewer.ts';
import { useWallet } from '../wallet/wallet-context.tsx';
import { getSolBalance } from '../wallet/rpc.ts';
import {
  bpsPercent,
  dumText,
  earlyWithdrawQuote,
  earlyWithdrawSummary,
  escrowActions,
  escrowEndTs,
  escrowLocked,
  escrowTargetReached,
  formatCountdown,
  formatSpan,
  rewardSoFar,
  timeLocked,
  unixSeconds,
} from './escrow-display.ts';
import { DEPOSIT_RENT_LAMPORTS } from './escrow-flow.ts';
import {
  useEscrowAction,
  useMediaVerification,
  useViewerDeposit,
  type EscrowActionRequest,
} from './escrow-queries.ts';
import type { EscrowDepositView, EscrowVault } from './escrow-types.ts';
import { useSecondClock } from './use-second-clock.ts';
import { lamportsOf, percentReached, solText } from './vault-display.ts';

export interface EscrowPanelProps {
  post: FeedPost;
  vault: EscrowVault;
  viewer: Viewer;
}

/**
 * An escrow vault's panel on the post card and the vault page (issue 9): the SOL held by the
 * vault program against the target, participants, the countdown to the end, the viewer's
 * deposit with the rewards it has earned so far (ticking), and the actions the program allows
 * now: Join, Early withdraw (its penalty stated before signing), Withdraw with rewards, the
 * creator's Claim, and Confirm on chain for a vault still pending. Unlocked media is checked
 * against the hash committed on chain.
 */
export default function EscrowPanel({ post, vault, viewer }: EscrowPanelProps) {
  const onVaultPage = useMatch(`/vaults/${vault.id}`) !== null;
  const { escrow } = vault;
  const nowMs = useSecondClock();
  const now = unixSeconds(nowMs);
  const creatorWallet = vault.creator?.walletAddress ?? post.author_wallet;
  const isCreator =
    viewer.isAuthenticated && viewer.wallet !== null && viewer.wallet === creatorWallet;
  const depositQuery = useViewerDeposit(escrow, viewer.isAuthenticated ? viewer.wallet : null);
  const deposit = depositQuery.data ?? null;
  const action = useEscrowAction({
    vaultId: vault.id,
    post,
    escrow,
    viewerWallet: viewer.wallet,
    deposit,
  });
  const [dialog, setDialog] = useState<EscrowDialog>(null);

  const pending = escrow.state === 'pending';
  const total = lamportsOf(escrow.totalDeposited);
  const target = lamportsOf(vault.targetAmount);
  const percent = percentReached(total, target);
  const endTs = escrowEndTs(escrow);
  const locked = escrowLocked(escrow, now);
  const reached = escrowTargetReached(escrow, vault.targetAmount);
  const paidOut = vault.status === 'paid_out' || escrow.chainStatus === 'paid_out';
  const unlocked = vault.status === 'unlocked' || paidOut || reached;
  const actions = escrowActions({
    escrow,
    targetAmount: vault.targetAmount,
    viewerWallet: viewer.isAuthenticated ? viewer.wallet : null,
    creatorWallet,
    deposit,
    now,
  });
  const busy = action.isPending ? action.variables?.kind : undefined;
  const run = (request: EscrowActionRequest, onDone?: () => void) => {
    if (action.isPending) return;
    action.mutate(request, { onSuccess: () => onDone?.() });
  };
  const mediaUrl = post.imageUrl ?? post.audioUrl ?? null;

  return (
    <section
      aria-label="Escrow vault"
      data-testid="vault-panel"
      data-kind="escrow"
      data-status={pending ? 'pending' : vault.status}
      className={cn(
        'mx-4 mt-3 rounded-xl border p-3.5',
        unlocked && !pending ? 'border-success/30 bg-success/5' : 'border-dum/30 bg-dum/5',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
          {unlocked && !pending ? (
            <LockOpen className="size-4 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <Lock className="size-4 shrink-0 text-dum" aria-hidden="true" />
          )}
          <span className="truncate">Escrow Vault</span>
          <Badge variant="outline" className="hidden normal-case tracking-normal sm:inline-flex">
            <Landmark className="size-3" aria-hidden="true" />
            On-chain
          </Badge>
        </h3>
        {pending ? (
          <Badge variant="outline">Pending</Badge>
        ) : unlocked ? (
          <Badge variant="success">
            <LockOpen className="size-3" aria-hidden="true" />
            UNLOCKED
          </Badge>
        ) : !locked ? (
          <Badge variant="outline">Ended</Badge>
        ) : null}
      </div>

      {pending ? (
        <PendingNotice
          isCreator={isCreator}
          busy={busy === 'confirm'}
          onConfirm={() => run({ kind: 'confirm' })}
        />
      ) : (
        <>
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
                {solText(escrow.totalDeposited)}
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

          <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
            <Fact label="Participants" testId="vault-supporters">
              <Users className="size-3.5 text-muted" aria-hidden="true" />
              {escrow.participantCount}
            </Fact>
            <Fact label={locked ? 'Ends in' : 'Ended on'} testId="escrow-countdown">
              <Clock className="size-3.5 text-muted" aria-hidden="true" />
              {endTs === null
                ? '—'
                : locked
                  ? formatCountdown(endTs - now)
                  : new Date(Number(endTs) * 1000).toLocaleDateString()}
            </Fact>
            <Fact label="Early exit" className="col-span-2 sm:col-span-1">
              <ShieldAlert className="size-3.5 text-muted" aria-hidden="true" />
              {bpsPercent(escrow.penaltyBps)} penalty
            </Fact>
          </dl>

          {mediaUrl && escrow.contentHash && !post.locked && (
            <MediaCheck url={mediaUrl} contentHash={escrow.contentHash} />
          )}

          {unlocked && (
            <div className="mt-3 rounded-lg bg-success/10 px-3 py-2 text-sm font-medium text-success">
              <p className="flex items-center gap-1.5">
                <Sparkles className="size-4 shrink-0" aria-hidden="true" />
                {VAULT_MESSAGES.unlocked}
              </p>
              {paidOut && (
                <p className="mt-1 pl-5.5 text-xs text-success/80" data-testid="escrow-paid-out">
                  {VAULT_MESSAGES.paidOut} · {solText(escrow.claimedAmount)} SOL claimed
                </p>
              )}
            </div>
          )}
          {!locked && !reached && !pending && (
            <p className="mt-2 text-xs text-muted">
              Ended below its target: every participant takes their SOL back with their rewards.
            </p>
          )}

          {deposit && (
            <MyDeposit
              vault={vault}
              deposit={deposit}
              now={now}
              reached={reached}
              locked={locked}
            />
          )}
          {depositQuery.isError && (
            <p className="mt-3 text-xs text-danger" role="alert">
              Couldn’t read your deposit from the chain.{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void depositQuery.refetch()}
              >
                Try again
              </button>
            </p>
          )}

          {actions.length > 0 || !viewer.isAuthenticated ? (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              {(!viewer.isAuthenticated || actions.includes('join')) && locked && !paidOut && (
                <Button
                  variant="dum"
                  size="sm"
                  disabled={Boolean(busy)}
                  onClick={() => {
                    if (!viewer.isAuthenticated) {
                      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
                      return;
                    }
                    setDialog('join');
                  }}
                >
                  <HandCoins aria-hidden="true" />
                  {deposit && lamportsOf(deposit.amount) > 0n ? 'Add more' : 'Join'}
                </Button>
              )}
              <WithdrawButtons actions={actions} busy={busy} run={run} setDialog={setDialog} />
              {actions.includes('claim') && (
                <Button
                  variant="dum"
                  size="sm"
                  disabled={Boolean(busy)}
                  onClick={() => run({ kind: 'claim' })}
                >
                  {busy === 'claim' ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Landmark aria-hidden="true" />
                  )}
                  {busy === 'claim'
                    ? 'Claiming...'
                    : `Claim ${formatSol(lamportsOf(escrow.totalDeposited) - lamportsOf(escrow.claimedAmount))} SOL`}
                </Button>
              )}
            </div>
          ) : isCreator && locked ? (
            <p className="mt-3 text-xs text-muted">
              Your vault. The SOL stays locked in the program until the end; you claim it if the
              target is reached.
            </p>
          ) : null}
        </>
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

export type EscrowDialog = 'join' | 'earlyWithdraw' | null;
type Run = (request: EscrowActionRequest, onDone?: () => void) => void;

/** Early withdraw (opens its confirmation) and Withdraw with rewards, as the program allows. */
export function WithdrawButtons({
  actions,
  busy,
  run,
  setDialog,
}: {
  actions: readonly string[];
  busy: string | undefined;
  run: Run;
  setDialog: (dialog: EscrowDialog) => void;
}) {
  return (
    <>
      {actions.includes('earlyWithdraw') && (
        <Button
          variant="secondary"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => setDialog('earlyWithdraw')}
        >
          <LogOut aria-hidden="true" />
          Early withdraw
        </Button>
      )}
      {actions.includes('withdraw') && (
        <Button
          variant="dum"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => run({ kind: 'withdraw' })}
        >
          {busy === 'withdraw' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Coins aria-hidden="true" />
          )}
          {busy === 'withdraw' ? 'Withdrawing...' : 'Withdraw with rewards'}
        </Button>
      )}
    </>
  );
}

/** The Join and Early withdraw dialogs of a deposit, whichever is open. */
export function EscrowDialogs({
  dialog,
  setDialog,
  remaining,
  firstJoin,
  targetAmount,
  depositAmount,
  penaltyBps,
  busy,
  run,
}: {
  dialog: EscrowDialog;
  setDialog: (dialog: EscrowDialog) => void;
  remaining: bigint;
  firstJoin: boolean;
  targetAmount: string;
  /** The viewer's deposit in lamports; null without one (no early withdraw then). */
  depositAmount: bigint | null;
  penaltyBps: number;
  busy: string | undefined;
  run: Run;
}) {
  const close = (open: boolean) => !open && setDialog(null);
  if (dialog === 'join') {
    return (
      <JoinDialog
        open
        onOpenChange={close}
        remaining={remaining}
        firstJoin={firstJoin}
        targetAmount={targetAmount}
        busy={busy === 'join'}
        onJoin={(amount) => run({ kind: 'join', amount }, () => setDialog(null))}
      />
    );
  }
  if (dialog === 'earlyWithdraw' && depositAmount !== null) {
    return (
      <EarlyWithdrawDialog
        open
        onOpenChange={close}
        amount={depositAmount}
        penaltyBps={penaltyBps}
        busy={busy === 'earlyWithdraw'}
        onConfirm={() => run({ kind: 'earlyWithdraw' }, () => setDialog(null))}
      />
    );
  }
  return null;
}

function Fact({
  label,
  children,
  testId,
  className,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg bg-background/40 px-2.5 py-2', className)}>
      <dt className="text-[10px] font-semibold tracking-wide text-subtle uppercase">{label}</dt>
      <dd
        className="mt-0.5 flex items-center gap-1 font-mono text-xs font-medium text-foreground tabular-nums"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

function PendingNotice({
  isCreator,
  busy,
  onConfirm,
}: {
  isCreator: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div
      className="mt-3 rounded-lg border border-dashed border-dum/40 bg-background/40 px-3 py-3"
      data-testid="escrow-pending"
    >
      <p className="text-sm text-muted">
        {isCreator
          ? 'This vault is not on chain yet. Only you can see it until its transaction is confirmed; unconfirmed vaults are removed after an hour.'
          : 'Waiting for this vault to be confirmed on chain.'}
      </p>
      {isCreator && (
        <Button variant="dum" size="sm" className="mt-2" disabled={busy} onClick={onConfirm}>
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <RotateCw aria-hidden="true" />
          )}
          {busy ? 'Confirming...' : 'Confirm on chain'}
        </Button>
      )}
    </div>
  );
}

function MyDeposit({
  vault,
  deposit,
  now,
  reached,
  locked,
}: {
  vault: EscrowVault;
  deposit: EscrowDepositView;
  now: bigint;
  reached: boolean;
  locked: boolean;
}) {
  const amount = lamportsOf(deposit.amount);
  const reward = rewardSoFar(vault.escrow, deposit, now);
  const status = deposit.rewarded
    ? deposit.refunded
      ? 'Withdrawn: SOL returned, rewards minted'
      : 'Rewards minted; the SOL went to the creator'
    : amount === 0n
      ? lamportsOf(deposit.penaltyPaid) > 0n
        ? `Withdrawn early (penalty ${solText(deposit.penaltyPaid)} SOL)`
        : 'Nothing locked'
      : locked
        ? 'Locked in the vault program'
        : reached
          ? 'Ready: withdraw your rewards'
          : 'Target missed: withdraw your SOL and rewards';
  return (
    <div
      className="mt-3 rounded-lg border border-border/70 bg-background/50 p-3"
      data-testid="escrow-my-deposit"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h4 className="text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
          Your deposit
        </h4>
        <span className="text-[11px] text-subtle">{status}</span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-[10px] text-subtle uppercase">
            {deposit.claimed || deposit.refunded ? 'Deposited' : 'Locked'}
          </dt>
          <dd className="font-mono text-sm font-semibold tabular-nums">
            {solText(deposit.amount)} <span className="text-xs font-normal text-muted">SOL</span>
          </dd>
        </div>
        <div>
          <dt className="text-[10px] text-subtle uppercase">Time locked</dt>
          <dd className="font-mono text-sm tabular-nums">
            {amount > 0n ? formatSpan(timeLocked(vault.escrow, deposit, now)) : '—'}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-[10px] text-subtle uppercase">
            {deposit.rewarded ? 'Rewards' : 'Rewards so far'}
          </dt>
          <dd
            className="font-mono text-sm font-semibold text-dum tabular-nums"
            data-testid="escrow-reward"
          >
            {dumText(reward)} <span className="text-xs font-normal">DUM</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function MediaCheck({ url, contentHash }: { url: string; contentHash: string }) {
  const check = useMediaVerification(url, contentHash);
  if (check.isPending) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="media-check">
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        Checking the media against the chain…
      </p>
    );
  }
  if (check.isError) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="media-check">
        <ShieldAlert className="size-3.5" aria-hidden="true" />
        Couldn’t check the media against the chain.
      </p>
    );
  }
  return check.data ? (
    <p
      className="mt-2 inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success"
      data-testid="media-check"
      title={`SHA-256 ${contentHash}`}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified on chain
    </p>
  ) : (
    <p
      role="alert"
      className="mt-2 flex items-start gap-1.5 rounded-lg border border-danger/40 bg-danger/10 px-2.5 py-2 text-xs font-medium text-danger"
      data-testid="media-check"
    >
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      This media does not match the hash committed on chain. It may have been changed after the
      vault was created.
    </p>
  );
}

/** Join: SOL to lock in the vault program (> 0, balance must cover it plus the fee). */
export function JoinDialog({
  open,
  onOpenChange,
  remaining,
  firstJoin,
  targetAmount,
  busy,
  onJoin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  remaining: bigint;
  firstJoin: boolean;
  targetAmount: string;
  busy: boolean;
  onJoin: (amount: string) => void;
}) {
  const [amount, setAmount] = useState(() =>
    remaining > 0n ? formatSol(remaining).replace(/\.?0+$/, '') : '0.1',
  );
  const amountId = useId();
  const hintId = useId();
  const { config, account } = useWallet();
  const balance = useQuery({
    queryKey: ['sol-balance', account?.address ?? null],
    queryFn: () => getSolBalance(config?.rpcUrl ?? '/rpc', account?.address ?? ''),
    enabled: open && Boolean(account && config),
    staleTime: 0,
  });
  const invalid = !/^\d*\.?\d*$/.test(amount.trim()) || !(Number(amount) > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onJoin(amount);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
          <DialogHeader>
            <DialogTitle>Join Vault</DialogTitle>
            <DialogDescription>
              Your SOL is locked in the vault program until the end, earning DUM every second. The
              content unlocks for everyone at {solText(targetAmount)} SOL.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={amountId} className="text-sm font-medium">
                Amount (SOL)
              </label>
              <span className="font-mono text-xs text-muted tabular-nums" aria-live="polite">
                {balance.data !== undefined
                  ? `Balance: ${formatSol(balance.data)} SOL`
                  : balance.isError
                    ? 'Balance unavailable'
                    : 'Balance: …'}
              </span>
            </div>
            <input
              id={amountId}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              disabled={busy}
              aria-invalid={(amount !== '' && invalid) || undefined}
              aria-describedby={hintId}
              className="h-11 rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none aria-invalid:border-danger/60"
            />
            <p id={hintId} className="text-xs text-subtle">
              {amount !== '' && invalid
                ? 'amount must be greater than 0'
                : firstJoin
                  ? `Plus about ${formatSol(DEPOSIT_RENT_LAMPORTS)} SOL for your deposit account and the network fee.`
                  : 'Plus the network fee. Leaving before the end costs the early-withdraw penalty.'}
            </p>
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="dum" disabled={busy || invalid}>
              {busy ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <HandCoins aria-hidden="true" />
              )}
              {busy ? 'Vaulting...' : 'Join'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** States the penalty, in SOL and basis points, before anything is signed. */
export function EarlyWithdrawDialog({
  open,
  onOpenChange,
  amount,
  penaltyBps,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amount: bigint;
  penaltyBps: number;
  busy: boolean;
  onConfirm: () => void;
}) {
  const quote = earlyWithdrawQuote(amount, penaltyBps);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdraw early?</DialogTitle>
          <DialogDescription>{earlyWithdrawSummary(quote)}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-1.5 rounded-xl border border-border bg-surface-2/60 p-3 font-mono text-sm tabular-nums">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Your deposit</dt>
            <dd>{formatSol(quote.amount)} SOL</dd>
          </div>
          <div className="flex justify-between gap-3 text-danger">
            <dt>
              Penalty ({quote.penaltyBps} bps, {bpsPercent(quote.penaltyBps)})
            </dt>
            <dd>−{formatSol(quote.penalty)} SOL</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
            <dt>You receive</dt>
            <dd>{formatSol(quote.receive)} SOL</dd>
          </div>
        </dl>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Keep it locked
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            {busy ? 'Withdrawing...' : 'Withdraw early'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
