import { STORAGE_KEYS, formatAddress } from '@dum/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { makeJwt } from '../auth/test-kit.ts';
import { useAuth } from '../auth/index.ts';
import { createRegistry, createTestWallet } from '../wallet/wallet-standard-test-kit.ts';
import { WalletControl } from './wallet-control.tsx';
import { WALLET_NAME_KEY } from '../wallet/wallet-standard-test-kit.ts';
import { json, renderWallet, stubServer } from '../wallet/wallet-ui-test-kit.tsx';

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function toasts() {
  return screen.getByRole('region', { name: /Notifications/ });
}

/** Picks a wallet in the modal and waits for the modal to close. */
async function choose(name: RegExp) {
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function AuthStatus() {
  const { status } = useAuth();
  return <output aria-label="auth status">{status}</output>;
}

describe('wallet control', () => {
  it("disconnected: 'Connect Wallet' opens the modal", async () => {
    stubServer();
    renderWallet(createRegistry());
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("'Connecting...' while a remembered wallet reconnects", () => {
    stubServer();
    window.localStorage.setItem(WALLET_NAME_KEY, 'Not Yet Registered');
    renderWallet(createRegistry());
    const button = screen.getByRole('button', { name: 'Connecting...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('connect → automatic sign-in → authenticated: address, SOL balance and disconnect', async () => {
    const server = stubServer({ holdVerify: true });
    const test = createTestWallet({ name: 'Phantom', features: ['signMessage'] });
    renderWallet(createRegistry([test.wallet]));
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await choose(/Phantom/);
    // Connected, signing in automatically: the busy label.
    const busy = await screen.findByRole('button', { name: 'Authenticating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(test.signMessage).toHaveBeenCalledTimes(1);
    act(() => server.releaseVerify());
    const address = formatAddress(test.account.address);
    expect(await screen.findByText(address)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect wallet' })).toBeTruthy();
    expect(await screen.findByLabelText('Balance 1.5000 SOL')).toBeTruthy();
    expect(within(toasts()).getByText('Wallet Authenticated')).toBeTruthy();
    const rpc = server.calls.find((call) => call.path === '/rpc');
    expect(rpc?.body).toMatchObject({
      method: 'getBalance',
      params: [test.account.address, { commitment: 'confirmed' }],
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.jwt)).toBeTruthy();

    // Disconnect: logout, storage cleared, 'Wallet Disconnected'.
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect wallet' }));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(await within(toasts()).findByText('Wallet Disconnected')).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
    for (const key of Object.values(STORAGE_KEYS)) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(test.disconnect).toHaveBeenCalled();
  });

  it("connected but not signed in: short address and 'Sign & Authenticate'", async () => {
    const server = stubServer({ holdVerify: true });
    // A transaction-only wallet is not signed in automatically.
    const test = createTestWallet({ name: 'Ledger', features: ['signTransaction'] });
    server.calls = [];
    renderWallet(
      createRegistry([test.wallet]),
      <>
        <WalletControl />
        <AuthStatus />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await choose(/Ledger/);
    const button = await screen.findByRole('button', { name: 'Sign & Authenticate' });
    // Beside the button from the sm breakpoint up; under its label on phones (CSS picks one).
    const shown = screen.getAllByText(formatAddress(test.account.address));
    expect(shown).toHaveLength(2);
    expect(button.contains(shown[1] ?? null)).toBe(true);
    expect(screen.getByLabelText('auth status').textContent).toBe('signed-out');
    expect(server.calls.some((call) => call.path === '/api/auth/challenge')).toBe(false);
  });

  it('a refused automatic signature shows Signature Required and leaves the sign button', async () => {
    stubServer();
    const test = createTestWallet({
      name: 'Phantom',
      signError: new Error('User rejected the request.'),
    });
    renderWallet(createRegistry([test.wallet]));
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await choose(/Phantom/);
    expect(await within(toasts()).findByText('Signature Required')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign & Authenticate' }));
    expect(await within(toasts()).findByText('Signature Rejected')).toBeTruthy();
    expect(
      within(toasts()).getByText(
        'You must sign the message to use Dum Club features like the faucet, posting, and vaults.',
      ),
    ).toBeTruthy();
  });

  it('keeps the session across a reload: the remembered wallet reconnects silently', async () => {
    const server = stubServer();
    const test = createTestWallet({ name: 'Phantom' });
    const token = makeJwt({
      sub: 'user-1',
      solAddress: test.account.address,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    window.localStorage.setItem(WALLET_NAME_KEY, 'Phantom');
    window.localStorage.setItem(STORAGE_KEYS.jwt, token);
    window.localStorage.setItem(STORAGE_KEYS.accessToken, token);
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    window.localStorage.setItem(STORAGE_KEYS.jwtCreated, String(Date.now() - 60_000));
    renderWallet(createRegistry([test.wallet]));
    expect(await screen.findByText(formatAddress(test.account.address))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect wallet' })).toBeTruthy();
    expect(test.connect).toHaveBeenCalledWith({ silent: true });
    expect(test.signMessage).not.toHaveBeenCalled();
    expect(server.calls.some((call) => call.path === '/api/auth/challenge')).toBe(false);
  });

  it('signs out when another tab clears the session (storage event)', async () => {
    stubServer();
    const test = createTestWallet({ name: 'Phantom' });
    renderWallet(
      createRegistry([test.wallet]),
      <>
        <WalletControl />
        <AuthStatus />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await choose(/Phantom/);
    await waitFor(() =>
      expect(screen.getByLabelText('auth status').textContent).toBe('authenticated'),
    );
    // Past the 2 s skip-check window.
    const realNow = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 3000);
    window.localStorage.removeItem(STORAGE_KEYS.jwt);
    window.localStorage.removeItem(STORAGE_KEYS.accessToken);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.jwt, storageArea: window.localStorage }),
      );
    });
    expect(screen.getByLabelText('auth status').textContent).toBe('signed-out');
    expect(await screen.findByRole('button', { name: 'Sign & Authenticate' })).toBeTruthy();
    expect(test.signMessage).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});

describe('the wallet menu (signed in)', () => {
  async function signIn(server: { cluster: string }) {
    const test = createTestWallet({ name: 'Phantom', features: ['signMessage'] });
    renderWallet(createRegistry([test.wallet]));
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await choose(/Phantom/);
    // The menu's code loads once signed in.
    const trigger = await screen.findByRole('button', { name: /^Wallet menu/ }, { timeout: 5000 });
    expect(server.cluster).toBeTruthy();
    return { test, trigger };
  }

  it('opens from the address by keyboard: Get test SOL, Copy address, Disconnect', async () => {
    const server = stubServer();
    const { test, trigger } = await signIn(server);
    expect(trigger.textContent).toContain(formatAddress(test.account.address));
    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Get test SOL',
      'Copy address',
      'My reports',
      'Notifications',
      'Muted words',
      'Disconnect',
    ]);
    // Opened from the keyboard, the first item has focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(menu).getByRole('menuitem', { name: 'Get test SOL' }),
      ),
    );
  });

  it("Get test SOL keeps the menu open with 'Getting test SOL...', then refreshes the balance", async () => {
    let answer: () => void = () => {};
    const server = stubServer({
      faucet: () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            server.balanceLamports = '2500000000';
            resolve(json({ signature: 'sig', lamports: '1000000000' }));
          };
        }),
    });
    const { trigger } = await signIn(server);
    expect(await screen.findByLabelText('Balance 1.5000 SOL')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Get test SOL' }));
    const busy = await screen.findByRole('menuitem', { name: 'Getting test SOL...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    act(() => answer());
    expect(await within(toasts()).findByText('Test SOL received')).toBeTruthy();
    expect(within(toasts()).getByText('1 SOL is in your wallet')).toBeTruthy();
    expect(await screen.findByLabelText('Balance 2.5000 SOL')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Get test SOL' })).toBeTruthy();
  });

  it('copies the address, and disconnects', async () => {
    const server = stubServer();
    const { test, trigger } = await signIn(server);
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(test.account.address);
    expect(await within(toasts()).findByText('Wallet address copied to clipboard')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Wallet menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(await within(toasts()).findByText('Wallet Disconnected')).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/faucet')).toBe(false);
  });

  it('links to the public faucet on devnet, and offers no test SOL elsewhere', async () => {
    const server = stubServer({ cluster: 'devnet' });
    const { trigger } = await signIn(server);
    const user = userEvent.setup();
    await user.click(trigger);
    const link = await screen.findByRole('menuitem', {
      name: 'Get devnet SOL at faucet.solana.com',
    });
    expect(link.getAttribute('href')).toBe('https://faucet.solana.com');
    expect(screen.queryByRole('menuitem', { name: 'Get test SOL' })).toBeNull();
  });

  it('switches the language from the keyboard: Español checked, texts in Spanish, the choice kept', async () => {
    const { LOCALE_STORAGE_KEY } = await import('../../lib/i18n/index.ts');
    const server = stubServer();
    const { trigger } = await signIn(server);
    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const languages = within(menu).getByRole('group', { name: 'Language' });
    const english = within(languages).getByRole('menuitemradio', { name: 'English' });
    expect(english.getAttribute('aria-checked')).toBe('true');
    const spanish = within(languages).getByRole('menuitemradio', { name: 'Español' });
    expect(spanish.getAttribute('aria-checked')).toBe('false');
    // Arrow keys reach the language items like any other.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    while (document.activeElement !== spanish) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');

    // The first switch of a test run compiles the locale's catalogues (.po): seconds, not a hang.
    expect(
      await screen.findByRole('button', { name: /^Menú de la billetera/ }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desconectar billetera' })).toBeTruthy();
    expect(screen.getByLabelText('Saldo 1,5000 SOL')).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');

    await user.click(screen.getByRole('button', { name: /^Menú de la billetera/ }));
    const reopened = await screen.findByRole('menu');
    expect(within(reopened).getByRole('menuitem', { name: 'Copiar dirección' })).toBeTruthy();
    expect(
      within(reopened).getByRole('menuitemradio', { name: 'Español' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('offers nothing about test SOL on mainnet', async () => {
    const server = stubServer({ cluster: 'mainnet-beta' });
    const { trigger } = await signIn(server);
    const user = userEvent.setup();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy address', 'My reports', 'Notifications', 'Muted words', 'Disconnect']);
  });
});
