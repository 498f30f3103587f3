import type { Accessor, Document, Primitive } from '@gltf-transform/core';
import type { ExportStage } from './export-stage.ts';
import { isAccessorUsed } from './stage-container.ts';

/** Component types of a weights accessor: float32, or normalized unsigned short / byte. */
export type WeightArray = Float32Array | Uint16Array | Uint8Array;

/** One primitive's weights as export writes them: K slots per vertex (K = 4 per glTF set). */
export interface PrimitiveExportWeights {
  primitive: Primitive;
  vertexCount: number;
  /** Slots per vertex: 4 (JOINTS_0/WEIGHTS_0) or 8 (adds JOINTS_1/WEIGHTS_1). */
  influences: number;
  /** Skin joint indices, slot `v * K + i`, strongest first, unused slots 0. */
  joints: Uint16Array;
  /** Weights per slot: float32, or unorm integers (normalized) summing to 65535 / 255 per vertex. */
  weights: WeightArray;
  /** JOINTS as unsigned byte (every skin using the mesh has ≤ 256 joints) or unsigned short. */
  jointsAsBytes: boolean;
}

/** Gathers set `s` (slots `4s…4s+3` of each vertex) of K-slot data into a VEC4 array. */
function gatherSet<T extends Uint8Array | Uint16Array | Float32Array>(
  out: T,
  source: ArrayLike<number>,
  vertexCount: number,
  K: number,
  s: number,
): T {
  for (let v = 0; v < vertexCount; v++) {
    const from = v * K + s * 4;
    const to = v * 4;
    out[to] = source[from];
    out[to + 1] = source[from + 1];
    out[to + 2] = source[from + 2];
    out[to + 3] = source[from + 3];
  }
  return out;
}

function newWeightArray(like: WeightArray, length: number): WeightArray {
  if (like instanceof Float32Array) return new Float32Array(length);
  return like instanceof Uint16Array ? new Uint16Array(length) : new Uint8Array(length);
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface Written {
  joints: Accessor;
  weights: Accessor;
}

/**
 * Points each primitive's JOINTS_n/WEIGHTS_n at new accessors holding the export weights, and
 * takes away JOINTS_n/WEIGHTS_n sets beyond the export's (exporting 4 from a file with 8).
 * New accessors, never edits of the old ones: another primitive or mesh may share them. Old
 * accessors nothing uses any more are kept out of the file (their buffer is unset for the write,
 * which makes glTF-Transform skip them). Primitives that shared old accessors and end up with
 * equal weights share the new ones too. Everything is undone by the stage.
 */
export function stageWeightAccessors(
  stage: ExportStage,
  document: Document,
  list: PrimitiveExportWeights[],
): void {
  const fallbackBuffer = document.getRoot().listBuffers()[0] ?? null;
  const replaced = new Set<Accessor>();
  // Old (JOINTS, WEIGHTS) pair of a set → what was written for it, to share equal data again.
  const written = new Map<Accessor, Written[]>();

  for (const pw of list) {
    const { primitive, vertexCount, influences: K } = pw;
    const wantSets = K / 4;
    // Restored in the original order too: glTF-Transform writes attributes (and interleaves
    // them) in map order, and a later export must lay the file out as the first one did.
    const original = primitive.listSemantics().map((s) => [s, primitive.getAttribute(s)] as const);
    stage.onRestore(() => {
      for (const s of primitive.listSemantics()) primitive.setAttribute(s, null);
      for (const [s, a] of original) primitive.setAttribute(s, a);
    });
    let haveSets = 0;
    while (primitive.getAttribute(`JOINTS_${haveSets}`) || primitive.getAttribute(`WEIGHTS_${haveSets}`))
      haveSets++;

    for (let s = 0; s < Math.max(wantSets, haveSets); s++) {
      const jName = `JOINTS_${s}`;
      const wName = `WEIGHTS_${s}`;
      const oldJ = primitive.getAttribute(jName);
      const oldW = primitive.getAttribute(wName);
      if (oldJ) replaced.add(oldJ);
      if (oldW) replaced.add(oldW);
      if (s >= wantSets) {
        primitive.setAttribute(jName, null);
        primitive.setAttribute(wName, null);
        continue;
      }

      // One set of VEC4 in the right types already: use it as is (export owns these arrays).
      const direct = K === 4 && !pw.jointsAsBytes;
      const jArray = direct
        ? pw.joints
        : gatherSet(
            pw.jointsAsBytes ? new Uint8Array(vertexCount * 4) : new Uint16Array(vertexCount * 4),
            pw.joints,
            vertexCount,
            K,
            s,
          );
      const wArray =
        K === 4
          ? pw.weights
          : gatherSet(newWeightArray(pw.weights, vertexCount * 4), pw.weights, vertexCount, K, s);

      const key = oldW ?? oldJ;
      const candidates = key ? (written.get(key) ?? []) : [];
      let out = candidates.find(
        (c) =>
          c.joints.getArray()!.constructor === jArray.constructor &&
          sameArray(c.joints.getArray()!, jArray) &&
          c.weights.getArray()!.constructor === wArray.constructor &&
          sameArray(c.weights.getArray()!, wArray),
      );
      if (!out) {
        const buffer = oldW?.getBuffer() ?? oldJ?.getBuffer() ?? fallbackBuffer;
        const joints = document
          .createAccessor(oldJ?.getName() ?? '', buffer)
          .setType('VEC4')
          .setArray(jArray)
          .setExtras({ ...(oldJ?.getExtras() ?? {}) });
        const weights = document
          .createAccessor(oldW?.getName() ?? '', buffer)
          .setType('VEC4')
          .setArray(wArray)
          .setNormalized(!(wArray instanceof Float32Array))
          .setExtras({ ...(oldW?.getExtras() ?? {}) });
        stage.onRestore(() => {
          joints.dispose();
          weights.dispose();
        });
        out = { joints, weights };
        if (key) written.set(key, [...candidates, out]);
      }
      primitive.setAttribute(jName, out.joints);
      primitive.setAttribute(wName, out.weights);
    }
  }

  for (const accessor of replaced) {
    const buffer = accessor.getBuffer();
    if (isAccessorUsed(accessor) || !buffer) continue;
    accessor.setBuffer(null);
    stage.onRestore(() => accessor.setBuffer(buffer));
  }
}
