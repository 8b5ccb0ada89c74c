import type { LocalChain } from '../local-chain.ts';
import { describeTransactionError } from '../transaction-error.ts';
import { JsonRpcError, RPC_ERRORS, invalidParams, type MethodEntries } from './json-rpc.ts';
import { addressParam, integerParam } from './params.ts';

/** How much test SOL requestAirdrop gives one address within a window. */
export interface AirdropLimit {
  lamports: bigint;
  windowMs: number;
}

/** 100 SOL per address per hour: plenty for a person or a test, not a drain for a script. */
export const DEFAULT_AIRDROP_LIMIT: AirdropLimit = {
  lamports: 100n * 1_000_000_000n,
  windowMs: 3_600_000,
};

/** Windows kept before expired ones are swept (one per recently funded address). */
const SWEEP_ABOVE = 10_000;

/**
 * SOL from the localnet's faucet, answered once the transfer is durable. Each address may get at
 * most `limit.lamports` per fixed window (counted in this process, which is the only one that
 * runs this chain); past it, the error a real cluster's faucet answers when rate-limited.
 */
export function airdropMethods(
  chain: LocalChain,
  limit: AirdropLimit = DEFAULT_AIRDROP_LIMIT,
  now: () => number = Date.now,
): MethodEntries {
  const windows = new Map<string, { start: number; lamports: bigint }>();

  function take(recipient: string, lamports: bigint): () => void {
    const at = now();
    let window = windows.get(recipient);
    if (!window || at - window.start >= limit.windowMs) {
      window = { start: at, lamports: 0n };
      windows.set(recipient, window);
    }
    if (window.lamports + lamports > limit.lamports) {
      throw new JsonRpcError(
        RPC_ERRORS.internalError,
        `airdrop request failed: this address may receive at most ${limit.lamports} lamports per ${limit.windowMs / 1000} s (rate limit reached)`,
      );
    }
    window.lamports += lamports;
    if (windows.size > SWEEP_ABOVE) {
      for (const [key, entry] of windows) {
        if (at - entry.start >= limit.windowMs) windows.delete(key);
      }
    }
    const taken = window;
    return () => {
      taken.lamports -= lamports;
    };
  }

  return [
    [
      'requestAirdrop',
      async ([address, lamports]) => {
        const recipient = addressParam(address);
        const amount = integerParam(lamports, 'lamports');
        if (amount === 0) throw invalidParams('lamports must be positive');
        const giveBack = take(recipient, BigInt(amount));
        const outcome = chain.airdrop(recipient, BigInt(amount));
        if (outcome.kind === 'rejected') {
          giveBack();
          throw new JsonRpcError(
            RPC_ERRORS.internalError,
            `airdrop failed: ${describeTransactionError(outcome.err)}`,
          );
        }
        await outcome.durable;
        return outcome.record.signature;
      },
    ],
  ];
}
