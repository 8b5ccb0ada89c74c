import { getTransactionDecoder, getCompiledTransactionMessageDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  buildTransferTransaction,
  transferInstructionData,
} from '../wallet/wallet-standard-test-kit.ts';
import {
  explorerTxUrl,
  percentReached,
  solText,
  supporterCountText,
  supporterName,
  vaultEnd,
} from './vault-display.ts';

describe('vault display', () => {
  it('shows lamports as SOL with 4 decimals and caps the percentage at 100', () => {
    expect(solText('150000000')).toBe('0.1500');
    expect(solText('bad')).toBe('0.0000');
    expect(percentReached(0n, 100n)).toBe(0);
    expect(percentReached(50n, 100n)).toBe(50);
    expect(percentReached(250n, 100n)).toBe(100);
    expect(supporterCountText(1)).toBe('1 supporter');
    expect(supporterCountText(3)).toBe('3 supporters');
  });

  it('names supporters by display name, username, then shortened wallet', () => {
    const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    expect(
      supporterName({ id: '1', displayName: 'Ada', username: 'ada', walletAddress: wallet }),
    ).toBe('Ada');
    expect(
      supporterName({ id: '1', displayName: ' ', username: 'ada', walletAddress: wallet }),
    ).toBe('@ada');
    expect(
      supporterName({ id: '1', displayName: null, username: null, walletAddress: wallet }),
    ).toBe('9xQe...VFin');
  });

  it('links transactions to the explorer of the configured cluster', () => {
    expect(explorerTxUrl('SIG', 'mainnet-beta', 'x')).toBe('https://explorer.solana.com/tx/SIG');
    expect(explorerTxUrl('SIG', 'devnet', 'x')).toBe(
      'https://explorer.solana.com/tx/SIG?cluster=devnet',
    );
    expect(explorerTxUrl('SIG', 'localnet', 'http://localhost:3000/rpc')).toBe(
      'https://explorer.solana.com/tx/SIG?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A3000%2Frpc',
    );
  });

  it('ends a vault 7 days after creation when the answer has no endsAt', () => {
    expect(vaultEnd({ createdAt: '2026-11-23T12:00:00.000Z' })).toBe('2026-11-30T12:00:00.000Z');
    expect(vaultEnd({ createdAt: 'x', endsAt: '2026-12-01T00:00:00.000Z' })).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
});

describe('the support transfer', () => {
  it('is a legacy transaction with one System transfer from the supporter to the creator', () => {
    const from = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const to = 'SysvarRent111111111111111111111111111111111';
    const bytes = buildTransferTransaction({
      from,
      to,
      lamports: 123_456_789n,
      recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
    });
    const tx = getTransactionDecoder().decode(bytes);
    expect(Object.keys(tx.signatures)).toEqual([from]);
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    if (message.version !== 'legacy') throw new Error(`expected legacy, got ${message.version}`);
    expect(message.staticAccounts).toEqual([from, to, '11111111111111111111111111111111']);
    expect(message.instructions).toHaveLength(1);
    const [instruction] = message.instructions;
    expect(instruction?.programAddressIndex).toBe(2);
    expect(instruction?.accountIndices).toEqual([0, 1]);
    expect(Array.from(instruction?.data ?? [])).toEqual(
      Array.from(transferInstructionData(123_456_789n)),
    );
    expect(Array.from(transferInstructionData(1n))).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  });
});
