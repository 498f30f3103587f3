/**
 * AutobindClient: runs auto-bind in a Web Worker, one job at a time, with progress and cancel.
 * The UI stays responsive; the weights come back as transferred buffers.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import { startWorkerJob } from '../worker/worker-job.ts';
import type { AutobindInput, AutobindResult, AutobindStats } from './autobind.ts';
import {
  type AutobindRequest,
  type AutobindResponse,
  type AutobindWireOptions,
  fromWire,
  toWire,
  type WireWeights,
} from './autobind-protocol.ts';
import type { BindReportItem } from './bind-report.ts';
import { abortError } from './geodesic-labels.ts';

/** What the client needs of a Worker (a fake one runs the protocol in-process in tests). */
export interface WorkerLike {
  postMessage(message: AutobindRequest): void;
  onmessage: ((event: { data: AutobindResponse }) => void) | null;
  terminate(): void;
}

/** A running job: its result, and how to stop it. */
export interface AutobindJob {
  promise: Promise<AutobindResult>;
  /** Stops the job; `promise` rejects with an AbortError and no weights change anywhere. */
  cancel(): void;
}

/** The browser worker (Vite bundles the module worker from this URL). */
function browserWorker(): WorkerLike {
  return new Worker(new URL('./autobind.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;
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
    return startWorkerJob(
      worker,
      id,
      (abort) =>
        worker.postMessage({
          type: 'bind',
          id,
          input,
          options,
          existing: existing?.map((sw) => toWire(sw.clone())) ?? null,
          abort,
        }),
      (done: { weights: WireWeights[]; stats: AutobindStats; report: BindReportItem[] }) => ({
        weights: done.weights.map(fromWire),
        stats: done.stats,
        report: done.report,
      }),
      onProgress,
      () => {
        if (this.worker === worker) this.worker = null;
      },
      abortError,
    );
  }

  /** Terminates the worker. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
