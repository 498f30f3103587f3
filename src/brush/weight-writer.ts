/**
 * WeightWriter: reads and writes one joint's weight on surface nodes (welded vertices) across
 * the primitives of a skin, through `setJointWeight` (lock-aware renormalisation, nearest-bone
 * fallback). Every vertex of a node gets the same result (invariant 4); every vertex is captured
 * by the PatchRecorder before it changes; the touched vertex range per part is tracked for the
 * viewport's partial uploads.
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

/** Slots of a node's representative before a write (K ≤ 8; grown if ever more). */
let _beforeJ = new Uint16Array(8);
let _beforeW = new Float32Array(8);

export class WeightWriter {
  readonly surface: SkinSurface;
  /** SkinWeights of each part of the surface. */
  readonly weights: readonly SkinWeights[];
  readonly recorder: PatchRecorder;
  readonly bones: NearestBone;
  /** Vertices left unchanged because only locked weight remained (since {@link resetCounts}). */
  refused = 0;
  /** Smallest / one past largest changed local vertex per part since {@link takeRanges}. */
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly options: SetJointWeightOptions;
  private readonly K: number;
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
  ) {
    this.surface = surface;
    this.weights = weights;
    this.recorder = recorder;
    this.bones = bones;
    this.K = weights[0]?.influences ?? 4;
    if (_beforeJ.length < this.K) {
      _beforeJ = new Uint16Array(this.K);
      _beforeW = new Float32Array(this.K);
    }
    this.lo = new Int32Array(weights.length).fill(0x7fffffff);
    this.hi = new Int32Array(weights.length);
    this.options = { locked: null, fallbackJoint: bones.fn };
  }

  /** Lock flags by skin joint (non-zero = locked), used by every write. */
  setLocked(locked: Uint8Array | null): void {
    this.options.locked = locked;
    this.bones.locked = locked;
  }

  /** Weight of skin joint `joint` at node `g` (its representative vertex). */
  nodeWeight(g: number, joint: number): number {
    const s = this.surface;
    const sw = this.weights[s.nodePart[g]];
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

  /** {@link setNodeWeight} for a node of several vertices (a seam). */
  private setWeldedNodeWeight(g: number, joint: number, x: number): boolean {
    const s = this.surface;
    const p = s.nodePart[g];
    const sw = this.weights[p];
    const v = s.nodeVertex[g];
    const v0 = s.vertexOffset[p];
    const m0 = s.nodeStart[g];
    const m1 = s.nodeStart[g + 1];
    const K = this.K;
    const J = sw.joints;
    const W = sw.weights;
    for (let k = m0; k < m1; k++) this.recorder.capture(s.members[k], p, s.members[k] - v0);
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
      const u = s.members[k] - v0;
      let same = true;
      for (let i = 0; i < K && same; i++)
        same = J[u * K + i] === _beforeJ[i] && Object.is(W[u * K + i], _beforeW[i]);
      let moved = false;
      if (same) {
        for (let i = 0; i < K; i++) {
          if (J[u * K + i] !== J[v * K + i] || !Object.is(W[u * K + i], W[v * K + i])) moved = true;
          J[u * K + i] = J[v * K + i];
          W[u * K + i] = W[v * K + i];
        }
      } else {
        const o = this.setVertexWeight(p, u, joint, x);
        if (o === 'refused') this.refused++;
        moved = o === 'changed';
        if (o === 'unchanged' && this.onMark !== null) this.touch(p, u);
      }
      if (moved) {
        this.mark(p, u);
        changed = true;
      } else if (same && outcome === 'unchanged' && this.onMark !== null) this.touch(p, u);
    }
    return changed;
  }

  /** setJointWeight on local vertex `v` of part `p` with the writer's locks and fallback. */
  private setVertexWeight(p: number, v: number, joint: number, x: number): SetJointWeightOutcome {
    // The fallback joint's vertex positions (compared first: a store costs a write barrier).
    const positions = this.surface.parts[p].positions;
    if (this.bones.positions !== positions) this.bones.positions = positions;
    return setJointWeight(this.weights[p], v, joint, x, this.options);
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
    const p = s.nodePart[g];
    const v0 = s.vertexOffset[p];
    for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) this.touch(p, s.members[k] - v0);
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
