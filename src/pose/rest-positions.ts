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
