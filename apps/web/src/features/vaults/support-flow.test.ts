import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { runVaultSupport, supportFailureMessage, type SupportSteps } from './support-flow.ts';
import type { SupportVaultResult } from './vault-types.ts';

const RESULT = {
  support: { id: '1', amount: '100000000' },
  vault: { id: '7', status: 'active' },
} as unknown as SupportVaultResult;

function steps(overrides: Partial<SupportSteps> = {}) {
  const calls: string[] = [];
  const base: SupportSteps = {
    getBalance: vi.fn(async () => {
      calls.push('balance');
      return 2_000_000_000n;
    }),
    sendTransfer: vi.fn(async () => {
      calls.push('send');
      return 'SIG';
    }),
    confirm: vi.fn(async () => {
      calls.push('confirm');
    }),
    postSupport: vi.fn(async () => {
      calls.push('post');
      return RESULT;
    }),
  };
  return { steps: { ...base, ...overrides }, calls };
}

const REQUEST = {
  vaultId: '7',
  wallet: 'FanWallet1111111111111111111111111111111111',
  creatorWallet: 'CreatorWallet111111111111111111111111111111',
  canSign: true,
  amount: '0.1',
};

describe('the vault support flow', () => {
  it('checks, sends the transfer, waits for confirmation, then records the support', async () => {
    const { steps: s, calls } = steps();
    const outcome = await runVaultSupport(s, REQUEST);
    expect(calls).toEqual(['balance', 'send', 'confirm', 'post']);
    expect(s.sendTransfer).toHaveBeenCalledWith({
      from: REQUEST.wallet,
      to: REQUEST.creatorWallet,
      lamports: 100_000_000n,
    });
    expect(s.postSupport).toHaveBeenCalledWith('7', { transactionSignature: 'SIG', amount: '0.1' });
    expect(outcome).toEqual({ result: RESULT, solText: '0.1', signature: 'SIG' });
  });

  it.each([
    [{ vaultId: '' }, 'Missing required data for vault support'],
    [{ wallet: null }, 'Missing required data for vault support'],
    [{ creatorWallet: undefined }, 'Missing required data for vault support'],
    [{ canSign: false }, 'Phantom wallet not found. Please install Phantom wallet.'],
    [{ amount: '0.001' }, 'Minimum vault amount is 0.01 SOL'],
    [{ amount: 'lots' }, 'Please enter a valid numeric amount.'],
  ])('refuses %o before touching the wallet: %s', async (change, message) => {
    const { steps: s, calls } = steps();
    await expect(runVaultSupport(s, { ...REQUEST, ...change })).rejects.toThrow(message);
    expect(calls).toEqual([]);
  });

  it('needs the amount plus the fee margin, with 4 decimals in the message', async () => {
    const { steps: s, calls } = steps({ getBalance: async () => 100_004_999n });
    await expect(runVaultSupport(s, REQUEST)).rejects.toThrow(
      'Insufficient balance. You need 0.1001 SOL but only have 0.1000 SOL',
    );
    expect(calls).toEqual([]);
  });

  it('retries the support call after a network error with the same signature, not after an API error', async () => {
    let attempts = 0;
    const { steps: s } = steps({
      postSupport: vi.fn(async () => {
        attempts += 1;
        if (attempts < 2) throw new TypeError('Failed to fetch');
        return RESULT;
      }),
    });
    await expect(runVaultSupport(s, REQUEST)).resolves.toMatchObject({ result: RESULT });
    expect(s.postSupport).toHaveBeenCalledTimes(2);
    expect(s.sendTransfer).toHaveBeenCalledTimes(1);

    const refused = steps({
      postSupport: vi.fn(async () => {
        throw new ApiError(409, 'vault_not_active', 'This vault is already unlocked.');
      }),
    });
    await expect(runVaultSupport(refused.steps, REQUEST)).rejects.toThrow(
      'This vault is already unlocked.',
    );
    expect(refused.steps.postSupport).toHaveBeenCalledTimes(1);
  });

  it("says 'Transaction failed' when there is no message", () => {
    expect(supportFailureMessage(new Error(''))).toBe('Transaction failed');
    expect(supportFailureMessage('nope')).toBe('Transaction failed');
    expect(supportFailureMessage(new Error('User rejected the request'))).toBe(
      'User rejected the request',
    );
  });
});
