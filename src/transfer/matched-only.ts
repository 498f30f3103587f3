/**
 * "Only where matched": the write step of a transfer onto a mesh that already has weights, for a
 * source that covers only part of it (a re-modelled torso over a full body, a sleeve over an
 * arm). Vertices the source reaches take its weights; the others keep theirs bit for bit, so a
 * transfer never rewrites what it cannot match. At the border the two would meet with a step, so
 * the matched vertices within `border` edge rings of a kept one blend from their own weights to
 * the transferred ones: ring d of b gets d / (b + 1) of the transferred weights. Both sides sum
 * to 1 with locked joints at their own values, so the blend does too (written lock-aware and
 * limited to K by assignInfluences, DESIGN.md invariants 1–3; seam copies blend alike).
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import { assignInfluences } from '../tools/assign-influences.ts';
import { fallbackJoint, type Matching, TransferStatus } from './match-target.ts';
import type { TargetGraph } from './target-graph.ts';
import type { TransferOptions, TransferResult } from './transfer-weights.ts';

/** Writes matched vertices (blended at the border) over a copy of `existing`; the rest is kept. */
export function writeMatchedOnly(
  { graph, table, fixed, seeds, sum }: Matching,
  existing: SkinWeights,
  o: Pick<TransferOptions, 'border' | 'locked' | 'onProgress'>,
  start: number,
): TransferResult {
  const n = existing.vertexCount;
  const weights = existing.clone();
  const status = new Uint8Array(n);
  const result: TransferResult = {
    weights,
    status,
    matched: 0,
    inpainted: 0,
    seeded: 0,
    kept: 0,
    refused: 0,
    ms: 0,
  };
  // Seeds are guesses for pieces the source does not reach: not matched, so kept.
  const matched = new Uint8Array(graph.count);
  for (let u = 0; u < graph.count; u++) matched[u] = fixed[u] === 1 && !seeds[u] ? 1 : 0;
  const share = transferredShare(graph, matched, o.border);
  const fallback = (v: number, exclude: number) => fallbackJoint(table, graph.weld[v], exclude, o.locked);
  for (let v = 0; v < n; v++) {
    const u = graph.weld[v];
    if (!matched[u]) {
      status[v] = TransferStatus.kept;
      result.kept++;
      continue;
    }
    const t = share[u];
    sum.clear();
    table.addTo(u, sum, t);
    // The welded vertex's own weights (its first copy's): seam copies blend alike (invariant 4).
    if (t < 1) sum.addVertex(existing, graph.representative[u], 1 - t);
    if (assignInfluences(weights, v, sum, o.locked, fallback) === 'refused') result.refused++;
    status[v] = TransferStatus.matched;
    result.matched++;
  }
  o.onProgress?.(1);
  result.ms = performance.now() - start;
  return result;
}

/**
 * Per welded vertex, the share of the transferred weights it takes: 0 where unmatched, d / (b + 1)
 * on the d-th ring of matched vertices around them (d ≤ b = `border`), 1 farther in. Breadth-first
 * from every unmatched vertex at once over the target's edge graph.
 */
export function transferredShare(graph: TargetGraph, matched: Uint8Array, border: number): Float32Array {
  const m = graph.count;
  const share = new Float32Array(m).fill(1);
  const rings = Math.max(0, Math.floor(border));
  const ring = new Int32Array(m).fill(-1);
  let front: number[] = [];
  for (let u = 0; u < m; u++) {
    if (matched[u]) continue;
    share[u] = 0;
    ring[u] = 0;
    front.push(u);
  }
  for (let d = 1; d <= rings && front.length > 0; d++) {
    const next: number[] = [];
    for (const u of front) {
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        const w = graph.adjacency[k];
        if (ring[w] >= 0) continue;
        ring[w] = d;
        share[w] = d / (rings + 1);
        next.push(w);
      }
    }
    front = next;
  }
  return share;
}
