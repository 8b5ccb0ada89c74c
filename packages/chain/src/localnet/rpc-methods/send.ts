import type { DecodedTransaction } from '../../wire.ts';
import type { LocalChain } from '../local-chain.ts';
import { parseInstruction } from '../parsed-instruction.ts';
import { describeTransactionError, type TransactionErrorJson } from '../transaction-error.ts';
import { accountJson } from './account-json.ts';
import {
  JsonRpcError,
  RPC_ERRORS,
  invalidParams,
  type MethodEntries,
  type Params,
  withContext,
} from './json-rpc.ts';
import { addressParam, configParam, decodeTx } from './params.ts';

/** Sending a transaction, and running one without committing it. */
export function sendMethods(chain: LocalChain): MethodEntries {
  return [
    [
      'sendTransaction',
      async ([encoded, rawConfig]) => {
        const config = configParam(rawConfig);
        const { raw, decoded } = decodeTx(encoded, config.encoding);
        return submit(chain, raw, decoded, config.skipPreflight !== true);
      },
    ],
    ['simulateTransaction', (params) => simulateTransaction(chain, params)],
  ];
}

function simulationError(
  err: TransactionErrorJson,
  logs: string[],
  unitsConsumed: bigint,
): JsonRpcError {
  if (err === 'SignatureFailure') {
    return new JsonRpcError(
      RPC_ERRORS.signatureVerificationFailure,
      'Transaction signature verification failure',
    );
  }
  return new JsonRpcError(
    RPC_ERRORS.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    { err, logs, accounts: null, unitsConsumed, returnData: null, innerInstructions: null },
  );
}

async function submit(
  chain: LocalChain,
  raw: Uint8Array,
  decoded: DecodedTransaction,
  preflight: boolean,
): Promise<string> {
  const signature = decoded.signatures[0] ?? '';
  // Preflight is done by LocalChain.submit itself (see there): execution is atomic here, so
  // "simulate, then execute" and "execute, undo on failure" are the same thing, done once.
  const outcome = chain.submit(raw, decoded, { preflight });
  if (outcome.kind === 'rejected') {
    if (outcome.err === 'SignatureFailure' || preflight) {
      throw simulationError(outcome.err, outcome.logs, outcome.unitsConsumed);
    }
    // Without preflight a cluster drops such a transaction silently; so do we.
    return signature;
  }
  await outcome.durable;
  return signature;
}

function simulateTransaction(chain: LocalChain, [encoded, rawConfig]: Params): unknown {
  const config = configParam(rawConfig);
  const { raw, decoded } = decodeTx(encoded, config.encoding);
  const sigVerify = config.sigVerify === true;
  const replace = config.replaceRecentBlockhash === true;
  if (sigVerify && replace) {
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  }
  const accountsConfig = configParam(config.accounts);
  const addresses = Array.isArray(accountsConfig.addresses)
    ? accountsConfig.addresses.map((a) => addressParam(a))
    : [];
  const value: Record<string, unknown> = {
    err: null,
    logs: [],
    accounts: null,
    unitsConsumed: 0,
    returnData: null,
    innerInstructions: null,
  };
  if (!replace && !chain.isBlockhashValid(decoded.message.recentBlockhash)) {
    value.err = 'BlockhashNotFound';
    return withContext(chain, value);
  }
  const simulation = chain.simulate(raw, decoded, { sigVerify, accounts: addresses });
  value.err = simulation.err;
  value.logs = simulation.logs;
  value.unitsConsumed = simulation.unitsConsumed;
  if (simulation.returnData) {
    value.returnData = {
      programId: simulation.returnData.programId,
      data: [Buffer.from(simulation.returnData.data).toString('base64'), 'base64'],
    };
  }
  if (addresses.length > 0) {
    value.accounts = addresses.map((address) => {
      const account = simulation.postAccounts.get(address) ?? chain.getAccount(address);
      return account ? accountJson(chain, account, accountsConfig.encoding ?? 'base64') : null;
    });
  }
  if (config.innerInstructions === true) {
    const keys = simulation.accountKeys;
    value.innerInstructions = simulation.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) =>
        parseInstruction(
          keys[ix.programIdIndex] ?? '',
          ix.accounts.map((i) => keys[i] ?? ''),
          ix.data,
          ix.stackHeight,
        ),
      ),
    }));
  }
  if (replace) value.replacementBlockhash = chain.latestBlockhash();
  return withContext(chain, value);
}
