/**
 * SkinWeights: the editor's fixed-K sparse influences of one skinned primitive.
 *
 * Slot `s = v * K + i` holds joint `joints[s]` (an index into the skin's `joints` list, as glTF
 * JOINTS_n does) with weight `weights[s]`. Invariants (DESIGN.md): weights finite and ≥ 0,
 * summing to 1 in float32; slots sorted strongest first; unused slots are joint 0 weight 0;
 * no joint twice with a non-zero weight.
 */
export class SkinWeights {
  /** Influences per vertex: 4 (one glTF set) or 8 (two sets). */
  readonly influences: number;
  readonly vertexCount: number;
  readonly joints: Uint16Array;
  readonly weights: Float32Array;

  constructor(vertexCount: number, influences = 4, joints?: Uint16Array, weights?: Float32Array) {
    if (!Number.isInteger(vertexCount) || vertexCount < 0)
      throw new RangeError(`bad vertex count ${vertexCount}`);
    if (!Number.isInteger(influences) || influences < 1)
      throw new RangeError(`bad influence count ${influences}`);
    this.vertexCount = vertexCount;
    this.influences = influences;
    const n = vertexCount * influences;
    this.joints = joints ?? new Uint16Array(n);
    this.weights = weights ?? new Float32Array(n);
    if (this.joints.length !== n || this.weights.length !== n) {
      throw new RangeError(`SkinWeights arrays must hold ${n} slots`);
    }
  }

  /** A deep copy (same K). */
  clone(): SkinWeights {
    return new SkinWeights(this.vertexCount, this.influences, this.joints.slice(), this.weights.slice());
  }

  /** Weight of `joint` at vertex `v` (0 when the vertex has no such influence). */
  weightOf(v: number, joint: number): number {
    const K = this.influences;
    const base = v * K;
    let w = 0;
    for (let i = 0; i < K; i++) if (this.joints[base + i] === joint) w += this.weights[base + i];
    return w;
  }

  /** The vertex's non-zero influences, strongest first. Allocates: not for hot loops. */
  influencesOf(v: number): { joint: number; weight: number }[] {
    const K = this.influences;
    const out: { joint: number; weight: number }[] = [];
    for (let i = 0; i < K; i++) {
      const w = this.weights[v * K + i];
      if (w > 0) out.push({ joint: this.joints[v * K + i], weight: w });
    }
    return out.sort((a, b) => b.weight - a.weight);
  }
}
