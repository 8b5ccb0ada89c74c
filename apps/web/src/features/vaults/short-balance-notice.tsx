import { insufficientBalanceMessage, parseDecimalAmount } from '@dum/core';
import { Trans } from '@lingui/react/macro';
import { GetTestSolButton } from '../faucet/index.ts';

/**
 * Under a vault dialog's amount: when the wallet holds less than the amount plus the fee (and
 * `extraLamports`), it says so and offers 'Get test SOL' where a faucet is offered. The
 * balance refreshes after the faucet call, and the notice goes once it covers the amount.
 */
export function ShortBalanceNotice({
  balance,
  amount,
  extraLamports,
}: {
  /** Lamports; undefined until read. */
  balance: bigint | undefined;
  /** SOL, as typed. */
  amount: string;
  extraLamports: bigint;
}) {
  const parsed = parseDecimalAmount(amount.trim(), 9);
  if (balance === undefined || !parsed.ok || parsed.value <= 0n) return null;
  if (insufficientBalanceMessage(balance, parsed.value + extraLamports) === null) return null;
  return (
    <div
      data-testid="short-balance"
      className="grid gap-2.5 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <p>
        <Trans>Your wallet holds less than this amount plus the network fee.</Trans>
      </p>
      <GetTestSolButton className="justify-self-start" />
    </div>
  );
}
