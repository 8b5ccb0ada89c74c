import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PostCard } from '../post/index.ts';
import { CampaignChart } from './campaign-chart.tsx';
import {
  json,
  makePost,
  memberViewer,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  WALLET,
} from '../post/test-kit.tsx';

describe('a sponsored post card', () => {
  afterEach(() => resetFeedTestState());

  it("says Sponsored, offers 'Hide this ad', and reports a click when its post is opened", async () => {
    const api = mockApi({
      'POST /api/ads/campaigns/7/hide': () => json({ hidden: true }),
      'POST /api/ads/campaigns/7/click': () => json({ counted: true, chargedLamports: '0' }),
    });
    const post = makePost({ sponsored: { campaignId: '7' } });
    renderWithProviders(
      <PostCard post={post} viewer={memberViewer('viewer', WALLET)} referralCode={null} />,
    );
    const card = screen.getByRole('article');
    expect((await within(card).findByTestId('sponsored-label')).textContent).toBe('Sponsored');

    await userEvent.click(within(card).getByRole('link', { name: /ago/ }));
    await waitFor(() => {
      expect(api.mock.calls.some(([url]) => requestPath(url).endsWith('/campaigns/7/click'))).toBe(
        true,
      );
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Ad options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hide this ad' }));
    await screen.findByText('Ad hidden');
    expect(api.mock.calls.some(([url]) => requestPath(url).endsWith('/campaigns/7/hide'))).toBe(
      true,
    );
  });

  it('is an ordinary card without the marker', () => {
    renderWithProviders(
      <PostCard post={makePost()} viewer={memberViewer('viewer', WALLET)} referralCode={null} />,
    );
    expect(screen.queryByTestId('sponsored-label')).toBeNull();
  });
});

describe('ads in Spanish', () => {
  afterEach(() => resetFeedTestState());

  it('labels the sponsored card and its menu in the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    mockApi({});
    const post = makePost({ sponsored: { campaignId: '7' } });
    renderWithProviders(
      <PostCard post={post} viewer={memberViewer('viewer', WALLET)} referralCode={null} />,
    );
    const card = screen.getByRole('article');
    expect((await within(card).findByTestId('sponsored-label')).textContent).toBe('Patrocinado');
    expect(within(card).getByRole('button', { name: 'Opciones del anuncio' })).toBeTruthy();
  });

  it('draws the daily chart with Spanish words, dates and amounts', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    render(
      <CampaignChart
        days={[{ day: '2026-11-26', impressions: 1234, clicks: 5, spentLamports: '1500000000' }]}
      />,
    );
    const table = screen.getByRole('table');
    expect(table.textContent).toContain('Vistas, clics y gasto por día');
    expect(table.textContent).toContain('26 nov');
    expect(table.textContent).toContain('1,5');
    expect(screen.getByText('Vistas por día (UTC)')).toBeTruthy();
  });
});
