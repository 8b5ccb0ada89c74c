import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  formatBaseUnitsExact,
  parseDecimalAmount,
  type AdCampaign,
  type AdCampaignStatus,
} from '@dum/core';
import { formatDate, formatDecimal } from '../../lib/i18n/index.ts';

/** What the dashboard shows of a campaign's status (render with `i18n._`). */
export const STATUS_LABEL: Record<AdCampaignStatus, MessageDescriptor> = {
  active: msg`Active`,
  paused: msg`Paused`,
  out_of_budget: msg`Out of budget`,
  ended: msg`Ended`,
};

/**
 * Lamports (a decimal string from the API) as SOL for reading, exact (a view may cost a few
 * lamports) in the active language's conventions: '0.5', '0.00001' ('0,5' in Spanish).
 */
export function solFigure(lamports: string | null): string {
  if (lamports === null || !/^\d+$/.test(lamports)) return '—';
  return formatDecimal(formatBaseUnitsExact(BigInt(lamports), 9), 9);
}

/** Lamports as exact SOL (trailing zeros dropped), the API's form: '0.000002'. */
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
  return `${formatDecimal((Math.round(ctr * 1000) / 10).toFixed(1), 1, 1)}%`;
}

/** How much of the budget is spent, 0..100 (for the bar). */
export function spentPercent(
  campaign: Pick<AdCampaign, 'budgetLamports' | 'spentLamports'>,
): number {
  const budget = BigInt(campaign.budgetLamports);
  if (budget === 0n) return 0;
  return Number((BigInt(campaign.spentLamports) * 1000n) / budget) / 10;
}

/** '26 Nov' ('26 nov' in Spanish) for a UTC day 'YYYY-MM-DD'. */
export function shortDay(day: string): string {
  // Day then month in every language (English's own order would be 'Nov 26').
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO timestamp, not text
  const date = new Date(`${day}T00:00:00Z`);
  const dayOfMonth = formatDate(date, { day: 'numeric', timeZone: 'UTC' });
  const month = formatDate(date, { month: 'short', timeZone: 'UTC' });
  return `${dayOfMonth} ${month}`;
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
  if (!form.postId) return { ok: false, field: 'post', message: t`Choose one of your posts.` };
  const cpm = lamportsOf(form.cpm);
  if (cpm === null || cpm < limits.minCpmLamports || cpm % 1000n !== 0n) {
    return {
      ok: false,
      field: 'cpm',
      message: priceProblem(solFigure(limits.minCpmLamports.toString()), solFigure('1000')),
    };
  }
  const dailyLimit = lamportsOf(form.dailyLimit);
  if (dailyLimit === null || dailyLimit < cpm / 1000n) {
    return {
      ok: false,
      field: 'dailyLimit',
      message: t`The daily limit must cover at least one view.`,
    };
  }
  const budget = lamportsOf(form.budget);
  if (budget === null || budget < limits.minBudgetLamports) {
    return {
      ok: false,
      field: 'budget',
      message: minimumBudgetProblem(solFigure(limits.minBudgetLamports.toString())),
    };
  }
  return { ok: true, cpm, dailyLimit, budget };
}

function priceProblem(minimum: string, step: string): string {
  return t`The price per 1,000 views is at least ${minimum} SOL, in steps of ${step} SOL.`;
}

function minimumBudgetProblem(minimum: string): string {
  return t`The minimum budget is ${minimum} SOL.`;
}
