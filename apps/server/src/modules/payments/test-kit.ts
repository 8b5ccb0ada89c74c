import type { ActionPostResponse } from '@solana/actions';
import { Keypair, Transaction } from '@solana/web3.js';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';
import { connectionOf } from '../vaults/test-kit.ts';

/** A blink client's steps against the app's Solana Actions, for payment tests. */

const SOL = 1_000_000_000n;

/** A wallet with test SOL that has never signed in to the app (a blink user). */
export async function blinkWallet(t: TestApp, sol = 5n): Promise<Keypair> {
  const keypair = Keypair.generate();
  await t.ctx.chain.requestAirdrop(keypair.publicKey.toBase58(), sol * SOL);
  return keypair;
}

export type ActionTransaction = ActionPostResponse & {
  type: 'transaction';
  transaction: string;
  reference: string;
};

/** POSTs an action for `account` and expects its transaction. */
export async function actionTransaction(
  t: TestApp,
  url: string,
  account: string,
): Promise<ActionTransaction> {
  const res = await t.app.inject({ method: 'POST', url, payload: { account } });
  if (res.statusCode !== 200) throw new Error(`action POST failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<ActionPostResponse>();
  if (answer.type !== 'transaction') throw new Error(`not a transaction: ${answer.type}`);
  return answer as ActionTransaction;
}

/** Signs the action's transaction as a blink client does (its own blockhash) and sends it. */
export async function signAndSend(
  t: TestApp,
  answer: ActionTransaction,
  wallet: Keypair,
): Promise<string> {
  const connection = connectionOf(t);
  const tx = Transaction.from(Buffer.from(answer.transaction, 'base64'));
  tx.feePayer = wallet.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.sign(wallet);
  return connection.sendRawTransaction(tx.serialize());
}

/** The action's chained callback (`links.next`), path and query only. */
export function callbackPath(answer: ActionTransaction): string {
  const next = answer.links?.next;
  if (next?.type !== 'post') throw new Error('expected a post callback');
  const url = new URL(next.href);
  return url.pathname + url.search;
}

export function callBack(
  t: TestApp,
  url: string,
  body: { account: string; signature: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: body });
}
