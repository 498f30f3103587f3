import { Vector3 } from 'three';
import type { ViewScene } from './view-scene.ts';

const _v = new Vector3();

/**
 * World positions three.js draws for each skinned primitive of a scene (by primitive id): each
 * SkinnedMesh's `applyBoneTransform` and world matrix, as the vertex shader computes them. One
 * instance per primitive, as the editor paints one.
 */
export function drawnPositions(scene: ViewScene): Map<number, Float32Array> {
  const out = new Map<number, Float32Array>();
  scene.root.updateMatrixWorld(true);
  for (const { mesh, prim } of scene.skinned) {
    if (out.has(prim.id)) continue;
    const position = mesh.geometry.getAttribute('position');
    const positions = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) {
      _v.fromBufferAttribute(position, i);
      mesh
        .applyBoneTransform(i, _v)
        .applyMatrix4(mesh.matrixWorld)
        .toArray(positions, i * 3);
    }
    out.set(prim.id, positions);
  }
  return out;
}
