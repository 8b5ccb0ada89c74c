import { describe, expect, it } from 'vitest';
import { walletChain } from './chain-id.ts';

describe('walletChain', () => {
  it("is 'solana:' and the cluster's name, mainnet-beta being solana:mainnet", () => {
    expect(walletChain('localnet')).toBe('solana:localnet');
    expect(walletChain('devnet')).toBe('solana:devnet');
    expect(walletChain('testnet')).toBe('solana:testnet');
    expect(walletChain('mainnet-beta')).toBe('solana:mainnet');
  });
});
