import { Worker } from 'node:worker_threads';
import { computeTrust, pairsFromEngagements, type TrustParams } from '@dum/core';
import { unpack } from './repo.ts';

/** What one computation needs: the run's packed engagements (repo.ts), its seeds and params. */
export interface ComputeInput {
  walletCount: number;
  seeds: number[];
  packed: Uint8Array;
  kindWeights: number[];
  params: TrustParams;
}

export interface ComputeOutput {
  scores: Float64Array;
  iterations: number;
  /** τ (core's TrustResult.fullTrust): Infinity when the seeds engaged with nobody. */
  fullTrust: number;
  /** Distinct (giver, receiver) pairs. */
  edges: number;
}

/**
 * From this many engagements a computation runs in a worker thread. Unpacking, grouping and
 * iterating 2,000,000 engagements over 100,000 wallets takes about 1.3 s of CPU, which on the
 * event loop would hold every request of the instance that runs the job; a worker costs about a
 * third of a second to start (it loads tsx, then core), more than a small graph takes inline.
 */
export const OFF_THREAD_FROM = 200_000;

/** The computation itself: the same pure functions whichever thread runs them. */
export function computeScores(input: ComputeInput): ComputeOutput {
  const pairs = pairsFromEngagements(unpack(input.packed, input.walletCount, input.kindWeights));
  const result = computeTrust(
    { walletCount: input.walletCount, seeds: input.seeds, ...pairs },
    input.params,
  );
  return { ...result, edges: pairs.from.length };
}

/**
 * computeScores inline for a small graph, in a worker thread of its own for a large one
 * (`offThreadFrom` engagements, OFF_THREAD_FROM unless a test says otherwise). A large input's
 * bytes are handed to the worker: the caller does not read them again.
 */
export async function computeScoresOffLoop(
  input: ComputeInput,
  offThreadFrom = OFF_THREAD_FROM,
): Promise<ComputeOutput> {
  if (input.packed.length / 12 < offThreadFrom) return computeScores(input);
  // The worker takes the bytes over when they are alone in their ArrayBuffer (a large read's
  // are); small ones may share Node's buffer pool, so those it gets a copy of.
  const { buffer } = input.packed;
  const alone =
    buffer instanceof ArrayBuffer &&
    input.packed.byteOffset === 0 &&
    input.packed.byteLength === buffer.byteLength;
  const packed = alone ? input.packed : new Uint8Array(input.packed);
  const worker = new Worker(new URL('./compute-worker.mjs', import.meta.url), {
    workerData: { ...input, packed },
    transferList: [packed.buffer as ArrayBuffer],
  });
  try {
    return await new Promise<ComputeOutput>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => {
        reject(new Error(`the trust computation's worker exited with ${code}`));
      });
    });
  } finally {
    await worker.terminate();
  }
}
