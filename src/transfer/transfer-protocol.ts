/**
 * The messages between the transfer client and its worker, and the worker's side of them as a
 * plain function (run, and tested, without a Worker). Same shape as auto-bind's protocol:
 * weights cross as plain typed arrays, results come back with their buffers transferred, and
 * Cancel is a SharedArrayBuffer flag where the page allows one (else the client terminates).
 */
import { fromWire, toWire, type WireWeights } from '../bind/autobind-protocol.ts';
import { computeTransfer, type TransferWork, type TransferWorkResult } from '../gltf/transfer-meshes.ts';
import { type JobResponse, signalOfFlag } from '../worker/worker-job.ts';

/** TransferWork with its SkinWeights as wire weights. */
export interface WireWork {
  groups: {
    sources: {
      positions: Float32Array;
      indices: Uint32Array | null;
      weights: WireWeights;
      jointMap: Int32Array | null;
    }[];
    jointCount: number;
    targets: {
      positions: Float32Array;
      indices: Uint32Array;
      existing: WireWeights | null;
      influences: number;
    }[];
  }[];
  options: TransferWork['options'];
}

export interface WireResult {
  weights: WireWeights;
  status: Uint8Array;
  matched: number;
  inpainted: number;
  seeded: number;
  kept: number;
}

export interface TransferRequest {
  type: 'transfer';
  id: number;
  work: WireWork;
  abort?: SharedArrayBuffer | null;
}

export type TransferResponse = JobResponse<{ results: WireResult[][] }>;

export function workToWire(work: TransferWork): WireWork {
  return {
    options: work.options,
    groups: work.groups.map((g) => ({
      jointCount: g.jointCount,
      sources: g.sources.map((s) => ({
        positions: s.positions,
        indices: s.indices,
        weights: toWire(s.weights),
        jointMap: s.jointMap ?? null,
      })),
      targets: g.targets.map((t) => ({ ...t, existing: t.existing ? toWire(t.existing) : null })),
    })),
  };
}

export function workFromWire(work: WireWork): TransferWork {
  return {
    options: work.options,
    groups: work.groups.map((g) => ({
      jointCount: g.jointCount,
      sources: g.sources.map((s) => ({ ...s, weights: fromWire(s.weights) })),
      targets: g.targets.map((t) => ({ ...t, existing: t.existing ? fromWire(t.existing) : null })),
    })),
  };
}

export function resultsFromWire(results: WireResult[][]): TransferWorkResult[][] {
  return results.map((g) => g.map((r) => ({ ...r, weights: fromWire(r.weights) })));
}

/** Runs one request; posts progress, then the results (buffers transferred) or the error. */
export function handleTransferRequest(
  request: TransferRequest,
  post: (message: TransferResponse, transfer: ArrayBuffer[]) => void,
): void {
  const { id } = request;
  const signal = signalOfFlag(request.abort);
  try {
    const results = computeTransfer(
      workFromWire(request.work),
      (fraction) => post({ type: 'progress', id, fraction }, []),
      signal,
    );
    const wire = results.map((g) =>
      g.map((r) => ({
        weights: toWire(r.weights),
        status: r.status,
        matched: r.matched,
        inpainted: r.inpainted,
        seeded: r.seeded,
        kept: r.kept,
      })),
    );
    const transfer = wire.flatMap((g) =>
      g.flatMap((r) => [r.weights.joints.buffer, r.weights.weights.buffer, r.status.buffer] as ArrayBuffer[]),
    );
    post({ type: 'done', id, results: wire }, transfer);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    post(
      { type: 'error', id, name: e.name === 'TransferCancelled' ? 'AbortError' : e.name, message: e.message },
      [],
    );
  }
}
