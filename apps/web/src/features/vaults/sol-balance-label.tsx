import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { formatSol } from '../../lib/i18n/index.ts';
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
  const { t } = useLingui();
  const sol = balance.data !== undefined ? formatSol(balance.data) : '';
  return (
    <div className="flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        <Trans>Amount (SOL)</Trans>
      </label>
      <span className="font-mono text-xs text-muted tabular-nums" aria-live="polite">
        {balance.data !== undefined
          ? t`Balance: ${sol} SOL`
          : balance.isError
            ? t`Balance unavailable`
            : t`Balance: …`}
      </span>
    </div>
  );
}
