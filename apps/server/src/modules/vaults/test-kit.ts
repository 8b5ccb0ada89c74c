import { randomBytes } from 'node:crypto';
import type { FeedItem } from '@dum/core';
import {
  AddressLookupTableProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
} from '@solana/web3.js';
import type { LightMyRequestResponse } from 'fastify';
import type { BusMessage } from '../../realtime/index.ts';
import { createSignedInUser, type TestApp } from '../../test/app-test-kit.ts';
import { memoInstruction } from '../../test/wallet-test-kit.ts';

/**
 * Real wallets on the test's localnet: funded by airdrop, signed in to the app under the same
 * address, sending real System transfers (legacy or version 0 with a lookup table).
 */

export interface ChainUser {
  keypair: Keypair;
  address: string;
  id: string;
  headers: { authorization: string };
}

export function connectionOf(t: TestApp): Connection {
  if (!t.ctx.localnet) throw new Error('this test needs createTestApp(..., { localnet: true })');
  return new Connection(t.ctx.localnet.rpcUrl, 'confirmed');
}

export async function chainUser(t: TestApp, sol = 0n): Promise<ChainUser> {
  const keypair = Keypair.generate();
  const address = keypair.publicKey.toBase58();
  if (sol > 0n) await t.ctx.chain.requestAirdrop(address, sol * 1_000_000_000n);
  const signedIn = await createSignedInUser(t.ctx, address);
  return { keypair, address, id: signedIn.user.id, headers: signedIn.headers };
}

/** Signs in again (access tokens live 15 minutes of the test clock). */
export async function refreshHeaders(t: TestApp, user: ChainUser): Promise<void> {
  user.headers = (await createSignedInUser(t.ctx, user.address)).headers;
}

/**
 * Sends `lamports` from `from` to `to` and returns the signature once the localnet has it (it
 * answers sendTransaction after the transaction is final). Without preflight a failing transfer
 * is recorded as failed, as on a cluster.
 */
export async function transfer(
  t: TestApp,
  from: Keypair,
  to: string,
  lamports: bigint,
  options: { skipPreflight?: boolean; lookupTable?: AddressLookupTableAccount } = {},
): Promise<string> {
  const connection = connectionOf(t);
  const latest = await connection.getLatestBlockhash();
  const instruction = SystemProgram.transfer({
    fromPubkey: from.publicKey,
    toPubkey: new PublicKey(to),
    lamports,
  });
  // Two equal transfers in one slot would be the same transaction; a random memo tells them apart.
  const nonce = memoInstruction(randomBytes(8).toString('hex'));
  if (options.lookupTable) {
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: [instruction, nonce],
    }).compileToV0Message([options.lookupTable]);
    const tx = new VersionedTransaction(message);
    tx.sign([from]);
    return connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: options.skipPreflight ?? false,
    });
  }
  const tx = new Transaction({ feePayer: from.publicKey, ...latest }).add(instruction, nonce);
  tx.sign(from);
  return connection.sendRawTransaction(tx.serialize(), {
    skipPreflight: options.skipPreflight ?? false,
  });
}

/** A lookup table holding `addresses`, usable from the next slot on. */
export async function lookupTableWith(
  t: TestApp,
  payer: Keypair,
  addresses: string[],
): Promise<AddressLookupTableAccount> {
  const connection = connectionOf(t);
  const [create, table] = AddressLookupTableProgram.createLookupTable({
    authority: payer.publicKey,
    payer: payer.publicKey,
    recentSlot: await connection.getSlot(),
  });
  const extend = AddressLookupTableProgram.extendLookupTable({
    lookupTable: table,
    authority: payer.publicKey,
    payer: payer.publicKey,
    addresses: addresses.map((a) => new PublicKey(a)),
  });
  const latest = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, ...latest }).add(create, extend);
  tx.sign(payer);
  await connection.sendRawTransaction(tx.serialize());
  const extendedAt = await connection.getSlot();
  while ((await connection.getSlot()) <= extendedAt) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const account = (await connection.getAddressLookupTable(table)).value;
  if (!account) throw new Error('lookup table not found');
  return account;
}

export async function createVaultPost(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages-v2/messages',
    headers,
    payload: { kind: 'vault', ...body },
  });
}

export async function createdVaultPost(
  t: TestApp,
  headers: Record<string, string>,
  targetAmount: string,
  extra: Record<string, unknown> = {},
): Promise<FeedItem & { vault: NonNullable<FeedItem['vault']> }> {
  const res = await createVaultPost(t, headers, { body: 'locked vibes', targetAmount, ...extra });
  if (res.statusCode !== 201) throw new Error(`vault post failed: ${res.statusCode} ${res.body}`);
  const item = res.json<FeedItem>();
  if (!item.vault) throw new Error('vault post without a vault');
  return { ...item, vault: item.vault };
}

export async function support(
  t: TestApp,
  headers: Record<string, string>,
  vaultId: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/vaults/${vaultId}/support`,
    headers,
    payload,
  });
}

/** The events of one type about one vault among the bus messages a test collected. */
export function vaultEventsOf(
  events: BusMessage[],
  type: string,
  vaultId: string,
): Extract<BusMessage, { kind: 'event' }>[] {
  return events.flatMap((message) =>
    message.kind === 'event' &&
    message.event.type === type &&
    'vaultId' in message.event.data &&
    message.event.data.vaultId === vaultId
      ? [message]
      : [],
  );
}
