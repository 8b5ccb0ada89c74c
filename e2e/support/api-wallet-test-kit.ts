import { buildTransferTransaction, createChainClient, type ChainClient } from '@dum/chain';
import type { FeedItem, SupportVaultResponse } from '@dum/core';
import { createTestWallet, type TestWallet } from '../../apps/server/src/test/wallet-test-kit.ts';

/**
 * A wallet outside the browser, talking to a running server process over HTTP as any script
 * would: it signs in through challenge and verify (a real ed25519 signature), sends real SOL on
 * the cluster, and posts and supports vaults through the API.
 */

export interface ApiSession {
  wallet: TestWallet;
  userId: string;
  accessToken: string;
}

async function callJson<T>(
  serverUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; accessToken?: string; expect?: number } = {},
): Promise<T> {
  const response = await fetch(serverUrl + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status !== (options.expect ?? 200)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** challenge → signMessage → verify on `serverUrl`, then /api/auth/me for the user's id. */
export async function signInOverHttp(
  serverUrl: string,
  wallet: TestWallet = createTestWallet(),
): Promise<ApiSession> {
  const { messageToSign } = await callJson<{ messageToSign: string }>(
    serverUrl,
    'POST',
    '/api/auth/challenge',
    { body: { address: wallet.address, chain: 'solana' } },
  );
  const { accessToken } = await callJson<{ accessToken: string }>(
    serverUrl,
    'POST',
    '/api/auth/verify',
    {
      body: {
        address: wallet.address,
        message: messageToSign,
        signature: wallet.signMessage(messageToSign),
      },
    },
  );
  const me = await callJson<{ id: string }>(serverUrl, 'GET', '/api/auth/me', { accessToken });
  return { wallet, userId: me.id, accessToken };
}

/** A chain client for a localnet's JSON-RPC (the embedded one answers on `{server}/rpc`). */
export function localnetClient(rpcUrl: string): ChainClient {
  return createChainClient({ cluster: 'localnet', rpcUrl, dumMint: null });
}

/**
 * Sends `lamports` from the wallet to `to` in a System transfer and returns its signature once
 * the cluster reports it confirmed (the embedded localnet answers once it is final).
 */
export async function sendSol(
  chain: ChainClient,
  from: TestWallet,
  to: string,
  lamports: bigint,
): Promise<string> {
  const { value } = await chain.rpc.call<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const transaction = buildTransferTransaction(from.signer, to, lamports, value.blockhash);
  return sendSignedTransaction(chain, Buffer.from(transaction).toString('base64'));
}

/**
 * Sends a signed wire transaction (base64) and returns its signature once the cluster reports
 * it confirmed; a transaction that failed on chain throws.
 */
export async function sendSignedTransaction(chain: ChainClient, base64: string): Promise<string> {
  const signature = await chain.rpc.call<string>('sendTransaction', [
    base64,
    { encoding: 'base64' },
  ]);
  for (let attempt = 0; attempt < 100; attempt++) {
    const statuses = await chain.rpc.call<{
      value: ({ confirmationStatus: string | null; err: unknown } | null)[];
    }>('getSignatureStatuses', [[signature]]);
    const status = statuses.value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return signature;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${signature} not confirmed`);
}

/** POST /api/messages-v2/messages with `kind: 'vault'`; answers the created post. */
export async function createVaultOverHttp(
  serverUrl: string,
  session: ApiSession,
  body: string,
  targetAmount: string,
): Promise<FeedItem & { vault: NonNullable<FeedItem['vault']> }> {
  const post = await callJson<FeedItem>(serverUrl, 'POST', '/api/messages-v2/messages', {
    accessToken: session.accessToken,
    body: { kind: 'vault', body, targetAmount },
    expect: 201,
  });
  if (!post.vault) throw new Error('vault post without a vault');
  return { ...post, vault: post.vault };
}

/** POST /api/vaults/{id}/support for a transfer the session's wallet made to the creator. */
export function supportVaultOverHttp(
  serverUrl: string,
  session: ApiSession,
  vaultId: string,
  transactionSignature: string,
  amount: string,
): Promise<SupportVaultResponse> {
  return callJson<SupportVaultResponse>(serverUrl, 'POST', `/api/vaults/${vaultId}/support`, {
    accessToken: session.accessToken,
    body: { transactionSignature, amount },
  });
}
