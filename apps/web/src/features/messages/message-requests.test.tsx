import type { ConversationFolder, DirectMessage } from '@dum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  memberViewer,
  renderWithProviders,
  resetFeedTestState,
} from '../post/test-kit.tsx';
import {
  ADA,
  conversation,
  dm,
  GRACE,
  ME,
  MessagesRoutes,
  messagesApi,
  person,
} from './test-kit.tsx';

const viewer = memberViewer(ME.id, ME.wallet);
const ada = person(ADA, { displayName: 'Ada Lovelace', username: 'ada', id: 'ada' });
const grace = person(GRACE, { username: 'grace', id: 'grace' });
const profile = { ...ada, bio: null, followerCount: 0, followingCount: 0, postCount: 0 };

afterEach(() => resetFeedTestState());

function tabs() {
  const nav = screen.getByRole('navigation', { name: 'Message folders' });
  return {
    inbox: within(nav).getByRole('link', { name: 'Inbox' }),
    requests: within(nav).getByRole('link', { name: /^Requests/ }),
  };
}

describe('the Requests folder', () => {
  it('counts the requests on its tab, and lists them with their tips, each opening as a request', async () => {
    const user = userEvent.setup();
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      'GET /api/conversations/unread': () => json({ unreadCount: 0, requestCount: 2 }),
      'GET /api/conversations/requests': () =>
        json({
          items: [
            conversation(
              ada,
              dm({
                senderId: 'ada',
                body: '',
                tip: { amount: '10000000', transactionSignature: 'S' },
              }),
              1,
            ),
            conversation(
              grace,
              dm({
                senderId: 'grace',
                body: 'collab?',
                tip: { amount: '20000000', transactionSignature: 'T' },
              }),
              3,
            ),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    await waitFor(() => expect(tabs().requests.textContent).toBe('Requests2 waiting'));
    expect(tabs().inbox.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeDefined();

    await user.click(tabs().requests);
    const list = await screen.findByRole('list', { name: 'Message requests' });
    expect(tabs().requests.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText(/From wallets you don’t follow/)).toBeDefined();
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `/messages/${ADA}?folder=requests`,
      `/messages/${GRACE}?folder=requests`,
    ]);
    expect(within(rows[0]!).getByTestId('conversation-preview').textContent).toBe(
      '💸 Tip · 0.0100 SOL',
    );
    // A tip beside a text shows too: the preview alone would hide it.
    expect(within(rows[1]!).getByTestId('conversation-preview').textContent).toBe('collab?');
    expect(rows[1]!.textContent).toContain('Tip: 0.0200 SOL');
    expect(rows[1]!.textContent).toContain('3 unread');
    // No request open: the pane beside says what opening one does.
    expect(screen.getByRole('heading', { name: 'Message requests' })).toBeDefined();
  });

  it('says when there are none, and shows a load error with Try Again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    messagesApi({
      'GET /api/conversations/requests': () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'internal_error', 'Something went wrong')
          : json({ items: [], nextCursor: null });
      },
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages?folder=requests' });
    expect(await screen.findByText('Couldn’t load your message requests')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No message requests' })).toBeDefined();
    // No count on the tab when nothing waits.
    expect(tabs().requests.textContent).toBe('Requests');
  });
});

