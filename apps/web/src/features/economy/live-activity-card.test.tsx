import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem, ActivityParams } from '@dum/core';
import { createQueryClient } from '../../lib/query-client.ts';
import { PLATFORM_STATS_KEY, userRecordKey } from './economy-queries.ts';
import {
  WALLET,
  errorResponse,
  jsonResponse,
  renderWithClient,
  stubApi,
  userRecord,
} from './test-kit.tsx';
import { LiveActivityCard } from './live-activity-card.tsx';

const ACTIVITY = '/api/activity/recent?limit=10';

function item(
  id: string,
  type: string,
  message: string,
  secondsAgo: number,
  params: ActivityParams | null = null,
): ActivityItem {
  const created_at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  return { id, type, message, params, created_at };
}

describe('LiveActivityCard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a skeleton while loading, then each item with its icon and time', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00.000Z'), shouldAdvanceTime: false });
    const items = [
      item('3', 'post_created', 'alice posted a vibe · +150 DUM', 5),
      // Worded from its params in the reader's language, not from the server's English.
      item('2', 'like', 'server wording', 125, {
        kind: 'action',
        name: 'bob',
        action: 'like_given',
        dum: '150000000000',
      }),
      item('1', 'halving', 'Halving! Epoch 1 begins: 75 DUM per vibe', 3 * 3600 + 10),
    ];
    let answer: (response: Response) => void = () => {};
    stubApi({ [`GET ${ACTIVITY}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderWithClient(<LiveActivityCard />);
    expect(screen.getByRole('status', { name: 'Loading live activity' })).toBeDefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      answer(jsonResponse({ items }));
      await vi.advanceTimersByTimeAsync(0);
    });
    vi.useRealTimers();
    const rows = await screen.findAllByTestId('activity-item');
    expect(rows.map((row) => row.dataset.type)).toEqual(['post_created', 'like', 'halving']);
    expect(within(rows[0]!).getByRole('img', { name: 'New post' })).toBeDefined();
    expect(within(rows[1]!).getByRole('img', { name: 'Like' })).toBeDefined();
    expect(within(rows[2]!).getByRole('img', { name: 'Halving' })).toBeDefined();
    expect(rows[0]!.textContent).toContain('alice posted a vibe · +150 DUM');
    expect(rows[1]!.textContent).toContain('bob liked a vibe · +150 DUM');
    expect(rows.map((row) => row.querySelector('time')?.textContent)).toEqual([
      '5s ago',
      '2m ago',
      '3h ago',
    ]);
  });

  it('says so when there is no activity yet', async () => {
    stubApi({ [`GET ${ACTIVITY}`]: () => jsonResponse({ items: [] }) });
    renderWithClient(<LiveActivityCard />);
    expect(await screen.findByText('No activity yet')).toBeDefined();
  });

  it('shows an error with Try Again, which refetches', async () => {
    let fail = true;
    const calls = stubApi({
      [`GET ${ACTIVITY}`]: () =>
        fail
          ? errorResponse(500, 'internal', 'Something went wrong')
          : jsonResponse({ items: [item('1', 'comment', 'carol commented', 1)] }),
    });
    const user = userEvent.setup();
    renderWithClient(<LiveActivityCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Couldn't load live activity.",
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findAllByTestId('activity-item'))[0]!.dataset.type).toBe('comment');
    expect(calls.filter((call) => call.path === ACTIVITY)).toHaveLength(2);
  });

  it('polls every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    const calls = stubApi({
      [`GET ${ACTIVITY}`]: () => {
        n += 1;
        return jsonResponse({ items: [item(String(n), 'dum_earned', `event ${n}`, 0)] });
      },
    });
    renderWithClient(<LiveActivityCard />);
    await screen.findByText('event 1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(screen.getByText('event 2')).toBeDefined());
    expect(calls.filter((call) => call.path === ACTIVITY)).toHaveLength(2);
  });

  it('refreshes the counters a new item moved, including the first item after none', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items: ReturnType<typeof item>[] = [];
    stubApi({ [`GET ${ACTIVITY}`]: () => jsonResponse({ items }) });
    const client = createQueryClient();
    client.setQueryData(PLATFORM_STATS_KEY, { totalEvents: 0 });
    client.setQueryData(userRecordKey(WALLET), userRecord());
    renderWithClient(<LiveActivityCard />, { client });
    await screen.findByText('No activity yet');
    expect(client.getQueryState(PLATFORM_STATS_KEY)?.isInvalidated).toBe(false);

    items = [item('1', 'post_created', 'dana posted a vibe · +150 DUM', 0)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await screen.findByText('dana posted a vibe · +150 DUM');
    expect(client.getQueryState(PLATFORM_STATS_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(userRecordKey(WALLET))?.isInvalidated).toBe(true);
  });
});
