/**
 * WeightWriter: reads and writes one joint's weight on surface nodes (welded vertices) across
 * the primitives of a surface — one skin's, or every skin of a skeleton (./part-skins.ts: the
 * joint numbers are the surface's, translated per part) — through `setJointWeight` (lock-aware
 * renormalisation, nearest-bone fallback). Every vertex of a node gets the same result
 * (invariant 4, across parts too); every vertex is captured by the PatchRecorder before it
 * changes; the touched vertex range per part is tracked for the viewport's partial uploads.
 */
import type { PatchRecorder } from '../history/patch-recorder.ts';
import type { SkinSurface } from '../mesh/skin-surface.ts';
import {
  type SetJointWeightOptions,
  type SetJointWeightOutcome,
  setJointWeight,
} from '../skin/set-joint-weight.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { NearestBone } from './nearest-bone.ts';
import { type PartSkins, partLocks, singleSkin } from './part-skins.ts';

/** A vertex write's outcome; 'absent': the joint is not in the vertex's skin (left unchanged). */
type Outcome = SetJointWeightOutcome | 'absent';

/** Slots of a node's representative before a write (K ≤ 8; grown if ever more). */
let _beforeJ = new Uint16Array(8);
let _beforeW = new Float32Array(8);

export class WeightWriter {
  readonly surface: SkinSurface;
  /** SkinWeights of each part of the surface. */
  readonly weights: readonly SkinWeights[];
  readonly recorder: PatchRecorder;
  readonly bones: NearestBone;
  /** How each part names its joints (one numbering for a surface of one skin). */
  readonly skins: PartSkins;
  /** Vertices left unchanged because only locked weight remained (reset by the painter per stroke). */
  refused = 0;
  /** Vertices left unchanged because their skin does not list the joint (reset with `refused`). */
  absent = 0;
  /** Smallest / one past largest changed local vertex per part since {@link takeRanges}. */
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly options: SetJointWeightOptions;
  private readonly K: number;
  /** True when parts of several skins meet here (joint numbers are translated per part). */
  private readonly multi: boolean;
  /** `skins.local`, read per vertex. */
  private readonly local: readonly (Int32Array | null)[];
  /** Lock flags of each part's skin (see {@link setLocked}). */
  private partLocked: (Uint8Array | null)[];
  /** The part whose locks and fallback `options` hold (-1: none yet). */
  private current = -1;
  /**
   * Called with (part, local vertex) right after each vertex the writer changed, its slots final
   * (weight layers show and store it while it is in cache), and for each vertex it was asked to
   * set to the weight it already had: a layer covers every vertex its brush touched, whatever
   * its locks (covering a vertex at its own slots changes no weight, locked or not). Not called
   * for refused vertices, nor for {@link markRange}.
   */
  onMark: ((part: number, vertex: number) => void) | null = null;

  constructor(
    surface: SkinSurface,
    weights: readonly SkinWeights[],
    recorder: PatchRecorder,
    bones: NearestBone,
    skins: PartSkins = singleSkin(weights.length, bones),
  ) {
    this.surface = surface;
    this.weights = weights;
    this.recorder = recorder;
    this.bones = bones;
    this.skins = skins;
    this.local = skins.local;
    this.multi = new Set(Array.from(skins.skin)).size > 1;
    this.partLocked = new Array<null>(weights.length).fill(null);
    this.K = weights[0]?.influences ?? 4;
    if (_beforeJ.length < this.K) {
      _beforeJ = new Uint16Array(this.K);
      _beforeW = new Float32Array(this.K);
    }
    this.lo = new Int32Array(weights.length).fill(0x7fffffff);
    this.hi = new Int32Array(weights.length);
    this.options = { locked: null, fallbackJoint: bones.fn };
  }

  /** Lock flags by surface joint (non-zero = locked), used by every write. */
  setLocked(locked: Uint8Array | null): void {
    this.options.locked = locked;
    this.bones.locked = locked;
    this.options.fallbackJoint = this.bones.fn;
    if (this.multi) {
      this.partLocked = partLocks(this.skins, locked);
      this.current = -1;
    }
  }

  /** Weight of surface joint `joint` at node `g` (its representative vertex; 0 where its skin lacks it). */
  nodeWeight(g: number, joint: number): number {
    const s = this.surface;
    const p = s.nodePart[g];
    const sw = this.weights[p];
    if (this.multi) {
      // -1 (not in this part's skin) matches no slot: weight 0.
      const m = this.local[p];
      if (m !== null) joint = m[joint];
    }
    const K = this.K;
    const base = s.nodeVertex[g] * K;
    const J = sw.joints;
    const W = sw.weights;
    let w = 0;
    if (K === 4) {
      // Unrolled for one glTF set (the usual case): the same additions in the same order.
      if (J[base] === joint) w += W[base];
      if (J[base + 1] === joint) w += W[base + 1];
      if (J[base + 2] === joint) w += W[base + 2];
      if (J[base + 3] === joint) w += W[base + 3];
      return w;
    }
    for (let i = 0; i < K; i++) if (J[base + i] === joint) w += W[base + i];
    return w;
  }

