/**
 * First skin weights for the mannequin: each deforming joint's bone is a segment (joint to tail)
 * with an envelope radius that tapers along it, and a vertex's raw weight for a bone falls off
 * as (distance / envelope radius)^-power. Measuring distance in envelope radii keeps thin limbs
 * from reaching across to the thick torso (no arm weight on the flank below the armpit), and a
 * side mask keeps Left joints off the right half and Right joints off the left (no weight of
 * one thigh on the other), blending over a narrow band at x = 0.
 *
 * Weights are computed for the vertices on the +x side and on the mid-plane, and copied with
 * Left/Right swapped to the mirror vertices, so they are exactly mirror-symmetric.
 */
import type { MannequinJoint } from './skeleton.ts';

/** Options of {@link mannequinWeights}. */
export interface MannequinWeightsOptions {
  /** Falloff exponent: higher gives tighter blends at the joints. */
  power?: number;
  /** Half-width (metres) of the band around x = 0 where Left and Right joints blend. */
  sideBlend?: number;
  /** Influences below this fraction of the vertex's total are dropped. */
  minWeight?: number;
  /**
   * How much more distance beyond a bone's ends counts than distance across it: past a joint
   * the child's bone takes over quickly, so each bone owns its own span.
   */
  endStretch?: number;
}

/** Defaults of {@link MannequinWeightsOptions}. */
export const MANNEQUIN_WEIGHTS_DEFAULTS: Required<MannequinWeightsOptions> = {
  power: 4,
  sideBlend: 0.02,
  minWeight: 0.01,
  endStretch: 2,
};

const K = 4;
/** Candidates kept while scanning: one more than K, to see a mirrored pair split at the cut. */
const C = K + 1;

function smoothstep(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t * t * (3 - 2 * t);
}

/**
 * Computes 4 influences per vertex: `joints` (indices into `skeleton`) and `weights`, slot
 * v·4 + i, strongest first, unused slots joint 0 weight 0, summing to 1 in float32 within
 * 2e-7 per non-zero weight. `mirror[v]` is the vertex's mirror image (itself on x = 0).
 */
export function mannequinWeights(
  positions: ArrayLike<number>,
  mirror: ArrayLike<number>,
  skeleton: readonly MannequinJoint[],
  options: MannequinWeightsOptions = {},
): { joints: Uint16Array; weights: Float32Array } {
  const { power, sideBlend, minWeight, endStretch } = { ...MANNEQUIN_WEIGHTS_DEFAULTS, ...options };
  const n = mirror.length;
  const ctx = context(skeleton, n, power, sideBlend, minWeight, endStretch);
  // Small per-vertex functions rather than one big loop: V8 optimises them whole and early,
  // where a big loop would be compiled on the stack and thrown out at each rare branch.
  for (let v = 0; v < n; v++) {
    const px = positions[3 * v];
    if (px < 0 && mirror[v] !== v) continue;
    scoreBones(ctx, px, positions[3 * v + 1], positions[3 * v + 2]);
    writeVertex(ctx, v, mirror[v] === v);
  }
  // Mirror images: same weights on the mirrored joints, re-sorted.
  for (let v = 0; v < n; v++) {
    if (mirror[v] !== v && positions[3 * v] < 0) copyMirrored(ctx, v, mirror[v]);
  }
  return { joints: ctx.joints, weights: ctx.weights };
}

interface Context {
  skeleton: readonly MannequinJoint[];
  /** Per bone, 10 numbers: head, head→tail, 1/length², radii, side (+1 left, -1 right, 0 centre). */
  bones: Float64Array;
  boneJoint: Uint16Array;
  power: number;
  sideBlend: number;
  minWeight: number;
  stretch2: number;
  candJ: Int32Array;
  candW: Float64Array;
  /** Tree steps between joints a and b at a · joints + b (computed once per skeleton). */
  steps: Uint8Array;
  w64: Float64Array;
  joints: Uint16Array;
  weights: Float32Array;
}

