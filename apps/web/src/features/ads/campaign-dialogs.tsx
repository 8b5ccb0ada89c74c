import { Trans, useLingui } from '@lingui/react/macro';
import type { AdCampaign, AdConfig } from '@dum/core';
import { CircleStop, Coins } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  BusyDialog,
  ConfirmDialog,
  DialogForm,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { useFundCampaign } from './ad-queries.ts';
import { lamportsOf, solExact, solFigure } from './ads-display.ts';
import { AmountField, PayFooter } from './fund-fields.tsx';

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
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={busy}>
      <DialogForm onSubmit={submit} busy={busy}>
        <DialogHeading
          title={<Trans>Add budget</Trans>}
          description={
            <Trans>
              {budget} SOL so far, {spent} SOL spent.
            </Trans>
          }
        />
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
        <PayFooter
          busy={busy}
          canSign={fund.canSign}
          cannotSign={<Trans>Connect the wallet you signed in with to pay.</Trans>}
          icon={<Coins aria-hidden="true" />}
        >
          <Trans>Pay</Trans>
        </PayFooter>
      </DialogForm>
    </BusyDialog>
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={<Trans>End this campaign?</Trans>}
      description={
        <Trans>
          It stops showing at once and can’t be restarted. The unspent {unspent} SOL is sent back
          from the treasury to your wallet.
        </Trans>
      }
      action={
        <BusyButton
          variant="danger"
          busy={busy}
          busyLabel={t`Ending...`}
          icon={<CircleStop aria-hidden="true" />}
          onClick={onConfirm}
        >
          <Trans>End and refund</Trans>
        </BusyButton>
      }
    />
  );
}
