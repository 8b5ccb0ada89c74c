import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
  json,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { activateLocale } from '../../lib/i18n/index.ts';
import { MysteryView } from './mystery-view.tsx';
import { makeMystery, mysteryPage, openedMystery } from './test-kit.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    status: 'disconnected',
    config: { cluster: 'localnet', rpcUrl: 'http://localhost:3000/rpc' },
  }),
  useWalletModal: () => ({ open: () => {} }),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderMysteries(path = '/mystery-vaults') {
  function Page() {
    return (
      <>
        <MysteryView viewer={useViewer()} />
        <Where />
      </>
    );
  }
  return renderWithProviders(<Page />, { path });
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => resetFeedTestState());

describe('the mystery vaults page', () => {
  it('lists open mysteries without anything hidden, and switches tabs in the URL', async () => {
    auth.current = signedIn();
    const scopes: string[] = [];
    mockApi({
      'GET /api/mystery-vaults': ({ url }) => {
        const scope = url.searchParams.get('scope') ?? '';
        scopes.push(scope);
        return json(
          mysteryPage(
            scope === 'opened' ? [openedMystery()] : [makeMystery({ myContribution: '100000000' })],
          ),
        );
      },
    });
    renderMysteries();
    const card = await screen.findByTestId('mystery-card');
    expect(card.textContent).toContain('Track reveal');
    expect(card.textContent).toContain('Guess the song');
    expect(card.textContent).toContain('2 participants');
    expect(card.textContent).toContain('You gave 0.1 SOL');
    expect(card.textContent).toMatch(/4h 59m left|5h 0m left/);
    expect(within(card).queryByTestId('mystery-content')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Join' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Opened' }));
    expect(location()).toBe('/mystery-vaults?tab=opened');
    const opened = await screen.findByText('The chorus is about you');
    const openedCard = opened.closest('article') as HTMLElement;
    expect(openedCard.textContent).toContain('Target reached');
    expect(openedCard.textContent).toContain('0.2 / 0.2 SOL');
    expect(within(openedCard).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(scopes).toEqual(['open', 'opened']);
  });

  it('shows the empty and the error states', async () => {
    auth.current = signedOut();
    let fail = true;
    mockApi({
      'GET /api/mystery-vaults': () =>
        fail ? apiError(500, 'internal_error', 'Something broke') : json(mysteryPage([])),
    });
    renderMysteries();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Couldn’t load mystery vaults',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No open mysteries')).toBeTruthy();
  });

  it('signed out: browses, Mine and Join ask to connect', async () => {
    auth.current = signedOut();
    mockApi({ 'GET /api/mystery-vaults': () => json(mysteryPage([makeMystery()])) });
    renderMysteries('/mystery-vaults?tab=mine');
    expect((await screen.findByTestId('connect-prompt')).textContent).toContain(
      'Connect your wallet to see your mysteries',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    const card = await screen.findByTestId('mystery-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Connect to continue');
    expect(within(dialog).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('opens one mystery from ?open= (the notification link), and closes it', async () => {
    auth.current = signedIn();
    mockApi({
      'GET /api/mystery-vaults': () => json(mysteryPage([])),
      'GET /api/mystery-vaults/9': () => json(openedMystery({ id: '9', title: 'Deep cut' })),
    });
    renderMysteries('/mystery-vaults?open=9');
    const dialog = await screen.findByTestId('mystery-detail');
    await within(dialog).findByText('Deep cut');
    expect(dialog.textContent).toContain('The chorus is about you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/mystery-vaults'));
  });

  it('shows the creator their own hidden content before it opens', async () => {
    auth.current = signedIn();
    mockApi({
      'GET /api/mystery-vaults': () =>
        json(
          mysteryPage([
            makeMystery({
              isCreator: true,
              body: 'Only mine',
              targetAmount: '500000000',
              totalAmount: '100000000',
            }),
          ]),
        ),
    });
    renderMysteries();
    const card = await screen.findByTestId('mystery-card');
    expect(within(card).getByTestId('mystery-content').textContent).toContain(
      'Only you can see this until it opens',
    );
    expect(card.textContent).toContain('0.1 / 0.5 SOL');
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
  });
});

describe('the mystery vaults page in Spanish', () => {
  it('speaks the active language', async () => {
    auth.current = signedIn();
    mockApi({
      'GET /api/mystery-vaults': () =>
        json(mysteryPage([makeMystery({ myContribution: '100000000' })])),
    });
    await act(() => activateLocale('es'));
    renderMysteries();
    const card = await screen.findByTestId('mystery-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Bóvedas misteriosas');
    expect(screen.getByRole('tab', { name: 'Abiertas' })).toBeTruthy();
    expect(card.textContent).toContain('2 participantes');
    expect(card.textContent).toContain('Aportaste 0,1 SOL');
    expect(within(card).getByRole('button', { name: 'Unirse' })).toBeTruthy();
  });
});
