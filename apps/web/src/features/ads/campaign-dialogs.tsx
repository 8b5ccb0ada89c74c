import { Trans, useLingui } from '@lingui/react/macro';
import type { AdCampaign, AdConfig } from '@dum/core';
import { CircleStop, Coins } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  ConfirmFooter,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { useFundCampaign } from './ad-queries.ts';
import { lamportsOf, solExact, solFigure } from './ads-display.ts';
import { AmountField } from './fund-fields.tsx';

/** Add budget: another transfer to the treasury, verified like the first. */
export function TopUpDialog({
  campaign,
  open,
  onOpenChange,
  wallet,
  config,
}: {
  campaign: AdCampaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: string | null;
  config: AdConfig;
}) {
  const { t } = useLingui();
  const id = useId();
  const fund = useFundCampaign(wallet, config.treasury);
  const [amount, setAmount] = useState('0.1');
  const [tried, setTried] = useState(false);
  const busy = fund.mutation.isPending;
  const budget = solFigure(campaign.budgetLamports);
  const spent = solFigure(campaign.spentLamports);
  const minimum = solFigure(config.minBudgetLamports);
  const lamports = lamportsOf(amount);
  const valid = lamports !== null && lamports >= BigInt(config.minBudgetLamports);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || !valid) return;
    fund.mutation.mutate(
      { lamports, amount: solExact(lamports.toString()), campaignId: campaign.id },
      { onSuccess: () => onOpenChange(false) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Add budget</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                {budget} SOL so far, {spent} SOL spent.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <AmountField
            id={id}
            label={t`Amount (SOL)`}
            value={amount}
            onChange={setAmount}
            hint={t`Sent from your wallet to the treasury. At least ${minimum} SOL.`}
            error={tried && !valid ? t`The minimum is ${minimum} SOL.` : null}
            disabled={busy}
            step="0.01"
          />
          {!fund.canSign && (
            <p role="alert" className="text-xs text-danger">
              <Trans>Connect the wallet you signed in with to pay.</Trans>
            </p>
          )}
          <ConfirmFooter busy={busy}>
            <BusyButton
              type="submit"
              busy={busy}
              busyLabel={t`Paying...`}
              icon={<Coins aria-hidden="true" />}
              disabled={busy || !fund.canSign}
            >
              <Trans>Pay</Trans>
            </BusyButton>
          </ConfirmFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "End this campaign?": it stops for good and the unspent budget is sent back. */
export function EndCampaignDialog({
  campaign,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  campaign: AdCampaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const left = BigInt(campaign.budgetLamports) - BigInt(campaign.spentLamports);
  const unspent = solFigure(left.toString());
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>End this campaign?</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              It stops showing at once and can’t be restarted. The unspent {unspent} SOL is sent
              back from the treasury to your wallet.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <ConfirmFooter busy={busy}>
          <BusyButton
            variant="danger"
            busy={busy}
            busyLabel={t`Ending...`}
            icon={<CircleStop aria-hidden="true" />}
            onClick={onConfirm}
          >
            <Trans>End and refund</Trans>
          </BusyButton>
        </ConfirmFooter>
      </DialogContent>
    </Dialog>
  );
}
