/**
 * assignNode: writes one computed set of influences to every vertex of a node (a seam's sides —
 * and a hem's, across parts and skins — get the same weights: invariant 4), capturing each vertex
 * for the undo step first.
 */
import type { VertexOutcome } from '../skin/normalize.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { assignInfluences, InfluenceSum } from './assign-influences.ts';
import {
  copyAcross,
  countAbsent,
  partJointCapacity,
  partLocked,
  sameLockedByJoint,
  sameNumbering,
  sumInPart,
  surfaceMapOf,
} from './part-joints.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

/**
 * Assigns `sum` (see `assignInfluences`; surface joints) to each vertex of node `g` of the
 * target's surface and counts the outcomes into `result`. The first vertex (the representative)
 * is assigned; every other vertex with the same locked influences gets a bit-identical copy of its
 * slots — in its own skin's numbering where it is another part's (a hem) — so the node's sides
 * end up equal; a vertex whose locked weights differ (a seam the file split on purpose) is
 * assigned on its own and keeps them. A side whose skin lacks a joint of the result gets what its
 * skin can hold, and is counted absent.
 */
export function assignNode(target: ToolTarget, g: number, sum: InfluenceSum, result: ToolResult): void {
  const { surface, recorder } = target;
  const m0 = surface.nodeStart[g];
  const m1 = surface.nodeStart[g + 1];
  const rep = surface.members[m0];
  const p = surface.vertexPart[rep];
  const sw = target.weights[p];
  const first = rep - surface.vertexOffset[p];
  recorder.capture(rep, p, first);
  const outcome = assignIn(target, p, first, sum, result);
  for (let k = m0 + 1; k < m1; k++) {
    const q = surface.vertexPart[surface.members[k]];
    const u = surface.members[k] - surface.vertexOffset[q];
    recorder.capture(surface.members[k], q, u);
    if (sameNumbering(target, p, q)) {
      if (outcome === 'refused' || !sameLocked(target.weights[q], sw, first, u, partLocked(target, p))) {
        assignIn(target, q, u, sum, result);
        continue;
      }
      if (copySlots(sw, first, target.weights[q], u)) result.changed++;
      continue;
    }
    // Another skin's side of a hem: the same weights by joint, in its numbering.
    if (outcome === 'refused' || !sameLockedByJoint(target, p, first, q, u)) {
      assignIn(target, q, u, sum, result);
      continue;
    }
    const moved = copyAcross(target, p, first, q, u);
    if (moved > 0) result.changed++;
    else if (moved < 0) {
      // Its skin cannot hold the result (a joint it does not list, the paste's or the fallback's).
      countAbsent(result);
      assignIn(target, q, u, sum, result, false);
    }
  }
}

/** Scratch for a sum in a part's numbering (grown to the largest skin seen). */
let _partSum = new InfluenceSum(64);

/**
 * `assignInfluences` of `sum` (surface joints) on vertex `v` of part `p`, in its numbering;
 * counted (a joint its skin lacks as absent, unless `sayDropped` is false: already counted).
 */
function assignIn(
  target: ToolTarget,
  p: number,
  v: number,
  sum: InfluenceSum,
  result: ToolResult,
  sayDropped = true,
): VertexOutcome {
  let use = sum;
  if (target.skins) {
    const need = partJointCapacity(target);
    if (_partSum.weights.length < need) _partSum = new InfluenceSum(need);
    const inPart = sumInPart(target, p, sum, _partSum);
    use = inPart.sum;
    if (inPart.dropped && sayDropped) countAbsent(result);
  }
  const outcome = assignInfluences(
    target.weights[p],
    v,
    use,
    partLocked(target, p),
    target.fallback?.(p) ?? null,
  );
  count(outcome, result);
  return outcome;
}

/** Copies vertex `a` of `from` onto vertex `b` of `to` (the same numbering): true when a slot moved. */
function copySlots(from: SkinWeights, a: number, to: SkinWeights, b: number): boolean {
  const K = from.influences;
  let moved = false;
  for (let i = 0; i < K; i++) {
    const j = from.joints[a * K + i];
    const w = from.weights[a * K + i];
    if (to.joints[b * K + i] !== j || !Object.is(to.weights[b * K + i], w)) {
      to.joints[b * K + i] = j;
      to.weights[b * K + i] = w;
      moved = true;
    }
  }
  return moved;
}

function count(outcome: VertexOutcome, result: ToolResult): void {
  if (outcome === 'changed') result.changed++;
  else if (outcome === 'refused') result.refused++;
}

/**
 * True when vertex `a` of `from` and vertex `b` of `sw` (the same numbering) have the same locked
 * influences (joints and weight bits).
 */
function sameLocked(
  sw: SkinWeights,
  from: SkinWeights,
  a: number,
  b: number,
  locked: Uint8Array | null,
): boolean {
  if (!locked) return true;
  const K = sw.influences;
  const { joints: J, weights: W } = sw;
  const { joints: JA, weights: WA } = from;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < K; i++) {
    const j = J[b * K + i];
    if (!(W[b * K + i] > 0) || !locked[j]) continue;
    nb++;
    let found = false;
    for (let i2 = 0; i2 < K && !found; i2++)
      found = JA[a * K + i2] === j && Object.is(WA[a * K + i2], W[b * K + i]);
    if (!found) return false;
  }
  for (let i = 0; i < K; i++) if (WA[a * K + i] > 0 && locked[JA[a * K + i]]) na++;
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
 * The slots of each node's representative vertex as a SkinWeights over nodes, in surface joints
 * (a snapshot the tools read while they write the vertices).
 */
export function nodeSlots(target: ToolTarget): SkinWeights {
  const { surface, weights } = target;
  const G = surface.nodeCount;
  const K = weights[0]?.influences ?? 4;
  const out = new SkinWeights(G, K);
  for (let g = 0; g < G; g++) {
    const p = surface.nodePart[g];
    const sw = weights[p];
    const map = surfaceMapOf(target, p);
    const o = surface.nodeVertex[g] * K;
    for (let i = 0; i < K; i++) {
      const w = sw.weights[o + i];
      const j = sw.joints[o + i];
      out.joints[g * K + i] = map === null ? j : w !== 0 && j < map.length && map[j] >= 0 ? map[j] : 0;
      out.weights[g * K + i] = w;
    }
  }
  return out;
}
