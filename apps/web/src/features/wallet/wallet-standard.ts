import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features';

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

/**
 * A wallet's implementation of one Wallet Standard feature (`F` names it and its type), if the
 * wallet has it; given an account, only if that account supports it too.
 */
function walletFeature<F extends Readonly<Record<IdentifierString, unknown>>>(
  wallet: Wallet,
  name: keyof F & IdentifierString,
  account?: WalletAccount,
): F[keyof F] | undefined {
  if (!(name in wallet.features)) return undefined;
  if (account && !account.features.includes(name)) return undefined;
  return (wallet.features as F)[name];
}

export function disconnectFeature(
  wallet: Wallet,
): StandardDisconnectFeature[typeof StandardDisconnect] | undefined {
  return walletFeature<StandardDisconnectFeature>(wallet, StandardDisconnect);
}

export function eventsFeature(
  wallet: Wallet,
): StandardEventsFeature[typeof StandardEvents] | undefined {
  return walletFeature<StandardEventsFeature>(wallet, StandardEvents);
}

export function signInFeature(
  wallet: Wallet,
): SolanaSignInFeature[typeof SolanaSignIn] | undefined {
  return walletFeature<SolanaSignInFeature>(wallet, SolanaSignIn);
}

export function signMessageFeature(
  wallet: Wallet,
  account?: WalletAccount,
): SolanaSignMessageFeature[typeof SolanaSignMessage] | undefined {
  return walletFeature<SolanaSignMessageFeature>(wallet, SolanaSignMessage, account);
}

export function signAndSendFeature(
  wallet: Wallet,
  account: WalletAccount,
): SolanaSignAndSendTransactionFeature[typeof SolanaSignAndSendTransaction] | undefined {
  return walletFeature<SolanaSignAndSendTransactionFeature>(
    wallet,
    SolanaSignAndSendTransaction,
    account,
  );
}

export function signTransactionFeature(
  wallet: Wallet,
  account?: WalletAccount,
): SolanaSignTransactionFeature[typeof SolanaSignTransaction] | undefined {
  return walletFeature<SolanaSignTransactionFeature>(wallet, SolanaSignTransaction, account);
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
