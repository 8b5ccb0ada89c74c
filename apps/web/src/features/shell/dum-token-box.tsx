import { formatDumAmount } from '@dum/core';
import { Coins } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';

export interface DumBalances {
  /** DUM base units. */
  balance: bigint;
  staked: bigint;
  rewards: bigint;
}

const ZERO: DumBalances = { balance: 0n, staked: 0n, rewards: 0n };

/** Until staking lands (the 'Manage DUM Tokens' dialog), the button explains what is coming. */
function announceStaking(): void {
  toast({
    title: 'Staking is coming soon',
    description: 'Stake DUM to earn rewards once staking opens on the test network.',
  });
}

/**
 * The sidebar's DUM token box (spec section 2): balance, staked, rewards and Stake Tokens.
 * Values show zeros until the wallet's user record is wired in.
 */
export function DumTokenBox({
  balances = ZERO,
  onStake = announceStaking,
}: {
  balances?: DumBalances;
  onStake?: () => void;
}) {
  const rows = [
    { label: 'Balance', value: balances.balance },
    { label: 'Staked', value: balances.staked },
    { label: 'Rewards', value: balances.rewards },
  ];
  return (
    <section
      aria-labelledby="dum-token-box-title"
      className="relative overflow-hidden rounded-2xl border border-dum/20 bg-gradient-to-br from-dum/10 via-surface to-surface p-4"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-10 -right-10 size-28 rounded-full bg-dum/15 blur-2xl"
      />
      <h2 id="dum-token-box-title" className="flex items-center gap-2 text-sm font-semibold">
        <span className="grid size-7 place-items-center rounded-lg bg-dum/15 text-dum">
          <Coins className="size-4" aria-hidden="true" />
        </span>
        DUM Token
      </h2>
      <dl className="mt-3 grid gap-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-2">
            <dt className="text-muted">{row.label}</dt>
            <dd className="font-mono font-semibold text-dum tabular-nums">
              {formatDumAmount(row.value)} <span className="text-xs text-subtle">DUM</span>
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="dum" size="sm" className="mt-4 w-full" onClick={onStake}>
        Stake Tokens
      </Button>
    </section>
  );
}
