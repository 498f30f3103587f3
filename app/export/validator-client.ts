import {
  setValidatorRunner,
  type ValidateInput,
  type ValidateOptions,
  type ValidationReport,
  validateHere,
} from '../../src/gltf/validate.ts';
import type { ValidateRequest } from './validator.worker.ts';

type Reply = { id: number; report: ValidationReport } | { id: number; error: string };

/** The worker could not start or died: not the file's fault, so validation retries in the page. */
class WorkerFailure extends Error {}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (r: ValidationReport) => void; reject: (e: Error) => void }>();

/** Started on the first validation: the worker's chunk holds the validator (~90 kB gzipped). */
function startWorker(): Worker {
  const w = new Worker(new URL('./validator.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = ({ data }: MessageEvent<Reply>) => {
    const call = pending.get(data.id);
    pending.delete(data.id);
    if (!call) return;
    if ('report' in data) call.resolve(data.report);
    else call.reject(new Error(data.error));
  };
  w.onerror = (event) => {
    event.preventDefault();
    for (const call of pending.values()) call.reject(new WorkerFailure(event.message || 'worker failed'));
    pending.clear();
    w.terminate();
    worker = null;
  };
  return w;
}

function viaWorker(input: ValidateInput, options: Required<ValidateOptions>): Promise<ValidationReport> {
  return new Promise((resolve, reject) => {
    try {
      worker ??= startWorker();
    } catch (err) {
      reject(new WorkerFailure(String(err)));
      return;
    }
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    // Copied, not transferred: the export dialog still needs the bytes for the download.
    worker.postMessage({ id, input, options } satisfies ValidateRequest);
  });
}

/**
 * Sends every validation to a worker, so a large export validates while the page stays
 * responsive. Where a worker cannot run, it validates on this thread as before.
 */
export function installValidatorWorker(): void {
  if (typeof Worker === 'undefined') return;
  setValidatorRunner(async (input, options) => {
    try {
      return await viaWorker(input, options);
    } catch (err) {
      if (err instanceof WorkerFailure) return validateHere(input, options);
      throw err;
    }
  });
}
