import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdConfig } from '@dum/core';
import { Megaphone } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { BusyDialog, DialogForm, DialogHeading } from '../../components/ui/dialog.tsx';
import { postText } from '../post/index.ts';
import { useFundCampaign, useOwnPosts } from './ad-queries.ts';
import {
  checkCampaignForm,
  solExact,
  solFigure,
  type CampaignForm,
  type CampaignFormProblem,
} from './ads-display.ts';
import { AmountField, PayFooter } from './fund-fields.tsx';

const START: Omit<CampaignForm, 'postId'> = { cpm: '0.01', dailyLimit: '0.05', budget: '0.1' };

/**
 * New campaign: one of the advertiser's posts, the price per 1,000 views, the daily limit and the
 * budget, which the wallet sends to the treasury before the server opens the campaign with it.
 */
export function CreateCampaignDialog({
  open,
  onOpenChange,
  wallet,
  config,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: string | null;
  config: AdConfig;
}) {
  const { t } = useLingui();
  const ids = useId();
  const posts = useOwnPosts(wallet, open);
  const fund = useFundCampaign(wallet, config.treasury);
  const [form, setForm] = useState<CampaignForm>({ postId: '', ...START });
  const [tried, setTried] = useState(false);
  const busy = fund.mutation.isPending;
  const checked = checkCampaignForm(form, {
    minCpmLamports: BigInt(config.minCpmLamports),
    minBudgetLamports: BigInt(config.minBudgetLamports),
  });
  const problem = tried && !checked.ok ? checked : null;
  const errorOf = (field: Exclude<CampaignFormProblem, null>) =>
    problem?.field === field ? problem.message : null;
  const set = (field: keyof CampaignForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || !checked.ok) return;
    fund.mutation.mutate(
      {
        lamports: checked.budget,
        amount: solExact(checked.budget.toString()),
        campaignId: null,
        terms: {
          postId: form.postId,
          cpmLamports: checked.cpm.toString(),
          dailyLimitLamports: checked.dailyLimit.toString(),
        },
      },
      {
        onSuccess: () => {
          onOpenChange(false);
          setForm({ postId: '', ...START });
          setTried(false);
        },
      },
    );
  };

  const postOptions = posts.data ?? [];
  const minimumBudget = solFigure(config.minBudgetLamports);
  return (
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={busy}>
      <DialogForm onSubmit={submit} busy={busy}>
        <DialogHeading
          title={<Trans>New campaign</Trans>}
          description={
            <Trans>
              Promote one of your posts in the For you feed. You pay only for views by established
              wallets, once per person per day.
            </Trans>
          }
        />
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-post`} className="text-sm font-medium">
            <Trans>Post to promote</Trans>
          </label>
          <select
            id={`${ids}-post`}
            value={form.postId}
            onChange={(event) => set('postId')(event.target.value)}
            disabled={busy || posts.isPending}
            aria-invalid={errorOf('post') !== null || undefined}
            aria-describedby={`${ids}-post-hint`}
            className="h-11 rounded-xl border border-border bg-surface-2 px-3 text-sm focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
          >
            <option value="">
              {posts.isPending
                ? t`Loading your posts...`
                : postOptions.length === 0
                  ? t`You have no posts yet`
                  : t`Choose a post`}
            </option>
            {postOptions.map((post) => (
              <option key={post.id} value={post.id}>
                {excerpt(postText(post))}
              </option>
            ))}
          </select>
          <p
            id={`${ids}-post-hint`}
            className={errorOf('post') ? 'text-xs text-danger' : 'text-xs text-subtle'}
          >
            {errorOf('post') ??
              (posts.isError ? t`Your posts could not be loaded.` : t`Only your own live posts.`)}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            id={`${ids}-cpm`}
            label={t`Price per 1,000 views (SOL)`}
            value={form.cpm}
            onChange={set('cpm')}
            hint={t`Charged per view, in whole lamports.`}
            error={errorOf('cpm')}
            disabled={busy}
          />
          <AmountField
            id={`${ids}-daily`}
            label={t`Daily limit (SOL)`}
            value={form.dailyLimit}
            onChange={set('dailyLimit')}
            hint={t`The most it spends in a UTC day.`}
            error={errorOf('dailyLimit')}
            disabled={busy}
          />
        </div>
        <AmountField
          id={`${ids}-budget`}
          label={t`Budget (SOL)`}
          value={form.budget}
          onChange={set('budget')}
          hint={t`Sent from your wallet to the treasury. At least ${minimumBudget} SOL; what is left comes back when you end the campaign.`}
          error={errorOf('budget')}
          disabled={busy}
          step="0.01"
        />
        <PayFooter
          busy={busy}
          canSign={fund.canSign}
          cannotSign={<Trans>Connect the wallet you signed in with to pay the budget.</Trans>}
          icon={<Megaphone aria-hidden="true" />}
        >
          <Trans>Pay and launch</Trans>
        </PayFooter>
      </DialogForm>
    </BusyDialog>
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim() || tNow`(no text)`;
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
