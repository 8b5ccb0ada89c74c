/**
 * Popular Solana wallets offered under 'More options' when they are not installed. Links only:
 * nothing is loaded from their sites, so no icons come from them either.
 */
export interface KnownWallet {
  name: string;
  url: string;
}

export const KNOWN_WALLETS: readonly KnownWallet[] = [
  { name: 'Phantom', url: 'https://phantom.com/download' },
  { name: 'Solflare', url: 'https://solflare.com/download' },
  { name: 'Backpack', url: 'https://backpack.app/downloads' },
];
