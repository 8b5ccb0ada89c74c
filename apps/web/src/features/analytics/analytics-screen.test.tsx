import {
  ANALYTICS_SERIES,
  type AnalyticsRange,
  type AnalyticsResponse,
  type AnalyticsSeriesName,
} from '@dum/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  memberViewer,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  VISITOR,
} from '../post/test-kit.tsx';
import { AnalyticsScreen } from './analytics-screen.tsx';

const viewer = memberViewer('me', 'MeWa11et11111111111111111111111111111111111');
const AMOUNTS = new Set<AnalyticsSeriesName>(['dumEarned', 'solRaised', 'tipsReceived']);

/** A response for `range` ending 2026-11-25, every day `daily(name, i)`. */
function analytics(
  range: AnalyticsRange,
  daily: (name: AnalyticsSeriesName, index: number) => number = () => 0,
  previous: Partial<Record<AnalyticsSeriesName, number>> = {},
  extra: Partial<AnalyticsResponse> = {},
): AnalyticsResponse {
  const days = { '7d': 7, '30d': 30, '90d': 90 }[range];
  const end = Date.parse('2026-11-25T00:00:00Z');
  const dayOf = (i: number) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
  const value = (name: AnalyticsSeriesName, n: number) => (AMOUNTS.has(name) ? String(n) : n);
  const series = Object.fromEntries(
    ANALYTICS_SERIES.map((name) => [
      name,
      Array.from({ length: days }, (_, i) => ({
        day: dayOf(i),
        value: value(name, daily(name, i)),
      })),
    ]),
  ) as AnalyticsResponse['series'];
  const totals = Object.fromEntries(
    ANALYTICS_SERIES.map((name) => {
      let sum = 0;
      for (let i = 0; i < days; i += 1) sum += daily(name, i);
      return [name, { value: value(name, sum), previous: value(name, previous[name] ?? 0) }];
    }),
  ) as AnalyticsResponse['totals'];
  return { range, series, totals, dumByKind: {}, topPosts: [], ...extra };
}

afterEach(() => resetFeedTestState());

/** The paths (with their query) the screen asked for. */
function pathsOf(mock: ReturnType<typeof mockApi>): string[] {
  return mock.mock.calls.map(([input]) => requestPath(input));
}

