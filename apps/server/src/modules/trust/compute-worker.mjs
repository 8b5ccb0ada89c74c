// A trust computation on a thread of its own (compute.ts, computeScoresOffLoop). Plain
// JavaScript: a worker does not inherit the loader the server's thread runs TypeScript with, so
// it registers tsx itself before it loads the TypeScript it runs.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { computeScores } = await import('./compute.ts');
const output = computeScores(workerData);
parentPort.postMessage(output, [output.scores.buffer]);
