import { ERRORS } from '@dum/core';
import { i18n } from '@lingui/core';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from '../api-client.ts';
import { errorMessage } from '../error-message.ts';
import { activateLocale } from '../i18n/index.ts';
import { API_ERROR_MESSAGES } from './messages.ts';

describe('the API error catalogue', () => {
  it('has every error code of the server, and the client’s offline, with the same English', () => {
    const expected = {
      ...Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message])),
      offline: OFFLINE_MESSAGE,
    };
    const english = Object.fromEntries(
      Object.entries(API_ERROR_MESSAGES).map(([code, descriptor]) => [code, i18n._(descriptor)]),
    );
    expect(english).toEqual(expected);
  });
});

describe('errorMessage', () => {
  const supportOwnVault = new ApiError(403, 'vault_own_support', ERRORS.vault_own_support.message);

  it('shows the server’s text in English', () => {
    expect(errorMessage(supportOwnVault)).toBe('You cannot support your own vault.');
  });

  it('translates by error code in Spanish, and keeps a code it does not know as sent', async () => {
    await act(() => activateLocale('es'));
    expect(errorMessage(supportOwnVault)).toBe('No puedes apoyar tu propia bóveda.');
    expect(errorMessage(new ApiError(0, 'offline', OFFLINE_MESSAGE))).toBe(
      'Estás sin conexión. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(errorMessage(new ApiError(418, 'teapot_added_later', 'I am a teapot.'))).toBe(
      'I am a teapot.',
    );
    expect(errorMessage('not an error')).toBe('Algo salió mal');
  });
});