describe('an open request', () => {
  function requestApi(
    folder: ConversationFolder,
    answer: (choice: string) => Response = (choice) =>
      json({ folder: choice === 'accept' ? 'inbox' : 'declined' }),
  ) {
    const calls: string[] = [];
    const state = { folder };
    const messages: DirectMessage[] = [
      dm({
        senderId: 'ada',
        body: 'loved your vault',
        tip: { amount: '5000000', transactionSignature: '5igNaTuRe1111111111111111111' },
      }),
    ];
    messagesApi({
      'GET /api/conversations': () =>
        json({
          items: state.folder === 'inbox' ? [conversation(ada, messages[0]!, 1)] : [],
          nextCursor: null,
        }),
      'GET /api/conversations/requests': () =>
        json({
          items: state.folder === 'requests' ? [conversation(ada, messages[0]!, 1)] : [],
          nextCursor: null,
        }),
      [`GET /api/users/${ADA}`]: () => json(profile),
      [`GET /api/conversations/${ADA}`]: () => json(state),
      [`GET /api/conversations/${ADA}/messages`]: () => json({ items: messages, nextCursor: null }),
      [`POST /api/conversations/${ADA}/read`]: () => {
        calls.push('read');
        return json({ unreadCount: 0, requestCount: 0 });
      },
      [`POST /api/conversations/${ADA}/accept`]: () => {
        calls.push('accept');
        const response = answer('accept');
        if (response.ok) state.folder = 'inbox';
        return response;
      },
      [`POST /api/conversations/${ADA}/decline`]: () => {
        calls.push('decline');
        const response = answer('decline');
        if (response.ok) state.folder = 'declined';
        return response;
      },
    });
    return calls;
  }

  it('shows the messages with their tip, Accept and Delete, and is not marked read', async () => {
    const calls = requestApi('requests');
    renderWithProviders(<MessagesRoutes viewer={viewer} />, {
      path: `/messages/${ADA}?folder=requests`,
    });
    const panel = await screen.findByRole('region', { name: 'Message request' });
    expect(panel.textContent).toContain('You don’t follow Ada Lovelace.');
    expect(within(panel).getByRole('button', { name: 'Accept' })).toBeDefined();
    expect(within(panel).getByRole('button', { name: 'Delete' })).toBeDefined();
    const log = screen.getByRole('log', { name: 'Messages with Ada Lovelace' });
    await within(log).findByText('loved your vault');
    expect(within(log).getByTestId('tip-receipt').textContent).toContain('0.0050 SOL');
    // Replying stays possible (and accepts); the way back is to Requests.
    expect(screen.getByRole('textbox', { name: 'Message Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe(
      '/messages?folder=requests',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it('Accept moves it to the inbox: the panel goes, the list is the inbox, and it is read', async () => {
    const user = userEvent.setup();
    const calls = requestApi('requests');
    renderWithProviders(<MessagesRoutes viewer={viewer} />, {
      path: `/messages/${ADA}?folder=requests`,
    });
    const panel = await screen.findByRole('region', { name: 'Message request' });
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByTestId('request-panel')).toBeNull());
    await waitFor(() => expect(tabs().inbox.getAttribute('aria-current')).toBe('page'));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link').getAttribute('href')).toBe(`/messages/${ADA}`);
    await waitFor(() => expect(calls).toEqual(['accept', 'read']));
  });

  it('Delete hides it and goes back to Requests, saying so', async () => {
    const user = userEvent.setup();
    const calls = requestApi('requests');
    renderWithProviders(<MessagesRoutes viewer={viewer} />, {
      path: `/messages/${ADA}?folder=requests`,
    });
    const panel = await screen.findByRole('region', { name: 'Message request' });
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Request deleted')).toBeDefined();
    expect(screen.getByText('Ada Lovelace stays out of your inbox.')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'No message requests' })).toBeDefined();
    await waitFor(() =>
      expect(screen.queryByRole('log', { name: 'Messages with Ada Lovelace' })).toBeNull(),
    );
    expect(calls).toEqual(['decline']);
  });

  it('keeps the request and says why when answering fails', async () => {
    const user = userEvent.setup();
    requestApi('requests', () => apiError(503, 'service_unavailable', 'Service Unavailable'));
    renderWithProviders(<MessagesRoutes viewer={viewer} />, {
      path: `/messages/${ADA}?folder=requests`,
    });
    const panel = await screen.findByRole('region', { name: 'Message request' });
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Service Unavailable');
    expect(within(panel).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('a deleted request opened again offers Accept only', async () => {
    requestApi('declined');
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    const panel = await screen.findByRole('region', { name: 'You deleted this request' });
    expect(panel.textContent).toContain('New messages from Ada Lovelace stay out of your inbox.');
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept']);
  });
});
