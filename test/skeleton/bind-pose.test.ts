/**
 * Making a pose the bind pose carries the whole bind geometry into the pose: normals turn with the
 * mesh and stay unit, morph target deltas turn with their vertices, and the rest pose then draws
 * the stored positions (every skinning matrix I).
 */
import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { applySkeletonEdit } from '../../src/skeleton/apply-skeleton-edit.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { drawnMesh, meshDistance } from './support/drawn-mesh.ts';

describe('bindPose', () => {
  it('turns normals and morph deltas with their joints', () => {
    // One influence per vertex: each vertex rides one joint rigidly.
    const doc = makeSkinnedDocument({ joints: 4, influences: 1, animation: false, rows: 6 });
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    const n = prim.getAttribute('POSITION')!.getCount();
    const buffer = doc.getRoot().listBuffers()[0];
    const normals = new Float32Array(n * 3);
    const deltas = new Float32Array(n * 3);
    for (let v = 0; v < n; v++) {
      normals.set([0, 0, 1], v * 3);
      deltas.set([0.1, 0, 0], v * 3);
    }
    prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer));
    prim.addTarget(
      doc
        .createPrimitiveTarget()
        .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(deltas).setBuffer(buffer)),
    );
    const model = buildSkinnedModel(doc);
    const weights = model.primitives[0].weights;
    const skin = model.skins[0].joints;
    const joint2 = skin[2];
    // A quarter turn about X at joint2: +Z normals of the vertices it carries become -Y… (R·n).
    const s = Math.SQRT1_2;
    const applied = applySkeletonEdit(model, { op: 'bindPose', rotations: { [`#${joint2}`]: [s, 0, 0, s] } });
    const next = applied.model;
    const p = next.primitives[0].primitive;
    const N = p.getAttribute('NORMAL')!.getArray()!;
    const D = p.listTargets()[0].getAttribute('POSITION')!.getArray()!;
    let turned = 0;
    for (let v = 0; v < n; v++) {
      const j = weights.joints[v * weights.influences];
      const below = j >= 2; // joint2 and its descendants turned
      const expectNormal = below ? [0, -1, 0] : [0, 0, 1];
      for (let c = 0; c < 3; c++) expect(N[v * 3 + c]).toBeCloseTo(expectNormal[c], 6);
      // A delta along X is on the turn's axis: it stays (0.1, 0, 0) either way.
      for (let c = 0; c < 3; c++) expect(D[v * 3 + c]).toBeCloseTo([0.1, 0, 0][c], 6);
      if (below) turned++;
    }
    expect(turned).toBeGreaterThan(0);
    // The rest pose draws the stored positions.
    const stored = next.primitives.map((q) => q.positions);
    expect(meshDistance(stored, drawnMesh(next))).toBeLessThan(1e-6);
  });

  it('turns a delta across the axis', () => {
    const doc = makeSkinnedDocument({ joints: 3, influences: 1, animation: false, rows: 4 });
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    const n = prim.getAttribute('POSITION')!.getCount();
    const deltas = new Float32Array(n * 3);
    for (let v = 0; v < n; v++) deltas.set([0, 0, 0.2], v * 3);
    prim.addTarget(
      doc
        .createPrimitiveTarget()
        .setAttribute(
          'POSITION',
          doc.createAccessor().setType('VEC3').setArray(deltas).setBuffer(doc.getRoot().listBuffers()[0]),
        ),
    );
    const model = buildSkinnedModel(doc);
    const joint0 = model.skins[0].joints[0];
    const s = Math.SQRT1_2;
    const next = applySkeletonEdit(model, {
      op: 'bindPose',
      rotations: { [`#${joint0}`]: [s, 0, 0, s] },
    }).model;
    const D = next.primitives[0].primitive.listTargets()[0].getAttribute('POSITION')!.getArray()!;
    // Every vertex rides joint0 or below it: (0, 0, 0.2) turned a quarter about X is (0, -0.2, 0).
    for (let v = 0; v < n; v++) {
      expect(D[v * 3]).toBeCloseTo(0, 6);
      expect(D[v * 3 + 1]).toBeCloseTo(-0.2, 6);
      expect(D[v * 3 + 2]).toBeCloseTo(0, 6);
    }
  });
});
