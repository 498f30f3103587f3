/**
 * TransferClient: runs weight transfer in a Web Worker, one job at a time, with progress and
 * Cancel (as AutobindClient does for auto-bind).
 */
import type { TransferWork, TransferWorkResult } from '../gltf/transfer-meshes.ts';
import { startWorkerJob } from '../worker/worker-job.ts';
import {
  resultsFromWire,
  type TransferRequest,
  type TransferResponse,
  type WireResult,
  workToWire,
} from './transfer-protocol.ts';

export interface TransferWorkerLike {
  postMessage(message: TransferRequest): void;
  onmessage: ((event: { data: TransferResponse }) => void) | null;
  terminate(): void;
}

/** A running transfer: its results, and how to stop it (the promise rejects with an AbortError). */
export interface TransferJob {
  promise: Promise<TransferWorkResult[][]>;
  cancel(): void;
}

/** Runs a transfer's work somewhere (the worker in the app; in-process in Node and tests). */
export type TransferRunner = (work: TransferWork, onProgress: ((f: number) => void) | null) => TransferJob;

function abortError(): Error {
  const e = new Error('Weight transfer cancelled.');
  e.name = 'AbortError';
  return e;
}

function browserWorker(): TransferWorkerLike {
  return new Worker(new URL('./transfer.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as TransferWorkerLike;
}

export class TransferClient {
  private worker: TransferWorkerLike | null = null;
  private nextId = 1;

  constructor(private readonly createWorker: () => TransferWorkerLike = browserWorker) {}

  run(work: TransferWork, onProgress: ((f: number) => void) | null = null): TransferJob {
    this.worker ??= this.createWorker();
    const worker = this.worker;
    const id = this.nextId++;
    return startWorkerJob(
      worker,
      id,
      // The work's arrays are copies the editor made for this job: nothing else reads them.
      (abort) => worker.postMessage({ type: 'transfer', id, work: workToWire(work), abort }),
      (done: { results: WireResult[][] }) => resultsFromWire(done.results),
      onProgress,
      () => {
        if (this.worker === worker) this.worker = null;
      },
      abortError,
    );
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
