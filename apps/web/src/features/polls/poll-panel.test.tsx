import type { Poll } from '@dum/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import type { AuthContextValue } from '../auth/index.ts';
import { useViewer } from '../auth/index.ts';
import { PostCard, type FeedPost } from '../post/index.ts';
import {
  apiError,
  json,
  makePost,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  signedIn,
  signedOut,
} from '../post/test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

const HOUR = 3_600_000;

function Card({ post }: { post: FeedPost }) {
  return <PostCard post={post} viewer={useViewer()} referralCode={null} />;
}

function running(overrides: Partial<Poll> = {}): Poll {
  return {
    options: [
      { text: 'Tea', votes: null },
      { text: 'Coffee', votes: null },
      { text: 'Water', votes: null },
    ],
    totalVotes: null,
    endsAt: new Date(Date.now() + 5 * HOUR + 10 * 60_000).toISOString(),
    ended: false,
    viewerVote: null,
    ...overrides,
  };
}

const counted = (viewerVote: number | null, ended = false): Poll =>
  running({
    options: [
      { text: 'Tea', votes: 1 },
      { text: 'Coffee', votes: 3 },
      { text: 'Water', votes: 0 },
    ],
    totalVotes: 4,
    viewerVote,
    ended,
    ...(ended ? { endsAt: new Date(Date.now() - HOUR).toISOString() } : {}),
  });

describe('a poll in its post card', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('is a radio group before the vote, voted by keyboard, then shows the results', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/messages/post-1/poll/vote': ({ body }) => {
        expect(body).toEqual({ option: 1 });
        return json({ poll: counted(1) });
      },
      'GET /api/users/me': () => json({}),
    });
    renderWithProviders(<Card post={makePost({ poll: running() })} />);
    const panel = await screen.findByTestId('poll');
    const group = within(panel).getByRole('radiogroup', { name: 'Choose one option' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name') !== null)).toEqual([true, true, true]);
    // No counts before a vote.
    expect(panel.textContent).not.toMatch(/%/);
    expect(within(panel).getByTestId('poll-status').textContent).toMatch(
      /^5h (9|10)m left · Results show after you vote$/,
    );
    const voteButton = within(panel).getByRole('button', { name: 'Vote' });
    expect(voteButton).toHaveProperty('disabled', true);

    // Keyboard: Space picks the focused option (the arrow keys are the browser's own: the
    // browser test walks them), Tab reaches Vote, Enter votes.
    radios[1]!.focus();
    await user.keyboard(' ');
    expect(radios[1]).toHaveProperty('checked', true);
    await user.tab();
    expect(document.activeElement).toBe(voteButton);
    await user.keyboard('{Enter}');

    const results = await within(panel).findByTestId('poll-results');
    const items = within(results).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Tea25%, 1 vote',
      'Coffee (your vote)75%, 3 votes',
      'Water0%, 0 votes',
    ]);
    expect(within(panel).getByTestId('poll-status').textContent).toMatch(/^4 votes · 5h/);
    expect(within(panel).queryByRole('radio')).toBeNull();
    expect(
      fetchMock.mock.calls.filter(([input]) => requestPath(input).includes('/poll/vote')),
    ).toHaveLength(1);
  });

  it('asks a signed-out reader to connect instead of voting', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderWithProviders(<Card post={makePost({ poll: running() })} />);
    const panel = await screen.findByTestId('poll');
    await user.click(within(panel).getByRole('radio', { name: 'Tea' }));
    await user.click(within(panel).getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Wallet Required')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why a vote was refused and keeps the ballot', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/messages/post-1/poll/vote': () =>
        apiError(409, 'poll_already_voted', 'You have already voted in this poll.'),
      'GET /api/messages-v2/messages/post-1': () => json(makePost({ poll: counted(0) })),
    });
    renderWithProviders(<Card post={makePost({ poll: running() })} />);
    const panel = await screen.findByTestId('poll');
    await user.click(within(panel).getByRole('radio', { name: 'Water' }));
    await user.click(within(panel).getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Vote not counted')).toBeDefined();
    expect(screen.getByText('You have already voted in this poll.')).toBeDefined();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Vote' })).toHaveProperty('disabled', false),
    );
  });

  it('shows the final results of an ended poll to everyone, with no ballot', async () => {
    auth.current = signedOut();
    mockApi({});
    renderWithProviders(<Card post={makePost({ poll: counted(null, true) })} />);
    const panel = await screen.findByTestId('poll');
    expect(within(panel).getByRole('heading', { name: 'Poll results' })).toBeDefined();
    expect(within(panel).queryByRole('radio')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Vote' })).toBeNull();
    expect(within(panel).getByTestId('poll-status').textContent).toBe('Final results · 4 votes');
    expect(panel.textContent).not.toContain('your vote');
  });

  it('shows nothing of a poll on a post without one', async () => {
    mockApi({});
    renderWithProviders(<Card post={makePost()} />);
    await screen.findByTestId('post-card');
    expect(screen.queryByTestId('poll')).toBeNull();
  });
});

describe('a poll in Spanish', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('names the ballot and the results in the active language', async () => {
    mockApi({});
    await act(() => activateLocale('es'));
    const { unmount } = renderWithProviders(<Card post={makePost({ poll: running() })} />);
    const ballot = await screen.findByTestId('poll');
    expect(within(ballot).getByRole('radiogroup', { name: 'Elige una opción' })).toBeDefined();
    expect(within(ballot).getByRole('button', { name: 'Votar' })).toBeDefined();
    expect(within(ballot).getByTestId('poll-status').textContent).toContain(
      'Los resultados se muestran después de votar',
    );
    unmount();

    renderWithProviders(<Card post={makePost({ poll: counted(1, true) })} />);
    const panel = await screen.findByTestId('poll');
    expect(within(panel).getByRole('heading', { name: 'Resultados de la encuesta' })).toBeDefined();
    expect(within(panel).getByTestId('poll-status').textContent).toBe(
      'Resultados finales · 4 votos',
    );
    const items = within(within(panel).getByTestId('poll-results')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Tea25%, 1 voto',
      'Coffee (tu voto)75%, 3 votos',
      'Water0%, 0 votos',
    ]);
  });
});
