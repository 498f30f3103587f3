/**
 * One surface truth (invariant 5 of DESIGN.md), where it can fail: on the mannequin exported as
 * Blender, FBX2glTF, Maya and Mixamo write characters, and on every shared model, the surface the
 * editor paints, selects and picks on equals what an engine draws — the spec's skinning computed
 * by an independent oracle (test/support/skinning-oracle.ts) — in the rest pose and in a test
 * pose, within 1e-5 of the bounding-box diagonal. The Chromium test (e2e/wysiwyg.spec.ts) checks
 * the same against three.js itself.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { EXPORTER_CONVENTIONS, exportedGlb, mannequinData } from '../support/exporter-fixtures.ts';
import {
  HAVE_SHARED_MODELS,
  readSharedModel,
  SHARED_MODEL_FILES,
  SHARED_MODELS,
} from '../support/shared-models.ts';
import { diagonalOf, drawnPositions, maxDistance, readForOracle } from '../support/skinning-oracle.ts';

type Quat = [number, number, number, number];

/** Joints to bend: the most weighted joint's parent, and a chain of others, each by its own turn. */
function testPose(model: SkinnedModel): Map<number, Quat> {
  const counts = new Map<number, number>();
  for (const prim of model.primitives) {
    const skin = model.skins[prim.skins[0]];
    const w = prim.weights;
    for (let v = 0; v < w.vertexCount; v++) {
      const j = skin.joints[w.joints[v * w.influences]];
      counts.set(j, (counts.get(j) ?? 0) + 1);
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const chosen = new Set<number>();
  for (const id of ranked.slice(0, 4)) {
    chosen.add(id);
    const parent = model.joints.get(id)?.parent ?? -1;
    if (parent >= 0) chosen.add(parent);
  }
  const out = new Map<number, Quat>();
  let k = 0;
  for (const id of chosen) {
    const a = 0.5 + 0.2 * k++;
    const axis = [Math.sin(k), Math.cos(k), 0.5];
    const l = Math.hypot(...axis);
    const s = Math.sin(a / 2) / l;
    out.set(id, [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(a / 2)]);
  }
  return out;
}

async function checkWysiwyg(
  bytes: Uint8Array,
  path?: string,
): Promise<{ model: SkinnedModel; editor: Editor }> {
  const editor = new Editor();
  const model = await editor.load({ name: path ?? 'model.glb', bytes });
  const oracleDoc = await readForOracle(bytes, path);
  const compare = (label: string, rotations: Map<number, Quat>) => {
    const drawn = drawnPositions(oracleDoc, new Map([...rotations].map(([id, q]) => [id, [...q]])));
    const diagonal = diagonalOf(drawn.map((d) => d.positions));
    let compared = 0;
    for (const prim of model.primitives) {
      const d = drawn.find(
        (x) =>
          x.meshIndex === prim.meshIndex &&
          x.primitiveIndex === prim.primitiveIndex &&
          x.skin === prim.skins[0],
      );
      if (!d) continue;
      compared++;
      const shown = editor.pose.positions(prim.id);
      expect(maxDistance(shown, d.positions) / diagonal, `${label}: ${prim.name} as drawn`).toBeLessThan(
        1e-5,
      );
      expect(
        maxDistance(editor.surfaces.forPrimitive(prim.id)!.surface.vertexPositions(prim.id)!, d.positions) /
          diagonal,
        `${label}: ${prim.name}'s surface`,
      ).toBeLessThan(1e-5);
      // The brushes' body (every skin of the skeleton, welded where parts touch) too.
      expect(
        maxDistance(editor.surfaces.forBody(prim.id)!.surface.vertexPositions(prim.id)!, d.positions) /
          diagonal,
        `${label}: ${prim.name}'s body surface`,
      ).toBeLessThan(1e-5);
    }
    expect(compared, 'primitives compared').toBeGreaterThan(0);
  };
  compare('rest pose', new Map());
  const pose = testPose(model);
  for (const [id, q] of pose) editor.pose.setJointQuaternion(id, q);
  compare('test pose', pose);
  editor.pose.resetAll();
  compare('rest pose again', new Map());
  // The bind pose: every joint where its IBM puts it, the mesh exactly as stored.
  editor.pose.resetAll('bind');
  for (const prim of model.primitives) expect(editor.pose.positions(prim.id)).toEqual(prim.positions);
  editor.pose.resetAll();
  return { model, editor };
}

describe('the surface is what engines draw: exporter conventions', () => {
  const data = mannequinData();
  const upright = data.positions;
  const uprightDiagonal = diagonalOf([upright]);

  it.each(EXPORTER_CONVENTIONS)('%s', async (convention) => {
    const { model, editor } = await checkWysiwyg(await exportedGlb(convention));
    // Every convention draws the upright mannequin at rest, whatever the stored data.
    if (convention !== 'multi-skin' && convention !== 'garment-parts') {
      const shown = editor.pose.positions(0);
      expect(maxDistance(shown, upright) / uprightDiagonal).toBeLessThan(1e-5);
    } else {
      expect(model.skins.length).toBe(convention === 'multi-skin' ? 4 : 3);
      const all = model.primitives.map((p) => editor.pose.positions(p.id));
      expect(Math.abs(diagonalOf(all) - uprightDiagonal) / uprightDiagonal).toBeLessThan(1e-5);
    }
    // Mirror map and joint positions in the drawn space: the mannequin is exactly symmetric.
    for (const prim of model.primitives) {
      // Each arm of the modular character is a skin of its own: its mirror image is in another.
      if (/^Part[12]/.test(prim.name)) continue;
      const target = editor.surfaces.forPrimitive(prim.id)!;
      expect(target.surface.mirror('x').unmatched, `${prim.name}: vertices without a mirror partner`).toBe(0);
    }
    // The body a brush paints mirrors whole, across its skins (each arm's twin is in the other's).
    const body = editor.surfaces.forBody(0)!;
    expect(body.surface.mirror('x').unmatched, 'body vertices without a mirror partner').toBe(0);
    const hand = [...model.joints.values()].find((j) => /LeftHand$/.test(j.name))!;
    const k = data.jointNames.indexOf('LeftHand');
    const expected = data.jointPositions.subarray(k * 3, k * 3 + 3);
    expect(Math.hypot(...hand.restPosition.map((v, c) => v - expected[c]))).toBeLessThan(1e-4);
  });
});

describe.skipIf(!HAVE_SHARED_MODELS)('the surface is what engines draw: shared models', () => {
  it.each(SHARED_MODEL_FILES.map((m) => [m.name, m.file]))('%s', async (_name, file) => {
    await checkWysiwyg(readSharedModel(file).bytes, join(SHARED_MODELS, file));
  });
});
