import type { SendMessageRequest } from '@dum/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberViewer, renderWithProviders, resetFeedTestState } from '../post/test-kit.tsx';
import { ADA, dm, ME, MessagesRoutes, person, messagesApi } from './test-kit.tsx';

/*
 * The upload itself is replaced (named: `upload` below): jsdom's XMLHttpRequest does not go
 * through the stubbed fetch. lib/api-upload.ts is what the browser test drives for real.
 */
const upload = vi.hoisted(() => ({
  progress: null as ((fraction: number) => void) | null,
  finish: null as ((value: unknown) => void) | null,
}));
vi.mock('../../lib/api-upload.ts', () => ({
  apiUpload: (
    _path: string,
    _form: FormData,
    { onProgress }: { onProgress: (fraction: number) => void },
  ) =>
    new Promise((resolve) => {
      upload.progress = onProgress;
      upload.finish = resolve;
    }),
}));

afterEach(() => resetFeedTestState());

describe('a message with an image', () => {
  it('shows the upload’s progress, sends once uploaded, and shows the image', async () => {
    const user = userEvent.setup();
    const sent: SendMessageRequest[] = [];
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      [`GET /api/users/${ADA}`]: () => json(person(ADA, { displayName: 'Ada' })),
      [`GET /api/conversations/${ADA}/messages`]: () => json({ items: [], nextCursor: null }),
      [`POST /api/conversations/${ADA}/messages`]: ({ body }) => {
        sent.push(body as SendMessageRequest);
        return json(dm({ senderId: ME.id, body: '', imageUrl: '/media/pic' }), 201);
      },
    });
    renderWithProviders(<MessagesRoutes viewer={memberViewer(ME.id, ME.wallet)} />, {
      path: `/messages/${ADA}`,
    });
    await screen.findByRole('textbox', { name: 'Message Ada' });
    const file = new File([new Uint8Array(2048)], 'sunset.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('message-image-input'), { target: { files: [file] } });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading sunset.png' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    act(() => upload.progress!(0.4));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    act(() => upload.finish!({ mediaType: 'image', mediaUrl: '/media/pic', contentHash: 'h' }));
    await screen.findByText('Uploaded');
    await user.click(send);
    await waitFor(() => expect(sent).toEqual([{ imageUrl: '/media/pic' }]));
    const image = await within(screen.getByRole('log')).findByRole('img', {
      name: 'Image from you',
    });
    expect(image.getAttribute('src')).toBe('/media/pic');
    expect(screen.queryByTestId('message-attachment')).toBeNull();
  });

  it('refuses a file that is neither image nor audio with the spec’s toast', async () => {
    messagesApi({
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
      [`GET /api/users/${ADA}`]: () => json(person(ADA, { displayName: 'Ada' })),
      [`GET /api/conversations/${ADA}/messages`]: () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<MessagesRoutes viewer={memberViewer(ME.id, ME.wallet)} />, {
      path: `/messages/${ADA}`,
    });
    await screen.findByRole('textbox', { name: 'Message Ada' });
    const file = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('message-image-input'), { target: { files: [file] } });
    expect(await screen.findByText('Invalid file type')).toBeDefined();
    expect(screen.getByText('Please upload an image or audio file')).toBeDefined();
    expect(screen.queryByTestId('message-attachment')).toBeNull();
  });
});
