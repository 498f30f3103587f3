/**
 * Which end of a four-legged animal is its head, from the shape of what lies beyond each pair of
 * feet (canonical frame: the long axis along z). No single cue decides, since each one fails on
 * some animal:
 *
 * - height: the neck rises to the head, a tail hangs (fails for a grazing animal, a tail held
 *   high, a squirrel's brush);
 * - bulk: neck and head outweigh a tail (fails for a big bushy tail);
 * - a blob at the end: the skull is thicker than the neck before it, where a tail narrows steadily
 *   to its tip (fails for a brush, thick at its end);
 * - a thick end: a skull is thick, a tail's last part thin (fails for a brush);
 * - a thin root: a brush hangs on a thin root, where a neck is as thick as the skull (a thin tail
 *   has no end blob to compare its root with, and votes for neither end).
 *
 * Each cue votes in (−1, 1) for the +z end (tanh of a log ratio or a height difference at a scale
 * where the cue is clear); the votes are summed. When the sum is too small to trust, the fit stops
 * with a NotAQuadrupedError saying so, rather than put the head on the tail.
 */
import type { BodySolid } from '../body-solid.ts';
import type { MedialTree } from '../medial-tree.ts';

/** What lies beyond one pair of feet: its bulk and height, and the medial line out to its far end. */
export interface EndProfile {
  /** Solid voxels beyond the feet (above the floor's slab). */
  volume: number;
  /** Their mean height above the floor, in heights. */
  height: number;
  /** Thickest radius (voxels) on the outer 40% of the line out to the end's far point. */
  tip: number;
  /** Thinnest radius on the line between a tenth and 60% of the way out (a neck; a tail's root). */
  waist: number;
  /** How far the far point lies beyond the root along z, over the line's length (1: straight out). */
  outward: number;
}

/** Each cue's vote for the +z end as the head's, their sum, and the end taken. */
export interface HeadEndVotes {
  height: number;
  bulk: number;
  thick: number;
  neck: number;
  outward: number;
  swell: number;
  sum: number;
  /** +1: the +z end is the head's; −1: the −z end. */
  head: 1 | -1;
  /** False when the sum is too small to trust. */
  clear: boolean;
}

/** Below this summed vote, the ends are too alike to tell. */
export const HEAD_END_MARGIN = 0.5;

/** The end beyond canonical z `from` toward `dir` (±1); the line runs from the far point to the seed. */
function profileBeyond(solid: BodySolid, tree: MedialTree, from: number, dir: 1 | -1): EndProfile {
  const low = solid.floor + 0.05 * solid.height;
  const beyond = (v: number) => dir * (solid.centreOf(v)[2] - from) > 0;
  let volume = 0;
  let sumY = 0;
  for (let v = 0; v < solid.solid.length; v++) {
    if (!solid.solid[v]) continue;
    const y = solid.centreOf(v)[1];
    if (y < low || !beyond(v)) continue;
    volume++;
    sumY += y - solid.floor;
  }
  // The far point: the furthest along the medial paths past where they cross `from` (a tail's tip
  // held high too; a paw's toes, whose path crosses low down the leg, are near).
  const entry = new Float32Array(solid.solid.length).fill(Number.NaN);
  let far = -1;
  let farOut = 0;
  for (const v of tree.order) {
    if (!beyond(v)) continue;
    const u = tree.parent[v];
    entry[v] = u >= 0 && !Number.isNaN(entry[u]) ? entry[u] : tree.length[v];
    const out = tree.length[v] - entry[v];
    if (out > farOut) {
      far = v;
      farOut = out;
    }
  }
  const height = volume ? sumY / volume / solid.height : 0;
  if (far < 0) return { volume, height, tip: 0, waist: 0, outward: 0 };
  // The line's part beyond `from`, root → far point, with its radius and distance along.
  const line: { r: number; s: number }[] = [];
  const path = tree.pathFrom(far);
  let prev: number[] | null = null;
  let s = 0;
  for (const v of path) {
    const p = solid.centreOf(v);
    if (dir * (p[2] - from) <= 0) break;
    if (prev) s += Math.hypot(p[0] - prev[0], p[1] - prev[1], p[2] - prev[2]);
    prev = p;
    line.push({ r: solid.depth[v], s });
  }
  const total = s || 1;
  let tip = 0;
  let waist = Infinity;
  for (const q of line) {
    const out = 1 - q.s / total; // 0 at the root, 1 at the far point
    if (out >= 0.6) tip = Math.max(tip, q.r);
    if (out >= 0.1 && out <= 0.6) waist = Math.min(waist, q.r);
  }
  const outward = line.length > 1 ? Math.abs(solid.centreOf(far)[2] - from) / total : 0;
  return { volume, height, tip, waist: Number.isFinite(waist) ? waist : tip, outward };
}

const vote = (ratio: number, scale: number) => Math.tanh(Math.log(Math.max(1e-6, ratio)) / Math.log(scale));
/** How much an end swells past its waist beyond what a skull does (1.4×): a brush on a thin root. */
const brushLike = (p: EndProfile) =>
  Math.tanh(Math.max(0, Math.log(Math.max(1, p.tip) / Math.max(1, p.waist) / 1.4)) / Math.log(1.25));

/**
 * The votes for the +z end as the head's, given the mean z of the front (+z) and hind (−z) feet
 * pairs and a medial tree seeded in the trunk between them; each end is read beyond its pair past
 * a tenth of the span between them (the paws' toes left out).
 */
export function headEndVotes(
  solid: BodySolid,
  tree: MedialTree,
  zPlus: number,
  zMinus: number,
): HeadEndVotes {
  const margin = 0.1 * Math.abs(zPlus - zMinus);
  const a = profileBeyond(solid, tree, zPlus + margin, 1);
  const b = profileBeyond(solid, tree, zMinus - margin, -1);
  const height = Math.tanh((a.height - b.height) / 0.1);
  const bulk = vote((a.volume + 1) / (b.volume + 1), 2);
  const thick = vote(Math.max(1, a.tip) / Math.max(1, b.tip), 1.5);
  // The neck is thicker than a tail's root, however thick the tail's end; counted twice.
  const neck = 2 * vote(Math.max(1, a.waist) / Math.max(1, b.waist), 1.5);
  // The head reaches out along the body; a tail held high rises.
  const outward = Math.tanh((a.outward - b.outward) / 0.3);
  const swell = brushLike(b) - brushLike(a);
  const sum = height + bulk + thick + neck + outward + swell;
  return {
    height,
    bulk,
    thick,
    neck,
    outward,
    swell,
    sum,
    head: sum >= 0 ? 1 : -1,
    clear: Math.abs(sum) >= HEAD_END_MARGIN,
  };
}