  /**
   * Sets `joint`'s weight on node `g` to `x` (renormalising the rest around it). Members of the
   * node whose slots equalled the representative's get a bit-identical copy; a member that
   * differed (a seam the file split on purpose) is set the same way on its own, so its locked
   * joints stay untouched too. Returns true when any slot changed.
   */
  setNodeWeight(g: number, joint: number, x: number): boolean {
    const s = this.surface;
    const m0 = s.nodeStart[g];
    if (s.nodeStart[g + 1] - m0 > 1) return this.setWeldedNodeWeight(g, joint, x);
    // One vertex (no seam here): the representative alone.
    const p = s.nodePart[g];
    const v = s.nodeVertex[g];
    this.recorder.capture(s.members[m0], p, v);
    const outcome = this.setVertexWeight(p, v, joint, x);
    if (outcome === 'changed') {
      this.mark(p, v);
      return true;
    }
    if (outcome === 'refused') this.refused++;
    else if (outcome === 'unchanged' && this.onMark !== null) this.touch(p, v);
    return false;
  }

  /**
   * {@link setNodeWeight} for a node of several vertices (a seam, or parts that touch). A member
   * of another skin counts as equal to the representative when it has the same joints (by node)
   * with the same weight bits, and gets the same slots in its own skin's numbering.
   */
  private setWeldedNodeWeight(g: number, joint: number, x: number): boolean {
    const s = this.surface;
    const { members, vertexPart, vertexOffset } = s;
    const p = s.nodePart[g];
    const sw = this.weights[p];
    const v = s.nodeVertex[g];
    const m0 = s.nodeStart[g];
    const m1 = s.nodeStart[g + 1];
    const K = this.K;
    const J = sw.joints;
    const W = sw.weights;
    for (let k = m0; k < m1; k++) {
      const q = vertexPart[members[k]];
      this.recorder.capture(members[k], q, members[k] - vertexOffset[q]);
    }
    for (let i = 0; i < K; i++) {
      _beforeJ[i] = J[v * K + i];
      _beforeW[i] = W[v * K + i];
    }
    const outcome = this.setVertexWeight(p, v, joint, x);
    let changed = outcome === 'changed';
    if (outcome === 'refused') this.refused++;
    if (changed) this.mark(p, v);
    else if (outcome === 'unchanged' && this.onMark !== null) this.touch(p, v);
    for (let k = m0 + 1; k < m1; k++) {
      const q = vertexPart[members[k]];
      const u = members[k] - vertexOffset[q];
      const numbering = this.skins.skin[q] === this.skins.skin[p];
      const same = numbering ? this.sameAsBefore(q, u) : this.sameAsBeforeIn(p, q, u);
      // 1 or 0: copied (moved or not); -1: set on its own.
      let copied = -1;
      if (same && outcome !== 'absent')
        copied = numbering ? this.copySlots(p, v, q, u) : this.copyInto(p, v, q, u);
      let moved = copied === 1;
      if (copied < 0) {
        const o = this.setVertexWeight(q, u, joint, x);
        if (o === 'refused') this.refused++;
        moved = o === 'changed';
        if (o === 'unchanged' && this.onMark !== null) this.touch(q, u);
      }
      if (moved) {
        this.mark(q, u);
        changed = true;
      } else if (copied === 0 && outcome === 'unchanged' && this.onMark !== null) this.touch(q, u);
    }
    return changed;
  }

  /** True when vertex `u` of part `q` (numbered as the representative) had the representative's slots. */
  private sameAsBefore(q: number, u: number): boolean {
    const { joints: J, weights: W } = this.weights[q];
    const K = this.K;
    for (let i = 0; i < K; i++)
      if (J[u * K + i] !== _beforeJ[i] || !Object.is(W[u * K + i], _beforeW[i])) return false;
    return true;
  }

  /** {@link sameAsBefore} for a vertex of another skin: the same joints by node, the same weight bits. */
  private sameAsBeforeIn(p: number, q: number, u: number): boolean {
    const { joints: J, weights: W } = this.weights[q];
    const K = this.K;
    for (let i = 0; i < K; i++) {
      const w = _beforeW[i];
      if (!Object.is(W[u * K + i], w)) return false;
      if (w !== 0 && J[u * K + i] !== this.translate(p, _beforeJ[i], q)) return false;
    }
    return true;
  }

