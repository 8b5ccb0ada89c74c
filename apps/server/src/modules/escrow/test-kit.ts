import { toWeb3Instruction } from '@dum/chain/vault-program/node';
import { Transaction, type Keypair } from '@solana/web3.js';
import type { TestApp } from '../../test/app-test-kit.ts';
import { connectionOf } from '../vaults/test-kit.ts';

/** Transactions to the real vault program on the test's localnet, for escrow tests. */

export type Instruction = Parameters<typeof toWeb3Instruction>[0];

/** Signs and sends the instructions as one transaction; answers once it is final. */
export async function sendInstructions(
  t: TestApp,
  signer: Keypair,
  instructions: Instruction[],
): Promise<string> {
  const connection = connectionOf(t);
  const latest = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: signer.publicKey, ...latest });
  for (const ix of instructions) tx.add(toWeb3Instruction(ix));
  tx.sign(signer);
  // The localnet answers once the transaction is final.
  return connection.sendRawTransaction(tx.serialize());
}
