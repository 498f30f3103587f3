/**
 * Fitting off the main thread: FitClient runs fits in a Web Worker, one at a time, sending each
 * mesh once (the worker keeps its prepared body); `inProcessFitRunner` runs the same protocol in
 * this thread (Node, tests).
 */
import { errorOfResponse, startWorkerJob, type WorkerJob } from '../../worker/worker-job.ts';
import type { FitMesh } from './fit-mesh.ts';
import {
  type FitRequest,
  type FitResponse,
  type FitWireOptions,
  fitCache,
  handleFitRequest,
} from './fit-protocol.ts';
import type { FittedSkeleton } from './fit-skeleton.ts';

/** Runs one fit of the mesh named `key` (`mesh` is called only when it must be sent). */
export type FitRunner = (
  key: number,
  mesh: () => FitMesh,
  options: FitWireOptions,
) => WorkerJob<FittedSkeleton>;

function abortError(): Error {
  const e = new Error('The fit was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** What the client needs of a Worker. */
export interface FitWorkerLike {
  postMessage(message: FitRequest): void;
  onmessage: ((event: { data: FitResponse }) => void) | null;
  terminate(): void;
}

function browserWorker(): FitWorkerLike {
  return new Worker(new URL('./fit.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as FitWorkerLike;
}

export class FitClient {
  private worker: FitWorkerLike | null = null;
  private sentKey = -1;
  private nextId = 1;

  constructor(private readonly createWorker: () => FitWorkerLike = browserWorker) {}

  /** See {@link FitRunner}. */
  run: FitRunner = (key, mesh, options) => {
    if (!this.worker) {
      this.worker = this.createWorker();
      this.sentKey = -1;
    }
    const worker = this.worker;
    const id = this.nextId++;
    const send = key !== this.sentKey;
    this.sentKey = key;
    return startWorkerJob(
      worker,
      id,
      () => worker.postMessage({ type: 'fit', id, key, mesh: send ? mesh() : null, options }),
      (done: { fitted: FittedSkeleton }) => done.fitted,
      null,
      () => {
        if (this.worker === worker) this.worker = null;
      },
      abortError,
    );
  };

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

const localCache = fitCache();

/** Fits in this thread on the next tick, with the same cache the worker keeps. */
export const inProcessFitRunner: FitRunner = (key, mesh, options) => {
  let cancelled = false;
  const promise = new Promise<FittedSkeleton>((resolve, reject) => {
    setTimeout(() => {
      if (cancelled) return reject(abortError());
      handleFitRequest(
        { type: 'fit', id: 0, key, mesh: localCache.key === key ? null : mesh(), options },
        (m) => {
          if (m.type === 'done') resolve(m.fitted);
          else if (m.type === 'error') reject(errorOfResponse(m));
        },
        localCache,
      );
    }, 0);
  });
  return { promise, cancel: () => void (cancelled = true) };
};