  /** Copies vertex `v` of part `p`'s slots onto vertex `u` of part `q` (same numbering): 1 if any moved. */
  private copySlots(p: number, v: number, q: number, u: number): number {
    const a = this.weights[p];
    const b = this.weights[q];
    const K = this.K;
    let moved = 0;
    for (let i = 0; i < K; i++) {
      const j = a.joints[v * K + i];
      const w = a.weights[v * K + i];
      if (b.joints[u * K + i] !== j || !Object.is(b.weights[u * K + i], w)) moved = 1;
      b.joints[u * K + i] = j;
      b.weights[u * K + i] = w;
    }
    return moved;
  }

  /**
   * {@link copySlots} into another skin's numbering; -1 (nothing written) when a weighted joint
   * of the representative is not in that skin.
   */
  private copyInto(p: number, v: number, q: number, u: number): number {
    const a = this.weights[p];
    const b = this.weights[q];
    const K = this.K;
    for (let i = 0; i < K; i++)
      if (a.weights[v * K + i] !== 0 && this.translate(p, a.joints[v * K + i], q) < 0) return -1;
    let moved = 0;
    for (let i = 0; i < K; i++) {
      const w = a.weights[v * K + i];
      const j = w !== 0 ? this.translate(p, a.joints[v * K + i], q) : 0; // unused slots: joint 0
      if (b.joints[u * K + i] !== j || !Object.is(b.weights[u * K + i], w)) moved = 1;
      b.joints[u * K + i] = j;
      b.weights[u * K + i] = w;
    }
    return moved;
  }

  /** Part `q`'s skin joint for part `p`'s skin joint `j` (the same node), or -1. */
  private translate(p: number, j: number, q: number): number {
    const global = this.skins.global[p];
    const s = global === null ? j : global[j];
    const local = this.local[q];
    return local === null || s < 0 ? s : local[s];
  }

  /** setJointWeight on local vertex `v` of part `p` with the writer's locks and fallback. */
  private setVertexWeight(p: number, v: number, joint: number, x: number): Outcome {
    let bones = this.bones;
    if (this.multi) {
      const m = this.local[p];
      if (m !== null) {
        joint = m[joint];
        if (joint < 0) {
          this.absent++;
          return 'absent';
        }
      }
      if (p !== this.current) this.selectPart(p);
      bones = this.skins.bones[p];
    }
    // The fallback joint's vertex positions (compared first: a store costs a write barrier).
    const positions = this.surface.parts[p].positions;
    if (bones.positions !== positions) bones.positions = positions;
    return setJointWeight(this.weights[p], v, joint, x, this.options);
  }

  /** Puts part `p`'s skin locks and fallback into the write options. */
  private selectPart(p: number): void {
    this.current = p;
    const locked = this.partLocked[p];
    const bones = this.skins.bones[p];
    bones.locked = locked;
    this.options.locked = locked;
    this.options.fallbackJoint = bones.fn;
  }

  private mark(p: number, v: number): void {
    if (v < this.lo[p]) this.lo[p] = v;
    if (v + 1 > this.hi[p]) this.hi[p] = v + 1;
    if (this.onMark !== null) this.onMark(p, v);
  }

  /**
   * Node g was under the brush but keeps its weight (the dab skipped it): while {@link onMark}
   * listens (weight layers), its vertices are reported, so the layer comes to cover them (the
   * step keeps what it covered: UndoEntry.covered). No capture: no weight of theirs changes.
   */
  touchNode(g: number): void {
    if (this.onMark === null) return;
    const s = this.surface;
    for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
      const q = s.vertexPart[s.members[k]];
      this.touch(q, s.members[k] - s.vertexOffset[q]);
    }
  }

  /**
   * A vertex set to the weight it had (only while {@link onMark} listens): reported, and in the
   * ranges, since a layer that comes to cover it may recompose it.
   */
  private touch(p: number, v: number): void {
    if (v < this.lo[p]) this.lo[p] = v;
    if (v + 1 > this.hi[p]) this.hi[p] = v + 1;
    this.onMark!(p, v);
  }

  /** Changed ranges per part since the last call (then forgets them). */
  takeRanges(): { part: number; start: number; end: number }[] {
    const out: { part: number; start: number; end: number }[] = [];
    for (let p = 0; p < this.lo.length; p++) {
      if (this.hi[p] > this.lo[p]) out.push({ part: p, start: this.lo[p], end: this.hi[p] });
      this.lo[p] = 0x7fffffff;
      this.hi[p] = 0;
    }
    return out;
  }

  /** Marks a range changed by someone else (cancel, undo), for the next {@link takeRanges}. */
  markRange(p: number, start: number, end: number): void {
    if (start < this.lo[p]) this.lo[p] = start;
    if (end > this.hi[p]) this.hi[p] = end;
  }
}
