import path from 'node:path';
import {
  getInitializeMint2Instruction,
  getMintSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { address } from '@solana/kit';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { DUM_DECIMALS, LAMPORTS_PER_SOL } from '@dum/core';
import { loadOrCreateKeypairFile, signAndSerialize, web3Keypair, type Signer } from './keys.ts';
import type { LocalChain } from './localnet/local-chain.ts';
import { describeTransactionError } from './localnet/transaction-error.ts';
import { toWeb3Instruction } from './vault-program/web3.ts';
import { decodeTransaction } from './wire.ts';

/**
 * The platform's keys live in DATA_DIR/keys (mode 0600, generated on first start, never logged):
 * the treasury, which is the DUM mint authority, and the DUM mint's own address key.
 */
export interface PlatformKeys {
  treasury: Signer;
  dumMint: Signer;
}

export function loadPlatformKeys(dataDir: string): PlatformKeys {
  const keysDir = path.join(dataDir, 'keys');
  return {
    treasury: loadOrCreateKeypairFile(path.join(keysDir, 'treasury.json')),
    dumMint: loadOrCreateKeypairFile(path.join(keysDir, 'dum-mint.json')),
  };
}

const TREASURY_FUNDING = 1000n * LAMPORTS_PER_SOL;

/**
 * Creates the DUM SPL mint (9 decimals, treasury as mint authority, no freeze authority) on a
 * fresh localnet, with real transactions that go through the write-ahead log like any other.
 */
export async function ensureDumMint(chain: LocalChain, keys: PlatformKeys): Promise<void> {
  if (chain.getAccount(keys.dumMint.address)) return;
  if (chain.getBalance(keys.treasury.address) < LAMPORTS_PER_SOL) {
    const funded = chain.airdrop(keys.treasury.address, TREASURY_FUNDING);
    if (funded.kind === 'rejected') {
      throw new Error(`funding the treasury failed: ${describeTransactionError(funded.err)}`);
    }
    await funded.durable;
  }
  const treasury = web3Keypair(keys.treasury);
  const mint = web3Keypair(keys.dumMint);
  const mintSize = getMintSize();
  const tx = new Transaction({
    feePayer: treasury.publicKey,
    blockhash: chain.latestBlockhash().blockhash,
    lastValidBlockHeight: chain.latestBlockhash().lastValidBlockHeight,
  }).add(
    SystemProgram.createAccount({
      fromPubkey: treasury.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: Number(chain.minimumBalanceForRentExemption(mintSize)),
      space: mintSize,
      programId: new PublicKey(TOKEN_PROGRAM_ADDRESS),
    }),
    // The Token program's Kit client, on the @solana/kit already loaded: @solana/spl-token's
    // modules cost every server start about 0.1 CPU-seconds for this one instruction.
    toWeb3Instruction(
      getInitializeMint2Instruction({
        mint: address(keys.dumMint.address),
        decimals: DUM_DECIMALS,
        mintAuthority: address(keys.treasury.address),
      }),
    ),
  );
  const raw = signAndSerialize(tx, [treasury, mint]);
  const outcome = chain.submit(raw, decodeTransaction(raw));
  if (outcome.kind === 'rejected' || outcome.record.err) {
    const err = outcome.kind === 'rejected' ? outcome.err : (outcome.record.err ?? 'unknown');
    throw new Error(`creating the DUM mint failed: ${describeTransactionError(err)}`);
  }
  await outcome.durable;
}
