import type { LocalChain } from '../local-chain.ts';
import { describeTransactionError } from '../transaction-error.ts';
import { JsonRpcError, RPC_ERRORS, invalidParams, type MethodEntries } from './json-rpc.ts';
import { addressParam, integerParam } from './params.ts';

/** SOL from the localnet's faucet, answered once the transfer is durable. */
export function airdropMethods(chain: LocalChain): MethodEntries {
  return [
    [
      'requestAirdrop',
      async ([address, lamports]) => {
        const recipient = addressParam(address);
        const amount = integerParam(lamports, 'lamports');
        if (amount === 0) throw invalidParams('lamports must be positive');
        const outcome = chain.airdrop(recipient, BigInt(amount));
        if (outcome.kind === 'rejected') {
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
