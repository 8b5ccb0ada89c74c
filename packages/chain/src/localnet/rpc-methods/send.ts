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

/**
 * Beyond this many executed transactions waiting for the log, sendTransaction answers only once
 * its own record is on disk: a disk that stalls then slows its senders down instead of piling
 * their transactions up in memory.
 */
const LOG_BACKLOG_LIMIT = 1024;

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
  // Answered once executed, as a cluster answers once it has the transaction: the sender
  // confirms it (getSignatureStatuses, signatureSubscribe), which reports it `processed` until its
  // log record is fdatasync'd and `finalized` from then on. Waiting for the disk here put a group
  // commit into every request's path, and a sender's next transaction behind it (decision 003).
  if (chain.logBacklog > LOG_BACKLOG_LIMIT) await outcome.durable;
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
