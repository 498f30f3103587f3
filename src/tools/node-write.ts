/**
 * assignNode: writes one computed set of influences to every vertex of a node (a seam's sides
 * get the same weights: invariant 4), capturing each vertex for the undo step first.
 */
import type { VertexOutcome } from '../skin/normalize.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { assignInfluences, type InfluenceSum } from './assign-influences.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

/**
 * Assigns `sum` (see `assignInfluences`) to each vertex of node `g` of the target's surface and
 * counts the outcomes into `result`. The first vertex is assigned; every other vertex with the
 * same locked influences gets a bit-identical copy of its slots (so the seam's sides end up
 * equal); a vertex whose locked weights differ (a seam the file split on purpose) is assigned on
 * its own and keeps them.
 */
export function assignNode(target: ToolTarget, g: number, sum: InfluenceSum, result: ToolResult): void {
  const { surface, recorder, locked } = target;
  const p = surface.nodePart[g];
  const sw = target.weights[p];
  const K = sw.influences;
  const v0 = surface.vertexOffset[p];
  const fallback = target.fallback?.(p) ?? null;
  const m0 = surface.nodeStart[g];
  const first = surface.members[m0] - v0;
  recorder.capture(v0 + first, p, first);
  const outcome = assignInfluences(sw, first, sum, locked, fallback);
  count(outcome, result);
  for (let k = m0 + 1; k < surface.nodeStart[g + 1]; k++) {
    const u = surface.members[k] - v0;
    recorder.capture(v0 + u, p, u);
    if (outcome === 'refused' || !sameLocked(sw, first, u, locked)) {
      count(assignInfluences(sw, u, sum, locked, fallback), result);
      continue;
    }
    let moved = false;
    for (let i = 0; i < K; i++) {
      const j = sw.joints[first * K + i];
      const w = sw.weights[first * K + i];
      if (sw.joints[u * K + i] !== j || !Object.is(sw.weights[u * K + i], w)) {
        sw.joints[u * K + i] = j;
        sw.weights[u * K + i] = w;
        moved = true;
      }
    }
    if (moved) result.changed++;
  }
}

function count(outcome: VertexOutcome, result: ToolResult): void {
  if (outcome === 'changed') result.changed++;
  else if (outcome === 'refused') result.refused++;
}

/** True when vertices `a` and `b` have the same locked influences (joints and weight bits). */
function sameLocked(sw: SkinWeights, a: number, b: number, locked: Uint8Array | null): boolean {
  if (!locked) return true;
  const K = sw.influences;
  const { joints: J, weights: W } = sw;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < K; i++) {
    const j = J[b * K + i];
    if (!(W[b * K + i] > 0) || !locked[j]) continue;
    nb++;
    let found = false;
    for (let i2 = 0; i2 < K && !found; i2++)
      found = J[a * K + i2] === j && Object.is(W[a * K + i2], W[b * K + i]);
    if (!found) return false;
  }
  for (let i = 0; i < K; i++) if (W[a * K + i] > 0 && locked[J[a * K + i]]) na++;
  return na === nb;
}

/** Makes room in the recorder for every vertex of the selected nodes (no growth mid-loop). */
export function reserveSelected(target: ToolTarget): void {
  const { surface, nodes } = target;
  if (!nodes) {
    target.recorder.reserve(surface.vertexCount);
    return;
  }
  let n = 0;
  for (let g = 0; g < surface.nodeCount; g++)
    if (nodes[g]) n += surface.nodeStart[g + 1] - surface.nodeStart[g];
  target.recorder.reserve(n);
}

/**
 * The slots of each node's representative vertex as a SkinWeights over nodes (a snapshot the
 * tools read while they write the vertices).
 */
export function nodeSlots(target: ToolTarget): SkinWeights {
  const { surface, weights } = target;
  const G = surface.nodeCount;
  const K = weights[0]?.influences ?? 4;
  const out = new SkinWeights(G, K);
  for (let g = 0; g < G; g++) {
    const sw = weights[surface.nodePart[g]];
    const o = surface.nodeVertex[g] * K;
    for (let i = 0; i < K; i++) {
      out.joints[g * K + i] = sw.joints[o + i];
      out.weights[g * K + i] = sw.weights[o + i];
    }
  }
  return out;
}
