import { formatAddress } from '@dum/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Coins } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { ProfileLink } from '../post/index.ts';
import { dumText, rewardSoFar, unixSeconds } from './escrow-display.ts';
import type { EscrowDepositView, EscrowView } from './escrow-types.ts';
import { useNow } from '../../lib/use-now.ts';
import { solText } from './vault-display.ts';

/** A deposit's state in a word or two each: what the creator and the participant have done. */
export function depositStatus(deposit: EscrowDepositView): string[] {
  const states: string[] = [];
  if (deposit.claimed) states.push(t`Claimed`);
  if (deposit.refunded) states.push(t`Refunded`);
  if (deposit.rewarded) states.push(t`Rewarded`);
  if (deposit.amount === '0' && !deposit.rewarded) states.push(t`Left early`);
  return states;
}

/**
 * An escrow vault's deposits on its page (latest 100 by amount, from the server's index): who,
 * how much is locked, and the DUM each has earned so far.
 */
export default function EscrowDeposits({
  escrow,
  deposits,
}: {
  escrow: EscrowView;
  deposits: EscrowDepositView[] | undefined;
}) {
  const now = unixSeconds(useNow(1000));
  if (!deposits || deposits.length === 0) {
    return (
      <p className="py-2 text-sm text-muted">
        <Trans>No deposits yet. Join to lock SOL in this vault and earn DUM while it runs.</Trans>
      </p>
    );
  }
  return (
    <ol className="flex flex-col divide-y divide-border/60" data-testid="escrow-deposits">
      {deposits.map((deposit, index) => {
        const states = depositStatus(deposit);
        return (
          <li key={deposit.address} className="flex items-center justify-between gap-3 py-2.5">
            <span className="flex min-w-0 items-center gap-3">
              <span className="w-5 shrink-0 text-center font-mono text-xs text-subtle">
                {index + 1}
              </span>
              <span className="flex min-w-0 flex-col">
                <ProfileLink address={deposit.participant} className="truncate text-sm font-medium">
                  {deposit.username ? `@${deposit.username}` : formatAddress(deposit.participant)}
                </ProfileLink>
                <span className="flex items-center gap-1 font-mono text-xs text-subtle tabular-nums">
                  <Coins className="size-3" aria-hidden="true" />
                  {dumText(rewardSoFar(escrow, deposit, now))} DUM
                </span>
              </span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-mono text-sm tabular-nums">
                {solText(deposit.amount !== '0' ? deposit.amount : deposit.totalDeposited)} SOL
              </span>
              {states.length > 0 && (
                <span className="flex gap-1">
                  {states.map((state) => (
                    <Badge key={state} variant="outline">
                      {state}
                    </Badge>
                  ))}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
