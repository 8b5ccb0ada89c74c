import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  makePost,
  memberViewer,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  VISITOR,
  WALLET,
} from '../post/test-kit.tsx';
import type { Viewer } from '../auth/index.ts';
import { draftKey } from './create-draft.ts';
import { activateLocale } from '../../lib/i18n/index.ts';
import { CreateScreen } from './create-screen.tsx';

const wallet = vi.hoisted(() => ({ status: 'connected', open: vi.fn() }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    status: wallet.status,
    config: { cluster: 'localnet', vaultsEnabled: true },
  }),
  useWalletModal: () => ({ open: wallet.open }),
}));

const ME = memberViewer('user-1', WALLET);
const PROFILE = `GET /api/users/${WALLET}`;
const profile = () =>
  json({ solAddress: WALLET, username: 'me', displayName: 'Mae Jemison', avatarUrl: null });

function renderCreate(viewer: Viewer = ME) {
  return renderWithProviders(
    <Routes>
      <Route path="/create" element={<CreateScreen viewer={viewer} />} />
      <Route path="/" element={<p>The feed</p>} />
    </Routes>,
    { path: '/create' },
  );
}

const textBox = () => screen.getByRole('textbox', { name: 'What’s your vibe?' });

describe('the Create page', () => {
  beforeEach(() => {
    wallet.status = 'connected';
    wallet.open.mockReset();
  });
  afterEach(() => resetFeedTestState());

  it('asks a signed-out visitor to connect a wallet, and opens the connect flow', async () => {
    const user = userEvent.setup();
    wallet.status = 'disconnected';
    mockApi({});
    renderCreate(VISITOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Create' })).toBeDefined();
    const prompt = screen.getByTestId('connect-prompt');
    expect(within(prompt).getByText('Connect your wallet to create')).toBeDefined();
    expect(screen.queryByRole('form')).toBeNull();
    await user.click(within(prompt).getByRole('button', { name: 'Connect Wallet' }));
    expect(wallet.open).toHaveBeenCalledTimes(1);
  });

  it('offers every kind: a post, a vault, a time capsule, and mystery vaults on their page', async () => {
    const user = userEvent.setup();
    mockApi({ [PROFILE]: profile });
    renderCreate();
    const kinds = within(screen.getByRole('group', { name: 'Type of post' }));
    expect(kinds.getByRole('radio', { name: /^Post/ })).toHaveProperty('checked', true);
    expect(kinds.getByRole('radio', { name: /^Vault/ })).toHaveProperty('disabled', false);
    expect(kinds.getByRole('link', { name: /^Mystery vault/ }).getAttribute('href')).toBe(
      '/mystery-vaults?tab=mine',
    );
    // A time capsule: its opening time, Seal, and the preview's sealed card as its author sees it.
    await user.click(kinds.getByRole('radio', { name: /^Time capsule/ }));
    expect(kinds.getByRole('radio', { name: /^Time capsule/ })).toHaveProperty('checked', true);
    expect(await screen.findByLabelText('Opens at')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Seal' })).toBeDefined();
    await user.type(textBox(), 'Open me later');
    expect(
      await within(screen.getByTestId('create-preview')).findByTestId('capsule-sealed'),
    ).toBeDefined();
    // A vault instead leaves capsule mode; a post again leaves both.
    await user.click(kinds.getByRole('radio', { name: /^Vault/ }));
    expect(kinds.getByRole('radio', { name: /^Time capsule/ })).toHaveProperty('checked', false);
    await user.click(kinds.getByRole('radio', { name: /^Post/ }));
    expect(screen.queryByLabelText('Opens at')).toBeNull();
  });

  it('previews the card as the feed will show it, with the author, and nothing in it to press', async () => {
    const user = userEvent.setup();
    mockApi({ [PROFILE]: profile });
    renderCreate();
    expect(
      screen.getByText('Start writing to see your post as the feed will show it.'),
    ).toBeDefined();
    await user.type(textBox(), 'Hello from the Create page');
    const preview = screen.getByTestId('create-preview');
    expect(preview.hasAttribute('inert')).toBe(true);
    const card = within(preview).getByTestId('post-card');
    expect(within(card).getByText('Hello from the Create page')).toBeDefined();
    expect(await within(card).findByText('Mae Jemison')).toBeDefined();
    await user.click(screen.getByRole('radio', { name: /^Vault/ }));
    expect(within(screen.getByTestId('create-preview')).getByTestId('vault-panel')).toBeDefined();
  });

  it('keeps the draft on this device and puts it back on return', async () => {
    const user = userEvent.setup();
    mockApi({ [PROFILE]: profile });
    const first = renderCreate();
    await user.type(textBox(), 'A thought for later');
    await user.click(screen.getByRole('radio', { name: /^Vault/ }));
    expect(screen.getByTestId('draft-saved').textContent).toBe('Draft saved on this device');
    await waitFor(() =>
      expect(window.localStorage.getItem(draftKey(WALLET))).toContain('A thought for later'),
    );
    first.unmount();

    renderCreate();
    expect(textBox()).toHaveProperty('value', 'A thought for later');
    expect(screen.getByRole('radio', { name: /^Vault/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('SOL to lock')).toBeDefined();
  });

  it('discards the draft once confirmed', async () => {
    const user = userEvent.setup();
    mockApi({ [PROFILE]: profile });
    renderCreate();
    await user.type(textBox(), 'Not this one');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(textBox()).toHaveProperty('value', 'Not this one');

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await screen.findByText('Draft discarded')).toBeDefined();
    expect(textBox()).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    expect(window.localStorage.getItem(draftKey(WALLET))).toBeNull();
  });

  it('adds a poll to a plain post: previewed, kept in the draft, and posted', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [PROFILE]: profile,
      'POST /api/messages-v2/messages': () => json(makePost({ id: '8' }), 201),
    });
    const first = renderCreate();
    await user.type(textBox(), 'Which one?');
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    const fields = await screen.findByRole('group', { name: 'Poll' });
    await user.type(within(fields).getByRole('textbox', { name: 'Option 1' }), 'Tea');
    await user.type(within(fields).getByRole('textbox', { name: 'Option 2' }), 'Coffee');
    const preview = within(screen.getByTestId('create-preview'));
    expect(
      preview.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Tea', 'Coffee']);
    await waitFor(() => expect(window.localStorage.getItem(draftKey(WALLET))).toContain('Coffee'));
    first.unmount();

    renderCreate();
    const back = await screen.findByRole('group', { name: 'Poll' });
    expect(within(back).getByRole('textbox', { name: 'Option 2' })).toHaveProperty(
      'value',
      'Coffee',
    );
    // A vault takes no poll: picking one removes it.
    await user.click(screen.getByRole('radio', { name: /^Vault/ }));
    expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a poll' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Post/ }));
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    const again = await screen.findByRole('group', { name: 'Poll' });
    await user.type(within(again).getByRole('textbox', { name: 'Option 1' }), 'Yes');
    await user.type(within(again).getByRole('textbox', { name: 'Option 2' }), 'No');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted!')).toBeDefined();
    const create = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(create[1]?.body as string)).toMatchObject({
      body: 'Which one?',
      kind: 'public',
      poll: { options: ['Yes', 'No'], durationHours: 24 },
    });
  });

  it("posts, says 'Posted!', forgets the draft and goes to the feed", async () => {
    const user = userEvent.setup();
    mockApi({
      [PROFILE]: profile,
      'POST /api/messages-v2/messages': () => json(makePost({ id: '7' }), 201),
    });
    renderCreate();
    await user.type(textBox(), 'Out it goes');
    await waitFor(() => expect(window.localStorage.getItem(draftKey(WALLET))).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('The feed')).toBeDefined();
    expect(screen.getByText('Posted!')).toBeDefined();
    expect(window.localStorage.getItem(draftKey(WALLET))).toBeNull();
  });
});

describe('the Create page in Spanish', () => {
  beforeEach(() => {
    wallet.status = 'connected';
  });
  afterEach(() => resetFeedTestState());

  it('speaks the active language', async () => {
    mockApi({ [PROFILE]: profile });
    await act(() => activateLocale('es'));
    renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Crear' })).toBeDefined();
    const kinds = within(screen.getByRole('group', { name: 'Tipo de publicación' }));
    expect(kinds.getByRole('radio', { name: /^Publicación/ })).toHaveProperty('checked', true);
    expect(kinds.getByRole('radio', { name: /^Bóveda/ })).toBeDefined();
    expect(kinds.getByRole('link', { name: /^Bóveda misteriosa/ })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Vista previa' })).toBeDefined();
    expect(
      screen.getByText('Empieza a escribir para ver tu publicación como la mostrará el feed.'),
    ).toBeDefined();
  });
});
