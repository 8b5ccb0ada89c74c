import { formatSol } from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import { getSolBalance } from '../wallet/rpc.ts';
import { useWallet } from '../wallet/wallet-context.tsx';

/**
 * An amount field's label with the connected wallet's SOL balance beside it, read fresh while
 * the dialog holding it is open.
 */
export function SolAmountLabel({ htmlFor, open }: { htmlFor: string; open: boolean }) {
  const { config, account } = useWallet();
  const balance = useQuery({
    queryKey: ['sol-balance', account?.address ?? null],
    queryFn: () => getSolBalance(config?.rpcUrl ?? '/rpc', account?.address ?? ''),
    enabled: open && Boolean(account && config),
    staleTime: 0,
  });
  return (
    <div className="flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className="text-sm font-medium">
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
  );
}
