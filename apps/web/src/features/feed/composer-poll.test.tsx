import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { json, makePost, mockApi, resetFeedTestState, signedIn } from '../post/test-kit.tsx';
import { renderComposer } from './composer-test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'disconnected' }),
  useWalletModal: () => ({ open: vi.fn() }),
}));

describe("the composer's poll", () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('adds a poll of 2 to 4 options and a length, and posts it with the text', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/messages-v2/messages': () => json(makePost({ id: 'new' }), 201),
    });
    await renderComposer();
    const toggle = screen.getByRole('button', { name: 'Poll' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    const poll = await screen.findByRole('group', { name: 'Poll' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // Two options to start, neither removable.
    expect(within(poll).queryByRole('button', { name: /^Remove option/ })).toBeNull();
    await user.click(within(poll).getByRole('button', { name: 'Add option' }));
    await user.click(within(poll).getByRole('button', { name: 'Add option' }));
    expect(within(poll).queryByRole('button', { name: 'Add option' })).toBeNull();
    await user.type(within(poll).getByLabelText('Option 1'), ' Tea ');
    await user.type(within(poll).getByLabelText('Option 2'), 'Coffee');
    await user.type(within(poll).getByLabelText('Option 3'), 'Water');
    await user.click(within(poll).getByRole('button', { name: 'Remove option 4' }));
    await user.selectOptions(within(poll).getByLabelText('Poll length'), '6 hours');
    await user.type(screen.getByRole('textbox', { name: 'What’s your vibe?' }), 'Which one?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted!')).toBeDefined();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({
      body: 'Which one?',
      kind: 'public',
      poll: { options: ['Tea', 'Coffee', 'Water'], durationHours: 6 },
    });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull());
  });

  it('says what is wrong with the options before posting, and posts nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    const poll = await screen.findByRole('group', { name: 'Poll' });
    await user.type(within(poll).getByLabelText('Option 1'), 'Same');
    await user.type(within(poll).getByLabelText('Option 2'), 'same');
    await user.type(screen.getByRole('textbox', { name: 'What’s your vibe?' }), 'Q?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Each poll option must be different')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is for plain posts: a vault or a time capsule removes it', async () => {
    const user = userEvent.setup();
    mockApi({});
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    await screen.findByRole('group', { name: 'Poll' });
    await user.click(screen.getByRole('button', { name: 'Time capsule' }));
    expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    await screen.findByRole('group', { name: 'Poll' });
    expect(screen.getByRole('button', { name: 'Time capsule' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Remove poll' }));
    expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull();
  });
});
