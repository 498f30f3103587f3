/**
 * Transfer where limbs touch (issue 29): a garment over one thigh must take no weight from the
 * other thigh, even where the thighs press together at rest and the garment's inner side, pushed
 * out, lies nearer the other thigh than its own; and a garment in a file of several skeletons is
 * bound to the skeleton of the body it sits on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addGarmentNode, buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { transferToMeshes } from '../../src/gltf/transfer-meshes.ts';
import { PosedMesh } from '../../src/pose/posed-mesh.ts';
import { restPositionsOfInstance } from '../../src/pose/rest-positions.ts';
import { diagonalOf } from '../../src/transfer/index.ts';
import { measureBindQuality } from '../support/bind-quality.ts';
import { crossLegOfShells, thighsTouching } from '../support/cross-leg.ts';
import { HAVE_SHARED_MODELS, SHARED_MODELS } from '../support/shared-models.ts';
import { offsetShell, originWeights, restPositions } from '../support/transfer-quality.ts';

const OFFSETS = [0.005, 0.01, 0.02];

describe('transfer where the thighs press together', () => {
  const body = thighsTouching(buildMannequin({ targetVertices: 10_000 }));
  const model = buildSkinnedModel(mannequinToDocument(body));

  it.each(OFFSETS)(
    'an offset shell at %s of the diagonal: no leg vertex takes weight from the other leg',
    async (offset) => {
      const robust = await crossLegOfShells(() => mannequinToDocument(body), model, offset, 'robust');
      const closest = await crossLegOfShells(() => mannequinToDocument(body), model, offset, 'closest');
      expect(robust.legVertices).toBeGreaterThan(500);
      // Folds only round the crotch: the count is over the shell as a garment would be.
      expect(robust.folded).toBeLessThan(robust.legVertices / 10);
      expect(robust.over, `max ${robust.max}`).toBe(0);
      expect(robust.deformMean).toBeLessThanOrEqual(closest.deformMean + 1e-9);
    },
  );
});

const HUMANOIDS = [
  'CesiumMan/CesiumMan.glb',
  'RiggedFigure/RiggedFigure.glb',
  'QuaterniusPlatformerCharacter/Character.glb',
];

describe.skipIf(!HAVE_SHARED_MODELS)('transfer onto offset shells of the shared humanoids', () => {
  it.each(HUMANOIDS)(
    '%s: no leg vertex takes weight from the other leg, at 0.5, 1 and 2 per cent',
    async (file) => {
      const bytes = new Uint8Array(readFileSync(join(SHARED_MODELS, file)));
      const fresh = () => readDocument({ name: file, bytes });
      const model = buildSkinnedModel(await fresh());
      for (const offset of OFFSETS) {
        const robust = await crossLegOfShells(fresh, model, offset, 'robust');
        const closest = await crossLegOfShells(fresh, model, offset, 'closest');
        expect(robust.over, `${file} at ${offset}: max ${robust.max}`).toBe(0);
        expect(robust.deformMean).toBeLessThanOrEqual(closest.deformMean + 1e-9);
      }
    },
  );
});

describe('a garment in a file of several skeletons', () => {
  it('takes the skeleton of the body it sits on, and weights from that body only', async () => {
    // Two mannequins, two separate skeletons, the second a metre and a half to the side.
    const data = buildMannequin({ targetVertices: 1500 });
    const doc = mannequinToDocument(data);
    const second = mannequinToDocument(data);
    const { mergeDocuments } = await import('@gltf-transform/functions');
    const map = mergeDocuments(doc, second);
    const secondRoot = second.getRoot().listScenes()[0].listChildren();
    const moved = secondRoot.map((n) => map.get(n) as import('@gltf-transform/core').Node);
    const scene = doc.getRoot().listScenes()[0];
    for (const node of moved) {
      const t = node.getTranslation();
      node.setTranslation([t[0] + 1.5, t[1], t[2]]);
      scene.addChild(node);
    }
    for (const extra of doc.getRoot().listScenes().slice(1)) extra.dispose();
    const model = buildSkinnedModel(doc);
    expect(model.skins.length).toBe(2);
    // A shell around the second body.
    const rest = restPositions(new PosedMesh(model));
    const body2 = model.primitives.find((p) => p.skins[0] === 1)!;
    const shell = await offsetShell(rest[body2.id], body2.indices!, 0.02, 0.5);
    addGarmentNode(doc, {
      kind: 'shirt',
      name: 'Shell',
      positions: shell.positions,
      normals: new Float32Array(shell.positions.length),
      indices: shell.indices,
      offset: 0.02,
      bodyVertex: Int32Array.from(shell.origin),
    });
    transferToMeshes(doc, { targets: ['Shell'] });
    const node = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'Shell' && n.getSkin())!;
    expect(doc.getRoot().listSkins().indexOf(node.getSkin()!)).toBe(1);
    const after = buildSkinnedModel(doc);
    const garment = after.primitives.find((p) => p.mesh.getName() === 'Shell')!;
    const reference = originWeights(
      body2.weights,
      shell.origin,
      model.skins[1].joints,
      after.skins[1].joints,
    );
    const quality = measureBindQuality({ ...after, primitives: [garment] } as SkinnedModel, [reference], {
      samplesPerClip: 4,
    });
    expect(quality.weightL1).toBeLessThan(0.05);
  });

  it.skipIf(!HAVE_SHARED_MODELS)(
    'RecursiveSkeletons: a shell around the 6th instance is bound to the 6th skin',
    async () => {
      const file = 'RecursiveSkeletons/RecursiveSkeletons.glb';
      const bytes = new Uint8Array(readFileSync(join(SHARED_MODELS, file)));
      const doc = await readDocument({ name: file, bytes });
      const model = buildSkinnedModel(doc);
      const prim = model.primitives[0];
      const k = prim.skins[5];
      const positions = restPositionsOfInstance(model, prim.id, k);
      const shell = await offsetShell(positions, prim.indices!, 0.01 * diagonalOf(positions), 1);
      addGarmentNode(doc, {
        kind: 'shirt',
        name: 'Shell',
        positions: shell.positions,
        normals: new Float32Array(shell.positions.length),
        indices: shell.indices,
        offset: 0,
        bodyVertex: Int32Array.from(shell.origin),
      });
      transferToMeshes(doc, { targets: ['Shell'] });
      const node = doc
        .getRoot()
        .listNodes()
        .find((n) => n.getName() === 'Shell' && n.getSkin())!;
      const skins = doc.getRoot().listSkins();
      const bound = node.getSkin()!;
      // The 6th instance's skeleton (skins sharing its joints count as the same skeleton).
      const joints = new Set(skins[k].listJoints());
      expect(bound.listJoints().some((j) => joints.has(j))).toBe(true);
    },
  );
});
