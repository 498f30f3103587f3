/**
 * writeSkinWeights: auto-bind's working table → a legal SkinWeights (K slots, joint indices),
 * either fresh or merged into existing weights for a selected-joints rebind.
 */
import { normalizeVertex } from '../skin/normalize.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import type { InfluenceTable } from './influence-table.ts';

/** Options of {@link writeSkinWeights}. */
export interface WriteWeightsOptions {
  /** Current weights; with `selected`, only the selected joints' share is rewritten. */
  existing?: SkinWeights | null;
  /** Joints being rebound (null: a fresh bind). */
  selected?: ReadonlySet<number> | null;
  /** Lock flags by joint: locked joints keep their weights bit-for-bit. */
  locked?: Uint8Array | null;
}

// Scratch for one vertex: joint, weight (float64), up to 2·8 + table width entries.
const _j = new Int32Array(64);
const _w = new Float64Array(64);

/** Sorts the first n scratch entries strongest first, ties by joint ascending. */
function sortScratch(n: number): void {
  for (let i = 1; i < n; i++) {
    const j = _j[i];
    const w = _w[i];
    let k = i - 1;
    while (k >= 0 && (_w[k] < w || (_w[k] === w && _j[k] > j))) {
      _j[k + 1] = _j[k];
      _w[k + 1] = _w[k];
      k--;
    }
    _j[k + 1] = j;
    _w[k + 1] = w;
  }
}

/** Writes the n scratch entries (sorted) into vertex v's K slots as float32. */
function storeScratch(sw: SkinWeights, v: number, n: number): void {
  const K = sw.influences;
  for (let i = 0; i < K; i++) {
    const w = i < n ? Math.fround(_w[i]) : 0;
    sw.joints[v * K + i] = w > 0 ? _j[i] : 0;
    sw.weights[v * K + i] = Math.max(w, 0);
  }
}

/**
 * Writes `table` (labels are segment indices; `segmentJoint` maps them to joints) into a new
 * SkinWeights of K influences. Fresh bind: the K strongest labels, renormalised. Rebind: each
 * vertex's weight on selected, unlocked joints (its "share") is replaced by the table's weights
 * scaled to that share; other joints keep theirs; if that makes more than K influences the
 * weakest unlocked ones go and the unlocked rest is rescaled. Vertices with no share are left
 * as they were and counted in `unchanged`. Every written vertex is then made legal by
 * `normalizeVertex` (float32 sum fix-up that never touches locked weights).
 */
export function writeSkinWeights(
  table: InfluenceTable,
  segmentJoint: Int32Array,
  K: number,
  options: WriteWeightsOptions = {},
): { weights: SkinWeights; unchanged: number } {
  const n = table.vertexCount;
  const W = table.width;
  const existing = options.existing ?? null;
  const selected = options.selected ?? null;
  const locked = options.locked ?? null;
  const isLocked = (j: number) => locked != null && locked[j] > 0;
  const rebind = selected !== null && existing !== null;
  const sw = rebind ? existing.clone() : new SkinWeights(n, K);
  if (rebind && (sw.influences !== K || sw.vertexCount !== n)) {
    throw new RangeError('existing weights must have the same vertex count and influences as the result');
  }
  let unchanged = 0;
  for (let v = 0; v < n; v++) {
    let count = 0;
    let share = 1;
    if (rebind) {
      share = 0;
      for (let i = v * K; i < v * K + K; i++) {
        const j = sw.joints[i];
        const w = sw.weights[i];
        if (!(w > 0)) continue;
        if (selected.has(j) && !isLocked(j)) share += w;
        else {
          _j[count] = j;
          _w[count++] = w;
        }
      }
      if (!(share > 0) || table.labels[v * W] < 0) {
        unchanged++;
        continue;
      }
    }
    for (let i = v * W; i < v * W + W; i++) {
      const l = table.labels[i];
      if (l < 0) break;
      _j[count] = segmentJoint[l];
      _w[count++] = table.weights[i] * share;
    }
    sortScratch(count);
    // Keep the K strongest, but never drop a locked joint.
    if (count > K) {
      count = compactTop(count, K, isLocked);
    }
    // Renormalise the unlocked entries to fill what the locked ones leave.
    let lockedSum = 0;
    let unlockedSum = 0;
    for (let i = 0; i < count; i++) {
      if (isLocked(_j[i])) lockedSum += _w[i];
      else unlockedSum += _w[i];
    }
    const scale = unlockedSum > 0 ? Math.max(0, 1 - lockedSum) / unlockedSum : 0;
    for (let i = 0; i < count; i++) if (!isLocked(_j[i])) _w[i] *= scale;
    sortScratch(count);
    storeScratch(sw, v, count);
    normalizeVertex(sw, v, { locked });
  }
  return { weights: sw, unchanged };
}

/**
 * Keeps the strongest entries so that at most K remain, never dropping a locked one; the
 * scratch stays sorted. Returns the new count.
 */
function compactTop(count: number, K: number, isLocked: (j: number) => boolean): number {
  let lockedCount = 0;
  for (let i = 0; i < count; i++) if (isLocked(_j[i])) lockedCount++;
  let unlockedRoom = Math.max(0, K - lockedCount);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const keep = isLocked(_j[i]) || unlockedRoom-- > 0;
    if (!keep) continue;
    _j[n] = _j[i];
    _w[n++] = _w[i];
  }
  return n;
}
