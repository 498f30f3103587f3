/**
 * The mesh as the file's rest pose draws it: every skinned primitive skinned with the joints'
 * own node transforms (see ./posed-mesh.ts for the space). This — not the stored `POSITION` — is
 * what three.js, Babylon and every other engine show for a file loaded and left alone; it is the
 * stored positions exactly when the rest pose is the bind pose (`Skeleton.restMatchesBind`),
 * which is the case for files with identity transforms, and differs when the armature is scaled,
 * rotated Z-up, or its IBMs were baked with another placement.
 *
 * Surfaces take their reference shape (mirror map, distortion, "unposed") from here.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { Pose } from './pose.ts';
import { PosedMesh } from './posed-mesh.ts';
import { skeletonOf } from './skeleton.ts';
import { multiplyInto } from './skinning.ts';

const cache = new WeakMap<SkinnedModel, Float32Array[]>();

/**
 * Rest-pose positions per primitive id (xyz per vertex), computed with the weights the model has
 * on the first call and cached: callers that need them after weight changes re-skin (PosedMesh).
 */
export function restPositions(model: SkinnedModel): Float32Array[] {
  let positions = cache.get(model);
  if (!positions) {
    const skeleton = skeletonOf(model);
    positions = skeleton.restMatchesBind
      ? model.primitives.map((p) => p.positions)
      : new PosedMesh(model).update(new Pose(skeleton.size, 'rest')).positions;
    cache.set(model, positions);
  }
  return positions;
}

/**
 * Rest-pose positions of `primitive` drawn by the node that skins it with `skin` (a mesh
 * instanced by several skinned nodes is drawn once per skin: RecursiveSkeletons draws one mesh
 * 84 times). The primitive's first skin gives {@link restPositions}; another is skinned here with
 * its own joints' rest matrices (linear blend, the primitive's weights).
 */
export function restPositionsOfInstance(model: SkinnedModel, primitive: number, skin: number): Float32Array {
  const prim = model.primitives[primitive];
  if (prim.skins[0] === skin) return restPositions(model)[primitive];
  const skeleton = skeletonOf(model);
  const { slots, inverseBindMatrices: ibm } = skeleton.skins[skin];
  const world = skeleton.rest.world;
  const S = new Float64Array(slots.length * 16);
  for (let j = 0; j < slots.length; j++) {
    if (slots[j] < 0) S.set(IDENTITY, j * 16);
    else multiplyInto(world, slots[j] * 16, ibm, j * 16, S, j * 16);
  }
  const { joints, weights, influences: K, vertexCount } = prim.weights;
  const P = prim.positions;
  const out = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    const x = P[v * 3];
    const y = P[v * 3 + 1];
    const z = P[v * 3 + 2];
    let ox = 0;
    let oy = 0;
    let oz = 0;
    for (let i = 0; i < K; i++) {
      const w = weights[v * K + i];
      if (!(w > 0)) continue;
      const o = joints[v * K + i] * 16;
      if (o + 16 > S.length) continue;
      ox += w * (S[o] * x + S[o + 4] * y + S[o + 8] * z + S[o + 12]);
      oy += w * (S[o + 1] * x + S[o + 5] * y + S[o + 9] * z + S[o + 13]);
      oz += w * (S[o + 2] * x + S[o + 6] * y + S[o + 10] * z + S[o + 14]);
    }
    out[v * 3] = ox;
    out[v * 3 + 1] = oy;
    out[v * 3 + 2] = oz;
  }
  return out;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
