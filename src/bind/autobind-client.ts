/**
 * AutobindClient: runs auto-bind in a Web Worker, one job at a time, with progress and cancel.
 * The UI stays responsive; the weights come back as transferred buffers.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { AutobindInput, AutobindStats } from './autobind.ts';
import {
  type AutobindRequest,
  type AutobindResponse,
  type AutobindWireOptions,
  fromWire,
  toWire,
} from './autobind-protocol.ts';
import { abortError } from './geodesic-labels.ts';

/** What the client needs of a Worker (a fake one runs the protocol in-process in tests). */
export interface WorkerLike {
  postMessage(message: AutobindRequest): void;
  onmessage: ((event: { data: AutobindResponse }) => void) | null;
  terminate(): void;
}

/** A running job: its result, and how to stop it. */
export interface AutobindJob {
  promise: Promise<{ weights: SkinWeights[]; stats: AutobindStats }>;
  /** Stops the job; `promise` rejects with an AbortError and no weights change anywhere. */
  cancel(): void;
}

/** The browser worker (Vite bundles the module worker from this URL). */
function browserWorker(): WorkerLike {
  return new Worker(new URL('./autobind.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;
}

/** True where a SharedArrayBuffer can be posted to a worker (cross-origin isolated pages, Node). */
function canShareFlag(): boolean {
  const g = globalThis as { crossOriginIsolated?: boolean };
  return typeof SharedArrayBuffer !== 'undefined' && g.crossOriginIsolated !== false;
}

export class AutobindClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;

  constructor(private readonly createWorker: () => WorkerLike = browserWorker) {}

  /** Starts a bind; `existing` weights are needed with `options.onlyJoints`. */
  run(
    input: AutobindInput,
    options: AutobindWireOptions = {},
    onProgress: ((fraction: number) => void) | null = null,
    existing: readonly SkinWeights[] | null = null,
  ): AutobindJob {
    this.worker ??= this.createWorker();
    const worker = this.worker;
    const id = this.nextId++;
    const abort = canShareFlag() ? new SharedArrayBuffer(4) : null;
    let settle: {
      resolve: (r: { weights: SkinWeights[]; stats: AutobindStats }) => void;
      reject: (e: Error) => void;
    };
    const promise = new Promise<{ weights: SkinWeights[]; stats: AutobindStats }>((resolve, reject) => {
      settle = { resolve, reject };
    });
    let done = false;
    worker.onmessage = ({ data }) => {
      if (data.id !== id || done) return;
      if (data.type === 'progress') onProgress?.(data.fraction);
      else if (data.type === 'done') {
        done = true;
        settle.resolve({ weights: data.weights.map(fromWire), stats: data.stats });
      } else {
        done = true;
        const err = new Error(data.message);
        err.name = data.name;
        settle.reject(err);
      }
    };
    worker.postMessage({
      type: 'bind',
      id,
      input,
      options,
      existing: existing?.map((sw) => toWire(sw.clone())) ?? null,
      abort,
    });
    return {
      promise,
      cancel: () => {
        if (done) return;
        if (abort) {
          Atomics.store(new Int32Array(abort), 0, 1);
          return;
        }
        // No shared flag: the worker cannot be told mid-computation, so it is replaced.
        done = true;
        worker.terminate();
        if (this.worker === worker) this.worker = null;
        settle.reject(abortError());
      },
    };
  }

  /** Terminates the worker. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
