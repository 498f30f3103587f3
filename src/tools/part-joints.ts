/**
 * The weight tools on a body of several skins: a ToolTarget whose parts number their joints each
 * their own way (`ToolTarget.skins`: the target's joints are the surface's — one numbering for the
 * body — while each part's JOINTS_n index its own skin's list). Reads translate a part's slots to
 * surface joints, writes translate back, and a hem (vertices of several parts drawn at one place:
 * one node) is written as one point, each side in its own skin's numbering (DESIGN.md invariant 4
 * across parts). A side whose skin does not list a joint the result has cannot take it: it is
 * left as it was, and the tool counts it (`ToolResult.absent`).
 */
import { partLocks } from '../brush/part-skins.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { InfluenceSum } from './assign-influences.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

type PartTarget = Pick<ToolTarget, 'weights' | 'skins'>;

/** True when the target's parts number their joints in more than one way. */
export function hasPartNumberings(target: Pick<ToolTarget, 'skins'>): boolean {
  const skins = target.skins;
  return !!skins && skins.local.some((m) => m !== null);
}

/** The surface joint of part `p`'s skin joint `j` (-1: none). */
export function surfaceJointOf(target: Pick<ToolTarget, 'skins'>, p: number, j: number): number {
  const global = target.skins?.global[p] ?? null;
  if (global === null) return j;
  return j >= 0 && j < global.length ? global[j] : -1;
}

/** Part `p`'s skin joint of surface joint `s` (-1: its skin does not list it). */
export function partJointOf(target: Pick<ToolTarget, 'skins'>, p: number, s: number): number {
  const local = target.skins?.local[p] ?? null;
  if (local === null) return s;
  return s >= 0 && s < local.length ? local[s] : -1;
}

/** Part `p`'s map from its skin joints to surface joints, or null where they are the same. */
export function surfaceMapOf(target: Pick<ToolTarget, 'skins'>, p: number): Int32Array | null {
  return target.skins?.global[p] ?? null;
}

/** True when parts `p` and `q` read joint numbers alike (the same skin, or both the surface's). */
export function sameNumbering(target: Pick<ToolTarget, 'skins'>, p: number, q: number): boolean {
  const skins = target.skins;
  if (!skins || p === q) return true;
  return skins.skin[p] === skins.skin[q] || (skins.local[p] === null && skins.local[q] === null);
}

const lockCache = new WeakMap<object, { locked: Uint8Array | null; parts: (Uint8Array | null)[] }>();

/** Lock flags of part `p` in its own skin's numbering (the target's own where numberings agree). */
export function partLocked(target: Pick<ToolTarget, 'skins' | 'locked'>, p: number): Uint8Array | null {
  const skins = target.skins;
  if (!skins || !target.locked) return target.locked;
  let cached = lockCache.get(target);
  if (!cached || cached.locked !== target.locked) {
    cached = { locked: target.locked, parts: partLocks(skins, target.locked) };
    lockCache.set(target, cached);
  }
  return cached.parts[p];
}

/** The most joints any part's skin lists (what a sum in a part's numbering needs room for). */
export function partJointCapacity(target: Pick<ToolTarget, 'skins' | 'jointCount'>): number {
  let n = target.jointCount;
  for (const g of target.skins?.global ?? []) if (g && g.length > n) n = g.length;
  return n;
}

/**
 * `sum` (surface joints) in part `p`'s numbering, into `out` (or `sum` itself where the
 * numberings agree). Returns the sum to use and whether a weighted joint had to be left out
 * (its skin does not list it).
 */
export function sumInPart(
  target: Pick<ToolTarget, 'skins'>,
  p: number,
  sum: InfluenceSum,
  out: InfluenceSum,
): { sum: InfluenceSum; dropped: boolean } {
  const local = target.skins?.local[p] ?? null;
  if (local === null) return { sum, dropped: false };
  out.clear();
  let dropped = false;
  for (let k = 0; k < sum.count; k++) {
    const s = sum.joints[k];
    const w = sum.weights[s];
    const j = s < local.length ? local[s] : -1;
    if (j >= 0) out.add(j, w);
    else if (w > 0) dropped = true;
  }
  return { sum: out, dropped };
}

/** Counts one vertex that could not take a joint its skin does not list. */
export function countAbsent(result: ToolResult): void {
  result.absent = (result.absent ?? 0) + 1;
}

/**
 * True when vertex `a` of part `p` and vertex `b` of part `q` have the same weights by joint
 * (their non-zero weights, bit for bit, on the same joint nodes), whatever the slot order.
 */
export function sameByJoint(target: PartTarget, p: number, a: number, q: number, b: number): boolean {
  const A = target.weights[p];
  const B = target.weights[q];
  const K = A.influences;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < K; i++) if (B.weights[b * K + i] !== 0) nb++;
  for (let i = 0; i < K; i++) {
    const w = A.weights[a * K + i];
    if (w === 0) continue;
    na++;
    const j = partJointOf(target, q, surfaceJointOf(target, p, A.joints[a * K + i]));
    if (j < 0 || !holds(B, b, j, w)) return false;
  }
  return na === nb;
}

/** True when vertex `v` of `sw` has joint `j` at weight `w`, bit for bit. */
function holds(sw: SkinWeights, v: number, j: number, w: number): boolean {
  const K = sw.influences;
  for (let i = 0; i < K; i++)
    if (sw.joints[v * K + i] === j && Object.is(sw.weights[v * K + i], w)) return true;
  return false;
}

/**
 * True when vertices `a` (part `p`) and `b` (part `q`) have the same locked influences: the
 * same locked joint nodes at the same weight bits.
 */
