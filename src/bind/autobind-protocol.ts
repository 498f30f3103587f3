/**
 * The messages between the auto-bind client and its worker, and the worker's side of them as a
 * plain function (so it runs, and is tested, without a Worker).
 *
 * Cancelling: the worker computes synchronously, so it cannot read a 'cancel' message while it
 * works. The client passes a SharedArrayBuffer flag where the page allows one (cross-origin
 * isolated), which autobind polls; elsewhere the client terminates the worker.
 */
import { SkinWeights } from '../skin/skin-weights.ts';
import { type JobResponse, signalOfFlag } from '../worker/worker-job.ts';
import { type AutobindInput, type AutobindOptions, type AutobindStats, autobind } from './autobind.ts';
import type { BindReportItem } from './bind-report.ts';

/** Options that cross the worker boundary (no callbacks, no signal). */
export type AutobindWireOptions = Omit<
  AutobindOptions,
  'onProgress' | 'signal' | 'existing' | 'onlyJoints'
> & {
  onlyJoints?: number[] | null;
};

/** Weights as plain typed arrays (transferable). */
export interface WireWeights {
  vertexCount: number;
  influences: number;
  joints: Uint16Array;
  weights: Float32Array;
}

/** Client → worker: bind. */
export interface AutobindRequest {
  type: 'bind';
  id: number;
  input: AutobindInput;
  options: AutobindWireOptions;
  existing?: WireWeights[] | null;
  /** Int32 flag: non-zero = cancel (SharedArrayBuffer, when available). */
  abort?: SharedArrayBuffer | null;
}

/** Worker → client. */
export type AutobindResponse = JobResponse<{
  weights: WireWeights[];
  stats: AutobindStats;
  report: BindReportItem[];
}>;

/** Posts a response, transferring the listed buffers. */
export type PostResponse = (message: AutobindResponse, transfer: ArrayBuffer[]) => void;

/** SkinWeights → wire form (shares the arrays). */
export function toWire(sw: SkinWeights): WireWeights {
  return { vertexCount: sw.vertexCount, influences: sw.influences, joints: sw.joints, weights: sw.weights };
}

/** Wire form → SkinWeights (shares the arrays). */
export function fromWire(w: WireWeights): SkinWeights {
  return new SkinWeights(w.vertexCount, w.influences, w.joints, w.weights);
}

/**
 * Runs one request and posts progress (autobind throttles it to one per ~10 ms), then the
 * result (its buffers transferred) or the error (name 'AbortError' when cancelled).
 */
export function handleAutobindRequest(request: AutobindRequest, post: PostResponse): void {
  const { id } = request;
  const signal = signalOfFlag(request.abort);
  try {
    const result = autobind(request.input, {
      ...request.options,
      existing: request.existing?.map(fromWire) ?? null,
      signal,
      onProgress: (fraction) => post({ type: 'progress', id, fraction }, []),
    });
    const weights = result.weights.map(toWire);
    const transfer = weights.flatMap((w) => [
      w.joints.buffer as ArrayBuffer,
      w.weights.buffer as ArrayBuffer,
    ]);
    post({ type: 'done', id, weights, stats: result.stats, report: result.report }, transfer);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    post({ type: 'error', id, name: e.name, message: e.message }, []);
  }
}
