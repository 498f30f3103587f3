import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { exportBaseName, exportDocument } from '../../src/gltf/export/export-document.ts';
import { zipFiles } from '../../src/gltf/export/zip-files.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { diffDocuments } from './support/diff-documents.ts';
import { maxWeightDifference, reimport } from './support/export-checks.ts';
import { fixtureInfluence, makeSkinnedDocument } from './support/skinned-fixture.ts';

const JOINTS = 10;

function load(doc = makeSkinnedDocument({ joints: JOINTS })) {
  return new Editor().loadDocument(doc, 'Strip.glb');
}

describe('exportDocument with more than 4 influences', () => {
  it('keeps all 8 influences in an 8-influence export (JOINTS_1/WEIGHTS_1)', async () => {
    const model = load();
    expect(model.primitives[0].weights.influences).toBe(8);
    const result = await exportAndValidate(model, { maxInfluences: 8 }, null);
    expect(result.validation.errors).toBe(0);
    const again = buildSkinnedModel(await reimport(result));
    const w = again.primitives[0].weights;
    expect(w.influences).toBe(8);
    for (let v = 0; v < w.vertexCount; v++) expect(w.influencesOf(v)).toHaveLength(8);
    expect(maxWeightDifference(model.primitives[0].weights, w)).toBeLessThanOrEqual(1e-6);
    expect(result.histogram).toEqual([0, 0, 0, 0, 0, 0, 0, 0, w.vertexCount]);
  });

  it('keeps the 4 strongest, renormalised, in a 4-influence export', async () => {
    const model = load();
    const result = await exportAndValidate(model, { maxInfluences: 4 }, null);
    expect(result.validation.errors).toBe(0);
    const back = await reimport(result);
    const prim = back.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(prim.getAttribute('JOINTS_1')).toBeNull();
    expect(prim.getAttribute('WEIGHTS_1')).toBeNull();
    const w = buildSkinnedModel(back).primitives[0].weights;
    expect(w.influences).toBe(4);
    expect(findInvariantViolations(w)).toEqual([]);
    for (let v = 0; v < w.vertexCount; v++) {
      let total = 0;
      for (let i = 0; i < 4; i++) total += fixtureInfluence(v, i, JOINTS).weight;
      for (let i = 0; i < 4; i++) {
        const { joint, weight } = fixtureInfluence(v, i, JOINTS);
        expect(w.weightOf(v, joint)).toBeCloseTo(weight / total, 6);
      }
    }
  });

  it('leaves the editor document as it was, so exports in any order agree', async () => {
    const model = load();
    const prim = model.primitives[0].primitive;
    const attributes = () => prim.listSemantics().map((s) => [s, prim.getAttribute(s)]);
    const before = attributes();
    const accessors = model.document.getRoot().listAccessors().length;
    const weights0 = prim.getAttribute('WEIGHTS_0')!.getArray()!.slice();
    const first8 = await exportDocument(model, { maxInfluences: 8 });
    const four = await exportDocument(model, { maxInfluences: 4, weights: 'unorm8' });
    const again8 = await exportDocument(model, { maxInfluences: 8 });
    expect(again8.bytes).toEqual(first8.bytes);
    expect(four.bytes).not.toEqual(first8.bytes);
    const after = attributes();
    expect(after.map(([s]) => s)).toEqual(before.map(([s]) => s));
    for (const [i, [, a]] of after.entries()) expect(a).toBe(before[i][1]);
    expect(model.document.getRoot().listAccessors().length).toBe(accessors);
    expect(prim.getAttribute('WEIGHTS_0')!.getArray()).toEqual(weights0);
    expect(model.document.getRoot().listBuffers()).toHaveLength(1);
  });

  it('gives the same files when exports overlap (a double click)', async () => {
    const model = load();
    const options = [{ maxInfluences: 8 }, { maxInfluences: 4, weights: 'unorm16' }, { prune: 0.1 }] as const;
    const together = await Promise.all(options.map((o) => exportDocument(model, o)));
    for (const [i, o] of options.entries())
      expect(together[i].bytes).toEqual((await exportDocument(model, o)).bytes);
    expect(model.document.getRoot().listAccessors()).toHaveLength(
      makeSkinnedDocument().getRoot().listAccessors().length,
    );
  });

  it('prunes before limiting', async () => {
    const model = load();
    const result = await exportDocument(model, { maxInfluences: 8, prune: 0.1 });
    const w = buildSkinnedModel(await reimport(result)).primitives[0].weights;
    for (let v = 0; v < w.vertexCount; v++) {
      const infl = w.influencesOf(v);
      expect(infl.length).toBeLessThanOrEqual(5);
      for (const { weight } of infl) expect(weight).toBeGreaterThanOrEqual(0.1);
    }
    expect(result.histogram.slice(6)).toEqual([0, 0, 0]);
  });

  it('refuses options it does not support', async () => {
    const model = load();
    await expect(exportDocument(model, { maxInfluences: 6 as 4 })).rejects.toThrow(RangeError);
    await expect(exportDocument(model, { weights: 'half' as 'float' })).rejects.toThrow(RangeError);
    await expect(exportDocument(model, { prune: 1 })).rejects.toThrow(RangeError);
  });
});

