import { STAKE_MESSAGES } from '@dum/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/use-toast.ts';
import type * as ToastModule from '../../components/ui/use-toast.ts';
import {
  WALLET,
  errorResponse,
  jsonResponse,
  renderWithClient,
  stubApi,
  userRecord,
} from './test-kit.tsx';
import { userRecordKey, type DumBalances } from './economy-queries.ts';
import { StakeDialog } from './stake-dialog.tsx';

vi.mock('../../components/ui/use-toast.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(),
}));

const DUM = 1_000_000_000n;
const BALANCES: DumBalances = { balance: 12n * DUM + DUM / 2n, staked: 3n * DUM, rewards: 0n };

function Harness({ balances = BALANCES }: { balances?: DumBalances }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <StakeDialog open={open} onOpenChange={setOpen} wallet={WALLET} balances={balances} />
    </>
  );
}

function setup(balances?: DumBalances) {
  const user = userEvent.setup();
  const rendered = renderWithClient(<Harness balances={balances} />);
  const dialog = () => screen.getByRole('dialog', { name: 'Manage DUM Tokens' });
  const amount = () => within(dialog()).getByLabelText(/Amount to/);
  const confirm = () =>
    within(dialog()).getByRole('button', {
      name: /^(Stake Tokens|Unstake Tokens|Staking\.\.\.|Unstaking\.\.\.)$/,
    });
  async function type(text: string) {
    await user.clear(amount());
    if (text) await user.type(amount(), text);
  }
  return { user, ...rendered, dialog, amount, confirm, type };
}

describe('StakeDialog', () => {
  beforeEach(() => {
    vi.mocked(toast).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the Available and Staked boxes, the modes, the amount with Max, Cancel and confirm', () => {
    stubApi({});
    const { dialog } = setup();
    const d = within(dialog());
    expect(d.getByTestId('stake-available').textContent).toContain('Available');
    expect(d.getByTestId('stake-available').textContent).toContain('12.5');
    expect(d.getByTestId('stake-staked').textContent).toContain('Staked');
    expect(d.getByTestId('stake-staked').textContent).toContain('3');
    expect(d.getByRole('button', { name: 'Stake' }).getAttribute('aria-pressed')).toBe('true');
    expect(d.getByRole('button', { name: 'Unstake' }).getAttribute('aria-pressed')).toBe('false');
    expect(d.getByLabelText('Amount to stake')).toBeDefined();
    expect(d.getByRole('button', { name: 'Max' })).toBeDefined();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeDefined();
    expect(d.getByRole('button', { name: 'Stake Tokens' })).toBeDefined();
  });

  it('disables confirm when the amount is empty, 0 or less', async () => {
    stubApi({});
    const { confirm, type } = setup();
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    for (const text of ['0', '0.000', '-1']) {
      await type(text);
      expect((confirm() as HTMLButtonElement).disabled, text).toBe(true);
    }
    await type('1');
    expect((confirm() as HTMLButtonElement).disabled).toBe(false);
  });

  it('Max fills the full available amount to 9 decimals, per mode', async () => {
    stubApi({});
    const { dialog, amount, user } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Max' }));
    expect((amount() as HTMLInputElement).value).toBe('12.500000000');
    await user.click(within(dialog()).getByRole('button', { name: 'Unstake' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Max' }));
    expect((amount() as HTMLInputElement).value).toBe('3.000000000');
  });

  it("says 'Please enter a valid numeric amount.' for text that is not a number", async () => {
    const calls = stubApi({});
    const { dialog, confirm, type, user } = setup();
    await type('abc');
    await user.click(confirm());
    expect(within(dialog()).getByRole('alert').textContent).toBe(STAKE_MESSAGES.unparsable);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says Invalid Format for more than 9 decimals', async () => {
    stubApi({});
    const { dialog, confirm, type, user } = setup();
    await type('1.0000000001');
    await user.click(confirm());
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Invalid Format: Please enter a valid amount with up to 9 decimal places.',
    );
  });

  it('says Insufficient Balance above the balance (stake) and above the staked amount (unstake)', async () => {
    stubApi({});
    const { dialog, confirm, type, user } = setup();
    await type('12.500000001');
    await user.click(confirm());
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Insufficient Balance: You only have 12.5 DUM tokens available to stake.',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Unstake' }));
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    await type('4');
    await user.click(confirm());
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Insufficient Balance: You only have 3 DUM tokens available to unstake.',
    );
  });

  it('shows the server’s Invalid Amount message when it refuses the amount', async () => {
    stubApi({
      'POST /api/users/stake': () =>
        errorResponse(400, 'invalid_amount', STAKE_MESSAGES.invalidAmount),
    });
    const { dialog, confirm, type, user } = setup();
    await type('1');
    await user.click(confirm());
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toBe(
        'Invalid Amount: Amount must be greater than 0.',
      ),
    );
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Invalid Amount',
      description: 'Amount must be greater than 0.',
    });
  });

  it("joins a failure's errors array with '; '", async () => {
    stubApi({
      'POST /api/users/stake': () =>
        errorResponse(400, 'validation_failed', 'Some fields are not valid.', {
          errors: ['first problem', 'second problem'],
        }),
    });
    const { dialog, confirm, type, user } = setup();
    await type('1');
    await user.click(confirm());
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toBe('first problem; second problem'),
    );
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Stake Failed',
      description: 'first problem; second problem',
    });
  });

  it('disables confirm while pending, then on success toasts, closes, clears and resets to stake', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = stubApi({
      'POST /api/users/stake': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { client, dialog, confirm, type, user } = setup();
    client.setQueryData(userRecordKey(WALLET), userRecord({ balance: '12500000000' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Unstake' }));
    await type('2.5');
    await user.click(confirm());
    await waitFor(() => expect(confirm().textContent).toBe('Unstaking...'));
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      path: '/api/users/stake',
      method: 'POST',
      body: { amount: '2.5', action: 'unstake' },
    });
    await act(async () => {
      answer(
        jsonResponse({
          balance: '15000000000',
          staked: '500000000',
          stakingRewards: '0',
          totalEarned: '15000000000',
        }),
      );
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      variant: 'success',
      title: 'Tokens Unstaked!',
      description: '2.5 DUM unstaked.',
    });
    // The wallet's record takes the new amounts and is marked for a refetch (an observer such
    // as the DUM token box refetches it at once).
    expect(client.getQueryState(userRecordKey(WALLET))?.isInvalidated).toBe(true);
    expect(client.getQueryData(userRecordKey(WALLET))).toMatchObject({
      balance: '15000000000',
      staked: '500000000',
    });

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount to stake').value).toBe('');
    expect(
      within(dialog()).getByRole('button', { name: 'Stake' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it("toasts 'Tokens Staked!' after a stake", async () => {
    stubApi({
      'POST /api/users/stake': () =>
        jsonResponse({
          balance: '0',
          staked: '12500000000',
          stakingRewards: '0',
          totalEarned: '0',
        }),
    });
    const { dialog, confirm, user } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Max' }));
    await user.click(confirm());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      variant: 'success',
      title: 'Tokens Staked!',
      description: '12.5 DUM staked.',
    });
  });

  it('Cancel closes the dialog without a call', async () => {
    const calls = stubApi({});
    const { dialog, type, user } = setup();
    await type('1');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });
});
