/**
 * Worker thread of the fuzz test: runs the cases the test sends, one at a time, and posts each
 * result. Runs in a worker so that the test can stop a case that hangs (a synchronous loop
 * cannot be interrupted from its own thread) or that takes the thread down.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { baseParser, type FuzzBase, runCase } from './fuzz-case.ts';

const { seed, bases } = workerData as { seed: number; bases: FuzzBase[] };
const parsed = baseParser();
for (const base of bases) parsed(base);

parentPort!.on('message', async (index: number) => {
  parentPort!.postMessage(await runCase(bases, parsed, seed, index));
});
parentPort!.postMessage('ready');
