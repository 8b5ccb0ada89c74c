import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { CapsulesView } from './capsules-view.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

function View() {
  return <CapsulesView viewer={useViewer()} />;
}

describe('the Time Capsules page', () => {
  afterEach(() => resetFeedTestState());

  it('lists each tab from the URL, with its empty state', async () => {
    auth.current = signedIn();
    const scopes: string[] = [];
    mockApi({
      'GET /api/time-capsules': ({ url }) => {
        const scope = url.searchParams.get('scope') ?? '';
        scopes.push(scope);
        const items =
          scope === 'opened'
            ? [makePost({ kind: 'capsule', body: 'it opened', content: 'it opened' })]
            : [];
        return json({ items, nextCursor: null });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<View />, { path: '/time-capsules?tab=opened' });
    expect(screen.getByRole('heading', { level: 1, name: 'Time Capsules' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Recently opened' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByText('it opened')).toBeDefined();
    await user.click(screen.getByRole('tab', { name: 'Opening soon' }));
    expect(await screen.findByText('No sealed capsules right now')).toBeDefined();
    await user.click(screen.getByRole('tab', { name: 'Mine' }));
    expect(await screen.findByText('You have not sealed a capsule yet')).toBeDefined();
    expect(scopes).toEqual(['opened', 'soon', 'mine']);
  });

  it('asks a signed-out visitor to connect for Mine, and shows a load error with a retry', async () => {
    auth.current = signedOut();
    mockApi({
      'GET /api/time-capsules': () => apiError(500, 'internal', 'Something went wrong'),
    });
    renderWithProviders(<View />, { path: '/time-capsules?tab=mine' });
    expect(screen.getByText('Connect your wallet to see your capsules')).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Opening soon' }));
    expect(
      await screen.findByText('Couldn’t load time capsules', {}, { timeout: 5000 }),
    ).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeDefined();
  });
});

describe('the Time Capsules page in Spanish', () => {
  afterEach(() => resetFeedTestState());

  it('speaks the active language: title, tabs, empty states and countdowns', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    const { formatOpensIn, waitingLabel } = await import('./capsule-display.ts');
    auth.current = signedOut();
    mockApi({ 'GET /api/time-capsules': () => json({ items: [], nextCursor: null }) });
    await act(() => activateLocale('es'));
    renderWithProviders(<View />, { path: '/time-capsules?tab=mine' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cápsulas del tiempo' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Se abren pronto' })).toBeDefined();
    expect(screen.getByText('Conecta tu billetera para ver tus cápsulas')).toBeDefined();
    const now = Date.parse('2026-11-23T12:00:00Z');
    const at = new Date(now + 3 * 3_600_000 + 12 * 60_000).toISOString();
    expect(formatOpensIn(at, now)).toBe('Se abre en 3 h 12 min');
    expect(waitingLabel(2)).toBe('2 esperando');
  });
});
