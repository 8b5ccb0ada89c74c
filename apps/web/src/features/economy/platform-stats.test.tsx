import { STAKE_MESSAGES } from '@dum/core';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithClient, stubApi } from './test-kit.tsx';
import { PlatformStatsCard } from './platform-stats-card.tsx';
import { platformStatsView } from './platform-stats.ts';
import { activityTimeAgo } from './activity-display.ts';
import { stakeConfirmLabel, stakeMessageText } from './stake-form.ts';

const STATS = {
  totalEvents: 12_345,
  totalMinted: '1851750000000000',
  currentReward: '150000000000',
  eventsUntilHalving: 57_655,
  percentMinted: 8.81,
  maxSupply: '21000000000000000',
  currentEpoch: 0,
};

describe('platformStatsView', () => {
  it('abbreviates with K and M and shows DUM in whole units', () => {
    expect(platformStatsView(STATS)).toEqual({
      totalVibes: '12.3K',
      dumMined: '1.9M',
      currentReward: '150',
      nextHalving: '57.7K',
      mintedFraction: 0.0881,
      mintedPercent: '8.81%',
      minted: '1.9M',
      maxSupply: '21M',
    });
  });

  it('keeps small numbers as they are, and fractional rewards after halvings', () => {
    const view = platformStatsView({
      ...STATS,
      totalEvents: 999,
      totalMinted: '0',
      currentReward: '4687500000',
      eventsUntilHalving: 1,
      currentEpoch: 5,
    });
    expect(view.totalVibes).toBe('999');
    expect(view.dumMined).toBe('0');
    expect(view.currentReward).toBe('4.6875');
    expect(view.nextHalving).toBe('1');
    expect(view.mintedPercent).toBe('0.00%');
    expect(view.mintedFraction).toBe(0);
  });

  it('shows <0.01% while less than a hundredth of a percent is minted, and 100% at the cap', () => {
    expect(platformStatsView({ ...STATS, totalMinted: '150000000000' }).mintedPercent).toBe(
      '<0.01%',
    );
    const full = platformStatsView({ ...STATS, totalMinted: '21000000000000000' });
    expect(full.mintedPercent).toBe('100.00%');
    expect(full.mintedFraction).toBe(1);
    expect(full.minted).toBe('21M');
  });
});

describe('PlatformStatsCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a skeleton while loading', () => {
    stubApi({});
    renderWithClient(<PlatformStatsCard />);
    expect(screen.getByRole('status', { name: 'Loading platform stats' })).toBeDefined();
  });

  it('shows the five figures from GET /api/emissions/platform-stats', async () => {
    stubApi({ 'GET /api/emissions/platform-stats': () => jsonResponse(STATS) });
    renderWithClient(<PlatformStatsCard />);
    expect((await screen.findByTestId('stat-total-vibes')).textContent).toBe('12.3K');
    expect(screen.getByText('Total Vibes')).toBeDefined();
    expect(screen.getByText('DUM Mined')).toBeDefined();
    expect(screen.getByText('Current Reward')).toBeDefined();
    expect(screen.getByText('Next Halving')).toBeDefined();
    expect(screen.getByText('Supply Minted')).toBeDefined();
    expect(screen.getByTestId('stat-dum-mined').textContent).toBe('1.9M');
    expect(screen.getByTestId('stat-current-reward').textContent).toBe('150');
    expect(screen.getByTestId('stat-next-halving').textContent).toBe('57.7K');
    expect(screen.getByTestId('stat-supply-percent').textContent).toBe('8.81%');
    expect(screen.getByTestId('stat-supply-minted').textContent).toBe('1.9M DUM minted');
    expect(screen.getByTestId('stat-supply-max').textContent).toBe('21M max');
    expect(
      screen.getByRole('progressbar', { name: 'Supply minted' }).getAttribute('aria-valuenow'),
    ).toBe('8.8');
  });

  it('shows an error state with Try Again', async () => {
    stubApi({
      'GET /api/emissions/platform-stats': () =>
        errorResponse(503, 'service_unavailable', 'Starting'),
    });
    renderWithClient(<PlatformStatsCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Couldn't load platform stats.",
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDefined();
  });
});

describe('the economy cards in Spanish', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows Platform Stats with Spanish words and number conventions', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    stubApi({ 'GET /api/emissions/platform-stats': () => jsonResponse(STATS) });
    renderWithClient(<PlatformStatsCard />);
    expect((await screen.findByTestId('stat-total-vibes')).textContent).toBe('12,3K');
    expect(screen.getByText('Estadísticas de la plataforma')).toBeDefined();
    expect(screen.getByText('Recompensa actual')).toBeDefined();
    expect(screen.getByText('Época 0')).toBeDefined();
    expect(screen.getByTestId('stat-supply-percent').textContent).toBe('8,81%');
    expect(screen.getByTestId('stat-supply-minted').textContent).toBe('1,9M DUM emitidos');
    expect(screen.getByRole('progressbar', { name: 'Suministro emitido' })).toBeDefined();
  });

  it('words the stake dialog’s messages in Spanish', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    expect(stakeConfirmLabel('stake', false)).toBe('Hacer staking');
    expect(stakeMessageText(STAKE_MESSAGES.invalidAmount)).toBe(
      'Monto no válido: el monto debe ser mayor que 0.',
    );
    expect(stakeMessageText(STAKE_MESSAGES.insufficient(12_500_000_000n, 'stake'))).toBe(
      'Saldo insuficiente: solo tienes 12,5 DUM disponibles para hacer staking.',
    );
    expect(
      activityTimeAgo('2026-03-01T11:58:00.000Z', Date.parse('2026-03-01T12:00:00.000Z')),
    ).toBe('hace 2 min');
  });
});
