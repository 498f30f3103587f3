import { NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';

describe('mannequinToDocument', () => {
  let data: MannequinData;
  beforeAll(() => {
    data = buildMannequin({ targetVertices: 5_000 });
  });

  it('passes the Khronos glTF-Validator with no errors or warnings', async () => {
    const glb = await new NodeIO().writeBinary(mannequinToDocument(data));
    const report = await validator.validateBytes(new Uint8Array(glb), { maxIssues: 0 });
    expect(report.issues.messages.filter((m: { severity: number }) => m.severity <= 1)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
  });

  it('lays out one scene: a Mannequin root with the joints, and the skinned MannequinBody', () => {
    const root = mannequinToDocument(data).getRoot();
    expect(root.listScenes()).toHaveLength(1);
    expect(root.listBuffers()).toHaveLength(1);
    for (const accessor of root.listAccessors()) expect(accessor.getBuffer()).toBe(root.listBuffers()[0]);
    const scene = root.getDefaultScene()!;
    const names = scene.listChildren().map((n) => n.getName());
    expect(names).toContain('Mannequin');
    expect(names).toContain('MannequinBody');
    const body = scene.listChildren().find((n) => n.getName() === 'MannequinBody')!;
    const skin = body.getSkin()!;
    expect(skin.getSkeleton()?.getName()).toBe('Hips');
    expect(skin.listJoints().map((j) => j.getName())).toEqual(data.jointNames);
    expect(skin.getSkeleton()?.getParentNode()?.getName()).toBe('Mannequin');
    for (const joint of skin.listJoints()) expect(joint.getRotation()).toEqual([0, 0, 0, 1]);

    const prim = body.getMesh()!.listPrimitives()[0];
    const attr = (s: string) => prim.getAttribute(s)!;
    expect(attr('POSITION').getArray()).toBeInstanceOf(Float32Array);
    expect(attr('NORMAL').getArray()).toBeInstanceOf(Float32Array);
    expect(attr('JOINTS_0').getArray()).toBeInstanceOf(Uint16Array);
    expect(attr('WEIGHTS_0').getArray()).toBeInstanceOf(Float32Array);
    expect(prim.getIndices()!.getArray()).toBeInstanceOf(Uint16Array);
    const material = prim.getMaterial()!;
    expect(material.getBaseColorFactor().slice(0, 3)).toEqual([0.75, 0.75, 0.75]);
    expect(material.getRoughnessFactor()).toBeCloseTo(0.6);
    expect(material.getMetallicFactor()).toBe(0);
  });

  it('has inverse bind matrices that undo each joint bind world matrix', () => {
    const skin = mannequinToDocument(data).getRoot().listSkins()[0];
    const ibm = skin.getInverseBindMatrices()!;
    expect(ibm.getType()).toBe('MAT4');
    expect(ibm.getArray()).toBeInstanceOf(Float32Array);
    skin.listJoints().forEach((joint, j) => {
      const world = joint.getWorldMatrix();
      const inv = ibm.getElement(j, new Array(16).fill(0));
      // (inv · world), column-major.
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          let s = 0;
          for (let k = 0; k < 4; k++) s += inv[k * 4 + r] * world[c * 4 + k];
          expect(s).toBeCloseTo(r === c ? 1 : 0, 6);
        }
      }
      const p = data.jointPositions.subarray(3 * j, 3 * j + 3);
      expect(world[12]).toBeCloseTo(p[0], 6);
      expect(world[13]).toBeCloseTo(p[1], 6);
      expect(world[14]).toBeCloseTo(p[2], 6);
    });
  });

  it('switches to uint32 indices at 65536 vertices and more', () => {
    const big: MannequinData = {
      ...data,
      positions: new Float32Array(3 * 70_000),
      normals: new Float32Array(3 * 70_000).fill(0).map((_, i) => (i % 3 === 1 ? 1 : 0)),
    };
    const doc = mannequinToDocument(big);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(prim.getIndices()!.getArray()).toBeInstanceOf(Uint32Array);
  });
});
