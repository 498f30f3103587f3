/**
 * TransferClient: runs weight transfer in a Web Worker, one job at a time, with progress and
 * Cancel (as AutobindClient does for auto-bind).
 */
import type { TransferWork, TransferWorkResult } from '../gltf/transfer-meshes.ts';
import {
  resultsFromWire,
  type TransferRequest,
  type TransferResponse,
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
    const g = globalThis as { crossOriginIsolated?: boolean };
    const abort =
      typeof SharedArrayBuffer !== 'undefined' && g.crossOriginIsolated !== false
        ? new SharedArrayBuffer(4)
        : null;
    let settle!: { resolve: (r: TransferWorkResult[][]) => void; reject: (e: Error) => void };
    const promise = new Promise<TransferWorkResult[][]>((resolve, reject) => {
      settle = { resolve, reject };
    });
    let done = false;
    worker.onmessage = ({ data }) => {
      if (data.id !== id || done) return;
      if (data.type === 'progress') onProgress?.(data.fraction);
      else if (data.type === 'done') {
        done = true;
        settle.resolve(resultsFromWire(data.results));
      } else {
        done = true;
        const err = new Error(data.message);
        err.name = data.name;
        settle.reject(err);
      }
    };
    // The work's arrays are copies the editor made for this job: nothing else reads them.
    worker.postMessage({ type: 'transfer', id, work: workToWire(work), abort });
    return {
      promise,
      cancel: () => {
        if (done) return;
        if (abort) {
          Atomics.store(new Int32Array(abort), 0, 1);
          return;
        }
        done = true;
        worker.terminate();
        if (this.worker === worker) this.worker = null;
        settle.reject(abortError());
      },
    };
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
