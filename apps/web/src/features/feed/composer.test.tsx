import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { POST_ALT_TEXT_MAX_LENGTH, POST_MAX_LENGTH } from '../post/index.ts';
import {
  apiError,
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { PostList } from '../post/index.ts';
import { renderComposer } from './composer-test-kit.tsx';
import { Composer } from './composer.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
const wallet = vi.hoisted(() => ({ status: 'disconnected', open: vi.fn() }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: wallet.status }),
  useWalletModal: () => ({ open: wallet.open }),
}));

function file(name: string, type: string, size = 16): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

function FeedList() {
  return <PostList viewer={useViewer()} />;
}

describe('Composer', () => {
  beforeEach(() => {
    auth.current = signedIn();
    wallet.status = 'disconnected';
    wallet.open.mockReset();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => resetFeedTestState());

  it('is gated for signed-out visitors: a disabled box and Connect Wallet', async () => {
    const user = userEvent.setup();
    auth.current = signedOut();
    renderWithProviders(<Composer />);
    expect(screen.getByRole('textbox')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(wallet.open).toHaveBeenCalledTimes(1);
  });

  it("offers Sign & Authenticate once a wallet is connected, and says 'Authenticated!' after", async () => {
    const user = userEvent.setup();
    const signIn = vi.fn(async () => true);
    auth.current = signedOut({ signIn });
    wallet.status = 'connected';
    renderWithProviders(<Composer />);
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign & Authenticate' }));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith({
      successToast: {
        title: 'Authenticated!',
        description: 'You can now post to Dum Club',
        variant: 'success',
      },
    });
  });

  it('shows its loading state while the wallet is restored, and Connecting... after', () => {
    auth.current = signedOut();
    wallet.status = 'restoring';
    const { unmount } = renderWithProviders(<Composer />);
    expect(screen.getByRole('status').textContent).toBe('Loading composer…');
    expect(screen.queryByRole('textbox')).toBeNull();
    wallet.status = 'connecting';
    unmount();
    renderWithProviders(<Composer />);
    expect(screen.getByRole('button', { name: 'Connecting...' })).toHaveProperty('disabled', true);
  });

  it('shows a busy button while signing in', () => {
    auth.current = signedOut({ status: 'signing-in' });
    renderWithProviders(<Composer />);
    const button = screen.getByRole('button', { name: 'Authenticating...' });
    expect(button).toHaveProperty('disabled', true);
  });

  it('keeps Post disabled until there is text beyond whitespace', async () => {
    const user = userEvent.setup();
    await renderComposer();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox'), '   ');
    expect(post).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox'), 'gm');
    expect(post).toHaveProperty('disabled', false);
  });

  it('says content is required when submitted empty from the keyboard', async () => {
    const user = userEvent.setup();
    await renderComposer();
    await user.type(screen.getByRole('textbox'), '  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Content required')).toBeDefined();
    expect(screen.getByText('Please write something to post')).toBeDefined();
  });

  it('shows the characters left near the limit and blocks posting past it', async () => {
    await renderComposer();
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: 'a'.repeat(POST_MAX_LENGTH - 100) } });
    expect(screen.queryByTestId('composer-counter')).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(POST_MAX_LENGTH - 10) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('10 characters left');
    fireEvent.change(box, { target: { value: 'a'.repeat(POST_MAX_LENGTH + 2) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('-2 characters left');
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
  });

  it('toggles vault mode, and a vault post is refused with the Vaults disabled toast', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    await renderComposer();
    const toggle = screen.getByRole('button', { name: 'Create Vault' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Cancel Vault');
    const amount = await screen.findByLabelText('SOL to lock');
    expect(amount).toHaveProperty('value', '0.1');
    expect(amount.getAttribute('step')).toBe('0.01');
    await user.type(screen.getByRole('textbox'), 'locked vibes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Vaults disabled')).toBeDefined();
    expect(screen.getByText('Timelock vaults are not available in this environment')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(toggle);
    expect(screen.queryByLabelText('SOL to lock')).toBeNull();
  });

  it('answers Create Fan Vault with Coming Soon', async () => {
    const user = userEvent.setup();
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Create Fan Vault' }));
    expect(await screen.findByText('Coming Soon')).toBeDefined();
    expect(screen.getByText('Fan Vaults launching soon!')).toBeDefined();
  });

  it('checks attachments: type and size, with a preview and Remove', async () => {
    await renderComposer();
    const input = screen.getByTestId('composer-image-input');
    fireEvent.change(input, { target: { files: [file('clip.mp4', 'video/mp4')] } });
    expect(await screen.findByText('Invalid file type')).toBeDefined();
    expect(screen.getByText('Please upload an image or audio file')).toBeDefined();

    fireEvent.change(input, {
      target: { files: [file('huge.png', 'image/png', 10 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('Images must be under 10MB')).toBeDefined();
    expect(screen.queryByTestId('attachment-preview')).toBeNull();

    fireEvent.change(screen.getByTestId('composer-audio-input'), {
      target: { files: [file('huge.mp3', 'audio/mpeg', 50 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('Audio files must be under 50MB')).toBeDefined();

    fireEvent.change(input, { target: { files: [file('cat.png', 'image/png')] } });
    expect(await screen.findByRole('img', { name: 'Preview of cat.png' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
  });

  it('uploads the attachment, then posts, shows the success toast and clears', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockApi({
      'POST /api/upload/vault-media': () => json({ mediaType: 'image', mediaUrl: '/media/a.png' }),
      'POST /api/messages-v2/messages': async ({ body }) => {
        await held;
        return json(makePost({ id: 'new', body: (body as { body: string }).body }), 201);
      },
    });
    await renderComposer();
    await user.type(screen.getByRole('textbox'), '  hello world  ');
    fireEvent.change(screen.getByTestId('composer-image-input'), {
      target: { files: [file('cat.png', 'image/png')] },
    });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDefined();
    release();
    expect(await screen.findByText('Posted!')).toBeDefined();
    expect(screen.getByText('Your post is now live')).toBeDefined();
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveProperty('value', ''));
    expect(screen.queryByTestId('attachment-preview')).toBeNull();

    const upload = fetchMock.mock.calls[0]!;
    expect(upload[1]?.body).toBeInstanceOf(FormData);
    expect((upload[1]?.body as FormData).get('media')).toBeInstanceOf(File);
    const create = fetchMock.mock.calls[1]!;
    expect(JSON.parse(create[1]?.body as string)).toEqual({
      body: 'hello world',
      kind: 'public',
      imageUrl: '/media/a.png',
    });
  });

  it('shows the new post in a feed whose first read was still running when it was saved', async () => {
    const user = userEvent.setup();
    let releaseFirstRead!: () => void;
    const firstReadHeld = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    const saved: ReturnType<typeof makePost>[] = [];
    let reads = 0;
    mockApi({
      // The first read began before the post existed, and answers after it was saved.
      'GET /api/messages-v2/feed': async () => {
        reads += 1;
        const items = [...saved];
        if (reads === 1) await firstReadHeld;
        return json({ items, nextCursor: null });
      },
      'POST /api/messages-v2/messages': ({ body }) => {
        const post = makePost({ id: 'new', content: (body as { body: string }).body });
        saved.push(post);
        return json(post, 201);
      },
    });
    renderWithProviders(
      <>
        <Composer />
        <FeedList />
      </>,
    );
    await screen.findByTestId('composer');
    await user.type(screen.getByRole('textbox'), 'fresh from the oven');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted!')).toBeDefined();
    releaseFirstRead();
    expect(await screen.findByText('fresh from the oven')).toBeDefined();
    expect(reads).toBe(2);
  });

  it('asks for alt text with an image (not with audio) and sends it trimmed with the post', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/upload/vault-media': () => json({ mediaType: 'image', mediaUrl: '/media/a.png' }),
      'POST /api/messages-v2/messages': () => json(makePost({ id: 'new' }), 201),
    });
    await renderComposer();
    expect(screen.queryByLabelText('Describe the image (alt text)')).toBeNull();
    fireEvent.change(screen.getByTestId('composer-audio-input'), {
      target: { files: [file('song.mp3', 'audio/mpeg')] },
    });
    expect(screen.getByTestId('attachment-preview')).toBeDefined();
    expect(screen.queryByLabelText('Describe the image (alt text)')).toBeNull();

    fireEvent.change(screen.getByTestId('composer-image-input'), {
      target: { files: [file('cat.png', 'image/png')] },
    });
    const alt = await screen.findByLabelText('Describe the image (alt text)');
    expect(alt.getAttribute('maxlength')).toBe(String(POST_ALT_TEXT_MAX_LENGTH));
    await user.type(alt, '  A grey cat asleep on a keyboard ');
    await user.type(screen.getByRole('textbox', { name: 'What’s your vibe?' }), 'look');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted!')).toBeDefined();
    const create = fetchMock.mock.calls[1]!;
    expect(JSON.parse(create[1]?.body as string)).toEqual({
      body: 'look',
      kind: 'public',
      imageUrl: '/media/a.png',
      altText: 'A grey cat asleep on a keyboard',
    });
    // Cleared with the post.
    await waitFor(() => expect(screen.queryByTestId('attachment-preview')).toBeNull());
  });

  it('reports a failed upload and a failed post, keeping the text', async () => {
    const user = userEvent.setup();
    let createFails = false;
    mockApi({
      'POST /api/upload/vault-media': () =>
        apiError(400, 'unsupported_media', 'Please upload an image or audio file'),
      'POST /api/messages-v2/messages': () =>
        createFails
          ? apiError(400, 'validation_failed', 'Post is too long')
          : json(makePost(), 201),
    });
    await renderComposer();
    await user.type(screen.getByRole('textbox'), 'hello');
    fireEvent.change(screen.getByTestId('composer-audio-input'), {
      target: { files: [file('a.mp3', 'audio/mpeg')] },
    });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('Failed to upload media: Please upload an image or audio file'),
    ).toBeDefined();
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'hello');

    createFails = true;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to Post')).toBeDefined();
    expect(screen.getByText('Post is too long')).toBeDefined();
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveProperty('value', 'hello'));
  });
});