function context(
  skeleton: readonly MannequinJoint[],
  n: number,
  power: number,
  sideBlend: number,
  minWeight: number,
  endStretch: number,
): Context {
  const deforming = skeleton.map((j, i) => ({ j, i })).filter(({ j }) => j.deforms);
  const bones = new Float64Array(deforming.length * 10);
  const boneJoint = new Uint16Array(deforming.length);
  deforming.forEach(({ j, i }, b) => {
    const [ax, ay, az] = j.boneStart;
    const dx = j.tail[0] - ax;
    const dy = j.tail[1] - ay;
    const dz = j.tail[2] - az;
    const side = j.mirror === i ? 0 : Math.sign(ax);
    bones.set(
      [ax, ay, az, dx, dy, dz, 1 / (dx * dx + dy * dy + dz * dz), j.radii[0], j.radii[1], side],
      b * 10,
    );
    boneJoint[b] = i;
  });
  return {
    skeleton,
    bones,
    boneJoint,
    power,
    sideBlend,
    minWeight,
    stretch2: endStretch * endStretch - 1,
    steps: treeStepTable(skeleton),
    candJ: new Int32Array(C),
    candW: new Float64Array(C),
    w64: new Float64Array(K),
    joints: new Uint16Array(n * K),
    weights: new Float32Array(n * K),
  };
}

/** Fills the context's candidates with the C strongest bones at (px, py, pz), strongest first. */
function scoreBones(ctx: Context, px: number, py: number, pz: number): void {
  const { bones: B, boneJoint, candJ, candW, power, stretch2, sideBlend } = ctx;
  const leftMask = smoothstep((px + sideBlend) / (2 * sideBlend));
  const rightMask = smoothstep((sideBlend - px) / (2 * sideBlend));
  candJ.fill(-1);
  candW.fill(0);
  for (let b = 0, o = 0; b < boneJoint.length; b++, o += 10) {
    const side = B[o + 9];
    const mask = side > 0 ? leftMask : side < 0 ? rightMask : 1;
    if (mask === 0) continue;
    const qx = px - B[o];
    const qy = py - B[o + 1];
    const qz = pz - B[o + 2];
    const sRaw = (qx * B[o + 3] + qy * B[o + 4] + qz * B[o + 5]) * B[o + 6];
    const s = sRaw < 0 ? 0 : Math.min(sRaw, 1);
    const ex = qx - s * B[o + 3];
    const ey = qy - s * B[o + 4];
    const ez = qz - s * B[o + 5];
    // Squared overshoot past the nearest end (the bone's length² is 1 / B[o + 6]).
    const over2 = ((sRaw - s) * (sRaw - s)) / B[o + 6];
    const d2 = ex * ex + ey * ey + ez * ez + stretch2 * over2;
    const r = B[o + 7] + s * (B[o + 8] - B[o + 7]);
    // (distance / radius)^-power, from squares: no square root, and no pow for power 4.
    const t2 = Math.max(d2 / (r * r), 0.0025);
    const w = mask * (power === 4 ? 1 / (t2 * t2) : t2 ** (-power / 2));
    // Insert into the sorted candidates (weight descending, joint ascending on ties).
    const jt = boneJoint[b];
    let c = C;
    while (c > 0 && (candJ[c - 1] < 0 || w > candW[c - 1] || (w === candW[c - 1] && jt < candJ[c - 1]))) c--;
    if (c >= C) continue;
    for (let m = C - 1; m > c; m--) {
      candJ[m] = candJ[m - 1];
      candW[m] = candW[m - 1];
    }
    candJ[c] = jt;
    candW[c] = w;
  }
}

/** Keeps at most K candidates (whole mirrored pairs on the mid-plane), prunes, normalises, writes. */
function writeVertex(ctx: Context, v: number, selfMirror: boolean): void {
  const { candJ, candW, w64, skeleton, minWeight } = ctx;
  let count = 0;
  while (count < K && candJ[count] >= 0) count++;
  // On the mid-plane, never keep one joint of a mirrored pair of equal weight without the other.
  if (selfMirror) {
    while (count > 0 && count < C && candJ[count] >= 0) {
      const last = candJ[count - 1];
      if (skeleton[last].mirror === last || candW[count - 1] !== candW[count]) break;
      count--;
    }
  }
  count = dropFaintStrangers(ctx, count, selfMirror);
  // Normalise in float64, drop faint influences, normalise again.
  let sum = 0;
  for (let i = 0; i < count; i++) sum += candW[i];
  while (count > 1 && candW[count - 1] < minWeight * sum) sum -= candW[--count];
  if (selfMirror) {
    // Dropping stops at a pair: keep dropping both sides of it or neither.
    while (count > 1 && candW[count - 1] === candW[count] && candJ[count] >= 0) sum -= candW[--count];
  }
  for (let i = 0; i < count; i++) w64[i] = candW[i] / sum;
  const fix = fixupSlot(skeleton, candJ, count, selfMirror);
  writeSlots(ctx.joints, ctx.weights, v * K, candJ, w64, count, fix);
}

