import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { POST_MAX_LENGTH } from '../post/index.ts';
import {
  apiError,
  json,
  makePost,
  memberViewer,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  signedIn,
  WALLET,
} from '../post/test-kit.tsx';
import { CreateScreen } from './create-screen.tsx';
import { renderComposer } from '../feed/composer-test-kit.tsx';

/**
 * The feed's composer and the Create page write through one hook (useComposer): the same
 * checks, the same messages. Each case runs on both.
 */

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'connected', config: { cluster: 'localnet', vaultsEnabled: true } }),
  useWalletModal: () => ({ open: vi.fn() }),
}));

function file(name: string, type: string, size = 16): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

const PROFILE = `GET /api/users/${WALLET}`;
const profile = () =>
  json({ solAddress: WALLET, username: null, displayName: 'Me', avatarUrl: null });

interface Surface {
  render: () => Promise<unknown>;
  vaultMode: (user: UserEvent) => Promise<void>;
}

const SURFACES: [string, Surface][] = [
  [
    'the feed composer',
    {
      render: () => renderComposer(),
      vaultMode: (user) => user.click(screen.getByRole('button', { name: 'Create Vault' })),
    },
  ],
  [
    'the Create page',
    {
      render: async () =>
        renderWithProviders(<CreateScreen viewer={memberViewer('user-1', WALLET)} />, {
          path: '/create',
        }),
      vaultMode: (user) => user.click(screen.getByRole('radio', { name: /^Vault/ })),
    },
  ],
];

describe.each(SURFACES)('%s (the shared composer)', (_name, surface) => {
  beforeEach(() => {
    auth.current = signedIn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => resetFeedTestState());

  const textBox = () => screen.getByRole('textbox', { name: 'What’s your vibe?' });

  it('keeps Post disabled without text, and says content is required from the keyboard', async () => {
    const user = userEvent.setup();
    mockApi({ [PROFILE]: profile });
    await surface.render();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
    await user.type(textBox(), '  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Content required')).toBeDefined();
    expect(screen.getByText('Please write something to post')).toBeDefined();
  });

  it('counts the characters left near the limit and blocks posting past it', async () => {
    mockApi({ [PROFILE]: profile });
    await surface.render();
    fireEvent.change(textBox(), { target: { value: 'a'.repeat(POST_MAX_LENGTH - 10) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('10 characters left');
    fireEvent.change(textBox(), { target: { value: 'a'.repeat(POST_MAX_LENGTH + 2) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('-2 characters left');
    expect(textBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
  });

  it('refuses files of another type or too large, with the same toasts', async () => {
    mockApi({ [PROFILE]: profile });
    await surface.render();
    fireEvent.change(screen.getByTestId('composer-image-input'), {
      target: { files: [file('clip.mp4', 'video/mp4')] },
    });
    expect(await screen.findByText('Invalid file type')).toBeDefined();
    fireEvent.change(screen.getByTestId('composer-image-input'), {
      target: { files: [file('huge.png', 'image/png', 10 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('Images must be under 10MB')).toBeDefined();
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
  });

  it('refuses a vault target below the minimum without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ [PROFILE]: profile });
    await surface.render();
    await surface.vaultMode(user);
    fireEvent.change(await screen.findByLabelText('SOL to lock'), { target: { value: '0.001' } });
    await user.type(textBox(), 'tiny');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Minimum vault amount is 0.01 SOL')).toBeDefined();
    expect(fetchMock.mock.calls.every(([input]) => !requestPath(input).includes('messages'))).toBe(
      true,
    );
  });

  it("says 'Failed to Post' with the server's reason and keeps the text", async () => {
    const user = userEvent.setup();
    mockApi({
      [PROFILE]: profile,
      'POST /api/messages-v2/messages': () =>
        apiError(400, 'post_too_long', 'Posts can be at most 1000 characters'),
    });
    await surface.render();
    await user.type(textBox(), 'hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to Post')).toBeDefined();
    expect(screen.getByText('Posts can be at most 1000 characters')).toBeDefined();
    await waitFor(() => expect(textBox()).toHaveProperty('value', 'hello'));
  });

  it("posts, says 'Posted!' and clears", async () => {
    const user = userEvent.setup();
    mockApi({
      [PROFILE]: profile,
      'POST /api/messages-v2/messages': ({ body }) => {
        expect(body).toEqual({ body: 'gm club', kind: 'public' });
        return json(makePost({ id: '5', body: 'gm club' }), 201);
      },
    });
    await surface.render();
    await user.type(textBox(), '  gm club ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted!')).toBeDefined();
    expect(screen.getByText('Your post is now live')).toBeDefined();
  });
});
