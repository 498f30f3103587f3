/**
 * pruneWeights: drops negligible influences (Blender's "Clean") and renormalises.
 */
import { type FallbackJoint, InfluenceScratch, isLocked, rebalance } from './influence-scratch.ts';
import type { NormalizeResult } from './normalize.ts';
import type { SkinWeights } from './skin-weights.ts';

/** Options of {@link pruneWeights}. */
export interface PruneOptions {
  /** Influences with weight below this are dropped. Blender's Clean default. */
  threshold?: number;
  /** Lock flags indexed by skin joint index (non-zero = locked); locked influences are kept. */
  locked?: Uint8Array | null;
  /** See `NormalizeOptions.fallbackJoint`. */
  fallbackJoint?: FallbackJoint | null;
  /** Only these vertices (default: all). */
  vertices?: ArrayLike<number> | null;
}

/** Defaults of {@link PruneOptions}. */
export const PRUNE_DEFAULTS: Required<PruneOptions> = {
  threshold: 0.01,
  locked: null,
  fallbackJoint: null,
  vertices: null,
};

const _s = new InfluenceScratch();

/**
 * Drops influences whose weight is below `threshold` from every vertex (or `options.vertices`),
 * in place, then renormalises the vertex lock-aware (as `normalizeVertex`). Never drops:
 *
 * - the vertex's strongest influence (so no vertex ends up empty);
 * - a locked influence;
 * - the strongest unlocked influence, when dropping it would leave only locked weights that
 *   don't sum to 1 on their own (it must stay to take the remainder).
 *
 * Vertices with nothing below the threshold are left untouched. A vertex that still cannot be
 * made legal is refused, unchanged.
 */
export function pruneWeights(sw: SkinWeights, options: PruneOptions = PRUNE_DEFAULTS): NormalizeResult {
  const { threshold, locked, fallbackJoint, vertices } = { ...PRUNE_DEFAULTS, ...options };
  const K = sw.influences;
  const result: NormalizeResult = { changed: 0, refused: 0, refusedVertices: [] };
  const n = vertices ? vertices.length : sw.vertexCount;
  for (let k = 0; k < n; k++) {
    const v = vertices ? vertices[k] : k;
    let ok = false;
    // First try dropping everything eligible, then spare the strongest unlocked influence.
    for (let attempt = 0; attempt < 2 && !ok; attempt++) {
      _s.load(sw, v);
      _s.sort();
      let spare = -1;
      if (attempt === 1) {
        for (let i = 0; i < _s.count && spare < 0; i++) if (!isLocked(locked, _s.joints[i])) spare = i;
      }
      let dropped = 0;
      for (let i = 1; i < _s.count; i++) {
        if (_s.weights[i] < threshold && i !== spare && !isLocked(locked, _s.joints[i])) {
          _s.weights[i] = 0;
          dropped++;
        }
      }
      if (dropped === 0) break;
      ok = rebalance(_s, K, locked, fallbackJoint, v);
      if (!ok && attempt === 1) {
        result.refused++;
        result.refusedVertices.push(v);
      }
    }
    if (ok && _s.store(sw, v)) result.changed++;
  }
  return result;
}
