import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import {
  apiError,
  json,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  WALLET,
} from '../post/test-kit.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import type * as PeopleQueries from './people-queries.ts';
import { profileKey } from './people-cache.ts';
import { makeProfile } from './test-kit.ts';
import type { UserProfile } from './types.ts';

/** The picture's upload is XMLHttpRequest (for its progress): stood in for by a controllable fake. */
const upload = vi.hoisted(() => ({
  calls: [] as { file: File; onProgress: (fraction: number) => void }[],
  result: null as null | { resolve: (url: string) => void; reject: (error: Error) => void },
}));
vi.mock('./people-queries.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PeopleQueries>();
  return {
    ...actual,
    uploadAvatar: (file: File, onProgress: (fraction: number) => void) =>
      new Promise((resolve, reject) => {
        upload.calls.push({ file, onProgress });
        upload.result = {
          resolve: (url) => resolve({ mediaType: 'image', mediaUrl: url }),
          reject,
        };
      }),
  };
});

const OWN = makeProfile({ id: 'user-1', solAddress: WALLET, username: 'ada', bio: null });

function renderDialog(profile: UserProfile = OWN) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileKey(WALLET, 'user-1'), profile);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <EditProfileDialog profile={profile} open onOpenChange={onOpenChange} />,
    { queryClient },
  );
  return { ...result, onOpenChange, dialog: screen.getByRole('dialog', { name: 'Edit profile' }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('Edit profile', () => {
  beforeEach(() => {
    upload.calls = [];
    upload.result = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => resetFeedTestState());

  it('starts from the profile, with nothing to save until something changes', () => {
    mockApi({});
    renderDialog();
    expect((field('Username') as HTMLInputElement).value).toBe('ada');
    expect((field('Display name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((field('Bio') as HTMLTextAreaElement).value).toBe('');
    expect(save()).toHaveProperty('disabled', true);
    expect(screen.getByText('12/50')).toBeDefined();
    expect(screen.getByText('0/160')).toBeDefined();
  });

  it('refuses a malformed username without asking the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderDialog();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'Ada!');
    expect(
      await screen.findByText('Use 3–20 lowercase letters, numbers or underscores.'),
    ).toBeDefined();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(save()).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks availability once typing pauses: checking, then available or taken', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/users/username-available': ({ url }) => {
        const username = url.searchParams.get('username') ?? '';
        return json({
          username,
          available: username !== 'grace',
          reason: username === 'grace' ? 'taken' : null,
        });
      },
    });
    renderDialog();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada_2');
    expect(screen.getByText('Checking availability…')).toBeDefined();
    expect(save()).toHaveProperty('disabled', true);
    expect(await screen.findByText('@ada_2 is available')).toBeDefined();
    expect(save()).toHaveProperty('disabled', false);
    // The settled name was asked for; malformed ones never are.
    const asked = fetchMock.mock.calls.map(([input]) => requestPath(input));
    expect(asked.at(-1)).toBe('/api/users/username-available?username=ada_2');
    expect(asked).not.toContain('/api/users/username-available?username=ad');

    await user.clear(field('Username'));
    await user.type(field('Username'), 'grace');
    expect(await screen.findByText('That username is taken.')).toBeDefined();
    expect(save()).toHaveProperty('disabled', true);
  });

  it('counts the display name and bio, and refuses them past their limits', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderDialog();
    fireEvent.change(field('Bio'), { target: { value: 'x'.repeat(161) } });
    expect(screen.getByText('161/160').className).toContain('text-danger');
    expect(screen.getByText('Bios can be up to 160 characters.')).toBeDefined();
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(field('Bio'), { target: { value: 'x'.repeat(160) } });
    expect(screen.getByText('160/160').className).not.toContain('text-danger');
    expect(save()).toHaveProperty('disabled', false);
    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'y'.repeat(51));
    expect(screen.getByText('Display names can be up to 50 characters.')).toBeDefined();
    expect(save()).toHaveProperty('disabled', true);
  });

  it('saves only what changed and closes', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi({
      'PATCH /api/users/me': ({ body }) => {
        bodies.push(body);
        return json({ ...OWN, bio: 'Counting machines' });
      },
      'GET /api/users/me': () => json(OWN),
    });
    const { onOpenChange } = renderDialog();
    await user.type(field('Bio'), '  Counting machines ');
    await user.click(save());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodies).toEqual([{ bio: 'Counting machines' }]);
  });

  it("shows the server's refusals on their fields", async () => {
    const user = userEvent.setup();
    let answer = () => apiError(409, 'username_taken', 'That username is taken.');
    mockApi({
      'GET /api/users/username-available': () =>
        json({ username: 'ada_2', available: true, reason: null }),
      'PATCH /api/users/me': () => answer(),
    });
    const { onOpenChange } = renderDialog();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada_2');
    await screen.findByText('@ada_2 is available');
    // Taken between the check and the save.
    await user.click(save());
    const usernameError = await screen.findByText('That username is taken.');
    expect(field('Username').getAttribute('aria-describedby')).toContain(
      usernameError.parentElement?.id,
    );
    expect(onOpenChange).not.toHaveBeenCalled();

    // A field the server names in validation_failed's details.
    answer = () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            details: [{ path: 'bio', message: 'Bio contains a character that is not allowed.' }],
          },
        },
        400,
      );
    await user.type(field('Bio'), 'hi');
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada');
    await user.click(save());
    expect(await screen.findByText('Bio contains a character that is not allowed.')).toBeDefined();
    expect(field('Bio').getAttribute('aria-invalid')).toBe('true');
    // Editing the field clears its server error.
    await user.type(field('Bio'), '!');
    expect(screen.queryByText('Bio contains a character that is not allowed.')).toBeNull();

    // Anything else is said above the buttons.
    answer = () => apiError(503, 'database_unavailable', 'The database is not answering.');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering.');
  });

  it('previews the picture, shows the upload progress, then sends its media URL', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi({
      'PATCH /api/users/me': ({ body }) => {
        bodies.push(body);
        return json({ ...OWN, avatarUrl: '/media/avatar.png' });
      },
    });
    const { dialog, onOpenChange } = renderDialog();
    const picture = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose a profile picture'), picture);
    expect(dialog.querySelector('img[src="blob:preview"]')).not.toBeNull();
    expect(upload.calls[0]?.file).toBe(picture);
    const bar = screen.getByRole('progressbar', { name: 'Uploading picture' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    upload.calls[0]?.onProgress(0.5);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Uploading… 50%')).toBeDefined();
    expect(save()).toHaveProperty('disabled', true);
    upload.result?.resolve('/media/avatar.png');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await user.click(save());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodies).toEqual([{ avatarUrl: '/media/avatar.png' }]);
  });

  it('refuses a file that is not an image, and says when the upload fails', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi({});
    renderDialog();
    const input = screen.getByLabelText('Choose a profile picture');
    await user.upload(input, new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    expect(screen.getByText('Please choose an image file.')).toBeDefined();
    expect(upload.calls).toHaveLength(0);
    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    upload.result?.reject(new Error('Your storage is full.'));
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'Failed to upload media: Your storage is full.',
      ),
    ).toBeDefined();
  });
});
