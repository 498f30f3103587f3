/**
 * makeBindPose: a pose becomes the bind pose (turn an A-pose into a T-pose). The joints' rest
 * transforms take the pose; every skinned primitive's vertices become their linear-blend posed
 * positions (normals, tangents and morph targets too), with the editor's weights; and every
 * skin's IBMs become the inverses of the posed world matrices, so at rest S = I and the file
 * draws the posed mesh exactly as stored. Clips key absolute local TRS: they keep playing.
 */
import type { Accessor, Document, Primitive } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { invert, mul, NodeWorlds, type Quat, type Vec3 } from './frames.ts';
import { readInverseBinds, writeInverseBinds } from './inverse-binds.ts';
import { type EditOutcome, requireJoint } from './skeleton-checks.ts';

/** The pose to bind in: absolute local rotations (and translations) by joint id; others keep their rest. */
export interface BindPose {
  rotations: ReadonlyMap<number, Quat>;
  translations?: ReadonlyMap<number, Vec3>;
}

/** An accessor only `primitive` uses (a copy when it is shared), holding `array`. */
function ownAccessor(document: Document, accessor: Accessor, array: Float32Array): Accessor {
  const users = accessor.listParents().filter((p) => p.propertyType !== 'Root');
  if (users.length === 1) return accessor.setArray(array).setNormalized(false);
  return document
    .createAccessor(accessor.getName())
    .setType(accessor.getType())
    .setArray(array)
    .setBuffer(accessor.getBuffer());
}

function readFloats(accessor: Accessor): Float32Array {
  const n = accessor.getCount();
  const size = accessor.getElementSize();
  const out = new Float32Array(n * size);
  const el: number[] = [];
  for (let i = 0; i < n; i++) out.set(accessor.getElement(i, el), i * size);
  return out;
}

/** Blended skinning matrices per vertex (12 per vertex: the 3×4 of Σ w · S). */
function blendedMatrices(model: SkinnedModel, primId: number, S: Float64Array): Float64Array {
  const { joints, weights, influences: K, vertexCount } = model.primitives[primId].weights;
  const out = new Float64Array(vertexCount * 12);
  for (let v = 0; v < vertexCount; v++) {
    for (let k = 0; k < K; k++) {
      const w = weights[v * K + k];
      if (!(w > 0)) continue;
      const o = joints[v * K + k] * 16;
      for (let c = 0; c < 4; c++) for (let r = 0; r < 3; r++) out[v * 12 + c * 3 + r] += w * S[o + c * 4 + r];
    }
  }
  return out;
}

/** Maps xyz triples of `data` (stride `size`) through the vertex matrices: points, directions or normals. */
function mapTriples(
  data: Float32Array,
  size: number,
  M: Float64Array,
  kind: 'point' | 'vector' | 'normal',
): void {
  const n = data.length / size;
  for (let v = 0; v < n; v++) {
    const m = M.subarray(v * 12, v * 12 + 12);
    const [x, y, z] = [data[v * size], data[v * size + 1], data[v * size + 2]];
    let ox: number;
    let oy: number;
    let oz: number;
    if (kind === 'normal') {
      // Inverse transpose of the linear part, as cofactors (the determinant's scale is normalised away).
      const a = m[0],
        b = m[3],
        c = m[6],
        d = m[1],
        e = m[4],
        f = m[7],
        g = m[2],
        h = m[5],
        i = m[8];
      ox = (e * i - f * h) * x + (f * g - d * i) * y + (d * h - e * g) * z;
      oy = (c * h - b * i) * x + (a * i - c * g) * y + (b * g - a * h) * z;
      oz = (b * f - c * e) * x + (c * d - a * f) * y + (a * e - b * d) * z;
    } else {
      ox = m[0] * x + m[3] * y + m[6] * z + (kind === 'point' ? m[9] : 0);
      oy = m[1] * x + m[4] * y + m[7] * z + (kind === 'point' ? m[10] : 0);
      oz = m[2] * x + m[5] * y + m[8] * z + (kind === 'point' ? m[11] : 0);
    }
    if (kind !== 'point') {
      const l = Math.hypot(ox, oy, oz);
      if (l > 0 && (kind === 'normal' || size === 4)) {
        ox /= l;
        oy /= l;
        oz /= l;
      }
    }
    data[v * size] = ox;
    data[v * size + 1] = oy;
    data[v * size + 2] = oz;
  }
}

function rewrite(
  document: Document,
  target: Primitive | import('@gltf-transform/core').PrimitiveTarget,
  semantic: string,
  M: Float64Array,
  kind: 'point' | 'vector' | 'normal',
): void {
  const accessor = target.getAttribute(semantic);
  if (!accessor) return;
  const data = readFloats(accessor);
  mapTriples(data, accessor.getElementSize(), M, kind);
  const next = ownAccessor(document, accessor, data);
  if (next !== accessor) target.setAttribute(semantic, next);
}

/** Makes `pose` the bind pose of `model` (in place: document and positions). */
export function makeBindPose(model: SkinnedModel, pose: BindPose): EditOutcome {
  for (const id of [...pose.rotations.keys(), ...(pose.translations?.keys() ?? [])]) requireJoint(model, id);
  const doc = model.document;
  const nodes = doc.getRoot().listNodes();
  for (const [id, q] of pose.rotations) nodes[id].setRotation([...q]);
  for (const [id, t] of pose.translations ?? []) nodes[id].setTranslation([...t]);
  const posed = new NodeWorlds(doc);
  const skins = doc.getRoot().listSkins();
  const skinning = skins.map((skin) => {
    const ibm = readInverseBinds(skin);
    const S = new Float64Array(ibm.length);
    skin.listJoints().forEach((joint, j) => {
      S.set(mul(posed.worldOf(joint), ibm.subarray(j * 16, j * 16 + 16)), j * 16);
    });
    return S;
  });
  const notes: string[] = [];
  for (const prim of model.primitives) {
    const M = blendedMatrices(model, prim.id, skinning[prim.skins[0]]);
    const p = prim.primitive;
    rewrite(doc, p, 'POSITION', M, 'point');
    rewrite(doc, p, 'NORMAL', M, 'normal');
    rewrite(doc, p, 'TANGENT', M, 'vector');
    for (const target of p.listTargets()) {
      rewrite(doc, target, 'POSITION', M, 'vector');
      rewrite(doc, target, 'NORMAL', M, 'vector');
      rewrite(doc, target, 'TANGENT', M, 'vector');
    }
    if (prim.skins.length > 1)
      notes.push(`${prim.name} is skinned by ${prim.skins.length} skins: it was posed with the first`);
  }
  for (const skin of skins) {
    const ibm = new Float64Array(skin.listJoints().length * 16);
    skin.listJoints().forEach((joint, j) => {
      ibm.set(invert(posed.worldOf(joint)), j * 16);
    });
    writeInverseBinds(doc, skin, ibm);
  }
  return { changed: true, created: [], notes };
}
