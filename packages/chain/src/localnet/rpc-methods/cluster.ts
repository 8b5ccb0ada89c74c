import { decodeMessage } from '../../wire.ts';
import type { LocalChain } from '../local-chain.ts';
import { invalidParams, type MethodEntries, SOLANA_CORE_VERSION, withContext } from './json-rpc.ts';
import { integerParam } from './params.ts';

/** The node, its slots and epochs, blockhashes and fees. */
export function clusterMethods(chain: LocalChain): MethodEntries {
  return [
    ['getVersion', () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 })],
    ['getHealth', () => 'ok'],
    ['getGenesisHash', () => chain.genesisHash],
    ['getIdentity', () => ({ identity: chain.faucet.address })],
    ['getSlot', () => chain.slot],
    ['getBlockHeight', () => chain.blockHeight],
    ['getTransactionCount', () => chain.totalTransactions],
    [
      'getEpochInfo',
      () => ({
        absoluteSlot: chain.slot,
        blockHeight: chain.blockHeight,
        epoch: chain.epoch,
        slotIndex: chain.slot % chain.slotsPerEpoch,
        slotsInEpoch: chain.slotsPerEpoch,
        transactionCount: chain.totalTransactions,
      }),
    ],
    [
      'getEpochSchedule',
      () => ({
        slotsPerEpoch: chain.slotsPerEpoch,
        leaderScheduleSlotOffset: chain.slotsPerEpoch,
        warmup: false,
        firstNormalEpoch: 0,
        firstNormalSlot: 0,
      }),
    ],
    ['getLatestBlockhash', () => withContext(chain, chain.latestBlockhash())],
    [
      'isBlockhashValid',
      ([blockhash]) => {
        if (typeof blockhash !== 'string') throw invalidParams('blockhash must be a string');
        return withContext(chain, chain.isBlockhashValid(blockhash));
      },
    ],
    [
      'getFeeForMessage',
      ([encoded]) => {
        if (typeof encoded !== 'string') throw invalidParams('message must be a base64 string');
        let message;
        try {
          message = decodeMessage(new Uint8Array(Buffer.from(encoded, 'base64')));
        } catch {
          throw invalidParams('invalid message');
        }
        return withContext(
          chain,
          chain.isBlockhashValid(message.recentBlockhash) ? chain.feeForMessage(message) : null,
        );
      },
    ],
    ['getRecentPrioritizationFees', () => []],
    [
      'getMinimumBalanceForRentExemption',
      ([length]) => chain.minimumBalanceForRentExemption(integerParam(length, 'data length')),
    ],
  ];
}