/** Tree steps between every two joints (through their lowest common ancestor), capped at 255. */
function treeStepTable(skeleton: readonly MannequinJoint[]): Uint8Array {
  const n = skeleton.length;
  const out = new Uint8Array(n * n).fill(255);
  for (let a = 0; a < n; a++) {
    const depthOf = new Map<number, number>();
    for (let j = a, d = 0; j >= 0; j = skeleton[j].parent, d++) depthOf.set(j, d);
    for (let b = 0; b < n; b++) {
      for (let j = b, d = 0; j >= 0; j = skeleton[j].parent, d++) {
        const up = depthOf.get(j);
        if (up === undefined) continue;
        out[a * n + b] = Math.min(255, up + d);
        break;
      }
    }
  }
  return out;
}

/** Below this share of the vertex's total, a joint more than FAR_STEPS from its strongest is dropped. */
const FAR_SHARE = 0.06;
const FAR_STEPS = 2;

/**
 * Drops faint influences of joints far from the vertex's strongest in the tree: the torso's wide
 * envelopes reach a few per cent into the face, the hands and the upper arms (Spine1 on the
 * head), which is no blend a rigger would paint and shows as blotches in the heat map. Neighbours
 * (parent, children, siblings, grandparents) keep their faint share: that is the joints' blend.
 * On the mid-plane only where the strongest joint is its own mirror (both sides drop alike).
 */
function dropFaintStrangers(ctx: Context, count: number, selfMirror: boolean): number {
  const { candJ, candW, skeleton, steps } = ctx;
  if (count < 2) return count;
  const lead = candJ[0];
  if (selfMirror && skeleton[lead].mirror !== lead) return count;
  let sum = 0;
  for (let i = 0; i < count; i++) sum += candW[i];
  let kept = 1;
  for (let i = 1; i < count; i++) {
    if (candW[i] < FAR_SHARE * sum && steps[lead * skeleton.length + candJ[i]] > FAR_STEPS) continue;
    candJ[kept] = candJ[i];
    candW[kept] = candW[i];
    kept++;
  }
  // The slots past `kept` must not look like pair partners to the mid-plane rule below.
  for (let i = kept; i < count; i++) {
    candJ[i] = -1;
    candW[i] = 0;
  }
  return kept;
}

/** Vertex v takes its mirror image w's weights on the mirrored joints, re-sorted. */
function copyMirrored(ctx: Context, v: number, w: number): void {
  const { candJ, candW, joints, weights, skeleton } = ctx;
  for (let i = 0; i < K; i++) {
    candW[i] = weights[w * K + i];
    candJ[i] = candW[i] > 0 ? skeleton[joints[w * K + i]].mirror : 0;
  }
  for (let i = 0; i < K; i++) {
    let best = i;
    for (let m = i + 1; m < K; m++) {
      if (candW[m] > candW[best] || (candW[m] === candW[best] && candJ[m] < candJ[best])) best = m;
    }
    joints[v * K + i] = candJ[best];
    weights[v * K + i] = candW[best];
    candJ[best] = candJ[i];
    candW[best] = candW[i];
  }
}

/** The slot whose weight absorbs float32 rounding: the largest, or on the mid-plane the largest
 * on a joint that is its own mirror (so the fix-up cannot break the symmetry). */
function fixupSlot(
  skeleton: readonly MannequinJoint[],
  cand: Int32Array,
  count: number,
  selfMirror: boolean,
) {
  if (!selfMirror) return 0;
  for (let i = 0; i < count; i++) if (skeleton[cand[i]].mirror === cand[i]) return i;
  return 0;
}

/** Writes float32 weights whose float32 sum is 1 within 2e-7 per weight, fixing up one slot. */
function writeSlots(
  joints: Uint16Array,
  weights: Float32Array,
  base: number,
  cand: Int32Array,
  w64: Float64Array,
  count: number,
  fix: number,
): void {
  for (let i = 0; i < K; i++) {
    joints[base + i] = i < count ? cand[i] : 0;
    weights[base + i] = i < count ? w64[i] : 0;
  }
  let sum = 0;
  for (let i = 0; i < count; i++) sum = Math.fround(sum + weights[base + i]);
  if (Math.abs(sum - 1) <= 2e-7 * count) return;
  let others = 0;
  for (let i = 0; i < count; i++) if (i !== fix) others += weights[base + i];
  weights[base + fix] = 1 - others;
}
