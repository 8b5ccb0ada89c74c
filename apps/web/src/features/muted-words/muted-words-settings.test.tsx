import type { MutedWords } from '@dum/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  memberViewer,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  WALLET,
} from '../post/test-kit.tsx';
import { activateLocale } from '../../lib/i18n/index.ts';
import { addMutedWord, expiryFor } from './muted-words-form.ts';
import { MutedWordsSettings } from './muted-words-settings.tsx';

const viewer = memberViewer('user-1', WALLET);

afterEach(() => {
  resetFeedTestState();
});

describe('addMutedWord', () => {
  it('normalises, refuses blanks, repeats and long words', () => {
    expect(addMutedWord([], '  Good  Morning ', undefined)).toEqual({
      items: [{ word: 'good morning' }],
    });
    expect(addMutedWord([], '   ', undefined)).toEqual({ error: 'Enter a word or phrase.' });
    expect(addMutedWord([{ word: 'sol' }], 'SOL', undefined)).toEqual({
      error: 'You already mute that.',
    });
    expect('error' in addMutedWord([], 'x'.repeat(101), undefined)).toBe(true);
  });

  it('turns a choice into an expiry', () => {
    expect(expiryFor('never', 0)).toBeUndefined();
    expect(expiryFor('24h', 0)).toBe('1970-01-02T00:00:00.000Z');
    expect(expiryFor('30d', 0)).toBe('1970-01-31T00:00:00.000Z');
  });
});

describe('the muted words screen', () => {
  it('shows the empty list, adds a word with its expiry by keyboard, and removes it', async () => {
    let stored: MutedWords = { items: [] };
    const puts: unknown[] = [];
    mockApi({
      'GET /api/users/me/muted-words': () => json(stored),
      'PUT /api/users/me/muted-words': ({ body }) => {
        puts.push(body);
        stored = body as MutedWords;
        return json(stored);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MutedWordsSettings viewer={viewer} />);
    expect(await screen.findByText('You have not muted any words.')).toBeTruthy();

    await user.click(screen.getByLabelText('Word or phrase'));
    await user.keyboard('SOL');
    await user.selectOptions(screen.getByLabelText('Ends'), 'After 7 days');
    // Enter in the word's field sends the form.
    await user.click(screen.getByLabelText('Word or phrase'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove sol' })).toBeTruthy());
    const first = puts[0] as MutedWords;
    expect(first.items[0]?.word).toBe('sol');
    expect(typeof first.items[0]?.expiresAt).toBe('string');
    expect(screen.getByText(/^Ends /)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Word or phrase').value).toBe('');

    screen.getByRole('button', { name: 'Remove sol' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You have not muted any words.')).toBeTruthy();
    expect(puts[1]).toEqual({ items: [] });
  });

  it('says what is wrong before asking, and shows the server refusing', async () => {
    mockApi({
      'GET /api/users/me/muted-words': () => json({ items: [{ word: 'gm' }] }),
      'PUT /api/users/me/muted-words': () =>
        apiError(400, 'too_many_muted_words', 'You can mute up to 100 words or phrases.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<MutedWordsSettings viewer={viewer} />);
    expect(await screen.findByText('Never ends')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a word or phrase.');
    await user.type(screen.getByLabelText('Word or phrase'), 'GM');
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already mute that.');
    await user.clear(screen.getByLabelText('Word or phrase'));
    await user.type(screen.getByLabelText('Word or phrase'), 'wagmi');
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText('You can mute up to 100 words or phrases.')).toBeTruthy();
    expect(screen.queryByText('wagmi')).toBeNull();
  });

  it('shows a load error with Try Again', async () => {
    let fail = true;
    mockApi({
      'GET /api/users/me/muted-words': () =>
        fail ? apiError(500, 'internal', 'Something went wrong.') : json({ items: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MutedWordsSettings viewer={viewer} />);
    expect(await screen.findByText('Could not load your muted words')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByText('You have not muted any words.')).toBeTruthy();
  });
});

describe('the muted words screen in Spanish', () => {
  it('speaks the active language', async () => {
    mockApi({
      'GET /api/users/me/muted-words': () => json({ items: [{ word: 'gm' }] }),
    });
    await act(() => activateLocale('es'));
    renderWithProviders(<MutedWordsSettings viewer={viewer} />);
    expect(await screen.findByRole('button', { name: 'Quitar gm' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Palabras silenciadas');
    expect(screen.getByText('No termina nunca')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'En 7 días' })).toBeTruthy();
    expect(addMutedWord([], '   ', undefined)).toEqual({ error: 'Escribe una palabra o frase.' });
  });
});
