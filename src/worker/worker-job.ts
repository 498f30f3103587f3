/**
 * One job on a Web Worker, the way every Skinsmith worker runs (auto-bind, weight transfer): the
 * request goes out with an abort flag, progress and one result (or error) come back tagged with
 * the job's id, and Cancel raises the flag — or, where a SharedArrayBuffer cannot be posted (a
 * page that is not cross-origin isolated), terminates the worker.
 */

/** What a job needs of a Worker (tests pass a fake one running the protocol in-process). */
export interface JobWorker<Request, Response> {
  postMessage(message: Request): void;
  onmessage: ((event: { data: Response }) => void) | null;
  terminate(): void;
}

/** The responses every worker protocol shares. */
export type JobResponse<Done> =
  | { type: 'progress'; id: number; fraction: number }
  | ({ type: 'done'; id: number } & Done)
  | { type: 'error'; id: number; name: string; message: string; detail?: Record<string, unknown> };

/** The Error a job's error response stands for: its name, message and any detail fields. */
export function errorOfResponse(data: {
  name: string;
  message: string;
  detail?: Record<string, unknown>;
}): Error {
  const err = new Error(data.message);
  err.name = data.name;
  if (data.detail) Object.assign(err, data.detail);
  return err;
}

export interface WorkerJob<Result> {
  promise: Promise<Result>;
  /** Stops the job; `promise` rejects with an AbortError. */
  cancel(): void;
}

/** True where a SharedArrayBuffer can be posted to a worker (cross-origin isolated pages, Node). */
export function canShareAbortFlag(): boolean {
  const g = globalThis as { crossOriginIsolated?: boolean };
  return typeof SharedArrayBuffer !== 'undefined' && g.crossOriginIsolated !== false;
}

/** The worker's side of the flag: a signal whose `aborted` reads it (null without a flag). */
export function signalOfFlag(
  abort: SharedArrayBuffer | null | undefined,
): { readonly aborted: boolean } | null {
  if (!abort) return null;
  const flag = new Int32Array(abort);
  return {
    get aborted() {
      return Atomics.load(flag, 0) !== 0;
    },
  };
}

/**
 * Starts job `id` on `worker`: `send(abort)` posts the request; `decode` turns the 'done'
 * response into the result. `onTerminated` is told when Cancel had to terminate the worker (its
 * owner makes a new one next time). `abortError` makes the rejection of a terminated job.
 */
export function startWorkerJob<Request, Done, Result>(
  worker: JobWorker<Request, JobResponse<Done>>,
  id: number,
  send: (abort: SharedArrayBuffer | null) => void,
  decode: (done: Done) => Result,
  onProgress: ((fraction: number) => void) | null,
  onTerminated: () => void,
  abortError: () => Error,
): WorkerJob<Result> {
  const abort = canShareAbortFlag() ? new SharedArrayBuffer(4) : null;
  let settle!: { resolve: (r: Result) => void; reject: (e: Error) => void };
  const promise = new Promise<Result>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let done = false;
  worker.onmessage = ({ data }) => {
    if (data.id !== id || done) return;
    if (data.type === 'progress') onProgress?.(data.fraction);
    else if (data.type === 'done') {
      done = true;
      settle.resolve(decode(data as Done));
    } else {
      done = true;
      settle.reject(errorOfResponse(data));
    }
  };
  send(abort);
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
      onTerminated();
      settle.reject(abortError());
    },
  };
}
