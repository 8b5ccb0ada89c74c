import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import type { Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { StandardEventsListeners } from '@wallet-standard/features';
import { vi } from 'vitest';
import { encodeBase58 } from './encoding.ts';
import { formatSignInMessage } from './siws.ts';

ed.hashes.sha512 = sha512;

export type TestFeature = 'signIn' | 'signMessage' | 'signTransaction';

export interface TestWalletOptions {
  name?: string;
  features?: TestFeature[];
  /** What connect throws (a refused connection). */
  connectError?: Error;
  /** What signing throws (a refused signature). */
  signError?: Error;
  /** A silent connect returns no account (the site is not trusted yet). */
  silentRefuses?: boolean;
  chains?: `${string}:${string}`[];
}

/** A Wallet Standard wallet for unit tests, backed by a real Ed25519 keypair. */
// Over 80 lines: one fake wallet whose mocks share its key and its account list (a closure).
export function createTestWallet(options: TestWalletOptions = {}) {
  const secret = ed.utils.randomSecretKey();
  const publicKey = ed.getPublicKey(secret);
  const chains = options.chains ?? ['solana:localnet'];
  const featureNames = (options.features ?? ['signMessage']).map((f) => `solana:${f}` as const);
  const account: WalletAccount = {
    address: encodeBase58(publicKey),
    publicKey,
    chains,
    features: featureNames,
  };
  let accounts: WalletAccount[] = [];
  const listeners = new Set<StandardEventsListeners['change']>();
  const emit = () => listeners.forEach((l) => l({ accounts }));
  const sign = (bytes: Uint8Array) => {
    if (options.signError) throw options.signError;
    return ed.sign(bytes, secret);
  };

  const connect = vi.fn(async (input?: { silent?: boolean }) => {
    if (options.connectError) throw options.connectError;
    if (input?.silent && options.silentRefuses) return { accounts: [] };
    accounts = [account];
    emit();
    return { accounts };
  });
  const disconnect = vi.fn(async () => {
    accounts = [];
    emit();
  });
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect },
    'standard:disconnect': { version: '1.0.0', disconnect },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', listener: StandardEventsListeners['change']) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
  const signIn = vi.fn(async (...inputs: Record<string, string>[]) =>
    inputs.map((input) => {
      const signedMessage = new TextEncoder().encode(formatSignInMessage(input));
      return { account, signedMessage, signature: sign(signedMessage) };
    }),
  );
  const signMessage = vi.fn(async (...inputs: { message: Uint8Array }[]) =>
    inputs.map(({ message }) => ({ signedMessage: message, signature: sign(message) })),
  );
  const signTransaction = vi.fn(async (...inputs: { transaction: Uint8Array }[]) =>
    inputs.map(({ transaction }) => {
      // Legacy layout: [1 signature slot][64 bytes][message...]; this wallet is the only signer.
      const message = transaction.slice(65);
      const signed = new Uint8Array(transaction);
      signed.set(sign(message), 1);
      return { signedTransaction: signed };
    }),
  );
  if (featureNames.includes('solana:signIn')) {
    features['solana:signIn'] = { version: '1.0.0', signIn };
  }
  if (featureNames.includes('solana:signMessage')) {
    features['solana:signMessage'] = { version: '1.1.0', signMessage };
  }
  if (featureNames.includes('solana:signTransaction')) {
    features['solana:signTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction,
    };
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'Test Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    features,
    get accounts() {
      return accounts;
    },
  };
  return {
    wallet,
    account,
    publicKey,
    connect,
    disconnect,
    signIn,
    signMessage,
    signTransaction,
    /** The wallet drops the connection on its own (locked, site removed). */
    dropConnection: () => {
      accounts = [];
      emit();
    },
    switchAccount: (next: WalletAccount) => {
      accounts = [next];
      emit();
    },
  };
}

/** A Wallet Standard registry for one test. */
export function createRegistry(initial: Wallet[] = []): Wallets & { wallets: Wallet[] } {
  const state = { wallets: [...initial] };
  const listeners = { register: new Set<() => void>(), unregister: new Set<() => void>() };
  return {
    get wallets() {
      return state.wallets;
    },
    get: () => state.wallets,
    on: (event, listener) => {
      const set = listeners[event];
      set.add(listener);
      return () => set.delete(listener);
    },
    register: (...wallets) => {
      state.wallets = [...state.wallets, ...wallets];
      listeners.register.forEach((l) => l());
      return () => {
        state.wallets = state.wallets.filter((w) => !wallets.includes(w));
        listeners.unregister.forEach((l) => l());
      };
    },
  };
}

// Other features' tests use these beyond the face: the app loads them lazily or keeps them
// inside this feature.
export { registerBurnerWallet } from './burner-wallet.ts';
export { decodeBase58, decodeBase64 } from './encoding.ts';
export { buildTransferTransaction, transferInstructionData } from './transfer-transaction.ts';
export { WalletModal } from './wallet-modal.tsx';
export { WALLET_NAME_KEY, WalletStore } from './wallet-store.ts';
