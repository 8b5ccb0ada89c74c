import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { BURNER_SECRET_KEY } from './burner-name.ts';
import { createRegistry, createTestWallet } from './wallet-standard-test-kit.ts';
import { useWallet } from './wallet-context.tsx';
import { MODAL_CLOSE_DELAY_MS } from './wallet-modal.tsx';
import { renderWallet, stubServer } from './wallet-ui-test-kit.tsx';

/** Opens the modal without the control, as any feature's 'Connect Wallet' would. */
function Opener() {
  const { setModalOpen } = useWallet();
  return (
    <button type="button" onClick={() => setModalOpen(true)}>
      open
    </button>
  );
}

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return screen.findByRole('dialog');
}

describe('wallet modal', () => {
  it('lists detected wallets with a Detected mark and hides the others behind More options', async () => {
    stubServer({ cluster: 'devnet' });
    const phantom = createTestWallet({ name: 'Phantom' });
    const other = createTestWallet({ name: 'Other Wallet' });
    renderWallet(createRegistry([phantom.wallet, other.wallet]), <Opener />);
    const dialog = await openModal();
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Connect a wallet on Solana to continue',
    );
    const detected = within(dialog).getByRole('list', { name: 'Detected wallets' });
    const rows = within(detected).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual(['PhantomDetected', 'Other WalletDetected']);
    // Not-installed wallets wait behind the toggle; Phantom is installed so it is not there.
    expect(within(dialog).queryByRole('list', { name: 'More wallets' })).toBeNull();
    const toggle = within(dialog).getByRole('button', { name: 'More options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const more = within(dialog).getByRole('list', { name: 'More wallets' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['SSolflareInstall', 'BBackpackInstall']);
    expect(within(dialog).getByRole('button', { name: 'Less options' })).toBeTruthy();
    // No burner off the localnet.
    expect(within(dialog).queryByText('Burner Wallet')).toBeNull();
  });

  it("says a wallet is needed when none is installed, with 'Already have a wallet? View options'", async () => {
    stubServer({ cluster: 'devnet' });
    renderWallet(createRegistry(), <Opener />);
    const dialog = await openModal();
    expect(within(dialog).getByRole('heading').textContent).toBe(
      "You'll need a wallet on Solana to continue",
    );
    expect(within(dialog).queryByRole('list', { name: 'Detected wallets' })).toBeNull();
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Already have a wallet? View options' }),
    );
    const more = within(dialog).getByRole('list', { name: 'More wallets' });
    expect(within(more).getAllByRole('link')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Hide options' })).toBeTruthy();
  });

  it('offers the burner wallet on the localnet', async () => {
    stubServer({ cluster: 'localnet' });
    renderWallet(createRegistry(), <Opener />);
    const dialog = await openModal();
    await within(dialog).findByText('Burner Wallet');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe(
      "You'll need a wallet on Solana to continue",
    );
  });

  it('says the burner starts with test SOL, that its key stays in this browser, and offers no export before it has one', async () => {
    stubServer({ cluster: 'localnet' });
    renderWallet(createRegistry(), <Opener />);
    const dialog = await openModal();
    await within(dialog).findByText('Burner Wallet');
    expect(
      within(dialog).getByText(/It starts with test SOL on this local network\./),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(/Its key never leaves this browser: clearing site data loses it\./),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Export key' })).toBeNull();
  });

  it("exports the burner's key after a confirmation, and Cancel copies nothing", async () => {
    stubServer({ cluster: 'localnet' });
    window.localStorage.setItem(BURNER_SECRET_KEY, 'BurnerSeedBase58');
    const user = userEvent.setup();
    renderWallet(createRegistry(), <Opener />);
    const dialog = await openModal();
    const exportKey = await within(dialog).findByRole('button', { name: 'Export key' });

    await user.click(exportKey);
    const confirm = within(dialog).getByRole('group', { name: 'Export key' });
    expect(confirm.textContent).toContain('Anyone with this key controls the wallet.');
    expect(document.activeElement).toBe(
      within(confirm).getByRole('button', { name: 'Copy secret key' }),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await navigator.clipboard.readText()).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Export key' }),
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Export key' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret key' }));
    expect(await navigator.clipboard.readText()).toBe('BurnerSeedBase58');
    expect(await screen.findByText('Secret key copied to clipboard')).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Export key' })).toBeNull();
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })],
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
  ])('%s closes it after 150 ms', async (_name, close) => {
    stubServer({ cluster: 'devnet' });
    renderWallet(createRegistry(), <Opener />);
    await openModal();
    vi.useFakeTimers();
    await act(async () => close());
    await act(async () => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('connects the chosen wallet at once, without a second click', async () => {
    stubServer({ cluster: 'devnet' });
    const test = createTestWallet({ name: 'Phantom', features: ['signTransaction'] });
    renderWallet(createRegistry([test.wallet]), <Opener />);
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: /Phantom/ }));
    expect(test.connect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Wallet Connection Failed' when the wallet refuses", async () => {
    stubServer({ cluster: 'devnet' });
    const test = createTestWallet({
      name: 'Phantom',
      connectError: new Error('User rejected the request.'),
    });
    renderWallet(createRegistry([test.wallet]), <Opener />);
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /Phantom/ }));
    const toast = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toast).findByText('Wallet Connection Failed')).toBeTruthy();
    expect(within(toast).getByText('User rejected the request.')).toBeTruthy();
  });
});

describe('wallet modal in Spanish', () => {
  it('speaks the active language, wallet names untouched', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    const { CONNECTION_FAILED_TOAST } = await import('./wallet-messages.ts');
    stubServer({ cluster: 'devnet' });
    await act(() => activateLocale('es'));
    renderWallet(createRegistry(), <Opener />);
    const dialog = await openModal();
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Necesitarás una billetera en Solana para continuar',
    );
    fireEvent.click(
      within(dialog).getByRole('button', { name: '¿Ya tienes una billetera? Ver opciones' }),
    );
    const more = within(dialog).getByRole('list', { name: 'Más billeteras' });
    expect(within(more).getAllByRole('link')[0]?.textContent).toBe('PPhantomInstalar');
    // The shared toast's text is read when shown, so it follows the switch too.
    expect(CONNECTION_FAILED_TOAST.title).toBe('Falló la conexión de la billetera');
  });
});
