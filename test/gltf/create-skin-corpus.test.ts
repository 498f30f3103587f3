/**
 * Creating a skin on real files: each skinned shared model with its skin stripped (joint nodes
 * kept), a skin made again from its skeleton root. The meshes stay exactly where the stripped
 * file placed them in the bind pose, and the export adds no validator error or warning.
 * Skipped when ../shared/models is absent.
 */
import { type Document, type Node, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { describe, expect, it } from 'vitest';
import { createSkinFromNodes, planSkin } from '../../src/gltf/create-skin.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { writeRenderableGlb } from '../../src/gltf/renderable-glb.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

const MODELS = SHARED_MODEL_FILES.filter(
  (m) => m.skins > 0 && m.vertices < 50_000 && m.name !== 'RecursiveSkeletons',
);

/** The skin's top joint (its skeleton, or the joint with no joint above it). */
function skeletonRoot(doc: Document): Node {
  const skin = doc.getRoot().listSkins()[0];
  const joints = new Set(skin.listJoints());
  const top = skin.listJoints().find((j) => {
    for (let p = j.getParentNode(); p; p = p.getParentNode()) if (joints.has(p)) return false;
    return true;
  })!;
  return skin.getSkeleton() && joints.has(skin.getSkeleton()!) ? skin.getSkeleton()! : top;
}

function strip(doc: Document): void {
  for (const node of doc.getRoot().listNodes()) node.setSkin(null);
  for (const skin of doc.getRoot().listSkins()) skin.dispose();
  for (const mesh of doc.getRoot().listMeshes())
    for (const prim of mesh.listPrimitives())
      for (const semantic of prim.listSemantics())
        if (/^(JOINTS|WEIGHTS)_/.test(semantic)) prim.setAttribute(semantic, null);
}

/** World positions of a mesh node's primitives, float64. */
function world(node: Node): Float64Array[] {
  const m = node.getWorldMatrix();
  return node
    .getMesh()!
    .listPrimitives()
    .map((prim) => {
      const p = prim.getAttribute('POSITION')!;
      const out = new Float64Array(p.getCount() * 3);
      const el: number[] = [];
      for (let v = 0; v < p.getCount(); v++) {
        p.getElement(v, el);
        for (let r = 0; r < 3; r++)
          out[v * 3 + r] = m[r] * el[0] + m[4 + r] * el[1] + m[8 + r] * el[2] + m[12 + r];
      }
      return out;
    });
}

describe.skipIf(!HAVE_SHARED_MODELS)('createSkinFromNodes on the shared models, skin stripped', () => {
  it.each(MODELS.map((m) => [m.name, m.file]))('%s: bind pose in place, export valid', async (name, file) => {
    const doc = await readDocument(readSharedModel(file));
    const rootName = skeletonRoot(doc);
    const rootId = doc.getRoot().listNodes().indexOf(rootName);
    strip(doc);
    // The stripped file as opened (its own validator report is what the export is compared with).
    const strippedBytes = await writeRenderableGlb(doc);
    const stripped = await new WebIO().registerExtensions(ALL_EXTENSIONS).readBinary(strippedBytes);
    const plan = planSkin(stripped, rootId);
    const nodes = stripped.getRoot().listNodes();
    const expected = plan.meshes.map((id) => world(nodes[id]));
    const created = createSkinFromNodes(stripped, rootId);

    const S0 = new Float64Array(16); // root joint's skinning matrix: every vertex starts on it
    const W = created.joints[0].getWorldMatrix();
    const ibm = created.skin.getInverseBindMatrices()!.getArray()!;
    for (let c = 0; c < 4; c++)
      for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) S0[c * 4 + r] += W[k * 4 + r] * ibm[c * 4 + k];
    let size = 0;
    let worst = 0;
    created.skinnedNodes.forEach((node, i) => {
      node
        .getMesh()!
        .listPrimitives()
        .forEach((prim, k) => {
          const p = prim.getAttribute('POSITION')!.getArray()!;
          const want = expected[i][k];
          for (let v = 0; v < p.length; v += 3) {
            for (let r = 0; r < 3; r++) {
              const got = S0[r] * p[v] + S0[4 + r] * p[v + 1] + S0[8 + r] * p[v + 2] + S0[12 + r];
              worst = Math.max(worst, Math.abs(got - want[v + r]));
              size = Math.max(size, Math.abs(want[v + r]));
            }
          }
        });
    });
    expect(worst, name).toBeLessThan(1e-5 * Math.max(1, size));

    const model = buildSkinnedModel(stripped);
    expect(model.primitives.length).toBeGreaterThan(0);
    const result = await exportAndValidate(
      model,
      { sourceName: `${name}.glb` },
      { name: `${name}.glb`, bytes: strippedBytes },
    );
    expect(result.validation.newErrors).toBe(0);
    const newWarnings = result.validation.messages.filter(
      (m) => m.severity === 'warning' && m.origin === 'new',
    );
    expect(newWarnings.map((m) => `${m.code} ${m.pointer ?? ''}`)).toEqual([]);
  });
});
