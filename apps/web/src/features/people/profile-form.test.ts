import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import {
  changesOf,
  characterCount,
  draftErrors,
  draftOf,
  serverFieldErrors,
  usernameProblem,
} from './profile-form.ts';
import { makeProfile } from './test-kit.ts';

describe('the edit-profile rules', () => {
  it('takes 3–20 lowercase letters, digits and underscores as a username', () => {
    for (const good of ['ada', 'vibe_lord_2026', 'a'.repeat(20), '___']) {
      expect(usernameProblem(good)).toBeNull();
    }
    for (const bad of ['ab', 'a'.repeat(21), 'Ada', 'ada!', 'ad a', 'ádá', '']) {
      expect(usernameProblem(bad)).toBe('Use 3–20 lowercase letters, numbers or underscores.');
    }
  });

  it('counts characters as the server does: code points after trimming', () => {
    expect(characterCount('  gm  ')).toBe(2);
    expect(characterCount('🦄✨')).toBe(2);
    const current = makeProfile();
    const draft = { ...draftOf(current), displayName: '🦄'.repeat(50), bio: 'x'.repeat(160) };
    expect(draftErrors(draft, current)).toEqual({});
    expect(
      draftErrors({ ...draft, displayName: '🦄'.repeat(51), bio: 'x'.repeat(161) }, current),
    ).toEqual({
      displayName: 'Display names can be up to 50 characters.',
      bio: 'Bios can be up to 160 characters.',
    });
  });

  it('checks only a changed username, and keeps an emptied one', () => {
    const current = makeProfile({ username: 'ada' });
    expect(draftErrors({ ...draftOf(current), username: 'Nope!' }, current)).toEqual({
      username: 'Use 3–20 lowercase letters, numbers or underscores.',
    });
    expect(draftErrors({ ...draftOf(current), username: '' }, current)).toEqual({});
    expect(changesOf({ ...draftOf(current), username: '' }, current)).toEqual({});
  });

  it('sends only what changed, trimmed, with cleared fields as null', () => {
    const current = makeProfile({ avatarUrl: '/media/old.png' });
    expect(changesOf(draftOf(current), current)).toEqual({});
    expect(
      changesOf(
        {
          username: ' ada_2 ',
          displayName: '  ',
          bio: ' new bio ',
          avatarUrl: null,
        },
        current,
      ),
    ).toEqual({ username: 'ada_2', displayName: null, bio: 'new bio', avatarUrl: null });
  });

  it("puts the server's refusals on their fields", () => {
    expect(serverFieldErrors('username_taken', 'That username is taken.', undefined)).toEqual({
      username: 'That username is taken.',
    });
    expect(
      serverFieldErrors('validation_failed', 'Some fields are not valid.', [
        { path: 'bio', message: 'Too long' },
        { path: 'somethingElse', message: 'ignored' },
      ]),
    ).toEqual({ bio: 'Too long' });
    expect(
      serverFieldErrors('validation_failed', 'Some fields are not valid.', { field: 'avatarUrl' }),
    ).toEqual({ avatarUrl: 'Some fields are not valid.' });
    expect(serverFieldErrors('media_not_attachable', 'Not yours.', undefined)).toEqual({
      avatarUrl: 'Not yours.',
    });
    expect(serverFieldErrors('database_unavailable', 'Down.', undefined)).toEqual({});
  });
});

describe('the edit-profile rules in Spanish', () => {
  it('says what is wrong in the active language', async () => {
    await act(() => activateLocale('es'));
    expect(usernameProblem('Ada')).toBe('Usa 3–20 letras minúsculas, números o guiones bajos.');
    const current = makeProfile();
    expect(draftErrors({ ...draftOf(current), bio: 'x'.repeat(161) }, current)).toEqual({
      bio: 'La biografía puede tener hasta 160 caracteres.',
    });
  });
});
