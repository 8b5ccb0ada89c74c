import { DM_BODY_MAX_LENGTH, type DirectMessage, type SendMessageRequest } from '@dum/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  memberViewer,
  renderWithProviders,
  resetFeedTestState,
  VISITOR,
} from '../post/test-kit.tsx';
import { activateLocale } from '../../lib/i18n/index.ts';
import { isThreadOnScreen } from '../realtime/index.ts';
import {
  ADA,
  conversation,
  dm,
  GRACE,
  ME,
  MessagesRoutes,
  person,
  messagesApi,
} from './test-kit.tsx';

const viewer = memberViewer(ME.id, ME.wallet);
const ada = person(ADA, { displayName: 'Ada Lovelace', username: 'ada', id: 'ada' });
const grace = person(GRACE, { username: 'grace', id: 'grace' });

function profile(summary: typeof ada) {
  return { ...summary, bio: null, followerCount: 0, followingCount: 0, postCount: 0 };
}

function page(items: DirectMessage[], nextCursor: string | null = null) {
  return json({ items, nextCursor });
}

afterEach(() => resetFeedTestState());

describe('the conversation list', () => {
  it('shows each person, the last message (tips and media as words), the time and unread counts', async () => {
    messagesApi({
      'GET /api/conversations': () =>
        json({
          items: [
            conversation(
              ada,
              dm({
                senderId: 'ada',
                body: '',
                tip: { amount: '10000000', transactionSignature: 'S' },
              }),
              2,
            ),
            conversation(grace, dm({ senderId: ME.id, body: 'see you\nsoon', readAt: null })),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `/messages/${ADA}`,
      `/messages/${GRACE}`,
    ]);
    expect(rows[0]!.textContent).toContain('Ada Lovelace');
    expect(within(rows[0]!).getByTestId('conversation-preview').textContent).toBe(
      '💸 Tip · 0.0100 SOL',
    );
    expect(rows[0]!.textContent).toContain('2 unread');
    expect(rows[0]!.textContent).toContain('just now');
    expect(rows[1]!.textContent).toContain('@grace');
    expect(within(rows[1]!).getByTestId('conversation-preview').textContent).toBe(
      'You: see you soon',
    );
    expect(rows[1]!.textContent).not.toContain('unread');
  });

  it("says 'No messages yet' with New message, which searches people (debounced combobox)", async () => {
    const user = userEvent.setup();
    const searches: string[] = [];
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      'GET /api/users/search': ({ url }) => {
        searches.push(url.search);
        return json({ items: [ada, person(ME.wallet, { id: ME.id })], nextCursor: null });
      },
      [`GET /api/users/${ADA}`]: () => json(profile(ada)),
      [`GET /api/conversations/${ADA}/messages`]: () => page([]),
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeDefined();
    await user.click(screen.getAllByRole('button', { name: /New message/ }).at(-1)!);
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox', { name: 'Search people' });
    await user.type(box, '@ada');
    const option = await within(dialog).findByRole('option', { name: /Ada Lovelace/ });
    // One search for the whole word, not one per key; the viewer is not offered.
    expect(searches).toEqual(['?q=ada&limit=8']);
    expect(within(dialog).getAllByRole('option')).toHaveLength(1);
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 2 })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a pasted wallet address the search does not know', async () => {
    const user = userEvent.setup();
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      'GET /api/users/search': () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    await user.click((await screen.findAllByRole('button', { name: /New message/ })).at(-1)!);
    await user.type(screen.getByRole('combobox'), GRACE);
    expect(await screen.findByRole('option', { name: /Message Grac/ })).toBeDefined();
  });

  it('shows a load error with Try Again, which loads the list', async () => {
    const user = userEvent.setup();
    let calls = 0;
    messagesApi({
      'GET /api/conversations': () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'internal_error', 'Something went wrong')
          : json({ items: [conversation(ada, dm({ body: 'hello' }))], nextCursor: null });
      },
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    expect(await screen.findByText('Couldn’t load your messages')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('hello')).toBeDefined();
  });

  it('asks a signed-out visitor to connect, and calls nothing', () => {
    const fetchMock = messagesApi({});
    renderWithProviders(<MessagesRoutes viewer={VISITOR} />, { path: '/messages' });
    expect(screen.getByText('Connect your wallet to see your messages')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('an open thread', () => {
  function threadApi(
    messages: DirectMessage[],
    post: (body: SendMessageRequest) => Response | Promise<Response> = (body) =>
      json(dm({ senderId: ME.id, recipientId: 'ada', body: body.body ?? '' }), 201),
  ) {
    const reads: string[] = [];
    const sent: SendMessageRequest[] = [];
    const fetchMock = messagesApi({
      'GET /api/conversations': () =>
        json({ items: [conversation(ada, messages[0]!)], nextCursor: null }),
      'GET /api/conversations/unread': () => json({ unreadCount: 0, requestCount: 0 }),
      [`GET /api/users/${ADA}`]: () => json(profile(ada)),
      [`GET /api/conversations/${ADA}/messages`]: () => page(messages),
      [`POST /api/conversations/${ADA}/read`]: () => {
        reads.push(ADA);
        return new Response(null, { status: 204 });
      },
      [`POST /api/conversations/${ADA}/messages`]: ({ body }) => {
        sent.push(body as SendMessageRequest);
        return post(body as SendMessageRequest);
      },
    });
    return { reads, sent, fetchMock };
  }

  it('shows bubbles by day, the tip receipt in SOL, Sent and Read, and marks the thread read', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const { reads } = threadApi([
      dm({ senderId: 'ada', body: 'thanks!', readAt: null }),
      dm({
        senderId: ME.id,
        recipientId: 'ada',
        body: 'for the talk',
        tip: { amount: '10000000', transactionSignature: '5igNaTuRe1111111111111111111' },
        readAt: new Date().toISOString(),
      }),
      dm({ senderId: ME.id, recipientId: 'ada', body: 'hi Ada', createdAt: yesterday }),
    ]);
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    const log = await screen.findByRole('log', { name: 'Messages with Ada Lovelace' });
    await within(log).findByText('thanks!');
    const days = within(log).getAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['Yesterday', 'Today']);
    // Oldest first, reading down.
    expect(
      within(log)
        .getAllByTestId('message-bubble')
        .map((b) => b.textContent),
    ).toEqual([
      'hi Ada',
      // (No cluster known here: the signature without its explorer link.)
      'You tipped0.0100 SOL5igNaT…111111for the talk',
      'thanks!',
    ]);
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Sent');
    expect(items[1]!.textContent).toContain('Read');
    expect(items[2]!.textContent).not.toMatch(/Sent|Read/);
    await waitFor(() => expect(reads).toEqual([ADA]));
    expect(isThreadOnScreen(ADA)).toBe(true);
    // Phones get a way back to the list.
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe(
      '/messages',
    );
  });

  it('sends on Enter (Shift+Enter is a new line), showing the message at once', async () => {
    const user = userEvent.setup();
    let answer: ((response: Response) => void) | null = null;
    const { sent } = threadApi(
      [dm({ senderId: 'ada', body: 'gm', readAt: new Date().toISOString() })],
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    const box = await screen.findByRole('textbox', { name: 'Message Ada Lovelace' });
    await within(await screen.findByRole('log')).findByText('gm');
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect((box as HTMLTextAreaElement).value).toBe('line one\nline two');
    await user.keyboard('{Enter}');
    // Optimistic: in the thread before the server answers, the box cleared.
    const log = screen.getByRole('log');
    expect(within(log).getByText(/line one/).textContent).toBe('line one\nline two');
    expect(within(log).getByText('Sending…')).toBeDefined();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(sent).toEqual([{ body: 'line one\nline two' }]);
    act(() =>
      answer!(json(dm({ id: 'stored', senderId: ME.id, body: 'line one\nline two' }), 201)),
    );
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText(/line one/)).toHaveLength(1);
    expect(within(log).getAllByRole('listitem').at(-1)!.textContent).toContain('Sent');
  });

  it('keeps a message the server refused, with the reason, Retry and Remove', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    threadApi([dm({ senderId: 'ada', body: 'gm', readAt: new Date().toISOString() })], (body) => {
      attempts += 1;
      return attempts === 1
        ? apiError(503, 'unavailable', 'Service Unavailable')
        : json(dm({ id: 'ok', senderId: ME.id, body: body.body ?? '' }), 201);
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    const box = await screen.findByRole('textbox', { name: 'Message Ada Lovelace' });
    await within(await screen.findByRole('log')).findByText('gm');
    await user.type(box, 'are you there?{Enter}');
    expect(await screen.findByText('Not sent: Service Unavailable')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).toBeNull());
    expect(attempts).toBe(2);
    expect(screen.getAllByText('are you there?')).toHaveLength(1);
  });

  it('counts characters near the limit and refuses a message over it', async () => {
    const user = userEvent.setup();
    const { sent } = threadApi([dm({ senderId: 'ada', readAt: new Date().toISOString() })]);
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    const box = await screen.findByRole('textbox', { name: 'Message Ada Lovelace' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('message-counter')).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(DM_BODY_MAX_LENGTH - 10) } });
    expect(screen.getByTestId('message-counter').textContent).toBe('10 characters left');
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.change(box, { target: { value: 'x'.repeat(DM_BODY_MAX_LENGTH + 1) } });
    expect(screen.getByTestId('message-counter').textContent).toBe('-1 characters left');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(send.hasAttribute('disabled')).toBe(true);
    box.focus();
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
  });

  it('says so when the wallet has not joined, and offers no composer', async () => {
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      [`GET /api/users/${GRACE}`]: () => apiError(404, 'user_not_found', 'User not found'),
      [`GET /api/conversations/${GRACE}/messages`]: () =>
        apiError(404, 'user_not_found', 'User not found'),
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${GRACE}` });
    expect(await screen.findByText('This wallet hasn’t joined Dum Club')).toBeDefined();
    expect(screen.getByRole('textbox', { name: /^Message / }).hasAttribute('disabled')).toBe(true);
  });

  it('loads older messages with the cursor, keeping what is shown', async () => {
    const user = userEvent.setup();
    const cursors: (string | null)[] = [];
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      [`GET /api/users/${ADA}`]: () => json(profile(ada)),
      [`POST /api/conversations/${ADA}/read`]: () => new Response(null, { status: 204 }),
      [`GET /api/conversations/${ADA}/messages`]: ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        expect(url.searchParams.get('limit')).toBe('30');
        return cursor === 'older'
          ? page([dm({ body: 'the first one', readAt: new Date().toISOString() })])
          : page([dm({ body: 'the latest', readAt: new Date().toISOString() })], 'older');
      },
    });
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: `/messages/${ADA}` });
    await screen.findByText('the latest');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('the first one');
    expect(cursors).toEqual([null, 'older']);
    expect(
      within(screen.getByRole('log'))
        .getAllByTestId('message-bubble')
        .map((b) => b.textContent),
    ).toEqual(['the first one', 'the latest']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});

describe('messages in Spanish', () => {
  it('shows the list and its previews in the active language', async () => {
    messagesApi({
      'GET /api/conversations': () =>
        json({
          items: [
            conversation(
              ada,
              dm({
                senderId: 'ada',
                body: '',
                tip: { amount: '12345000000', transactionSignature: 'S' },
              }),
              2,
            ),
            conversation(grace, dm({ senderId: ME.id, body: '', imageUrl: '/media/a' })),
          ],
          nextCursor: null,
        }),
    });
    await act(() => activateLocale('es'));
    renderWithProviders(<MessagesRoutes viewer={viewer} />, { path: '/messages' });
    expect(screen.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    const rows = within(list).getAllByRole('link');
    expect(within(rows[0]!).getByTestId('conversation-preview').textContent).toBe(
      '💸 Propina · 12,3450 SOL',
    );
    expect(rows[0]!.textContent).toContain('2 sin leer');
    expect(within(rows[1]!).getByTestId('conversation-preview').textContent).toBe('Tú: 📷 Foto');
    expect(screen.getByRole('link', { name: 'Recibidos' })).toBeDefined();
    expect(
      screen.getByText('Elige una conversación o empieza una nueva.', { exact: false }),
    ).toBeDefined();
  });
});
