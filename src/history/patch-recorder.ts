/**
 * PatchRecorder: captures the slots of every vertex a stroke touches, before its first change,
 * so the stroke can be cancelled (Escape) or committed as one undo step. Vertices are numbered
 * globally over several primitives (a SkinSurface's numbering).
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { WeightPatch } from './weight-patch.ts';

/** The primitives a recorder covers, in global vertex order. */
export interface RecorderParts {
  /** SkinnedModel primitive id of each part. */
  primitives: readonly number[];
  weights: readonly SkinWeights[];
  /** Part p's vertices are global `vertexOffset[p] .. vertexOffset[p + 1]`. */
  vertexOffset: Uint32Array;
  /** Part of each global vertex. */
  vertexPart: Uint16Array;
}

export class PatchRecorder {
  /** Vertices captured since {@link begin}. */
  count = 0;
  private readonly parts: RecorderParts;
  private readonly K: number;
  private readonly stamp: Uint32Array;
  private epoch = 0;
  private vertices = new Uint32Array(1024);
  private joints: Uint16Array;
  private weights: Uint32Array;
  /** Bit views of each part's weights (made once: no view allocation per capture). */
  private readonly bits: Uint32Array[];

  constructor(parts: RecorderParts) {
    this.parts = parts;
    this.bits = parts.weights.map(
      (sw) => new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length),
    );
    this.K = parts.weights[0]?.influences ?? 4;
    for (const sw of parts.weights) {
      if (sw.influences !== this.K) throw new RangeError('all parts must have the same slots per vertex');
    }
    this.stamp = new Uint32Array(parts.vertexOffset[parts.vertexOffset.length - 1]);
    this.joints = new Uint16Array(1024 * this.K);
    this.weights = new Uint32Array(1024 * this.K);
  }

  /** Starts a new recording (forgets the previous one). */
  begin(): void {
    this.epoch++;
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    this.count = 0;
  }

  /** Makes room for `extra` more captures, so {@link capture} never allocates mid-loop. */
  reserve(extra: number): void {
    const need = this.count + extra;
    if (need <= this.vertices.length) return;
    const size = Math.max(need, this.vertices.length * 2);
    const vertices = new Uint32Array(size);
    const joints = new Uint16Array(size * this.K);
    const weights = new Uint32Array(size * this.K);
    vertices.set(this.vertices.subarray(0, this.count));
    joints.set(this.joints.subarray(0, this.count * this.K));
    weights.set(this.weights.subarray(0, this.count * this.K));
    this.vertices = vertices;
    this.joints = joints;
    this.weights = weights;
  }

  /** True when global vertex `g` was captured in this recording. */
  has(g: number): boolean {
    return this.stamp[g] === this.epoch;
  }

  /**
   * Captures global vertex `g` (local vertex `v` of part `part`) unless already captured. Call
   * before changing it. Grows its buffers when {@link reserve} was not called (allocation).
   */
  capture(g: number, part: number, v: number): void {
    if (this.stamp[g] === this.epoch) return;
    if (this.count >= this.vertices.length) this.reserve(1);
    this.stamp[g] = this.epoch;
    const K = this.K;
    const n = this.count++;
    this.vertices[n] = g;
    const joints = this.parts.weights[part].joints;
    const bits = this.bits[part];
    for (let i = 0; i < K; i++) {
      this.joints[n * K + i] = joints[v * K + i];
      this.weights[n * K + i] = bits[v * K + i];
    }
  }

  /** Writes every captured vertex's original slots back (cancel). The recording stays open. */
  revert(): void {
    const K = this.K;
    const { weights, vertexOffset, vertexPart } = this.parts;
    const { vertices, joints, bits: partBits } = this;
    const saved = this.weights;
    for (let n = 0; n < this.count; n++) {
      const g = vertices[n];
      const p = vertexPart[g];
      const J = weights[p].joints;
      const W = partBits[p];
      const o = (g - vertexOffset[p]) * K;
      for (let i = 0; i < K; i++) {
        J[o + i] = joints[n * K + i];
        W[o + i] = saved[n * K + i];
      }
    }
  }

  /** Ranges [start, end) of touched local vertices per part (parts without touches omitted). */
  ranges(): { part: number; start: number; end: number }[] {
    const { vertexOffset, vertexPart } = this.parts;
    const P = vertexOffset.length - 1;
    const lo = new Int32Array(P).fill(0x7fffffff);
    const hi = new Int32Array(P);
    for (let n = 0; n < this.count; n++) {
      const g = this.vertices[n];
      const p = vertexPart[g];
      const v = g - vertexOffset[p];
      if (v < lo[p]) lo[p] = v;
      if (v + 1 > hi[p]) hi[p] = v + 1;
    }
    const out: { part: number; start: number; end: number }[] = [];
    for (let p = 0; p < P; p++) if (hi[p] > lo[p]) out.push({ part: p, start: lo[p], end: hi[p] });
    return out;
  }

  /**
   * The recording as one WeightPatch per touched primitive (before = captured slots, after =
   * current slots). Vertices whose slots ended bit-identical are left out.
   */
  finish(): WeightPatch[] {
    const K = this.K;
    const { weights, vertexOffset, vertexPart, primitives } = this.parts;
    const perPart = new Uint32Array(primitives.length);
    const same = new Uint8Array(this.count);
    for (let n = 0; n < this.count; n++) {
      const g = this.vertices[n];
      const p = vertexPart[g];
      const sw = weights[p];
      const v = g - vertexOffset[p];
      const bits = this.bits[p];
      let equal = true;
      for (let i = 0; i < K && equal; i++) {
        equal =
          sw.joints[v * K + i] === this.joints[n * K + i] && bits[v * K + i] === this.weights[n * K + i];
      }
      same[n] = equal ? 1 : 0;
      if (!equal) perPart[p]++;
    }
    const patches: WeightPatch[] = [];
    const cursor = new Uint32Array(primitives.length);
    const byPart: (WeightPatch | null)[] = primitives.map((primitive, p) => {
      const n = perPart[p];
      if (n === 0) return null;
      const patch: WeightPatch = {
        primitive,
        influences: K,
        vertices: new Uint32Array(n),
        beforeJoints: new Uint16Array(n * K),
        beforeWeights: new Float32Array(n * K),
        afterJoints: new Uint16Array(n * K),
        afterWeights: new Float32Array(n * K),
        start: Number.MAX_SAFE_INTEGER,
        end: 0,
      };
      patches.push(patch);
      return patch;
    });
    const beforeBits = byPart.map((patch) => patch && new Uint32Array(patch.beforeWeights.buffer));
    const afterBits = byPart.map((patch) => patch && new Uint32Array(patch.afterWeights.buffer));
    for (let n = 0; n < this.count; n++) {
      if (same[n]) continue;
      const g = this.vertices[n];
      const p = vertexPart[g];
      const patch = byPart[p]!;
      const sw = weights[p];
      const v = g - vertexOffset[p];
      const k = cursor[p]++;
      patch.vertices[k] = v;
      if (v < patch.start) patch.start = v;
      if (v + 1 > patch.end) patch.end = v + 1;
      const bits = this.bits[p];
      const before = beforeBits[p]!;
      const after = afterBits[p]!;
      for (let i = 0; i < K; i++) {
        patch.beforeJoints[k * K + i] = this.joints[n * K + i];
        before[k * K + i] = this.weights[n * K + i];
        patch.afterJoints[k * K + i] = sw.joints[v * K + i];
        after[k * K + i] = bits[v * K + i];
      }
    }
    return patches;
  }
}
