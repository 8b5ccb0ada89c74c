import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features';

export {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
};

/** A wallet the app can use: it connects, speaks Solana and can sign something. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const features = wallet.features;
  return (
    StandardConnect in features &&
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    (SolanaSignIn in features || SolanaSignMessage in features || SolanaSignTransaction in features)
  );
}

export function connectFeature(wallet: Wallet): StandardConnectFeature[typeof StandardConnect] {
  return (wallet.features as StandardConnectFeature)[StandardConnect];
}

export function disconnectFeature(
  wallet: Wallet,
): StandardDisconnectFeature[typeof StandardDisconnect] | undefined {
  return StandardDisconnect in wallet.features
    ? (wallet.features as StandardDisconnectFeature)[StandardDisconnect]
    : undefined;
}

export function eventsFeature(
  wallet: Wallet,
): StandardEventsFeature[typeof StandardEvents] | undefined {
  return StandardEvents in wallet.features
    ? (wallet.features as StandardEventsFeature)[StandardEvents]
    : undefined;
}

export function signInFeature(
  wallet: Wallet,
): SolanaSignInFeature[typeof SolanaSignIn] | undefined {
  return SolanaSignIn in wallet.features
    ? (wallet.features as SolanaSignInFeature)[SolanaSignIn]
    : undefined;
}

export function signMessageFeature(
  wallet: Wallet,
  account?: WalletAccount,
): SolanaSignMessageFeature[typeof SolanaSignMessage] | undefined {
  if (!(SolanaSignMessage in wallet.features)) return undefined;
  if (account && !account.features.includes(SolanaSignMessage)) return undefined;
  return (wallet.features as SolanaSignMessageFeature)[SolanaSignMessage];
}

export function signTransactionFeature(
  wallet: Wallet,
  account?: WalletAccount,
): SolanaSignTransactionFeature[typeof SolanaSignTransaction] | undefined {
  if (!(SolanaSignTransaction in wallet.features)) return undefined;
  if (account && !account.features.includes(SolanaSignTransaction)) return undefined;
  return (wallet.features as SolanaSignTransactionFeature)[SolanaSignTransaction];
}

/** The first account of a connection that lives on a Solana chain. */
export function solanaAccount(accounts: readonly WalletAccount[]): WalletAccount | null {
  return accounts.find((account) => account.chains.some((c) => c.startsWith('solana:'))) ?? null;
}

export type SigningPath = 'signIn' | 'signMessage' | 'memoTransaction';

/**
 * The path a wallet signs the challenge by, in order of preference: Sign In With Solana, else a
 * signed message, else a signed memo transaction.
 */
// The paths are names in code (a union the lint does not see through a return), never shown.
/* eslint-disable lingui/no-unlocalized-strings */
export function signingPath(wallet: Wallet, account: WalletAccount): SigningPath | null {
  if (signInFeature(wallet)) return 'signIn';
  if (signMessageFeature(wallet, account)) return 'signMessage';
  if (signTransactionFeature(wallet, account)) return 'memoTransaction';
  return null;
}
/* eslint-enable lingui/no-unlocalized-strings */
