import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { json, makePost, mockApi, resetFeedTestState, signedIn } from '../post/test-kit.tsx';
import { renderComposer } from './composer-test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'connected' }),
  useWalletModal: () => ({ open: vi.fn() }),
}));

describe('the composer’s reply policy', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('sends the chosen policy, picked by keyboard, and starts over at Everyone', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      'POST /api/messages-v2/messages': ({ body }) => {
        sent.push(body);
        return json(makePost({ id: 'new', replyPolicy: 'mentioned' }), 201);
      },
    });
    await renderComposer();
    const picker = screen.getByRole('combobox', { name: 'Who can reply' });
    expect(picker).toHaveProperty('value', 'everyone');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Everyone',
      'People you follow',
      'Only people you mention',
    ]);
    await user.selectOptions(picker, 'mentioned');
    await user.type(screen.getByLabelText('What’s your vibe?'), 'hi all');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(sent).toEqual([{ body: 'hi all', kind: 'public', replyPolicy: 'mentioned' }]),
    );
    await waitFor(() => expect(picker).toHaveProperty('value', 'everyone'));
  });

  it('sends no policy for Everyone (the server’s default)', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      'POST /api/messages-v2/messages': ({ body }) => {
        sent.push(body);
        return json(makePost({ id: 'new' }), 201);
      },
    });
    await renderComposer();
    await user.type(screen.getByLabelText('What’s your vibe?'), 'gm');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'gm', kind: 'public' }]));
  });
});
