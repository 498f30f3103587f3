/**
 * resizeInfluences: changes K (influences per vertex), e.g. 4 ↔ 8 when the user switches between
 * one and two glTF sets, producing a new SkinWeights.
 */
import { type FallbackJoint, InfluenceScratch, rebalance } from './influence-scratch.ts';
import { SkinWeights } from './skin-weights.ts';

/** Options of {@link resizeInfluences}. */
export interface ResizeOptions {
  /** Lock flags indexed by skin joint index (non-zero = locked); null for none. */
  locked?: Uint8Array | null;
  /** See `NormalizeOptions.fallbackJoint`. */
  fallbackJoint?: FallbackJoint | null;
}

/** Defaults of {@link ResizeOptions}. */
export const RESIZE_DEFAULTS: Required<ResizeOptions> = { locked: null, fallbackJoint: null };

/** What {@link resizeInfluences} did. */
export interface ResizeResult {
  /** The new weights, with `influences` slots per vertex. */
  weights: SkinWeights;
  /** Vertices that lost influences (had more than the new K) and were renormalised. */
  truncated: number;
  /**
   * Vertices where the locks could not be honoured (more locked influences than the new K, or
   * only locked weights left that don't sum to 1): they were limited ignoring locks. Listed
   * so the UI can say so; a smaller K is a structural choice that has to apply to every vertex.
   */
  locksOverridden: number[];
}

const _s = new InfluenceScratch();

/**
 * Returns a copy of `sw` with `influences` slots per vertex (the input is not modified).
 *
 * 1. vertices with at most `influences` non-zero weights are copied slot for slot (bit-identical,
 *    extra slots joint 0 weight 0; growing K never changes a weight);
 * 2. others keep their locked influences and the strongest unlocked ones, renormalised
 *    lock-aware (as `limitInfluences`);
 * 3. where locks make that impossible, the strongest `influences` are kept ignoring locks and
 *    renormalised plainly; those vertices are listed in `locksOverridden`.
 */
export function resizeInfluences(
  sw: SkinWeights,
  influences: number,
  options: ResizeOptions = RESIZE_DEFAULTS,
): ResizeResult {
  const { locked, fallbackJoint } = { ...RESIZE_DEFAULTS, ...options };
  if (!Number.isInteger(influences) || influences < 1) {
    throw new RangeError(`influences must be a positive integer (got ${influences})`);
  }
  const K = sw.influences;
  const K2 = influences;
  const out = new SkinWeights(sw.vertexCount, K2);
  const result: ResizeResult = { weights: out, truncated: 0, locksOverridden: [] };
  for (let v = 0; v < sw.vertexCount; v++) {
    let used = 0;
    for (let i = 0; i < K; i++) if (sw.weights[v * K + i] !== 0) used = i + 1;
    if (used <= K2) {
      const n = Math.min(K, K2);
      for (let i = 0; i < n; i++) {
        out.joints[v * K2 + i] = sw.joints[v * K + i];
        out.weights[v * K2 + i] = sw.weights[v * K + i];
      }
      continue;
    }
    result.truncated++;
    _s.load(sw, v);
    if (!(_s.keepStrongest(K2, locked) && rebalance(_s, K2, locked, fallbackJoint, v))) {
      result.locksOverridden.push(v);
      _s.load(sw, v);
      _s.keepStrongest(K2, null);
      if (!rebalance(_s, K2, null, null, v)) throw new Error(`internal: cannot resize vertex ${v}`);
    }
    _s.store(out, v);
  }
  return result;
}
