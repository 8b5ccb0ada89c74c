import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  type SolanaSignInOutput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardConnectOutput,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
  type StandardEventsNames,
} from '@wallet-standard/features';
import { decodeBase58, encodeBase58, encodeBase64 } from './encoding.ts';
import { BURNER_SECRET_KEY, BURNER_WALLET_NAME } from './burner-name.ts';
import { rpcCall } from './rpc.ts';
import { formatSignInMessage } from './siws.ts';

// Synchronous SHA-512 from @noble/hashes: works outside secure contexts (a LAN address over
// http), where WebCrypto is missing.
ed.hashes.sha512 = sha512;

export { BURNER_SECRET_KEY };
const CHAIN = 'solana:localnet' as const;

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG markup
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g)"/><path d="M16.6 6c.5 3.2-1.4 4.8-2.9 6.5-1.5 1.6-2.7 3.1-2.7 5.6a5 5 0 0 0 10 0c0-1.4-.4-2.6-1.1-3.7-.3 1.3-1 2.1-2 2.5.6-3.3-.1-7.8-1.3-10.9Z" fill="#0b0a12"/></svg>',
)}`;

/**
 * A real Ed25519 keypair kept in local storage, registered as a Wallet Standard wallet so the
 * app treats it like any other (spec: offered on the localnet only, for trying the product
 * without installing a wallet). It signs messages, sign-in requests and transactions, and
 * sends transactions through the cluster's JSON-RPC endpoint.
 */
export class BurnerWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = BURNER_WALLET_NAME;
  readonly icon = ICON;
  readonly chains = [CHAIN] as const;
  #accounts: WalletAccount[] = [];
  #changeListeners: StandardEventsListeners['change'][] = [];

  constructor(
    private readonly rpcUrl: string,
    private readonly storage: Storage,
  ) {}

  get accounts(): readonly WalletAccount[] {
    return this.#accounts;
  }

  get features(): StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature {
    return {
      [StandardConnect]: { version: '1.0.0', connect: this.#connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect: this.#disconnect },
      [StandardEvents]: { version: '1.0.0', on: this.#on },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: this.#signMessage },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: this.#signTransaction,
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: this.#signAndSendTransaction,
      },
      [SolanaSignIn]: { version: '1.0.0', signIn: this.#signIn },
    };
  }

  /** The keypair's seed, created on first use. */
  #seed(): Uint8Array {
    const stored = this.storage.getItem(BURNER_SECRET_KEY);
    if (stored) {
      try {
        const seed = decodeBase58(stored);
        if (seed.length === 32) return seed;
      } catch {
        // A damaged key is replaced below.
      }
    }
    const seed = ed.utils.randomSecretKey();
    this.storage.setItem(BURNER_SECRET_KEY, encodeBase58(seed));
    return seed;
  }

  #account(): WalletAccount {
    const publicKey = ed.getPublicKey(this.#seed());
    return {
      address: encodeBase58(publicKey),
      publicKey,
      chains: this.chains,
      features: [
        SolanaSignMessage,
        SolanaSignTransaction,
        SolanaSignAndSendTransaction,
        SolanaSignIn,
      ],
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the account's name in the Wallet Standard, like an address
      label: 'Burner',
      icon: ICON,
    };
  }

  #connect = async (): Promise<StandardConnectOutput> => {
    if (!this.#accounts.length) {
      this.#accounts = [this.#account()];
      this.#emitChange();
    }
    return { accounts: this.accounts };
  };

  #disconnect = async (): Promise<void> => {
    if (!this.#accounts.length) return;
    this.#accounts = [];
    this.#emitChange();
  };

  #on = <E extends StandardEventsNames>(
    _event: E,
    listener: StandardEventsListeners[E],
  ): (() => void) => {
    // 'change' is the only event the standard defines.
    const change: StandardEventsListeners['change'] = listener;
    this.#changeListeners.push(change);
    return () => {
      this.#changeListeners = this.#changeListeners.filter((l) => l !== change);
    };
  };

  #emitChange(): void {
    for (const listener of this.#changeListeners) listener({ accounts: this.accounts });
  }

  #requireAccount(account: WalletAccount): void {
    if (!this.#accounts.some((a) => a.address === account.address)) {
      throw new Error('Wallet not connected');
    }
  }

  #signMessage = async (
    ...inputs: readonly SolanaSignMessageInput[]
  ): Promise<readonly SolanaSignMessageOutput[]> =>
    inputs.map(({ account, message }) => {
      this.#requireAccount(account);
      return { signedMessage: message, signature: ed.sign(message, this.#seed()) };
    });

  #signIn = async (
    ...inputs: readonly SolanaSignInInput[]
  ): Promise<readonly SolanaSignInOutput[]> => {
    if (!this.#accounts.length) await this.#connect();
    const account = this.#accounts[0];
    if (!account) throw new Error('Wallet not connected');
    return inputs.map((input) => {
      const text = formatSignInMessage({
        ...input,
        domain: input.domain ?? window.location.host,
        address: input.address ?? account.address,
      });
      const signedMessage = new TextEncoder().encode(text);
      return { account, signedMessage, signature: ed.sign(signedMessage, this.#seed()) };
    });
  };

  #sign(account: WalletAccount, transaction: Uint8Array): Uint8Array {
    this.#requireAccount(account);
    const decoded = getTransactionDecoder().decode(transaction);
    if (!(account.address in decoded.signatures)) {
      throw new Error('The transaction does not need this wallet’s signature');
    }
    const signature = ed.sign(new Uint8Array(decoded.messageBytes), this.#seed());
    const signatures = {
      ...decoded.signatures,
      [account.address]: signature as SignatureBytes,
    };
    return new Uint8Array(getTransactionEncoder().encode({ ...decoded, signatures }));
  }

  #signTransaction = async (
    ...inputs: readonly SolanaSignTransactionInput[]
  ): Promise<readonly SolanaSignTransactionOutput[]> =>
    inputs.map(({ account, transaction }) => ({
      signedTransaction: this.#sign(account, transaction),
    }));

  #signAndSendTransaction = async (
    ...inputs: readonly SolanaSignAndSendTransactionInput[]
  ): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
    const outputs: SolanaSignAndSendTransactionOutput[] = [];
    for (const { account, transaction, options } of inputs) {
      const signed = this.#sign(account, transaction);
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a JSON-RPC method name
      const text = await rpcCall(this.rpcUrl, 'sendTransaction', [
        encodeBase64(signed),
        {
          encoding: 'base64',
          skipPreflight: options?.skipPreflight ?? false,
          preflightCommitment: options?.preflightCommitment ?? 'confirmed',
          ...(options?.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
        },
      ]);
      const match = /"result"\s*:\s*"([1-9A-HJ-NP-Za-km-z]+)"/.exec(text);
      if (!match?.[1]) throw new Error('Transaction failed');
      outputs.push({ signature: decodeBase58(match[1]) });
    }
    return outputs;
  };
}

let registered: BurnerWallet | null = null;

/** Registers the burner with the Wallet Standard registry once; returns it. */
export function registerBurnerWallet(rpcUrl: string, storage: Storage): BurnerWallet {
  if (!registered) {
    registered = new BurnerWallet(rpcUrl, storage);
    getWallets().register(registered);
  }
  return registered;
}
