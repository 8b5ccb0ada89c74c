import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { PostCard } from '../post/index.ts';
import {
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
} from '../post/test-kit.tsx';
import type { FeedPost } from '../post/index.ts';
import { useViewer } from '../auth/index.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

function Card({ post }: { post: FeedPost }) {
  return <PostCard post={post} viewer={useViewer()} referralCode={null} />;
}

const HOUR = 3_600_000;

function sealed(overrides: Partial<FeedPost> = {}): FeedPost {
  return makePost({
    kind: 'capsule',
    body: '',
    content: '',
    expiresAt: null,
    capsule: {
      unlockAt: new Date(Date.now() + 3 * HOUR + 30 * 60_000).toISOString(),
      sealed: true,
      waitingCount: 2,
      notifying: false,
    },
    ...overrides,
  });
}

describe('a time capsule in its post card', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('shows a sealed capsule: the countdown, how many wait, and Notify me', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/time-capsules/post-1/notify': () => json({ notifying: true, waitingCount: 3 }),
    });
    renderWithProviders(<Card post={sealed()} />);
    const panel = await screen.findByTestId('capsule-sealed');
    expect(within(panel).getByText('Sealed time capsule')).toBeDefined();
    expect(within(panel).getByTestId('capsule-countdown').textContent).toMatch(
      /^Opens in 3h (29|30)m$/,
    );
    expect(within(panel).getByTestId('capsule-waiting').textContent).toBe('2 waiting');
    // No time left of a free post: a capsule is kept.
    expect(screen.queryByText(/left$/)).toBeNull();
    const notify = within(panel).getByRole('button', { name: 'Notify me' });
    expect(notify.getAttribute('aria-pressed')).toBe('false');
    await user.click(notify);
    await waitFor(() => expect(notify.getAttribute('aria-pressed')).toBe('true'));
    expect(within(panel).getByTestId('capsule-waiting').textContent).toBe('3 waiting');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks a signed-out reader to connect instead of calling the server', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderWithProviders(<Card post={sealed()} />);
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Wallet Required')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows its author their words and no Notify me; once open, a small label', async () => {
    const own = sealed({
      body: 'for later',
      content: 'for later',
      author: { ...makePost().author, id: 'user-1' },
    });
    const { unmount } = renderWithProviders(<Card post={own} />);
    expect(screen.getByText('for later')).toBeDefined();
    expect(await screen.findByText('Your time capsule is sealed')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
    unmount();
    renderWithProviders(
      <Card
        post={sealed({
          body: 'opened words',
          content: 'opened words',
          capsule: {
            unlockAt: new Date().toISOString(),
            sealed: false,
            waitingCount: 2,
            notifying: false,
          },
        })}
      />,
    );
    expect(screen.getByText('opened words')).toBeDefined();
    expect(screen.getByText('Time capsule')).toBeDefined();
    expect(screen.queryByTestId('capsule-sealed')).toBeNull();
  });
});
