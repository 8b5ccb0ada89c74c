import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { useAuth } from '../auth/index.ts';
import { WalletControl } from '../shell/index.ts';
import { createRegistry, createTestWallet } from '../wallet/wallet-standard-test-kit.ts';
import { renderWallet, stubServer } from '../wallet/wallet-ui-test-kit.tsx';
import { SupportDialog } from './support-dialog.tsx';
import { CREATOR } from './test-kit.ts';

const SHORT_BALANCE_TEXT = 'Your wallet holds less than this amount plus the network fee.';

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The wallet control (to sign in) and the Support dialog for a 0.1 SOL vault. */
function Harness() {
  const [open, setOpen] = useState(false);
  const auth = useAuth();
  return (
    <>
      <WalletControl />
      <button type="button" onClick={() => setOpen(true)}>
        open support
      </button>
      {open && (
        <SupportDialog
          open
          onOpenChange={setOpen}
          target={{ vaultId: '7', postId: '1', creatorWallet: CREATOR }}
          viewerWallet={auth.user?.solAddress ?? null}
          creatorName="Creator"
          remaining={100_000_000n}
          targetAmount="100000000"
        />
      )}
    </>
  );
}

async function openSupportSignedIn(cluster = 'localnet', balanceLamports = '50000000') {
  const server = stubServer({ cluster, balanceLamports });
  const phantom = createTestWallet({ name: 'Phantom' });
  renderWallet(createRegistry([phantom.wallet]), <Harness />);
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: /Phantom/ }),
  );
  await screen.findByRole('button', { name: /^Wallet menu/ }, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'open support' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/^Balance: \d/, undefined, { timeout: 5000 });
  return { server, dialog };
}

describe('the support dialog when the balance is short', { timeout: 20_000 }, () => {
  it('says so and offers Get test SOL; once the SOL arrives the offer goes', async () => {
    const { server, dialog } = await openSupportSignedIn();
    expect(within(dialog).getByText('Balance: 0.0500 SOL')).toBeTruthy();
    expect(within(dialog).getByText(SHORT_BALANCE_TEXT)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Get test SOL' }));
    expect(await within(dialog).findByText('Balance: 1.0500 SOL')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(SHORT_BALANCE_TEXT)).toBeNull());
    expect(within(dialog).queryByRole('button', { name: 'Get test SOL' })).toBeNull();
    expect(server.calls.filter((call) => call.path === '/api/faucet')).toHaveLength(1);
    // The dialog is still open, ready to support.
    expect(within(dialog).getByRole('button', { name: 'Support' })).toBeTruthy();
  });

  it('counts the network fee: exactly the amount is not enough, a smaller amount is', async () => {
    const { dialog } = await openSupportSignedIn('localnet', '100000000');
    expect(within(dialog).getByText(SHORT_BALANCE_TEXT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount (SOL)'), { target: { value: '0.09' } });
    expect(within(dialog).queryByText(SHORT_BALANCE_TEXT)).toBeNull();
  });

  it('links to the public faucet on devnet', async () => {
    const { dialog } = await openSupportSignedIn('devnet');
    expect(within(dialog).getByText(SHORT_BALANCE_TEXT)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Get devnet SOL at faucet.solana.com' });
    expect(link.getAttribute('href')).toBe('https://faucet.solana.com');
  });

  it('says nothing when the balance covers the amount and the fee', async () => {
    const { dialog } = await openSupportSignedIn('localnet', '1500000000');
    expect(within(dialog).queryByText(SHORT_BALANCE_TEXT)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Get test SOL' })).toBeNull();
  });
});
