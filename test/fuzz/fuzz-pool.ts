import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CaseResult, FuzzBase } from './fuzz-case.ts';
import { Rng } from './fuzz-rng.ts';

export interface PoolOptions {
  bases: FuzzBase[];
  seed: number;
  indices: number[];
  workers: number;
}

/** The base case `index` mutates: the first draw of its Rng, as in buildCase. */
function baseOf(bases: FuzzBase[], seed: number, index: number): FuzzBase {
  return Rng.forCase(seed, index).weighted(bases.map((b) => [b, b.weight] as const));
}

// Workers run the TypeScript sources through tsx, registered inside the worker (its ESM entry,
// found from the package folder because require.resolve would give the CommonJS one).
const TSX_DIR = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
const TSX_API = pathToFileURL(join(TSX_DIR, 'dist', 'esm', 'api', 'index.mjs')).href;
const WORKER_URL = new URL('./fuzz-worker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** A case outliving its timeout runs once more, alone in a fresh worker, with this much more time. */
const RETRY_FACTOR = 5;

/**
 * Runs the cases on worker threads, one case at a time per worker, with a watchdog: a case that
 * outlives its base's timeout gets its worker replaced and one more try with RETRY_FACTOR times
 * the time (a busy CI machine can stall anything for a moment; a hang hangs again), then is
 * recorded as `timeout`. A worker that dies mid-case (out of memory, an uncaught error) is
 * recorded as `died` and replaced.
 */
export function runPool(options: PoolOptions): Promise<{ results: CaseResult[]; errors: string[] }> {
  const { bases, seed, workers } = options;
  const queue: { index: number; attempt: number }[] = options.indices.map((index) => ({ index, attempt: 0 }));
  const results: CaseResult[] = [];
  const errors: string[] = [];
  return new Promise((resolve) => {
    let live = 0;
    const spawn = () => {
      live++;
      // A heap limit of its own: running out of memory ends this worker, not the test run.
      const worker = new Worker(BOOT, {
        eval: true,
        workerData: { seed, bases },
        resourceLimits: { maxOldGenerationSizeMb: 2048 },
      });
      let current: { index: number; attempt: number; started: number; timer: NodeJS.Timeout } | null = null;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        if (current) clearTimeout(current.timer);
        current = null;
        void worker.terminate();
        if (--live === 0) resolve({ results: results.sort((a, b) => a.index - b.index), errors });
      };
      const fail = (outcome: 'timeout' | 'died', message: string) => {
        if (!current || finished) return;
        const { index, attempt, started } = current;
        if (outcome === 'timeout' && attempt === 0) {
          queue.unshift({ index, attempt: 1 });
          finish();
          spawn();
          return;
        }
        results.push({
          index,
          base: baseOf(bases, seed, index).name,
          steps: [],
          outcome,
          message,
          ms: performance.now() - started,
        });
        finish();
        if (queue.length > 0) spawn();
      };
      const next = () => {
        const item = queue.shift();
        if (item === undefined) return finish();
        const timeoutMs = baseOf(bases, seed, item.index).timeoutMs * (item.attempt === 0 ? 1 : RETRY_FACTOR);
        const timer = setTimeout(() => fail('timeout', `no result after ${timeoutMs} ms (twice)`), timeoutMs);
        current = { ...item, started: performance.now(), timer };
        worker.postMessage(item.index);
      };
      worker.on('message', (message: CaseResult | 'ready') => {
        if (finished) return; // A result that lost the race with the watchdog.
        if (message !== 'ready' && current) {
          clearTimeout(current.timer);
          results.push(current.attempt > 0 ? { ...message, retried: true } : message);
        }
        next();
      });
      worker.on('error', (err) => {
        if (current) fail('died', `worker error: ${err.message}`);
        else errors.push(`worker failed outside a case: ${err.stack ?? err.message}`);
      });
      worker.on('exit', (code) => {
        if (finished) return;
        if (current) fail('died', `worker exited with code ${code}`);
        else finish();
      });
    };
    for (let w = 0; w < Math.max(1, Math.min(workers, queue.length)); w++) spawn();
    if (queue.length === 0) resolve({ results, errors });
  });
}