describe('the analytics screen', () => {
  it('asks a signed-out visitor to connect, and asks the server nothing', () => {
    const calls = mockApi({});
    renderWithProviders(<AnalyticsScreen viewer={VISITOR} />, { path: '/analytics' });
    expect(screen.getByTestId('connect-prompt')).toBeTruthy();
    expect(screen.getByText('Connect your wallet to see your analytics')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Period' })).toBeNull();
    expect(calls).not.toHaveBeenCalled();
  });

  it('shows skeletons while loading, then totals with their change in words and arrows', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/analytics': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics' });
    expect(screen.getByRole('status').textContent).toContain('Loading your analytics');

    answer(
      json(
        analytics(
          '7d',
          (name, i) =>
            name === 'likesReceived'
              ? i
              : name === 'posts'
                ? 1
                : name === 'solRaised'
                  ? 50_000_000
                  : 0,
          { likesReceived: 28, posts: 7, followersGained: 4 },
          {
            dumByKind: { post_created: '1050000000000', like_given: '75000000000' },
            topPosts: [
              {
                id: '42',
                body: 'my best vibe',
                createdAt: '2026-11-24T10:00:00.000Z',
                likeCount: 12,
                commentCount: 1,
              },
            ],
          },
        ),
      ),
    );
    const likes = await screen.findByTestId('total-likesReceived');
    // 21 likes against 28: down 25%.
    expect(likes.textContent).toContain('21');
    expect(within(likes).getByText('Down 25% from the previous 7 days')).toBeTruthy();
    expect(likes.textContent).toContain('↓ 25%');
    const posts = screen.getByTestId('total-posts');
    expect(within(posts).getByText('About the same as the previous 7 days')).toBeTruthy();
    expect(posts.textContent).toContain('→ 0%');
    const followers = screen.getByTestId('total-followersGained');
    expect(within(followers).getByText('Down 100% from the previous 7 days')).toBeTruthy();
    const sol = screen.getByTestId('total-solRaised');
    expect(sol.textContent).toContain('0.3500 SOL');
    expect(within(sol).getByText('Up from none in the previous 7 days')).toBeTruthy();
    expect(sol.textContent).toContain('↑ New');

    // DUM by kind, largest first as the server sends it.
    const kinds = screen.getByRole('region', { name: 'DUM earned by kind' });
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Posts 1,050 DUM', 'Likes given 75 DUM']);

    // A chart per series, each with its figures as a table and a summary in words.
    const chart = screen.getByRole('group', { name: 'Likes received' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(chart).getByText(/Likes received: 21 in the last 7 days; best day Nov 25 with 6\./),
    ).toBeTruthy();
    const table = within(chart).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]?.textContent).toBe('Thu, Nov 190');
    expect(rows[7]?.textContent).toBe('Wed, Nov 256');
    expect(screen.getAllByRole('group')).toHaveLength(ANALYTICS_SERIES.length);

    // The top posts link to the post.
    const top = screen.getByRole('region', { name: 'Top posts' });
    const link = within(top).getByRole('link');
    expect(link.getAttribute('href')).toBe('/posts/42');
    expect(link.textContent).toContain('my best vibe');
    expect(link.textContent).toContain('12 likes');
    expect(link.textContent).toContain('1 comment');
  });

  it('switches the period in the URL and asks for that range', async () => {
    const fill = { '7d': 1, '30d': 2, '90d': 3 } as const;
    const calls = mockApi({
      'GET /api/analytics': ({ url }) => {
        const range = url.searchParams.get('range') as AnalyticsRange;
        return json(analytics(range, () => fill[range]));
      },
    });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics?range=30d' });
    const period = screen.getByRole('navigation', { name: 'Period' });
    expect(within(period).getByRole('link', { name: '30 days' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect((await screen.findByTestId('total-posts')).textContent).toContain('60');
    expect(pathsOf(calls)).toEqual(['/api/analytics?range=30d']);

    await userEvent.click(within(period).getByRole('link', { name: '90 days' }));
    await waitFor(() => expect(screen.getByTestId('total-posts').textContent).toContain('270'));
    expect(within(period).getByRole('link', { name: '90 days' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByTestId('total-posts').textContent).toContain('vs previous 90 days');
    expect(pathsOf(calls)).toEqual(['/api/analytics?range=30d', '/api/analytics?range=90d']);
  });

  it('falls back to 7 days for a range it does not know', async () => {
    const calls = mockApi({ 'GET /api/analytics': () => json(analytics('7d')) });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics?range=1y' });
    await screen.findByTestId('total-posts');
    expect(pathsOf(calls)).toEqual(['/api/analytics?range=7d']);
  });

  it('greets a new wallet with zeros and a nudge to post, without empty charts', async () => {
    mockApi({ 'GET /api/analytics': () => json(analytics('7d')) });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics' });
    const empty = await screen.findByTestId('analytics-empty');
    expect(within(empty).getByRole('heading', { name: 'Nothing to chart yet' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Write a post' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.getByTestId('total-dumEarned').textContent).toContain('0 DUM');
    expect(screen.getByTestId('total-posts').textContent).toContain('→ 0%');
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it('shows a failed load with the reason and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/analytics': () =>
        fail
          ? apiError(503, 'service_unavailable', 'The service is unavailable. Try again.')
          : json(analytics('7d', () => 1)),
    });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("Couldn't load your analytics")).toBeTruthy();
    expect(alert.textContent).toContain('The service is unavailable. Try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('total-posts')).textContent).toContain('7');
  });
});

describe('the analytics screen in Spanish', () => {
  it('words its figures, days and amounts in the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    mockApi({
      'GET /api/analytics': () =>
        json(
          analytics(
            '7d',
            (name, i) =>
              name === 'likesReceived' ? i * 1000 : name === 'solRaised' ? 50_000_000 : 0,
            { likesReceived: 28_000 },
            {
              topPosts: [
                {
                  id: '42',
                  body: 'mi mejor vibe',
                  createdAt: '2026-11-24T10:00:00.000Z',
                  likeCount: 12,
                  commentCount: 1,
                },
              ],
            },
          ),
        ),
    });
    renderWithProviders(<AnalyticsScreen viewer={viewer} />, { path: '/analytics' });
    expect(await screen.findByRole('heading', { name: 'Analíticas' })).toBeTruthy();
    const likes = await screen.findByTestId('total-likesReceived');
    expect(likes.textContent).toContain('21.000');
    expect(within(likes).getByText('25% menos que los 7 días anteriores')).toBeTruthy();
    expect(screen.getByTestId('total-solRaised').textContent).toContain('0,3500 SOL');
    expect(screen.getByRole('navigation', { name: 'Período' })).toBeTruthy();
    const top = screen.getByRole('region', { name: 'Publicaciones destacadas' });
    expect(within(top).getByRole('link').textContent).toContain('1 comentario');
  });
});
