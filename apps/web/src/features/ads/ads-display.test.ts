import { describe, expect, it } from 'vitest';
import { checkCampaignForm, ctrText, lamportsOf, solFigure, spentPercent } from './ads-display.ts';

const LIMITS = { minCpmLamports: 1000n, minBudgetLamports: 10_000_000n };

describe('the campaign form', () => {
  it('turns SOL into exact lamports', () => {
    expect(
      checkCampaignForm({ postId: '4', cpm: '0.01', dailyLimit: '0.05', budget: '0.5' }, LIMITS),
    ).toEqual({
      ok: true,
      cpm: 10_000_000n,
      dailyLimit: 50_000_000n,
      budget: 500_000_000n,
    });
  });

  it('names the first wrong field', () => {
    const base = { postId: '4', cpm: '0.01', dailyLimit: '0.05', budget: '0.5' };
    const field = (form: typeof base) => {
      const checked = checkCampaignForm(form, LIMITS);
      return checked.ok ? null : checked.field;
    };
    expect(field({ ...base, postId: '' })).toBe('post');
    expect(field({ ...base, cpm: '0.0000001' })).toBe('cpm');
    expect(field({ ...base, cpm: '0.0000015' })).toBe('cpm');
    expect(field({ ...base, cpm: 'abc' })).toBe('cpm');
    expect(field({ ...base, dailyLimit: '0.000001' })).toBe('dailyLimit');
    expect(field({ ...base, budget: '0.001' })).toBe('budget');
    expect(field({ ...base, budget: '' })).toBe('budget');
  });
});

describe('figures', () => {
  it('shows lamports as exact SOL, CTR and the spent share', () => {
    expect(solFigure('500000000')).toBe('0.5');
    expect(solFigure('10000')).toBe('0.00001');
    expect(solFigure(null)).toBe('—');
    expect(lamportsOf('1.5')).toBe(1_500_000_000n);
    expect(lamportsOf('1.0000000001')).toBeNull();
    expect(ctrText(0.125)).toBe('12.5%');
    expect(ctrText(0)).toBe('0.0%');
    expect(spentPercent({ budgetLamports: '1000', spentLamports: '250' })).toBe(25);
    expect(spentPercent({ budgetLamports: '0', spentLamports: '0' })).toBe(0);
  });
});