describe('exportDocument and the rest of the file', () => {
  it('exports a skin without inverseBindMatrices validly (identity, as glTF allows)', async () => {
    const doc = makeSkinnedDocument({ inverseBindMatrices: false, influences: 3 });
    const model = load(doc);
    const result = await exportAndValidate(model, {}, null);
    expect(result.validation.errors).toBe(0);
    const back = await reimport(result);
    expect(back.getRoot().listSkins()[0].getInverseBindMatrices()).toBeNull();
    expect(diffDocuments(doc, back)).toEqual([]);
  });

  it('replaces an invalid skin.skeleton by the joints’ common root, in the file only', async () => {
    const doc = makeSkinnedDocument();
    const skin = doc.getRoot().listSkins()[0];
    const joint3 = skin.listJoints()[3];
    skin.setSkeleton(joint3); // joints 0–2 are above it: SKIN_SKELETON_INVALID
    const model = load(doc);
    const result = await exportAndValidate(model, {}, null);
    expect(result.fixedSkeletons).toBe(1);
    expect(result.validation.messages.map((m) => m.code)).not.toContain('SKIN_SKELETON_INVALID');
    const back = await reimport(result);
    expect(back.getRoot().listSkins()[0].getSkeleton()?.getName()).toBe('joint0');
    expect(skin.getSkeleton()).toBe(joint3);
  });

  it('does not alter primitives that share the old weight accessors', async () => {
    const doc = makeSkinnedDocument({ influences: 4 });
    const skinned = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    // A second, unskinned mesh using the same accessors (e.g. a static copy).
    const copy = doc.createPrimitive();
    for (const s of skinned.listSemantics()) copy.setAttribute(s, skinned.getAttribute(s));
    copy.setIndices(skinned.getIndices());
    const staticMesh = doc.createMesh('Static').addPrimitive(copy);
    doc.getRoot().listScenes()[0].addChild(doc.createNode('StaticNode').setMesh(staticMesh));
    const original = skinned.getAttribute('WEIGHTS_0')!.getArray()!.slice();

    const model = load(doc);
    const result = await exportAndValidate(model, { weights: 'unorm8' }, null);
    expect(result.validation.errors).toBe(0);
    const back = await reimport(result);
    const [mesh0, mesh1] = back.getRoot().listMeshes();
    const w0 = mesh0.listPrimitives()[0].getAttribute('WEIGHTS_0')!;
    const w1 = mesh1.listPrimitives()[0].getAttribute('WEIGHTS_0')!;
    expect(w0.getComponentType()).toBe(5121);
    expect(w1.getArray()).toEqual(original);
    expect(diffDocuments(doc, back)).toEqual([]);
  });

  it('shares new weight accessors between primitives that shared the old ones', async () => {
    const doc = makeSkinnedDocument({ influences: 4 });
    const mesh = doc.getRoot().listMeshes()[0];
    const first = mesh.listPrimitives()[0];
    const second = doc.createPrimitive().setIndices(first.getIndices());
    for (const s of first.listSemantics()) second.setAttribute(s, first.getAttribute(s));
    mesh.addPrimitive(second);
    const model = load(doc);
    const result = await exportDocument(model, { format: 'gltf', sourceName: 'Strip.glb' });
    const json = JSON.parse(new TextDecoder().decode(result.files!.get('Strip.gltf')));
    const [a, b] = json.meshes[0].primitives;
    expect(a.attributes.WEIGHTS_0).toBe(b.attributes.WEIGHTS_0);
    expect(json.accessors).toHaveLength(doc.getRoot().listAccessors().length);
  });

  it('writes a GLB from a document with several buffers, and keeps them in the document', async () => {
    const doc = makeSkinnedDocument();
    const extra = doc.createBuffer('extra');
    doc.getRoot().listAnimations()[0].listSamplers()[0].getInput()!.setBuffer(extra);
    const model = load(doc);
    const result = await exportAndValidate(model, {}, null);
    expect(result.validation.errors).toBe(0);
    expect(
      doc
        .getRoot()
        .listBuffers()
        .map((b) => b.getName()),
    ).toEqual(['', 'extra']);
    expect(doc.getRoot().listAnimations()[0].listSamplers()[0].getInput()!.getBuffer()!.getName()).toBe(
      'extra',
    );
    expect(diffDocuments(doc, await reimport(result))).toEqual([]);
  });

  it('writes .gltf + .bin named after the source, zipped on request, valid', async () => {
    const model = load();
    const result = await exportDocument(model, { format: 'gltf', sourceName: 'My Strip (2).glb' });
    expect(result.fileName).toBe('My Strip (2).gltf');
    expect([...result.files!.keys()]).toEqual(['My Strip (2).gltf', 'My_Strip_2_.bin']);
    expect(result.size).toBe([...result.files!.values()].reduce((n, f) => n + f.byteLength, 0));
    const report = await validateGltf({
      name: result.fileName,
      bytes: result.files!.get(result.fileName)!,
      resources: result.files,
    });
    expect(report.errors).toBe(0);
    const unzipped = unzipSync(zipFiles(result.files!));
    expect(Object.keys(unzipped).sort()).toEqual([...result.files!.keys()].sort());
    expect(unzipped['My_Strip_2_.bin']).toEqual(result.files!.get('My_Strip_2_.bin'));
  });

  it('names exports after the source', () => {
    expect(exportBaseName('Fox.glb')).toBe('Fox');
    expect(exportBaseName('dir/Fox.GLTF')).toBe('Fox');
    expect(exportBaseName('a.b.glb')).toBe('a.b');
    expect(exportBaseName('.glb')).toBe('model');
  });
});
