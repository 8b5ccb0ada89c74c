import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
  json,
  makePost,
  mockApi,
  resetFeedTestState,
  signedIn,
} from '../post/test-kit.tsx';
import { renderComposer } from '../feed/composer-test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'connected', config: { cluster: 'localnet', vaultsEnabled: true } }),
  useWalletModal: () => ({ open: vi.fn() }),
}));

describe('Composer vault mode with vaults enabled', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it("creates a vault post locking 'SOL to lock', then leaves vault mode", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const fetchMock = mockApi({
      'POST /api/messages-v2/messages': ({ body }) =>
        new Promise((resolve) => {
          release = () => resolve(json(makePost({ id: '9', kind: 'vault', body: 'locked' }), 201));
          expect(body).toEqual({ body: 'locked vibes', kind: 'vault', targetAmount: '0.25' });
        }),
    });
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    fireEvent.change(await screen.findByLabelText('SOL to lock'), { target: { value: '0.25' } });
    await user.type(screen.getByRole('textbox'), 'locked vibes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Creating Vault...' })).toBeDefined();
    release();
    expect(await screen.findByText('Your post is now live')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByLabelText('SOL to lock')).toBeNull());
  });

  it('refuses a target below the minimum without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    fireEvent.change(await screen.findByLabelText('SOL to lock'), { target: { value: '0.001' } });
    await user.type(screen.getByRole('textbox'), 'tiny');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Minimum vault amount is 0.01 SOL')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Vaults disabled' when the server refuses vaults", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/messages-v2/messages': () =>
        apiError(403, 'vaults_disabled', 'Timelock vaults are not available in this environment'),
    });
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    await user.type(screen.getByRole('textbox'), 'locked');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Vaults disabled')).toBeDefined();
    expect(screen.getByText('Timelock vaults are not available in this environment')).toBeDefined();
  });
});
