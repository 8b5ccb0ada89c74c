import { formatSol } from '@dum/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getSolBalance } from '../wallet/index.ts';
import { useWallet } from '../wallet/index.ts';

/** The connected wallet's SOL balance in lamports, read fresh while a dialog holding it is open. */
export function useOpenDialogSolBalance(open: boolean): UseQueryResult<bigint> {
  const { config, account } = useWallet();
  return useQuery({
    queryKey: ['sol-balance', account?.address ?? null],
    queryFn: () => getSolBalance(config?.rpcUrl ?? '/rpc', account?.address ?? ''),
    enabled: open && Boolean(account && config),
    staleTime: 0,
  });
}

/** An amount field's label with the connected wallet's SOL balance beside it. */
export function SolAmountLabel({
  htmlFor,
  balance,
}: {
  htmlFor: string;
  balance: UseQueryResult<bigint>;
}) {
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
