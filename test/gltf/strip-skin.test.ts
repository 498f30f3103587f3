/**
 * stripSkin: a skinned file becomes a static one drawn exactly as its rest pose drew it: no
 * skin, no joint node, no channel that drove a joint; props hanging from joints kept in place.
 */
import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { stripSkin } from '../../src/gltf/strip-skin.ts';
import { restPositions } from '../../src/pose/rest-positions.ts';
import { fitMeshOfDocument } from '../../src/skeleton/fit/fit-mesh.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';

describe('stripSkin', () => {
  it('keeps the mannequin where it was and removes its skin and joints', () => {
    const doc = mannequinToDocument(buildMannequin({ targetVertices: 1500 }));
    const before = buildSkinnedModel(doc).primitives[0].positions.slice();
    const r = stripSkin(doc);
    expect(r).toMatchObject({ skins: 1, skinnedMeshes: 1 });
    expect(doc.getRoot().listSkins()).toHaveLength(0);
    expect(
      doc
        .getRoot()
        .listNodes()
        .map((n) => n.getName()),
    ).toEqual(['MannequinBody']);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(prim.listSemantics().filter((s) => /JOINTS|WEIGHTS/.test(s))).toEqual([]);
    expect(Array.from(fitMeshOfDocument(doc).positions)).toEqual(Array.from(before));
  });

  it('moves a prop hanging from a joint to the scene root and leaves no orphan mesh behind', () => {
    const doc = mannequinToDocument(buildMannequin({ targetVertices: 1500 }));
    const joint = doc.getRoot().listSkins()[0].listJoints()[5];
    const buffer = doc.getRoot().listBuffers()[0];
    const prop = doc.createMesh('Prop').addPrimitive(
      doc.createPrimitive().setAttribute(
        'POSITION',
        doc
          .createAccessor()
          .setType('VEC3')
          .setArray(new Float32Array([0, 0, 0, 0.1, 0, 0, 0, 0.1, 0]))
          .setBuffer(buffer),
      ),
    );
    joint.addChild(doc.createNode('Prop').setTranslation([0, 0.05, 0]).setMesh(prop));
    const meshes = doc.getRoot().listMeshes().length;
    const r = stripSkin(doc);
    expect(r.propMeshes).toBe(1);
    expect(doc.getRoot().listMeshes()).toHaveLength(meshes);
    const used = new Set(
      doc
        .getRoot()
        .listNodes()
        .map((n) => n.getMesh()),
    );
    for (const m of doc.getRoot().listMeshes()) expect(used.has(m), m.getName()).toBe(true);
  });

  for (const convention of EXPORTER_CONVENTIONS) {
    it(`draws the mannequin as ${convention} writes it as its rest pose did, with no joint left`, () => {
      const doc = exportedAs(convention, 1500);
      const model = buildSkinnedModel(doc);
      const rest = restPositions(model);
      let lo = Infinity;
      let hi = -Infinity;
      for (const p of rest)
        for (let i = 1; i < p.length; i += 3) {
          lo = Math.min(lo, p[i]);
          hi = Math.max(hi, p[i]);
        }
      const jointNames = new Set([...model.joints.values()].map((j) => j.name));
      stripSkin(doc, model);
      expect(doc.getRoot().listSkins()).toHaveLength(0);
      expect(
        doc
          .getRoot()
          .listNodes()
          .filter((n) => jointNames.has(n.getName()) && !n.getMesh()),
      ).toEqual([]);
      for (const a of doc.getRoot().listAnimations())
        for (const c of a.listChannels()) expect(c.getTargetNode()).not.toBeNull();
      // No orphan left behind: every mesh is drawn by a node (a prop's original went).
      const used = new Set(
        doc
          .getRoot()
          .listNodes()
          .map((n) => n.getMesh()),
      );
      for (const m of doc.getRoot().listMeshes()) expect(used.has(m), m.getName()).toBe(true);
      const mesh = fitMeshOfDocument(doc);
      let lo2 = Infinity;
      let hi2 = -Infinity;
      for (let i = 1; i < mesh.positions.length; i += 3) {
        lo2 = Math.min(lo2, mesh.positions[i]);
        hi2 = Math.max(hi2, mesh.positions[i]);
      }
      // The same extent up and down: drawn where the rest pose drew it (props included, so ≥).
      expect(lo2).toBeLessThanOrEqual(lo + 1e-4 * (hi - lo));
      expect(hi2).toBeGreaterThanOrEqual(hi - 1e-4 * (hi - lo));
      expect(hi2 - lo2).toBeLessThan(1.2 * (hi - lo));
    });
  }
});