export function sameLockedByJoint(
  target: PartTarget & Pick<ToolTarget, 'locked'>,
  p: number,
  a: number,
  q: number,
  b: number,
): boolean {
  const la = partLocked(target, p);
  const lb = partLocked(target, q);
  if (!la && !lb) return true;
  const A = target.weights[p];
  const B = target.weights[q];
  const K = A.influences;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < K; i++) {
    const w = B.weights[b * K + i];
    if (w > 0 && lb?.[B.joints[b * K + i]]) nb++;
  }
  for (let i = 0; i < K; i++) {
    const w = A.weights[a * K + i];
    if (!(w > 0) || !la?.[A.joints[a * K + i]]) continue;
    na++;
    const j = partJointOf(target, q, surfaceJointOf(target, p, A.joints[a * K + i]));
    if (j < 0 || !holds(B, b, j, w)) return false;
  }
  return na === nb;
}

/**
 * Copies vertex `a` of part `p` onto vertex `b` of part `q`, in `q`'s numbering, slot for slot
 * (unused slots joint 0). Returns 1 when a slot of `b` changed, 0 when none did, -1 (nothing
 * written) when a weighted joint of `a` is not in `q`'s skin.
 */
export function copyAcross(target: PartTarget, p: number, a: number, q: number, b: number): number {
  const A = target.weights[p];
  const B = target.weights[q];
  const K = A.influences;
  const same = sameNumbering(target, p, q);
  if (!same)
    for (let i = 0; i < K; i++)
      if (
        A.weights[a * K + i] !== 0 &&
        partJointOf(target, q, surfaceJointOf(target, p, A.joints[a * K + i])) < 0
      )
        return -1;
  let moved = 0;
  for (let i = 0; i < K; i++) {
    const w = A.weights[a * K + i];
    const ja = A.joints[a * K + i];
    const j = same ? ja : w !== 0 ? partJointOf(target, q, surfaceJointOf(target, p, ja)) : 0;
    if (B.joints[b * K + i] !== j || !Object.is(B.weights[b * K + i], w)) moved = 1;
    B.joints[b * K + i] = j;
    B.weights[b * K + i] = w;
  }
  return moved;
}

/**
 * The hem sides a per-vertex tool writes by copying: vertices of a node whose representative
 * numbers its joints another way, with the same weights by joint as the representative before the
 * tool ran (a per-vertex operation on each side could order or round ties apart; a copy keeps
 * the hem closed). The tool skips them, then {@link HemFollowers.copy} gives each its
 * representative's result.
 */
export class HemFollowers {
  /** Global vertex → its node's representative (global), or -1 for a vertex the tool writes itself. */
  private readonly leader: Int32Array;
  private readonly list: number[];

  private constructor(leader: Int32Array, list: number[]) {
    this.leader = leader;
    this.list = list;
  }

  /** The followers among the selected nodes, or null when every part numbers its joints alike. */
  static of(target: ToolTarget): HemFollowers | null {
    if (!hasPartNumberings(target)) return null;
    const s = target.surface;
    let leader: Int32Array | null = null;
    const list: number[] = [];
    for (let g = 0; g < s.nodeCount; g++) {
      const m0 = s.nodeStart[g];
      const m1 = s.nodeStart[g + 1];
      if (m1 - m0 < 2 || (target.nodes !== null && !target.nodes[g])) continue;
      const rep = s.members[m0];
      const p = s.vertexPart[rep];
      for (let k = m0 + 1; k < m1; k++) {
        const q = s.vertexPart[s.members[k]];
        if (sameNumbering(target, p, q)) continue;
        const a = rep - s.vertexOffset[p];
        const b = s.members[k] - s.vertexOffset[q];
        if (!sameByJoint(target, p, a, q, b)) continue;
        leader ??= new Int32Array(s.vertexCount).fill(-1);
        leader[s.members[k]] = rep;
        list.push(s.members[k]);
      }
    }
    return leader ? new HemFollowers(leader, list) : null;
  }

  /** Part `p`'s vertices the tool writes itself: `vertices` (null: all) without the followers. */
  vertices(target: ToolTarget, p: number, vertices: Uint32Array | null): Uint32Array | null {
    const s = target.surface;
    const v0 = s.vertexOffset[p];
    const n = vertices ? vertices.length : s.vertexOffset[p + 1] - v0;
    const out: number[] = [];
    let skipped = false;
    for (let k = 0; k < n; k++) {
      const v = vertices ? vertices[k] : k;
      if (this.leader[v0 + v] >= 0) skipped = true;
      else out.push(v);
    }
    return skipped ? Uint32Array.from(out) : vertices;
  }

  /**
   * Gives each follower its representative's slots (captured first), counting changes into
   * `result`. A follower whose skin lacks a joint the representative now has (the joint the tool
   * set, or the fallback of the representative's skin) is counted absent and gets `own(part,
   * vertex)`: the tool's operation on that vertex alone, which counts what it does.
   */
  copy(target: ToolTarget, result: ToolResult, own: (part: number, vertex: number) => void): void {
    const s = target.surface;
    target.recorder.reserve(this.list.length);
    for (const f of this.list) {
      const rep = this.leader[f];
      const p = s.vertexPart[rep];
      const q = s.vertexPart[f];
      const b = f - s.vertexOffset[q];
      target.recorder.capture(f, q, b);
      const moved = copyAcross(target, p, rep - s.vertexOffset[p], q, b);
      if (moved > 0) result.changed++;
      else if (moved < 0) {
        countAbsent(result);
        own(q, b);
      }
    }
  }
}
