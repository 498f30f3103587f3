import { checkSlotInvariants, type InvariantReason } from '../skin/invariants.ts';
import { readAccessorAsFloat } from './accessor-data.ts';
import type { SkinnedModel } from './skinned-model.ts';

/** The weights as stored in the file, before import repaired them. */
export interface FileWeightStats {
  /** Slots per vertex in the file: 4 per JOINTS_n/WEIGHTS_n set (the most any primitive has). */
  storedInfluences: number;
  /** `influenceHistogram[n]`: skinned vertices with n non-zero weights in the file. */
  influenceHistogram: number[];
  /**
   * Vertices whose stored weights are wrong (what the glTF-Validator rejects, or worse): not
   * finite, negative, a joint out of range, a joint twice, or a sum other than 1.
   */
  invalidVertices: number;
  invalidByReason: Partial<Record<InvariantReason, number>>;
  /** Legal vertices whose slots are not in the editor's canonical order (import reorders them). */
  nonCanonicalVertices: number;
}

let _j = new Float64Array(8);
let _w = new Float64Array(8);

/** Sorts the K scratch slots strongest first and zeroes the joints of zero weights (layout only). */
function layoutScratch(K: number): void {
  for (let i = 1; i < K; i++) {
    const j = _j[i];
    const w = _w[i];
    let k = i - 1;
    while (k >= 0 && _w[k] < w) {
      _j[k + 1] = _j[k];
      _w[k + 1] = _w[k];
      k--;
    }
    _j[k + 1] = j;
    _w[k + 1] = w;
  }
  for (let i = 0; i < K; i++) if (_w[i] === 0) _j[i] = 0;
}

/**
 * Counts influences and invariant violations of every skinned primitive's stored JOINTS_n /
 * WEIGHTS_n (normalized integers read as [0, 1]). A vertex is checked twice: as stored, and with
 * its slots sorted, so that an unsorted but otherwise correct vertex (common, and legal glTF) is
 * not counted as invalid.
 */
export function fileWeightStats(model: SkinnedModel): FileWeightStats {
  let sets = 1;
  for (const p of model.primitives) while (p.primitive.getAttribute(`JOINTS_${sets}`)) sets++;
  const K = sets * 4;
  if (_j.length < K) {
    _j = new Float64Array(K);
    _w = new Float64Array(K);
  }
  const histogram = new Array<number>(K + 1).fill(0);
  const byReason: Partial<Record<InvariantReason, number>> = {};
  let invalid = 0;
  let nonCanonical = 0;
  for (const p of model.primitives) {
    const jointCount = Math.min(...p.skins.map((s) => model.skins[s].joints.length));
    const joints: ArrayLike<number>[] = [];
    const weights: Float64Array[] = [];
    for (let s = 0; s < sets; s++) {
      const j = p.primitive.getAttribute(`JOINTS_${s}`);
      const w = p.primitive.getAttribute(`WEIGHTS_${s}`);
      joints.push(j?.getArray() ?? new Uint8Array(0));
      weights.push(w ? readAccessorAsFloat(w) : new Float64Array(0));
    }
    const count = p.weights.vertexCount;
    for (let v = 0; v < count; v++) {
      let n = 0;
      for (let s = 0; s < sets; s++) {
        const has = weights[s].length >= (v + 1) * 4 && joints[s].length >= (v + 1) * 4;
        for (let c = 0; c < 4; c++) {
          _j[s * 4 + c] = has ? joints[s][v * 4 + c] : 0;
          _w[s * 4 + c] = has ? weights[s][v * 4 + c] : 0;
          if (_w[s * 4 + c] !== 0) n++;
        }
      }
      histogram[n]++;
      const asStored = checkSlotInvariants(_j, _w, 0, K, jointCount);
      if (asStored === null) continue;
      layoutScratch(K);
      const reason = checkSlotInvariants(_j, _w, 0, K, jointCount);
      if (reason === null) nonCanonical++;
      else {
        invalid++;
        byReason[reason] = (byReason[reason] ?? 0) + 1;
      }
    }
  }
  return {
    storedInfluences: K,
    influenceHistogram: histogram,
    invalidVertices: invalid,
    invalidByReason: byReason,
    nonCanonicalVertices: nonCanonical,
  };
}
