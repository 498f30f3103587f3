/**
 * The mesh as an engine draws it, from the document's own nodes and IBMs (glTF-Transform's
 * getMatrix and three's Matrix4: no code of src/skeleton or src/pose) with the editor's weights
 * (a model's SkinWeights, which are what export writes): `v' = Σ w · W_j · IBM_j · v`.
 * `worlds` optionally gives every node's world matrix (16 per node in document order: a clip
 * frame from test/support/node-poser.ts); `locals` overrides some nodes' local matrices. A
 * primitive several skins instance (RecursiveSkeletons) is drawn once per skin, unless
 * `firstSkin`.
 */
import type { Node } from '@gltf-transform/core';
import { Matrix4, Vector3 } from 'three';
import type { SkinnedModel } from '../../../src/gltf/skinned-model.ts';

export function drawnMesh(
  model: SkinnedModel,
  options: { worlds?: Float64Array; locals?: Map<Node, Matrix4>; firstSkin?: boolean } = {},
): Float32Array[] {
  const root = model.document.getRoot();
  const skins = root.listSkins();
  const nodes = root.listNodes();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const world = new Map<Node, Matrix4>();
  const worldOf = (node: Node): Matrix4 => {
    let w = world.get(node);
    if (w) return w;
    if (options.worlds) {
      const i = index.get(node)!;
      w = new Matrix4().fromArray(Array.from(options.worlds.subarray(i * 16, i * 16 + 16)));
    } else {
      const local = options.locals?.get(node) ?? new Matrix4().fromArray(node.getMatrix());
      const parent = node.getParentNode();
      w = parent ? worldOf(parent).clone().multiply(local) : local.clone();
    }
    world.set(node, w);
    return w;
  };
  return model.primitives.flatMap((prim) =>
    (options.firstSkin ? prim.skins.slice(0, 1) : prim.skins).map((s) => drawWith(prim, skins[s])),
  );
  function drawWith(prim: SkinnedModel['primitives'][number], skin: (typeof skins)[number]): Float32Array {
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
  }
}

/** Largest distance between corresponding vertices of two meshes (per primitive lists). */
export function meshDistance(a: Float32Array[], b: Float32Array[]): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let p = 0; p < a.length; p++) {
    const x = a[p];
    const y = b[p];
    if (x.length !== y.length) return Number.POSITIVE_INFINITY;
    for (let i = 0; i < x.length; i += 3)
      worst = Math.max(worst, Math.hypot(x[i] - y[i], x[i + 1] - y[i + 1], x[i + 2] - y[i + 2]));
  }
  return worst;
}
