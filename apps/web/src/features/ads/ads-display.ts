import {
  formatBaseUnitsExact,
  parseDecimalAmount,
  type AdCampaign,
  type AdCampaignStatus,
} from '@dum/core';

/** What the dashboard shows of a campaign's status. */
export const STATUS_LABEL: Record<AdCampaignStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  out_of_budget: 'Out of budget',
  ended: 'Ended',
};

/**
 * Lamports (a decimal string from the API) as SOL, exact (a view may cost a few lamports): '0.5',
 * '0.00001'.
 */
export function solFigure(lamports: string | null): string {
  if (lamports === null || !/^\d+$/.test(lamports)) return '—';
  return formatBaseUnitsExact(BigInt(lamports), 9);
}

/** Lamports as exact SOL (trailing zeros dropped): '0.000002'. */
export function solExact(lamports: string): string {
  return /^\d+$/.test(lamports) ? formatBaseUnitsExact(BigInt(lamports), 9) : '—';
}

/** SOL as typed, in lamports; null when it is not an amount. */
export function lamportsOf(sol: string): bigint | null {
  const parsed = parseDecimalAmount(sol, 9);
  return parsed.ok ? parsed.value : null;
}

/** CTR as a percentage with one decimal: '12.5%'. */
export function ctrText(ctr: number): string {
  return `${(Math.round(ctr * 1000) / 10).toFixed(1)}%`;
}

/** How much of the budget is spent, 0..100 (for the bar). */
export function spentPercent(
  campaign: Pick<AdCampaign, 'budgetLamports' | 'spentLamports'>,
): number {
  const budget = BigInt(campaign.budgetLamports);
  if (budget === 0n) return 0;
  return Number((BigInt(campaign.spentLamports) * 1000n) / budget) / 10;
}

/** '26 Nov' for a UTC day 'YYYY-MM-DD'. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export type CampaignFormProblem = 'post' | 'cpm' | 'dailyLimit' | 'budget' | null;

export interface CampaignForm {
  postId: string;
  /** SOL per thousand impressions, as typed. */
  cpm: string;
  /** SOL per day, as typed. */
  dailyLimit: string;
  /** SOL, as typed. */
  budget: string;
}

/** The form's amounts in lamports, or which field is wrong (the server checks the same). */
export function checkCampaignForm(
  form: CampaignForm,
  limits: { minCpmLamports: bigint; minBudgetLamports: bigint },
):
  | { ok: true; cpm: bigint; dailyLimit: bigint; budget: bigint }
  | { ok: false; field: Exclude<CampaignFormProblem, null>; message: string } {
  if (!form.postId) return { ok: false, field: 'post', message: 'Choose one of your posts.' };
  const cpm = lamportsOf(form.cpm);
  if (cpm === null || cpm < limits.minCpmLamports || cpm % 1000n !== 0n) {
    return {
      ok: false,
      field: 'cpm',
      message: `The price per 1,000 views is at least ${solExact(limits.minCpmLamports.toString())} SOL, in steps of 0.000001 SOL.`,
    };
  }
  const dailyLimit = lamportsOf(form.dailyLimit);
  if (dailyLimit === null || dailyLimit < cpm / 1000n) {
    return {
      ok: false,
      field: 'dailyLimit',
      message: 'The daily limit must cover at least one view.',
    };
  }
  const budget = lamportsOf(form.budget);
  if (budget === null || budget < limits.minBudgetLamports) {
    return {
      ok: false,
      field: 'budget',
      message: `The minimum budget is ${solExact(limits.minBudgetLamports.toString())} SOL.`,
    };
  }
  return { ok: true, cpm, dailyLimit, budget };
}
