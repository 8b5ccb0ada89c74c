import { MEMO_PROGRAM_ID } from '@dum/core';
import * as ed from '@noble/ed25519';
import { address, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeBase58 } from '../wallet/index.ts';
import { decodeBase58, decodeBase64 } from '../wallet/wallet-standard-test-kit.ts';
import { signChallenge, signingPath } from './sign-challenge.ts';
import { createTestWallet } from '../wallet/wallet-standard-test-kit.ts';

function challengeFor(address: string): string {
  return [
    'localhost:3000 wants you to sign in with your Solana account:',
    address,
    '',
    'Sign in to Dum Club.',
    '',
    'URI: http://localhost:3000',
    'Version: 1',
    'Chain ID: localnet',
    'Nonce: abcdefgh12',
    'Issued At: 2026-01-01T00:00:00.000Z',
    'Expiration Time: 2026-01-01T00:10:00.000Z',
  ].join('\n');
}

const context = { chain: 'solana:localnet' as const, rpcUrl: 'http://localhost/rpc' };
const BLOCKHASH = encodeBase58(new Uint8Array(32).fill(7));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing the challenge', () => {
  it('prefers solana:signIn, then signMessage, then a memo transaction', () => {
    const all = createTestWallet({ features: ['signIn', 'signMessage', 'signTransaction'] });
    const message = createTestWallet({ features: ['signMessage', 'signTransaction'] });
    const tx = createTestWallet({ features: ['signTransaction'] });
    expect(signingPath(all.wallet, all.account)).toBe('signIn');
    expect(signingPath(message.wallet, message.account)).toBe('signMessage');
    expect(signingPath(tx.wallet, tx.account)).toBe('memoTransaction');
  });

  it('solana:signIn gets the challenge fields and signs the identical text', async () => {
    const test = createTestWallet({ features: ['signIn', 'signMessage'] });
    const challenge = challengeFor(test.account.address);
    const signed = await signChallenge(test.wallet, test.account, challenge, context);
    expect(test.signIn).toHaveBeenCalledTimes(1);
    expect(test.signMessage).not.toHaveBeenCalled();
    expect(test.signIn.mock.calls[0]?.[0]).toMatchObject({
      nonce: 'abcdefgh12',
      chainId: 'localnet',
    });
    expect(signed.message).toBe(challenge);
    if (!('signature' in signed)) throw new Error('expected a signature');
    expect(
      ed.verify(
        decodeBase58(signed.signature),
        new TextEncoder().encode(challenge),
        test.publicKey,
      ),
    ).toBe(true);
  });

  it('signMessage signs the UTF-8 bytes of the challenge (base58 signature)', async () => {
    const test = createTestWallet({ features: ['signMessage'] });
    const challenge = challengeFor(test.account.address);
    const signed = await signChallenge(test.wallet, test.account, challenge, context);
    if (!('signature' in signed)) throw new Error('expected a signature');
    expect(decodeBase58(signed.signature)).toHaveLength(64);
    expect(
      ed.verify(
        decodeBase58(signed.signature),
        new TextEncoder().encode(challenge),
        test.publicKey,
      ),
    ).toBe(true);
  });

  it('a transaction-only wallet signs (never sends) a memo-only transaction', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            result: {
              context: { slot: 1 },
              value: { blockhash: BLOCKHASH, lastValidBlockHeight: 9 },
            },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const test = createTestWallet({ features: ['signTransaction'] });
    const challenge = challengeFor(test.account.address);
    const signed = await signChallenge(test.wallet, test.account, challenge, context);
    if (!('signedTransaction' in signed)) throw new Error('expected a transaction');
    expect(signed.message).toBe(challenge);
    // Only the blockhash was asked for: nothing was sent.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(fetchMock.mock.calls[0])).toContain('getLatestBlockhash');
    expect(test.signTransaction.mock.calls[0]?.[0]).toMatchObject({ chain: 'solana:localnet' });

    const transaction = getTransactionDecoder().decode(decodeBase64(signed.signedTransaction));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (message.version !== 'legacy') throw new Error('expected a legacy transaction');
    expect(message.staticAccounts[0]).toBe(test.account.address);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.lifetimeToken).toBe(BLOCKHASH);
    expect(message.instructions).toHaveLength(1);
    const [instruction] = message.instructions;
    expect(message.staticAccounts[instruction?.programAddressIndex ?? -1]).toBe(MEMO_PROGRAM_ID);
    expect(new TextDecoder().decode(instruction?.data)).toBe(challenge);
    const signature = transaction.signatures[address(test.account.address)];
    expect(
      signature && ed.verify(signature, new Uint8Array(transaction.messageBytes), test.publicKey),
    ).toBe(true);
  });

  it('passes a refusal through', async () => {
    const test = createTestWallet({
      features: ['signMessage'],
      signError: new Error('User rejected the request'),
    });
    await expect(
      signChallenge(test.wallet, test.account, challengeFor(test.account.address), context),
    ).rejects.toThrow('User rejected the request');
  });

  it("refuses a wallet with none of the three features: 'Wallet not connected or cannot sign messages.'", async () => {
    const test = createTestWallet({ features: [] });
    await expect(
      signChallenge(test.wallet, test.account, challengeFor(test.account.address), context),
    ).rejects.toThrow('Wallet not connected or cannot sign messages.');
  });
});
