import { describe, expect, it } from 'vitest';
import { walletChoices } from './known-wallets.ts';

describe('walletChoices', () => {
  it('lists installed wallets but the burner, and offers the popular ones not installed', () => {
    const { detected, others } = walletChoices(
      [{ name: 'phantom' }, { name: 'Burner' }, { name: 'Glow' }],
      'Burner',
    );
    expect(detected.map((wallet) => wallet.name)).toEqual(['phantom', 'Glow']);
    expect(others.map((wallet) => wallet.name)).toEqual(['Solflare', 'Backpack']);
  });

  it('offers every popular wallet when none is installed', () => {
    expect(walletChoices([], 'Burner').others.map((wallet) => wallet.name)).toEqual([
      'Phantom',
      'Solflare',
      'Backpack',
    ]);
  });
});
