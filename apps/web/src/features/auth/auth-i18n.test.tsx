import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import { createRegistry } from '../wallet/wallet-standard-test-kit.ts';
import { renderWallet, stubServer } from '../wallet/wallet-ui-test-kit.tsx';
import { AUTH_TOASTS, signInFailureToast } from './auth-messages.ts';
import { ConnectPrompt } from './connect-prompt.tsx';
import type { Viewer } from './use-viewer.ts';
import { WALLET_REQUIRED } from './use-viewer.ts';

const signedOut: Viewer = {
  status: 'signed-out',
  isAuthenticated: false,
  userId: null,
  wallet: null,
  signIn: async () => false,
};

describe('sign-in in Spanish', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('the connect prompt and the toasts speak the active language', async () => {
    stubServer();
    await act(() => activateLocale('es'));
    renderWallet(
      createRegistry(),
      <ConnectPrompt viewer={signedOut} title="Tus bóvedas">
        texto
      </ConnectPrompt>,
    );
    expect(screen.getByRole('button', { name: 'Conectar billetera' })).toBeTruthy();

    expect(AUTH_TOASTS.disconnected.title).toBe('Billetera desconectada');
    expect({ ...WALLET_REQUIRED }).toEqual({
      title: 'Se necesita una billetera',
      description: 'Conecta tu billetera con el botón del encabezado',
    });
    // Recognised by the English start the API client throws with, in any language.
    expect(signInFailureToast(new Error('challenge failed: 500'), false).description).toBe(
      'No se pudo obtener el desafío de autenticación del servidor. Inténtalo de nuevo.',
    );
  });
});
