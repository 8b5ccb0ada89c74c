import * as ed from '@noble/ed25519';
import { address, getTransactionDecoder } from '@solana/kit';
import type {
  SolanaSignInFeature,
  SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import type { StandardConnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../auth/test-kit.ts';
import { BURNER_SECRET_KEY, BurnerWallet } from './burner-wallet.ts';
import { decodeBase58, encodeBase58 } from './encoding.ts';
import { buildMemoTransaction } from './memo-transaction.ts';
import { signChallenge } from '../auth/test-kit.ts';
import { isSolanaWallet } from './wallet-standard.ts';

const BLOCKHASH = encodeBase58(new Uint8Array(32).fill(3));

afterEach(() => {
  vi.unstubAllGlobals();
});

async function connected(storage = memoryStorage()) {
  const burner = new BurnerWallet('http://localhost/rpc', storage);
  const { accounts } = await (burner.features as StandardConnectFeature)[
    'standard:connect'
  ].connect();
  const account = accounts[0];
  if (!account) throw new Error('no account');
  return { burner, account, storage };
}

describe('burner wallet', () => {
  it('is a Solana wallet on the localnet with every feature the app uses', () => {
    const burner = new BurnerWallet('http://localhost/rpc', memoryStorage());
    expect(isSolanaWallet(burner)).toBe(true);
    expect(burner.chains).toEqual(['solana:localnet']);
    expect(Object.keys(burner.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signIn',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
  });

  it('keeps one real keypair in local storage across visits', async () => {
    const storage = memoryStorage();
    const first = await connected(storage);
    const seed = storage.getItem(BURNER_SECRET_KEY);
    expect(seed && decodeBase58(seed)).toHaveLength(32);
    const second = await connected(storage);
    expect(second.account.address).toBe(first.account.address);
    expect(ed.getPublicKey(decodeBase58(seed ?? ''))).toEqual(
      new Uint8Array(first.account.publicKey),
    );
  });

  it('signs messages and sign-in requests verifiably', async () => {
    const { burner, account } = await connected();
    const message = new TextEncoder().encode('hello');
    const [out] = await (burner.features as SolanaSignMessageFeature)[
      'solana:signMessage'
    ].signMessage({
      account,
      message,
    });
    expect(out && ed.verify(out.signature, message, new Uint8Array(account.publicKey))).toBe(true);
    const [signIn] = await (burner.features as SolanaSignInFeature)['solana:signIn'].signIn({
      domain: 'localhost',
      statement: 'Hi',
      nonce: 'abcdefgh',
    });
    const text = new TextDecoder().decode(signIn?.signedMessage);
    expect(text).toBe(
      `localhost wants you to sign in with your Solana account:\n${account.address}\n\nHi\n\nNonce: abcdefgh`,
    );
    expect(
      signIn &&
        ed.verify(signIn.signature, signIn.signedMessage, new Uint8Array(account.publicKey)),
    ).toBe(true);
  });

  it('signs the memo sign-in transaction through the shared signing path', async () => {
    const { burner, account } = await connected();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ result: { value: { blockhash: BLOCKHASH } } })),
      ),
    );
    // Without signIn and signMessage the challenge goes through signTransaction.
    const features = { ...burner.features } as Record<string, unknown>;
    delete features['solana:signIn'];
    delete features['solana:signMessage'];
    const { version, name, icon, accounts, chains } = burner;
    const txOnly = { version, name, icon, features, accounts, chains };
    const signed = await signChallenge(
      txOnly,
      { ...account, features: ['solana:signTransaction'] },
      'memo text',
      {
        chain: 'solana:localnet',
        rpcUrl: 'http://localhost/rpc',
      },
    );
    expect('signedTransaction' in signed).toBe(true);
  });

  it('signs and sends a transaction through the RPC endpoint', async () => {
    const { burner, account } = await connected();
    const signature = encodeBase58(new Uint8Array(64).fill(9));
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: signature })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const transaction = buildMemoTransaction({
      signer: account.address,
      memo: 'x',
      recentBlockhash: BLOCKHASH,
    });
    const feature = burner.features['solana:signAndSendTransaction'];
    const [out] = await feature.signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:localnet',
    });
    expect(out?.signature).toEqual(decodeBase58(signature));
    const body = JSON.parse(
      (fetchMock.mock.calls[0] as unknown as [string, { body: string }])[1].body,
    ) as {
      method: string;
      params: [string, { encoding: string }];
    };
    expect(body.method).toBe('sendTransaction');
    expect(body.params[1].encoding).toBe('base64');
    const sent = getTransactionDecoder().decode(
      Uint8Array.from(atob(body.params[0]), (c) => c.charCodeAt(0)),
    );
    const sentSignature = sent.signatures[address(account.address)];
    expect(
      sentSignature &&
        ed.verify(
          new Uint8Array(sentSignature),
          new Uint8Array(sent.messageBytes),
          new Uint8Array(account.publicKey),
        ),
    ).toBe(true);
  });

  it('disconnects with a change event and refuses to sign afterwards', async () => {
    const { burner, account } = await connected();
    const change = vi.fn();
    (burner.features as StandardEventsFeature)['standard:events'].on('change', change);
    await burner.features['standard:disconnect'].disconnect();
    expect(change).toHaveBeenCalledWith({ accounts: [] });
    await expect(
      burner.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }),
    ).rejects.toThrow('Wallet not connected');
  });
});
