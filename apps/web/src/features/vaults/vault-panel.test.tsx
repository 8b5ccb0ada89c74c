import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  WALLET,
  memberViewer,
  VISITOR,
} from '../post/test-kit.tsx';
import type { PostVault } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { VaultPanel } from './vault-panel.tsx';

const CREATOR = 'CreatorWa11et1111111111111111111111111111111';

function vault(overrides: Partial<PostVault> = {}): PostVault {
  return {
    id: '7',
    status: 'active',
    currentAmount: '150000000',
    targetAmount: '300000000',
    supporterCount: 4,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 2 * 86_400_000 + 3.5 * 3_600_000).toISOString(),
    creator: { walletAddress: CREATOR },
    kind: 'direct',
    escrow: null,
    ...overrides,
  };
}

const fan = memberViewer('fan', WALLET);
const creator = memberViewer('creator', CREATOR);
const visitor = VISITOR;

const LEADERBOARD = ['Ada', 'Grace', 'Linus', 'Margaret'].map((name, i) => ({
  id: `u${i}`,
  supporter: { id: `u${i}`, username: null, displayName: name, walletAddress: `W${i}` },
  total: String(100_000_000 - i * 10_000_000),
  supports: 1,
}));

function render(v: PostVault, viewer: Viewer, post = makePost({ kind: 'vault', vault: v })) {
  mockApi({ 'GET /api/vaults/7/leaderboard': () => json(LEADERBOARD) });
  return renderWithProviders(<VaultPanel post={post} vault={v} viewer={viewer} />);
}

describe('VaultPanel', () => {
  afterEach(() => resetFeedTestState());

  it('shows amount / target, the bar, supporters, time left, Support and the top 3 supporters', async () => {
    render(vault(), fan);
    const panel = screen.getByTestId('vault-panel');
    expect(within(panel).getByRole('heading', { name: 'Support Vault' })).toBeDefined();
    expect(panel.textContent).toContain('0.1500 / 0.3000 SOL');
    expect(
      screen.getByRole('progressbar', { name: 'Vault progress' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(screen.getByTestId('vault-supporters').textContent).toBe('4 supporters');
    expect(panel.textContent).toContain('2d 3h left');
    expect(screen.getByRole('button', { name: 'Support' })).toBeDefined();
    const top = await screen.findByTestId('vault-top-supporters');
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Ada0.1000 SOL', '2Grace0.0900 SOL', '3Linus0.0800 SOL']);
    // Each supporter's name opens their profile.
    expect(within(top).getByRole('link', { name: 'Ada' }).getAttribute('href')).toMatch(
      /^\/profile\/.+/,
    );
    expect(screen.queryByText('UNLOCKED')).toBeNull();
    expect(screen.getByRole('link', { name: /View vault/ }).getAttribute('href')).toBe('/vaults/7');
  });

  it('caps the bar at 100% and shows UNLOCKED with the spec message, without Support', () => {
    render(vault({ status: 'unlocked', currentAmount: '450000000' }), fan);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('UNLOCKED')).toBeDefined();
    expect(screen.getByText('Content Unlocked! Target reached!')).toBeDefined();
    expect(screen.queryByText('Creator paid out')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it("adds 'Creator paid out' for paid_out", () => {
    render(vault({ status: 'paid_out', currentAmount: '300000000' }), fan);
    expect(screen.getByText('UNLOCKED')).toBeDefined();
    expect(screen.getByText('Content Unlocked! Target reached!')).toBeDefined();
    expect(screen.getByText('Creator paid out')).toBeDefined();
  });

  it('offers no Support to the creator, and says when a vault has ended', () => {
    const { unmount } = render(vault(), creator);
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    expect(screen.getByText(/Your vault/)).toBeDefined();
    unmount();
    render(vault({ endsAt: new Date(Date.now() - 1000).toISOString() }), fan);
    expect(screen.getByText('Ended')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it('shows the locked placeholder when the media is withheld', () => {
    render(vault(), fan, makePost({ kind: 'vault', vault: vault(), locked: true }));
    expect(screen.getByTestId('vault-locked-media').textContent).toContain('Locked content');
  });

  it('asks a signed-out visitor to connect, and a wallet that cannot sign gets the spec error', async () => {
    const user = userEvent.setup();
    const { unmount } = render(vault(), visitor);
    await user.click(screen.getByRole('button', { name: 'Support' }));
    expect(await screen.findByText('Wallet Required')).toBeDefined();
    unmount();

    render(vault(), fan);
    await user.click(screen.getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Amount (SOL)')).toHaveProperty('value', '0.15');
    await user.click(within(dialog).getByRole('button', { name: 'Support' }));
    expect(await screen.findByText('Failed to Support Vault')).toBeDefined();
    expect(screen.getByText('Missing required data for vault support')).toBeDefined();
  });
});

describe('VaultPanel in Spanish', () => {
  afterEach(() => resetFeedTestState());

  it('speaks the active language, with its number conventions', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    const { formatSpan } = await import('./escrow-display.ts');
    await act(() => activateLocale('es'));
    render(vault(), fan);
    const panel = screen.getByTestId('vault-panel');
    expect(within(panel).getByRole('heading', { name: 'Apoyar bóveda' })).toBeDefined();
    expect(panel.textContent).toContain('0,1500 / 0,3000 SOL');
    expect(screen.getByRole('progressbar', { name: 'Progreso de la bóveda' })).toBeDefined();
    expect(screen.getByTestId('vault-supporters').textContent).toBe('4 patrocinadores');
    expect(screen.getByRole('button', { name: 'Apoyar' })).toBeDefined();
    expect(await screen.findByText('Principales patrocinadores')).toBeDefined();
    expect(screen.getByRole('link', { name: /Ver bóveda/ })).toBeDefined();
    expect(formatSpan(86_400n)).toBe('1 día');
  });
});
