/**
 * limitInfluences: caps the number of influences per vertex (keeps the strongest, renormalises).
 */
import { type FallbackJoint, InfluenceScratch, rebalance } from './influence-scratch.ts';
import type { NormalizeResult } from './normalize.ts';
import type { SkinWeights } from './skin-weights.ts';

/** Options of {@link limitInfluences}. */
export interface LimitOptions {
  /** Most non-zero influences a vertex may keep (1..K). */
  maxInfluences?: number;
  /** Lock flags indexed by skin joint index (non-zero = locked); null for none. */
  locked?: Uint8Array | null;
  /** See `NormalizeOptions.fallbackJoint`; only used when locks leave no unlocked influence. */
  fallbackJoint?: FallbackJoint | null;
  /** Only these vertices (default: all). */
  vertices?: ArrayLike<number> | null;
}

/** Defaults of {@link LimitOptions}. */
export const LIMIT_DEFAULTS: Required<LimitOptions> = {
  maxInfluences: 4,
  locked: null,
  fallbackJoint: null,
  vertices: null,
};

const _s = new InfluenceScratch();

/**
 * Limits every vertex (or `options.vertices`) to `maxInfluences` non-zero influences, in place:
 *
 * 1. vertices already within the limit are left untouched;
 * 2. locked influences are always kept; the strongest unlocked ones fill the remaining places
 *    (ties: lower joint index); if more than `maxInfluences` are locked, the vertex is refused;
 * 3. the kept weights are renormalised lock-aware (as `normalizeVertex`); a vertex that cannot
 *    be (only locked weights left, not summing to 1, no fallback) is refused, unchanged.
 *
 * The SkinWeights keeps its K slots; the dropped ones become joint 0 weight 0.
 */
export function limitInfluences(sw: SkinWeights, options: LimitOptions = LIMIT_DEFAULTS): NormalizeResult {
  const { maxInfluences, locked, fallbackJoint, vertices } = { ...LIMIT_DEFAULTS, ...options };
  const K = sw.influences;
  if (!Number.isInteger(maxInfluences) || maxInfluences < 1) {
    throw new RangeError(`maxInfluences must be a positive integer (got ${maxInfluences})`);
  }
  const result: NormalizeResult = { changed: 0, refused: 0, refusedVertices: [] };
  if (maxInfluences >= K) return result;
  const n = vertices ? vertices.length : sw.vertexCount;
  for (let k = 0; k < n; k++) {
    const v = vertices ? vertices[k] : k;
    _s.load(sw, v);
    if (_s.count <= maxInfluences) continue;
    if (
      !_s.keepStrongest(maxInfluences, locked) ||
      !rebalance(_s, K, locked, fallbackJoint, v, -1, maxInfluences)
    ) {
      result.refused++;
      result.refusedVertices.push(v);
      continue;
    }
    if (_s.store(sw, v)) result.changed++;
  }
  return result;
}
