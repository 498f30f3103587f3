/**
 * quantizeWeights / quantizeVertex / dequantizeWeights / quantizePreview: unorm8 / unorm16 weights
 * for export, with largest-remainder rounding so each vertex's integers sum to exactly 255 or
 * 65535 (DESIGN.md invariant 1), and a float preview of exactly what export writes (invariant 5).
 */
import { SkinWeights } from './skin-weights.ts';

/** Bits per quantised weight: unorm8 (UNSIGNED_BYTE) or unorm16 (UNSIGNED_SHORT). */
export type QuantizeBits = 8 | 16;

/** Options of {@link quantizeWeights} and {@link quantizePreview}. */
export interface QuantizeOptions {
  bits?: QuantizeBits;
  /** Only these vertices (default: all). With `target`, the others are left as they are. */
  vertices?: ArrayLike<number> | null;
}

/** Defaults of {@link QuantizeOptions}. */
export const QUANTIZE_DEFAULTS: Required<QuantizeOptions> = { bits: 8, vertices: null };

/** Quantised influences: per slot (`v * K + i`) integer weights and the joints to write with them. */
export interface QuantizedWeights<T extends Uint8Array | Uint16Array> {
  /** Integers summing to exactly 255 / 65535 per vertex (slots sorted strongest first). */
  weights: T;
  /** The joints, with joint 0 wherever the integer weight is 0 (no JOINTS_USED_ZERO_WEIGHT). */
  joints: Uint16Array;
}

let _rem = new Float64Array(8);

/**
 * Quantises vertex `v` into `outWeights` / `outJoints` at `outOffset` (K slots each):
 *
 * 1. the positive finite weights are divided by their float64 sum and scaled to 255 / 65535;
 * 2. each is floored; the integers still missing are handed out one each to the slots with the
 *    largest remainders (ties: the stronger slot), so the integers sum exactly to the scale and
 *    each differs from `round(w * scale)` by at most 1;
 * 3. slots keep their order (non-increasing stays non-increasing); a slot quantised to 0 gets
 *    joint 0.
 *
 * A vertex with no positive weight (illegal) comes out all zero. Does not allocate.
 */
export function quantizeVertex(
  sw: SkinWeights,
  v: number,
  bits: QuantizeBits,
  outWeights: Uint8Array | Uint16Array,
  outJoints: Uint16Array,
  outOffset = v * sw.influences,
): void {
  const K = sw.influences;
  const scale = bits === 8 ? 255 : 65535;
  const base = v * K;
  if (_rem.length < K) _rem = new Float64Array(K);
  let total = 0;
  for (let i = 0; i < K; i++) {
    const w = sw.weights[base + i];
    if (w > 0 && w < Number.POSITIVE_INFINITY) total += w;
  }
  let sum = 0;
  for (let i = 0; i < K; i++) {
    const w = sw.weights[base + i];
    if (!(total > 0 && w > 0 && w < Number.POSITIVE_INFINITY)) {
      outWeights[outOffset + i] = 0;
      _rem[i] = -1; // never receives a unit
      continue;
    }
    const exact = (w / total) * scale;
    const q = Math.floor(exact);
    outWeights[outOffset + i] = q;
    _rem[i] = exact - q;
    sum += q;
  }
  let missing = total > 0 ? scale - sum : 0;
  while (missing > 0) {
    let best = -1;
    for (let i = 0; i < K; i++) if (_rem[i] >= 0 && (best < 0 || _rem[i] > _rem[best])) best = i;
    if (best < 0)
      best = 0; // every slot already got a unit (float error): the strongest takes it
    else _rem[best] = -1;
    outWeights[outOffset + best]++;
    missing--;
  }
  for (let i = 0; i < K; i++) {
    outJoints[outOffset + i] = outWeights[outOffset + i] === 0 ? 0 : sw.joints[base + i];
  }
}

/** Quantises every vertex; see {@link quantizeVertex}. */
export function quantizeWeights(sw: SkinWeights, options: { bits: 16 }): QuantizedWeights<Uint16Array>;
export function quantizeWeights(sw: SkinWeights, options?: { bits?: 8 }): QuantizedWeights<Uint8Array>;
export function quantizeWeights(
  sw: SkinWeights,
  options?: QuantizeOptions,
): QuantizedWeights<Uint8Array | Uint16Array>;
export function quantizeWeights(
  sw: SkinWeights,
  options: QuantizeOptions = QUANTIZE_DEFAULTS,
): QuantizedWeights<Uint8Array | Uint16Array> {
  const bits = options.bits ?? QUANTIZE_DEFAULTS.bits;
  const n = sw.vertexCount * sw.influences;
  const weights = bits === 8 ? new Uint8Array(n) : new Uint16Array(n);
  const joints = new Uint16Array(n);
  for (let v = 0; v < sw.vertexCount; v++) quantizeVertex(sw, v, bits, weights, joints);
  return { weights, joints };
}

/**
 * Float weights of quantised integers, as a renderer reads normalised unorm data: `q / 255`
 * (or 65535), rounded to float32. The bit depth follows the array type.
 */
export function dequantizeWeights(q: Uint8Array | Uint16Array): Float32Array {
  const scale = q instanceof Uint8Array ? 255 : 65535;
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = q[i] / scale;
  return out;
}

let _q8 = new Uint8Array(8);
let _q16 = new Uint16Array(8);
let _qj = new Uint16Array(8);

/**
 * The weights exactly as they come back from a unorm export (quantise, then `q / scale` in
 * float32), for the viewport to show what export writes. Writes into `target` (same vertex count
 * and K; default a new SkinWeights) for all vertices or `options.vertices`; returns it.
 * The preview's float32 sums may differ from 1 by a few ulps, as a renderer sees them.
 */
export function quantizePreview(
  sw: SkinWeights,
  options: QuantizeOptions = QUANTIZE_DEFAULTS,
  target: SkinWeights = new SkinWeights(sw.vertexCount, sw.influences),
): SkinWeights {
  const bits = options.bits ?? QUANTIZE_DEFAULTS.bits;
  const list = options.vertices ?? null;
  const K = sw.influences;
  if (target.influences !== K || target.vertexCount !== sw.vertexCount) {
    throw new RangeError('quantizePreview target must match the source shape');
  }
  if (_qj.length < K) {
    _q8 = new Uint8Array(K);
    _q16 = new Uint16Array(K);
    _qj = new Uint16Array(K);
  }
  const q = bits === 8 ? _q8 : _q16;
  const scale = bits === 8 ? 255 : 65535;
  const n = list ? list.length : sw.vertexCount;
  for (let k = 0; k < n; k++) {
    const v = list ? list[k] : k;
    quantizeVertex(sw, v, bits, q, _qj, 0);
    for (let i = 0; i < K; i++) {
      target.joints[v * K + i] = _qj[i];
      target.weights[v * K + i] = q[i] / scale;
    }
  }
  return target;
}
