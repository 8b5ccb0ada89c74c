import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

/**
 * A Wallet Standard wallet for browser tests. The page side is an init script that registers
 * the wallet exactly as an extension does (the `wallet-standard:register-wallet` event and the
 * app's `wallet-standard:app-ready`); every signature is made in Node with a real Ed25519 key
 * (node:crypto) through a function exposed to the page, so the server verifies real signatures.
 */

export type TestWalletMode = 'signIn' | 'signMessage' | 'signTransaction';

export interface TestWalletOptions {
  name?: string;
  /** Which Solana signing feature the wallet offers (one only, to pin the path under test). */
  mode?: TestWalletMode;
}

export interface TestWallet {
  address: string;
  /** How many signatures the wallet has made. */
  signatures(): number;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET.charAt(Number(value % 58n)) + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

function newKeypair(): { privateKey: KeyObject; address: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, address: base58(Buffer.from(jwk.x ?? '', 'base64url')) };
}

interface PageOptions {
  name: string;
  mode: TestWalletMode;
  address: string;
  publicKey: number[];
}

/**
 * Installs the wallet in every page of the context. `window.__testWallet.reject = true` makes
 * it refuse to sign ('User rejected the request.', code 4001), as a person pressing Cancel.
 */
export async function installTestWallet(
  context: BrowserContext,
  options: TestWalletOptions = {},
): Promise<TestWallet> {
  const { privateKey, address } = newKeypair();
  let count = 0;
  await context.exposeFunction('__testWalletSign', (bytes: number[]): number[] => {
    count += 1;
    return [...sign(null, Buffer.from(bytes), privateKey)];
  });
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = [...Buffer.from(jwk.x ?? '', 'base64url')];
  const pageOptions: PageOptions = {
    name: options.name ?? 'Test Wallet',
    mode: options.mode ?? 'signMessage',
    address,
    publicKey,
  };
  // As source text, with a stand-in for the `__name` helper some TypeScript loaders (tsx)
  // weave into function bodies: the page has no such helper.
  await context.addInitScript({
    content: `(() => { const __name = (f) => f; (${pageWallet.toString()})(${JSON.stringify(
      pageOptions,
    )}); })();`,
  });
  return { address, signatures: () => count };
}

/**
 * Runs in the page (serialised by Playwright): no imports, no closures over Node values, so the
 * whole Wallet Standard wallet is this one function (hence its length).
 */
function pageWallet(options: PageOptions): void {
  type Listener = (properties: { accounts: readonly unknown[] }) => void;
  type SignBytes = (bytes: number[]) => Promise<number[]>;
  const win = window as unknown as {
    __testWallet: { reject: boolean };
    __testWalletSign: SignBytes;
  };
  win.__testWallet = { reject: false };
  const chains = ['solana:localnet', 'solana:devnet'];
  const feature = `solana:${options.mode}`;
  const account = {
    address: options.address,
    publicKey: new Uint8Array(options.publicKey),
    chains,
    features: [feature],
  };
  let accounts: (typeof account)[] = [];
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener({ accounts }));

  const signBytes = async (bytes: Uint8Array): Promise<Uint8Array> => {
    if (win.__testWallet.reject) {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    }
    return new Uint8Array(await win.__testWalletSign([...bytes]));
  };

  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async () => {
        accounts = [account];
        emit();
        return { accounts };
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        accounts = [];
        emit();
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (_event: string, listener: Listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
  if (options.mode === 'signMessage') {
    features[feature] = {
      version: '1.1.0',
      signMessage: async (...inputs: { message: Uint8Array }[]) => {
        const outputs = [];
        for (const { message } of inputs) {
          outputs.push({ signedMessage: message, signature: await signBytes(message) });
        }
        return outputs;
      },
    };
  }
  if (options.mode === 'signIn') {
    features[feature] = {
      version: '1.0.0',
      signIn: async (...inputs: Record<string, string | undefined>[]) => {
        const outputs = [];
        for (const input of inputs) {
          // The Sign-In With Solana text a standard wallet writes from the fields.
          let text = `${input.domain ?? location.host} wants you to sign in with your Solana account:\n${input.address ?? account.address}`;
          if (input.statement) text += `\n\n${input.statement}`;
          const fields: string[] = [];
          const labels: [string, string][] = [
            ['uri', 'URI'],
            ['version', 'Version'],
            ['chainId', 'Chain ID'],
            ['nonce', 'Nonce'],
            ['issuedAt', 'Issued At'],
            ['expirationTime', 'Expiration Time'],
            ['notBefore', 'Not Before'],
            ['requestId', 'Request ID'],
          ];
          for (const [key, label] of labels) {
            if (input[key]) fields.push(`${label}: ${input[key]}`);
          }
          if (fields.length) text += `\n\n${fields.join('\n')}`;
          const signedMessage = new TextEncoder().encode(text);
          outputs.push({ account, signedMessage, signature: await signBytes(signedMessage) });
        }
        return outputs;
      },
    };
  }
  if (options.mode === 'signTransaction') {
    features[feature] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
        const outputs = [];
        for (const { transaction } of inputs) {
          // Wire format: compact-u16 signature count (one byte below 128), 64-byte slots, then
          // the message. The fee payer (this wallet) is the first signer.
          const slots = transaction[0] ?? 0;
          const message = transaction.slice(1 + 64 * slots);
          const signed = new Uint8Array(transaction);
          signed.set(await signBytes(message), 1);
          outputs.push({ signedTransaction: signed });
        }
        return outputs;
      },
    };
  }

  const wallet = {
    version: '1.0.0',
    name: options.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzM0ZDM5OSIvPjwvc3ZnPg==',
    chains,
    features,
    get accounts() {
      return accounts;
    },
  };

  // The Wallet Standard registration handshake (what @wallet-standard/wallet's registerWallet
  // does): announce now, and answer the app's app-ready event if the app loads later.
  const callback = ({ register }: { register: (w: unknown) => void }) => register(wallet);
  window.dispatchEvent(
    Object.assign(new Event('wallet-standard:register-wallet', { bubbles: false }), {
      detail: callback,
    }),
  );
  window.addEventListener('wallet-standard:app-ready', (event) => {
    callback((event as Event & { detail: { register: (w: unknown) => void } }).detail);
  });
}
