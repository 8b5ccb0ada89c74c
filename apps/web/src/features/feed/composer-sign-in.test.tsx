import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { apiError, mockApi, resetFeedTestState, signedIn } from '../post/test-kit.tsx';
import { activateLocale } from '../../lib/i18n/index.ts';
import { renderComposer } from './composer-test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'connected' }),
  useWalletModal: () => ({ open: () => {} }),
}));

/** Spec section 5: 'Sign in required / Please connect and sign in with your wallet'. */
describe('Composer without a session', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('says sign-in is required when the session has no wallet, and sends nothing', async () => {
    const user = userEvent.setup();
    auth.current = signedIn({ user: null });
    const fetchMock = mockApi({});
    await renderComposer();
    await user.type(screen.getByRole('textbox'), 'gm');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Sign in required')).toBeDefined();
    expect(screen.getByText('Please connect and sign in with your wallet')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says sign-in is required when the server no longer takes the session (401)', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/messages-v2/messages': () =>
        apiError(401, 'unauthorized', 'Authentication required.'),
    });
    await renderComposer();
    await user.type(screen.getByRole('textbox'), 'gm');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Sign in required')).toBeDefined();
    expect(screen.getByText('Please connect and sign in with your wallet')).toBeDefined();
    expect(screen.queryByText('Failed to Post')).toBeNull();
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'gm');
  });
});

describe('Composer in Spanish', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('speaks the active language', async () => {
    mockApi({});
    await act(() => activateLocale('es'));
    await renderComposer();
    expect(screen.getByRole('region', { name: 'Crear una publicación' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: '¿Cuál es tu vibra?' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Agregar imagen' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cápsula del tiempo' })).toBeDefined();
    expect(screen.getByText('Quién puede responder')).toBeDefined();
  });
});
