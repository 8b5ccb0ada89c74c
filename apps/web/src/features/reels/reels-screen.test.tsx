import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  makePost,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  VISITOR,
} from '../post/test-kit.tsx';
import type { FeedPost } from '../post/index.ts';
import { useSoundAllowed } from './reel-hooks.ts';
import { ReelsScreen } from './reels-screen.tsx';

const FEED = 'GET /api/messages-v2/feed';

function page(items: FeedPost[], nextCursor: string | null = null) {
  return json({ items, nextCursor });
}

const vault = {
  id: 'v1',
  status: 'active' as const,
  currentAmount: '0',
  targetAmount: '5000000000',
  supporterCount: 0,
  createdAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  creator: { id: 'user-2', username: 'ada', displayName: 'Ada', walletAddress: 'AdaWallet' },
  kind: 'direct' as const,
  escrow: null,
};

describe('ReelsScreen', () => {
  afterEach(() => resetFeedTestState());

  it('asks for the media feed and shows each post as a reel, with its image and its text', async () => {
    const fetchMock = mockApi({
      [FEED]: () =>
        page([
          makePost({
            id: '2',
            body: 'Sunset',
            content: 'Sunset',
            imageUrl: '/media/s.png',
            altText: 'A sunset',
          }),
          makePost({ id: '1', body: 'My track', audioUrl: '/media/t.wav' }),
        ]),
    });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    const feed = await screen.findByRole('feed', { name: 'Reels' });
    const reels = within(feed).getAllByRole('article');
    // Two reels and the end of the list.
    expect(reels).toHaveLength(3);
    expect(within(reels[0]!).getByRole('img', { name: 'A sunset' })).toHaveProperty(
      'src',
      'http://localhost:3000/media/s.png',
    );
    expect(within(reels[0]!).getByText('Sunset')).toBeTruthy();
    expect(reels[0]!.getAttribute('data-active')).toBe('true');
    expect(within(reels[1]!).getByRole('button', { name: 'Play audio' })).toBeTruthy();
    expect(within(reels[2]!).getByRole('heading', { name: 'You’re all caught up' })).toBeTruthy();
    const url = new URL(requestPath(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ scope: 'media', limit: '10' });
  });

  it("shows a locked vault's locked state and the way to the vault, never its media", async () => {
    mockApi({
      [FEED]: () =>
        page([
          makePost({
            id: '9',
            kind: 'vault',
            body: 'Secret track',
            vault,
            locked: true,
            imageUrl: null,
            audioUrl: null,
          }),
        ]),
    });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    const [reel] = within(await screen.findByRole('feed')).getAllByRole('article');
    expect(within(reel!).getByText('This vault is locked')).toBeTruthy();
    expect(within(reel!).getByTestId('vault-locked-media')).toBeTruthy();
    expect(within(reel!).getByRole('link', { name: 'View vault' }).getAttribute('href')).toBe(
      '/vaults/v1',
    );
    expect(within(reel!).queryByRole('img')).toBeNull();
    expect(reel!.querySelector('audio')).toBeNull();
  });

  it("says 'No reels yet' with the way to create one when there are none", async () => {
    mockApi({ [FEED]: () => page([]) });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    expect(await screen.findByRole('heading', { name: 'No reels yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe(
      '/create',
    );
  });

  it('shows the loading state, then the error with Try Again, which loads again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      [FEED]: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'internal', 'Something broke')
          : page([makePost({ id: '1', imageUrl: '/media/a.png' })]);
      },
    });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    expect(screen.getByRole('status', { name: 'Loading reels' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Couldn’t load reels')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getAllByTestId('reel')).toHaveLength(1));
  });

  it('tells a signed-out visitor to connect a wallet to like', async () => {
    const user = userEvent.setup();
    mockApi({ [FEED]: () => page([makePost({ id: '1', imageUrl: '/media/a.png' })]) });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    const [reel] = await screen.findAllByTestId('reel');
    await user.click(within(reel!).getByRole('button', { name: 'Like, 3' }));
    expect(await screen.findByText('Wallet Required')).toBeTruthy();
  });

  it('opens the comments of a reel in a dialog', async () => {
    const user = userEvent.setup();
    mockApi({
      [FEED]: () => page([makePost({ id: '1', imageUrl: '/media/a.png', commentCount: 0 })]),
      'GET /api/messages/1/comments': () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    const [reel] = await screen.findAllByTestId('reel');
    await user.click(within(reel!).getByRole('button', { name: 'Comments, 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(
      await within(dialog).findByText('No comments yet. Be the first to comment!'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Connect wallet to comment')).toBeTruthy();
  });
});

describe('useSoundAllowed', () => {
  it('is off until the first key press, click or tap on the page, then stays on', () => {
    const { result } = renderHook(() => useSoundAllowed());
    expect(result.current[0]).toBe(false);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    });
    expect(result.current[0]).toBe(true);
  });

  it('is on at once when asked (a press on the sound button)', () => {
    const { result } = renderHook(() => useSoundAllowed());
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
  });
});

describe('ReelsScreen in Spanish', () => {
  afterEach(() => resetFeedTestState());

  it('speaks the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    mockApi({
      [FEED]: () => page([makePost({ id: '2', body: 'Sunset', imageUrl: '/media/s.png' })]),
    });
    renderWithProviders(<ReelsScreen viewer={VISITOR} />, { path: '/reels' });
    const feed = await screen.findByRole('feed', { name: 'Reels' });
    const reels = within(feed).getAllByRole('article');
    expect(within(reels[0]!).getByRole('button', { name: /^Me gusta/ })).toBeTruthy();
    expect(within(reels[1]!).getByRole('heading', { name: 'Ya lo viste todo' })).toBeTruthy();
    expect(within(reels[1]!).getByRole('link', { name: 'Crear una publicación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente reel' })).toBeTruthy();
  });
});
