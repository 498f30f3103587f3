/**
 * normalizeWeights / normalizeVertex: lock-aware renormalisation (Blender's "normalize all"
 * with locked groups), with the float32 fix-up the glTF-Validator needs.
 */
import { type FallbackJoint, InfluenceScratch, rebalance } from './influence-scratch.ts';
import { isLegalVertex } from './invariants.ts';
import type { SkinWeights } from './skin-weights.ts';

export type { FallbackJoint } from './influence-scratch.ts';

/** Outcome for one vertex. */
export type VertexOutcome = 'changed' | 'unchanged' | 'refused';

/** Options of {@link normalizeWeights} and {@link normalizeVertex}. */
export interface NormalizeOptions {
  /** Lock flags indexed by skin joint index (non-zero = locked); null for none. */
  locked?: Uint8Array | null;
  /**
   * Where to put weight a vertex has no unlocked influence to hold: returns an unlocked skin
   * joint index (e.g. the nearest bone) or -1. `exclude` is a joint that must not be returned
   * (-1 here). Absent: such vertices are refused.
   */
  fallbackJoint?: FallbackJoint | null;
  /** Only these vertices (default: all). */
  vertices?: ArrayLike<number> | null;
}

/** Defaults of {@link NormalizeOptions}. */
export const NORMALIZE_DEFAULTS: Required<NormalizeOptions> = {
  locked: null,
  fallbackJoint: null,
  vertices: null,
};

/** What {@link normalizeWeights} did. */
export interface NormalizeResult {
  /** Vertices whose slots changed. */
  changed: number;
  /** Vertices left unchanged because they could not be made legal without touching locks. */
  refused: number;
  /** The refused vertices, in order. */
  refusedVertices: number[];
}

const _s = new InfluenceScratch();

/**
 * Normalises vertex `v` in place. A vertex that is already legal (see `isLegalVertex`) is left
 * untouched, so normalising twice changes nothing and legal data stays bit-identical. Otherwise:
 *
 * 1. load the positive finite influences, merging duplicate joints (NaN/negative count as 0);
 * 2. locked joints keep their weights bit-for-bit; the remainder `max(0, 1 - lockedSum)` is
 *    spread over the unlocked joints in proportion to what they had (float64);
 * 3. if the unlocked joints have no weight, the remainder goes to `fallbackJoint(v, -1)`;
 *    without one (or if the locked weights alone exceed 1) the vertex is refused, unchanged;
 * 4. write float32 slots in canonical order, then nudge the largest unlocked weight by the
 *    float32 residual until the validator's float32 sum is within tolerance.
 */
export function normalizeVertex(
  sw: SkinWeights,
  v: number,
  options: NormalizeOptions = NORMALIZE_DEFAULTS,
): VertexOutcome {
  if (isLegalVertex(sw, v)) return 'unchanged';
  _s.load(sw, v);
  if (!rebalance(_s, sw.influences, options.locked ?? null, options.fallbackJoint, v)) return 'refused';
  return _s.store(sw, v) ? 'changed' : 'unchanged';
}

/** Normalises every vertex (or `options.vertices`) in place; see {@link normalizeVertex}. */
export function normalizeWeights(
  sw: SkinWeights,
  options: NormalizeOptions = NORMALIZE_DEFAULTS,
): NormalizeResult {
  const result: NormalizeResult = { changed: 0, refused: 0, refusedVertices: [] };
  const list = options.vertices ?? null;
  const n = list ? list.length : sw.vertexCount;
  for (let k = 0; k < n; k++) {
    const v = list ? list[k] : k;
    const outcome = normalizeVertex(sw, v, options);
    if (outcome === 'changed') result.changed++;
    else if (outcome === 'refused') {
      result.refused++;
      result.refusedVertices.push(v);
    }
  }
  return result;
}
