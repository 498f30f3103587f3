import { MathUtils, type Node } from '@gltf-transform/core';
import type { Object3D } from 'three';
import type { SkinnedModel, SkinnedPrimitive } from '../../src/gltf/skinned-model.ts';
import { rebindSkinArrays } from './skin-attributes.ts';
import { restOf, type ViewScene } from './view-scene.ts';

const ORIGIN = [0, 0, 0];
const NO_TURN = [0, 0, 0, 1];
const UNIT = [1, 1, 1];

/**
 * A node's translation, rotation or scale as the loader reads it from the GLB: glTF-Transform
 * leaves out a value within 1e-5 of its default, which the loader then takes as the default.
 */
function written(value: number[], fallback: number[]): number[] {
  return MathUtils.eq(value, fallback) ? fallback : value;
}

/**
 * Draws `model` on the objects of a scene built for another model of its shape (one skeleton edit
 * or its undo away, editor.skeleton.sameShape: the same nodes, skins and vertices; joints moved,
 * turned, renamed or re-parented), without building anything: each node object takes the node's
 * transform and parent, each skeleton the skin's inverse bind matrices, and the geometries the
 * new model's weight arrays — the numbers three's GLTFLoader would read from the new model's
 * GLB, so the scene draws exactly what a scene built anew would. The meshes, materials, textures
 * and GPU buffers stay.
 *
 * Returns the scene for `model` (a new ViewScene over the same objects), or null, having changed
 * nothing, when the scene does not fit the model (then build a new one).
 */
export function redrawInPlace(scene: ViewScene, model: SkinnedModel): ViewScene | null {
  const nodes = model.document.getRoot().listNodes();
  const index = new Map<Node, number>();
  for (const [i, n] of nodes.entries()) index.set(n, i);
  const prims = new Map<number, SkinnedPrimitive>();
  for (const p of model.primitives) prims.set(p.id, p);

  // Everything is checked before anything changes.
  for (const s of scene.skinned) {
    const prim = prims.get(s.prim.id);
    if (!prim || prim.weights.vertexCount !== s.prim.weights.vertexCount || !model.skins[s.skin]) return null;
  }
  const nodeObjects = new Set<Object3D>(scene.nodeObjects.values());
  const parents = new Map<Object3D, Object3D>();
  for (const [id, object] of scene.nodeObjects) {
    const node = nodes[id];
    if (!node) return null;
    const parentNode = node.getParentNode();
    let parent: Object3D | null | undefined;
    if (parentNode) parent = scene.nodeObjects.get(index.get(parentNode) ?? -1);
    // A top-level node: under the scene's root (where the loader put it), unless it was already
    // under some other object that is no node.
    else parent = object.parent && !nodeObjects.has(object.parent) ? object.parent : scene.root;
    if (!parent) return null;
    parents.set(object, parent);
  }

  for (const [id, object] of scene.nodeObjects) {
    const node = nodes[id];
    object.position.fromArray(written(node.getTranslation(), ORIGIN));
    object.quaternion.fromArray(written(node.getRotation(), NO_TURN));
    object.scale.fromArray(written(node.getScale(), UNIT));
    const parent = parents.get(object)!;
    if (object.parent !== parent) parent.add(object);
  }
  scene.root.updateMatrixWorld(true);

  for (const s of scene.skinned) {
    const skin = model.skins[s.skin];
    const { boneInverses } = s.mesh.skeleton;
    skin.joints.forEach((joint, j) => {
      const bone = s.localIndex.get(joint);
      if (bone !== undefined) boneInverses[bone].fromArray(skin.inverseBindMatrices, j * 16);
    });
  }
  for (const [id, geometries] of scene.geometries) {
    const prim = prims.get(id);
    if (prim) for (const geometry of geometries) rebindSkinArrays(geometry, prim.weights);
  }
  return {
    ...scene,
    model,
    rest: restOf(scene.nodeObjects),
    skinned: scene.skinned.map((s) => ({ ...s, prim: prims.get(s.prim.id)! })),
  };
}
