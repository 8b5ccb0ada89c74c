import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { registerBurnerWallet } from '../wallet/wallet-standard-test-kit.ts';
import { WalletControl } from '../shell/index.ts';
import { createRegistry, createTestWallet } from '../wallet/wallet-standard-test-kit.ts';
import { json, renderWallet, stubServer, type FakeServer } from '../wallet/wallet-ui-test-kit.tsx';
import { BURNER_FUNDED_KEY_PREFIX, BurnerStartingFunds } from './burner-starting-funds.tsx';

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // The burner is registered once per page: the next test starts it disconnected, on a new key.
  const burner = registerBurnerWallet('http://localhost/rpc', window.localStorage);
  await burner.features['standard:disconnect'].disconnect();
});

function toasts() {
  return screen.getByRole('region', { name: /Notifications/ });
}

function faucetCalls(server: FakeServer) {
  return server.calls.filter((call) => call.path === '/api/faucet').length;
}

/** Connects through the modal (the real burner wallet, or a detected one) and signs in. */
async function connectWith(name: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));
  await screen.findByRole('button', { name: /^Wallet menu/ }, { timeout: 5000 });
}

/**
 * Disconnects, connects the burner again and signs in (by hand when the automatic prompt is
 * skipped, as it is within 2 s of the last sign-in).
 */
async function signInAgainWithTheBurner() {
  fireEvent.click(screen.getByRole('button', { name: 'Disconnect wallet' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: /Burner Wallet/ }),
  );
  const next = await waitFor(
    () => {
      const found =
        screen.queryByRole('button', { name: /^Wallet menu/ }) ??
        screen.queryByRole('button', { name: 'Sign & Authenticate' });
      if (!found) throw new Error('neither signed in nor asking to sign');
      return found;
    },
    { timeout: 5000 },
  );
  if (next.textContent.includes('Sign & Authenticate')) fireEvent.click(next);
  await screen.findByRole('button', { name: /^Wallet menu/ });
}

const ui = (
  <>
    <WalletControl />
    <BurnerStartingFunds />
  </>
);

describe('the Burner Wallet starts funded on the localnet', { timeout: 20_000 }, () => {
  it('asks the faucet once, right after its first sign-in, and never again for that address', async () => {
    const server = stubServer({ balanceLamports: '0' });
    renderWallet(createRegistry(), ui);
    await connectWith(/Burner Wallet/);
    expect(await within(toasts()).findByText('Test SOL received')).toBeTruthy();
    expect(within(toasts()).getByText('1 SOL is in your wallet')).toBeTruthy();
    expect(faucetCalls(server)).toBe(1);
    // The balance is read again after the airdrop.
    expect(await screen.findByLabelText('Balance 1.0000 SOL')).toBeTruthy();
    const marked = Object.keys(window.localStorage).filter((key) =>
      key.startsWith(BURNER_FUNDED_KEY_PREFIX),
    );
    expect(marked).toHaveLength(1);

    // Signed out and in again with the same key: no second call.
    await signInAgainWithTheBurner();
    await act(async () => {});
    expect(faucetCalls(server)).toBe(1);
  });

  it('a failure is only a toast, and is not retried', async () => {
    const server = stubServer({
      faucet: () =>
        json({ error: { code: 'faucet_disabled', message: 'Faucet disabled in production' } }, 403),
    });
    renderWallet(createRegistry(), ui);
    await connectWith(/Burner Wallet/);
    expect(await within(toasts()).findByText('Faucet Failed')).toBeTruthy();
    expect(within(toasts()).getByText('Faucet disabled in production')).toBeTruthy();
    await signInAgainWithTheBurner();
    await act(async () => {});
    expect(faucetCalls(server)).toBe(1);
  });

  it('leaves other wallets alone', async () => {
    const server = stubServer();
    const phantom = createTestWallet({ name: 'Phantom' });
    renderWallet(createRegistry([phantom.wallet]), ui);
    await connectWith(/Phantom/);
    await waitFor(() => expect(screen.getByLabelText('Balance 1.5000 SOL')).toBeTruthy());
    expect(faucetCalls(server)).toBe(0);
  });
});
