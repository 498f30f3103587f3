/**
 * WeightPatch: what one step changed on one primitive — the touched vertices with their slots
 * before and after. Undo writes `before` back, redo writes `after`, bit for bit.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';

export interface WeightPatch {
  /** SkinnedModel primitive id. */
  primitive: number;
  /** Slots per vertex (K). */
  influences: number;
  /** Touched vertices (local to the primitive), each once. */
  vertices: Uint32Array;
  beforeJoints: Uint16Array;
  beforeWeights: Float32Array;
  afterJoints: Uint16Array;
  afterWeights: Float32Array;
  /** Smallest touched vertex and one past the largest: the range the viewport re-uploads. */
  start: number;
  end: number;
}

/** Bit views of float arrays, so copies keep every bit (NaN payloads, -0). */
function bitsOf(a: Float32Array): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, a.length);
}

/** Writes the patch's `before` (undo) or `after` (redo) slots into `sw`. */
export function applyWeightPatch(patch: WeightPatch, sw: SkinWeights, side: 'before' | 'after'): void {
  const K = patch.influences;
  if (sw.influences !== K)
    throw new RangeError(`patch has ${K} slots per vertex, weights have ${sw.influences}`);
  const joints = side === 'before' ? patch.beforeJoints : patch.afterJoints;
  const weights = bitsOf(side === 'before' ? patch.beforeWeights : patch.afterWeights);
  const dst = bitsOf(sw.weights);
  const { vertices } = patch;
  for (let k = 0; k < vertices.length; k++) {
    const s = vertices[k] * K;
    for (let i = 0; i < K; i++) {
      sw.joints[s + i] = joints[k * K + i];
      dst[s + i] = weights[k * K + i];
    }
  }
}

/** Memory a patch holds, in bytes. */
export function weightPatchBytes(patch: WeightPatch): number {
  return (
    patch.vertices.byteLength +
    patch.beforeJoints.byteLength +
    patch.beforeWeights.byteLength +
    patch.afterJoints.byteLength +
    patch.afterWeights.byteLength +
    64
  );
}

/**
 * One patch doing `first` then `second` (same primitive): the union of their vertices, with
 * `before` from the first patch that touched a vertex and `after` from the last.
 */
export function mergeWeightPatches(first: WeightPatch, second: WeightPatch): WeightPatch {
  if (first.primitive !== second.primitive || first.influences !== second.influences) {
    throw new Error('mergeWeightPatches: patches of different primitives');
  }
  const K = first.influences;
  const index = new Map<number, number>();
  const order: number[] = [];
  for (const p of [first, second]) {
    for (const v of p.vertices) {
      if (!index.has(v)) {
        index.set(v, order.length);
        order.push(v);
      }
    }
  }
  const n = order.length;
  const out: WeightPatch = {
    primitive: first.primitive,
    influences: K,
    vertices: Uint32Array.from(order),
    beforeJoints: new Uint16Array(n * K),
    beforeWeights: new Float32Array(n * K),
    afterJoints: new Uint16Array(n * K),
    afterWeights: new Float32Array(n * K),
    start: Math.min(first.start, second.start),
    end: Math.max(first.end, second.end),
  };
  const ob = bitsOf(out.beforeWeights);
  const oa = bitsOf(out.afterWeights);
  // Later writes win for `after`, earlier for `before`: second's before only where first lacks v.
  for (const p of [second, first]) {
    const w = bitsOf(p.beforeWeights);
    p.vertices.forEach((v, k) => {
      const o = index.get(v)! * K;
      for (let i = 0; i < K; i++) {
        out.beforeJoints[o + i] = p.beforeJoints[k * K + i];
        ob[o + i] = w[k * K + i];
      }
    });
  }
  for (const p of [first, second]) {
    const w = bitsOf(p.afterWeights);
    p.vertices.forEach((v, k) => {
      const o = index.get(v)! * K;
      for (let i = 0; i < K; i++) {
        out.afterJoints[o + i] = p.afterJoints[k * K + i];
        oa[o + i] = w[k * K + i];
      }
    });
  }
  return out;
}
