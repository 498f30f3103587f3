/**
 * transferToMeshes on the mannequin as each exporter writes it: a jacket added as an unskinned
 * mesh node (placed by its own node transform) is skinned to the character, drawn where it was in
 * the rest pose, and follows the body when the elbows bend.
 */
import { describe, expect, it } from 'vitest';
import { addGarmentNode, buildGarment } from '../../src/character/index.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { transferToMeshes } from '../../src/gltf/transfer-meshes.ts';
import { Pose } from '../../src/pose/pose.ts';
import { applyPosePreset } from '../../src/pose/pose-presets.ts';
import { PosedMesh } from '../../src/pose/posed-mesh.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { SourceSurface } from '../../src/transfer/index.ts';
import { EXPORTER_CONVENTIONS, exportedAs, mannequinData } from '../support/exporter-fixtures.ts';

const body = mannequinData(3000);
const jacket = buildGarment('jacket', body, { style: 'remeshed', spacing: 0.03, offset: 0.02 });

describe('transferToMeshes across exporter conventions', () => {
  for (const convention of EXPORTER_CONVENTIONS) {
    it(`${convention}: the jacket is skinned in place and follows bent elbows`, () => {
      const doc = exportedAs(convention, 3000);
      addGarmentNode(doc, jacket, { translation: [0.1, 0.5, -0.2], scale: 0.01 });
      const report = transferToMeshes(doc, { targets: ['Jacket'] });
      expect(report.targets[0].skin).toBe('new');
      expect(report.matched / report.vertices).toBeGreaterThan(0.97);
      const model = buildSkinnedModel(doc);
      const jacketNode = report.targets[0].node;
      const prim = model.primitives.find((p) => p.mesh === jacketNode.getMesh())!;
      expect(findInvariantViolations(prim.weights)).toEqual([]);
      const skeletonPosed = new PosedMesh(model);
      const pose = new Pose(skeletonPosed.skeleton.size, 'rest');
      // Rest pose: drawn exactly where the garment was placed.
      const rest = skeletonPosed.update(pose).positions[prim.id];
      let worst = 0;
      for (let i = 0; i < rest.length; i++) worst = Math.max(worst, Math.abs(rest[i] - jacket.positions[i]));
      expect(worst).toBeLessThan(2e-4);
      // Elbows bent: the jacket stays on the body (distance to the posed body near the offset).
      applyPosePreset(skeletonPosed.matrices, pose, 'elbows-bent-120');
      const posed = skeletonPosed.update(pose).positions;
      const bodyParts = model.primitives
        .filter((p) => p.id !== prim.id)
        .map((p) => ({
          positions: posed[p.id].slice(),
          indices: p.indices,
          weights: new SkinWeights(p.weights.vertexCount, 4),
        }));
      const surface = new SourceSurface(bodyParts);
      const g = posed[prim.id];
      let near = 0;
      for (let v = 0; v < g.length / 3; v++) {
        surface.closest(g[v * 3], g[v * 3 + 1], g[v * 3 + 2]);
        if (surface.distance < 3 * jacket.offset) near++;
      }
      expect(near / (g.length / 3)).toBeGreaterThan(0.97);
    });
  }

  it('reweights a skinned mesh from another of the same file, in its own skin', () => {
    const doc = exportedAs('multi-skin', 3000);
    const nodes = doc
      .getRoot()
      .listNodes()
      .filter((n) => n.getSkin() && n.getMesh());
    const report = transferToMeshes(doc, { targets: [nodes[0]], sources: nodes.slice(1) });
    expect(report.targets[0].skin).toBe('existing');
    expect(report.joints.byNode).toBeGreaterThan(0);
    const model = buildSkinnedModel(doc);
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  });

  it('says what is wrong with bad targets and sources', () => {
    const doc = exportedAs('mesh-node-trs', 3000);
    expect(() => transferToMeshes(doc, { targets: [] })).toThrow(/at least one mesh/);
    expect(() => transferToMeshes(doc, { targets: ['Nope'] })).toThrow(/No mesh named "Nope"/);
    const skinned = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getSkin())!;
    expect(() => transferToMeshes(doc, { targets: [skinned] })).toThrow(
      /No skinned mesh to transfer weights from/,
    );
    addGarmentNode(doc, jacket);
    expect(() => transferToMeshes(doc, { targets: ['Jacket'], sources: ['Jacket'] })).toThrow(
      /both a source and a target/,
    );
  });
});
