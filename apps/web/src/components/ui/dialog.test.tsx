import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';

function Example() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Stake Tokens</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage DUM Tokens</DialogTitle>
          <DialogDescription>Stake or unstake your DUM.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger and closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Stake Tokens' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage DUM Tokens' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stake Tokens' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A dialog opened from state, as the Support button and the wallet control open theirs. */
function OpenedFromState({ removeOpenerOnOpen = false }: { removeOpenerOnOpen?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {!(removeOpenerOnOpen && open) && <Button onClick={() => setOpen(true)}>Support</Button>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Support Vault</DialogTitle>
          <DialogDescription>Send SOL to the creator.</DialogDescription>
          <input aria-label="Amount (SOL)" />
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('Dialog focus', () => {
  it('moves focus into the dialog, keeps Tab inside it and returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    await user.tab();
    const opener = screen.getByRole('button', { name: 'Support' });
    expect(document.activeElement).toBe(opener);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Support Vault' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the main region when its opener has gone', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState removeOpenerOnOpen />);
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Support Vault' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});
