import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Lock, LockOpen, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { solText } from './vault-display.ts';
import { VAULT_TEXT } from './vault-messages.ts';

/** Pieces both vault panels (direct and escrow) show the same way. */

/** Stands where a locked post's media would be. */
export function LockedMediaNotice() {
  return (
    <div
      data-testid="vault-locked-media"
      className="mt-3 flex items-center gap-3 rounded-lg border border-dashed border-dum/40 bg-background/40 px-3 py-4"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-dum/15 text-dum">
        <Lock className="size-4" aria-hidden="true" />
      </span>
      <p className="text-sm text-muted">
        <Trans>Locked content. It unlocks for everyone when the vault reaches its target.</Trans>
      </p>
    </div>
  );
}

/** How far a vault has come: the SOL in it, its target, the percentage, and whether it got there. */
export interface VaultReach {
  amount: string;
  target: string;
  percent: number;
  reached: boolean;
}

/** The vault's progress bar, green once the target is reached. */
export function VaultProgressBar({
  percent,
  reached,
  className,
}: Pick<VaultReach, 'percent' | 'reached'> & { className: string }) {
  const { t } = useLingui();
  return (
    <Progress
      value={percent / 100}
      label={t`Vault progress`}
      className={className}
      indicatorClassName={reached ? 'bg-success bg-none' : undefined}
    />
  );
}

/** Amount / target in SOL, the percentage, and the bar (green once unlocked). */
export function VaultProgress({ amount, target, percent, reached }: VaultReach) {
  return (
    <>
      <div className="mt-3 flex items-baseline justify-between gap-3">
        <p className="font-mono text-sm tabular-nums">
          <span className="text-base font-semibold text-foreground" data-testid="vault-amount">
            {solText(amount)}
          </span>
          <span className="text-muted"> / {solText(target)} SOL</span>
        </p>
        <span className="font-mono text-xs text-muted tabular-nums">{percent}%</span>
      </div>
      <VaultProgressBar percent={percent} reached={reached} className="mt-2 h-2" />
    </>
  );
}

/** 'Content Unlocked! Target reached!', with a paid-out line under it when given. */
export function UnlockedNotice({ paidOut }: { paidOut?: ReactNode }) {
  return (
    <div className="mt-3 rounded-lg bg-success/10 px-3 py-2 text-sm font-medium text-success">
      <p className="flex items-center gap-1.5">
        <Sparkles className="size-4 shrink-0" aria-hidden="true" />
        {VAULT_TEXT.unlocked}
      </p>
      {paidOut}
    </div>
  );
}

export function UnlockedBadge() {
  return (
    <Badge variant="success">
      <LockOpen className="size-3" aria-hidden="true" />
      <Trans>UNLOCKED</Trans>
    </Badge>
  );
}

/** The panel's lock icon: open (green) once unlocked. */
export function VaultLockIcon({ unlocked, className }: { unlocked: boolean; className: string }) {
  return unlocked ? (
    <LockOpen className={`${className} text-success`} aria-hidden="true" />
  ) : (
    <Lock className={`${className} text-dum`} aria-hidden="true" />
  );
}

export function ViewVaultLink({ vaultId }: { vaultId: string }) {
  return (
    <Link
      to={`/vaults/${encodeURIComponent(vaultId)}`}
      className="mt-3 inline-flex items-center gap-1 rounded-sm text-xs font-semibold text-dum hover:underline"
    >
      <Trans>View vault</Trans>
      <ArrowRight className="size-3.5" aria-hidden="true" />
    </Link>
  );
}
