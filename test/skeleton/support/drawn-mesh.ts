/**
 * The mesh as an engine draws it, from the document's own nodes and IBMs (glTF-Transform's
 * getWorldMatrix and three's Matrix4: no code of src/skeleton or src/pose) with the editor's
 * weights (a model's SkinWeights, which are what export writes): `v' = Σ w · W_j · IBM_j · v`.
 * `locals` optionally overrides nodes' local matrices (a clip frame).
 */
import type { Node } from '@gltf-transform/core';
import { Matrix4, Vector3 } from 'three';
import type { SkinnedModel } from '../../../src/gltf/skinned-model.ts';

export function drawnMesh(model: SkinnedModel, locals?: Map<Node, Matrix4>): Float32Array[] {
  const root = model.document.getRoot();
  const skins = root.listSkins();
  const world = new Map<Node, Matrix4>();
  const worldOf = (node: Node): Matrix4 => {
    let w = world.get(node);
    if (w) return w;
    const local = locals?.get(node) ?? new Matrix4().fromArray(node.getMatrix());
    const parent = node.getParentNode();
    w = parent ? worldOf(parent).clone().multiply(local) : local.clone();
    world.set(node, w);
    return w;
  };
  return model.primitives.map((prim) => {
    const skin = skins[prim.skins[0]];
    const ibm = skin.getInverseBindMatrices()?.getArray();
    const S = skin.listJoints().map((joint, j) => {
      const m = worldOf(joint).clone();
      return ibm ? m.multiply(new Matrix4().fromArray(Array.from(ibm.slice(j * 16, j * 16 + 16)))) : m;
    });
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    const out = new Float32Array(vertexCount * 3);
    const v = new Vector3();
    const t = new Vector3();
    const acc = new Vector3();
    for (let i = 0; i < vertexCount; i++) {
      v.fromArray(prim.positions, i * 3);
      acc.set(0, 0, 0);
      for (let k = 0; k < K; k++) {
        const w = weights[i * K + k];
        if (w > 0) acc.addScaledVector(t.copy(v).applyMatrix4(S[joints[i * K + k]]), w);
      }
      acc.toArray(out, i * 3);
    }
    return out;
  });
}
