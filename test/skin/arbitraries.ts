/**
 * fast-check generators for the skin weight property tests: messy raw influences, legal
 * SkinWeights built from them, and lock masks.
 */
import fc from 'fast-check';
import { repairImportedWeights } from '../../src/skin/repair.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';

/** Raw K-slot influences as a file might hold them (possibly illegal in every way). */
export interface RawInfluences {
  K: number;
  jointCount: number;
  vertexCount: number;
  joints: Uint16Array;
  weights: Float32Array;
}

const messyWeight = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 8, arbitrary: fc.float({ min: 0, max: 1, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(0.5, 0.25, 1, 1 / 3, 0.1, 1e-7, 1e-30) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0.25, -1e-9, -0, 2, 7) },
);

/** Per-vertex influences that are structurally fine (distinct joints, positive) but of any sum. */
function roughVertex(K: number, jointCount: number) {
  return fc
    .record({
      n: fc.integer({ min: 0, max: Math.min(K, jointCount) }),
      joints: fc.uniqueArray(fc.integer({ min: 0, max: jointCount - 1 }), {
        minLength: Math.min(K, jointCount),
        maxLength: Math.min(K, jointCount),
      }),
      weights: fc.array(fc.float({ min: Math.fround(1e-6), max: 1, noNaN: true }), {
        minLength: K,
        maxLength: K,
      }),
      normalize: fc.boolean(),
      sorted: fc.boolean(),
    })
    .map(({ n, joints, weights, normalize, sorted }) => {
      const w = weights.slice(0, n);
      if (sorted) w.sort((a, b) => b - a);
      const total = w.reduce((a, b) => a + b, 0);
      return { joints: joints.slice(0, n), weights: normalize && total > 0 ? w.map((x) => x / total) : w };
    });
}

/** Raw influences: messy slots (mode 'messy') or distinct positive influences of any sum. */
export function rawInfluences(
  options: { messy?: boolean; maxVertices?: number } = {},
): fc.Arbitrary<RawInfluences> {
  const messy = options.messy ?? true;
  const maxVertices = options.maxVertices ?? 12;
  return fc
    .record({
      K: fc.constantFrom(4, 8),
      jointCount: fc.integer({ min: 1, max: 24 }),
      vertexCount: fc.integer({ min: 1, max: maxVertices }),
    })
    .chain(({ K, jointCount, vertexCount }) => {
      const slot = fc.record({ joint: fc.integer({ min: 0, max: jointCount + 2 }), weight: messyWeight });
      const vertex = messy
        ? fc.oneof(fc.array(slot, { minLength: K, maxLength: K }), roughVertex(K, jointCount).map(toSlots))
        : roughVertex(K, jointCount).map(toSlots);
      return fc.array(vertex, { minLength: vertexCount, maxLength: vertexCount }).map((vertices) => {
        const joints = new Uint16Array(vertexCount * K);
        const weights = new Float32Array(vertexCount * K);
        vertices.forEach((slots, v) => {
          for (let i = 0; i < Math.min(K, slots.length); i++) {
            joints[v * K + i] = slots[i].joint;
            weights[v * K + i] = slots[i].weight;
          }
        });
        return { K, jointCount, vertexCount, joints, weights };
      });
    });
}

function toSlots(v: { joints: number[]; weights: number[] }): { joint: number; weight: number }[] {
  return v.joints.map((joint, i) => ({ joint, weight: v.weights[i] }));
}

/** Splits K-slot arrays into glTF sets of 4 (as repairImportedWeights takes them). */
export function toSets(raw: RawInfluences): { joints: Uint16Array[]; weights: Float32Array[] } {
  const sets = raw.K / 4;
  const joints: Uint16Array[] = [];
  const weights: Float32Array[] = [];
  for (let s = 0; s < sets; s++) {
    const j = new Uint16Array(raw.vertexCount * 4);
    const w = new Float32Array(raw.vertexCount * 4);
    for (let v = 0; v < raw.vertexCount; v++) {
      for (let c = 0; c < 4; c++) {
        j[v * 4 + c] = raw.joints[v * raw.K + s * 4 + c];
        w[v * 4 + c] = raw.weights[v * raw.K + s * 4 + c];
      }
    }
    joints.push(j);
    weights.push(w);
  }
  return { joints, weights };
}

/** The raw slots as a SkinWeights, as they are (usually illegal). */
export function rawSkinWeights(raw: RawInfluences): SkinWeights {
  return new SkinWeights(raw.vertexCount, raw.K, raw.joints.slice(), raw.weights.slice());
}

/** A legal SkinWeights (raw influences run through repair) with its joint count. */
export function legalSkinWeights(options: { maxVertices?: number } = {}) {
  return rawInfluences({ messy: true, maxVertices: options.maxVertices }).map((raw) => {
    const { joints, weights } = toSets(raw);
    return {
      sw: repairImportedWeights(joints, weights, raw.vertexCount, raw.jointCount, raw.K).weights,
      raw,
    };
  });
}

/** A lock mask for `jointCount` joints (mostly unlocked). */
export function lockMask(jointCount: number): fc.Arbitrary<Uint8Array> {
  return fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }), {
      minLength: jointCount + 3,
      maxLength: jointCount + 3,
    })
    .map((a) => Uint8Array.from(a));
}

/** Bits of a float32 value (distinguishes -0, NaN payloads). */
export function bits(x: number): number {
  const f = new Float32Array([x]);
  return new Uint32Array(f.buffer)[0];
}

/** The slots of vertex v as [joint, weight][] (for readable expectations). */
export function slots(sw: SkinWeights, v: number): [number, number][] {
  const K = sw.influences;
  return Array.from(
    { length: K },
    (_, i) => [sw.joints[v * K + i], sw.weights[v * K + i]] as [number, number],
  );
}
