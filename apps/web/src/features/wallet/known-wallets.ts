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

/**
 * Splits what the browser has into the installed wallets (the localnet burner is offered on its
 * own) and the popular wallets still to install, matched by name ignoring case.
 */
export function walletChoices<W extends { name: string }>(
  installed: readonly W[],
  burnerName: string,
): { detected: W[]; others: KnownWallet[] } {
  const detected = installed.filter((wallet) => wallet.name !== burnerName);
  const installedNames = new Set(detected.map((wallet) => wallet.name.toLowerCase()));
  const others = KNOWN_WALLETS.filter((known) => !installedNames.has(known.name.toLowerCase()));
  return { detected, others };
}
