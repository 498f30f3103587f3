/**
 * Editor.addToCharacter / transferWeights / copyWeightsFromFile: a garment file joins the
 * character skinned, as one undo step, through the transfer runner (the worker protocol here
 * in-process), with Cancel and clear errors.
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { buildGarment, garmentToDocument, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { TransferClient, type TransferWorkerLike } from '../../src/transfer/transfer-client.ts';
import { handleTransferRequest, type TransferResponse } from '../../src/transfer/transfer-protocol.ts';
import { exportedAs, mannequinData } from '../support/exporter-fixtures.ts';

const body = mannequinData(3000);
const io = new WebIO();

async function garmentFile(kind: 'jacket' | 'trousers', name = `${kind}.glb`) {
  const doc = garmentToDocument(buildGarment(kind, body, { style: 'remeshed', spacing: 0.03 }), {
    translation: [0, 0.2, 0],
  });
  return { name, bytes: await io.writeBinary(doc) };
}

function open(convention: Parameters<typeof exportedAs>[0] = 'scaled-armature'): Editor {
  const editor = new Editor();
  editor.loadDocument(exportedAs(convention, 3000), 'Character.glb');
  return editor;
}

/** A fake worker running the real protocol on the next tick. */
function fakeWorker(): TransferWorkerLike {
  const worker: TransferWorkerLike = {
    onmessage: null,
    postMessage(message) {
      setTimeout(() =>
        handleTransferRequest(message, (response: TransferResponse) =>
          worker.onmessage?.({ data: response }),
        ),
      );
    },
    terminate() {},
  };
  return worker;
}

describe('Editor.addToCharacter', () => {
  it('adds the jacket skinned to the character, with its material, as one undo step', async () => {
    const editor = open();
    const before = editor.requireModel();
    const steps = editor.history.undoCount;
    const report = await editor.addToCharacter(await garmentFile('jacket')).promise;
    expect(report.targets.map((t) => [t.name, t.skin])).toEqual([['Jacket', 'new']]);
    expect(report.matched / report.vertices).toBeGreaterThan(0.95);
    const model = editor.requireModel();
    const jacket = model.primitives.find((p) => p.mesh.getName() === 'Jacket')!;
    expect(jacket).toBeDefined();
    expect(jacket.primitive.getMaterial()?.getName()).toBe('JacketCloth');
    expect(findInvariantViolations(jacket.weights)).toEqual([]);
    expect(editor.lastTransfer?.status.get(jacket.id)?.length).toBe(jacket.weights.vertexCount);
    expect(editor.lastTransfer).toMatchObject({
      matched: report.matched,
      inpainted: report.inpainted,
      seeded: report.seeded,
      unweighted: 0,
    });
    expect(editor.history.undoCount).toBe(steps + 1);
    editor.undo();
    expect(editor.model).toBe(before);
    editor.redo();
    expect(editor.model).toBe(model);
    const exported = await editor.export();
    expect(exported.validation.errors).toBe(0);
  });

  // Found on an unseen Mixamo soldier: a simplified shell had vertices no triangle uses, with zero
  // normals, and the export after Add had ACCESSOR_VECTOR3_NON_UNIT errors of its own.
  for (const placed of [false, true]) {
    it(`zero-length normals of an added mesh become its faces' normals (${placed ? 'baked placement' : 'at the root'})`, async () => {
      const editor = open();
      const garment = buildGarment('jacket', body, { style: 'remeshed', spacing: 0.03 });
      const original = garment.normals.slice();
      const zeroed = [0, 17, 101];
      for (const v of zeroed) garment.normals.fill(0, v * 3, v * 3 + 3);
      const doc = garmentToDocument(garment, placed ? { translation: [0, 0.2, 0] } : {});
      await editor.addToCharacter({ name: 'jacket.glb', bytes: await io.writeBinary(doc) }).promise;
      const jacket = editor.requireModel().primitives.find((p) => p.mesh.getName() === 'Jacket')!;
      const normals = jacket.primitive.getAttribute('NORMAL')!.getArray()!;
      for (const v of zeroed) {
        const n = [normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]];
        expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 5);
        // The faces' normal points the way the modeller's did (outwards).
        expect(
          n[0] * original[v * 3] + n[1] * original[v * 3 + 1] + n[2] * original[v * 3 + 2],
        ).toBeGreaterThan(0.5);
      }
      const exported = await editor.export();
      expect(exported.validation.errors).toBe(0);
    });
  }

  it('runs in the worker protocol with progress', async () => {
    const editor = open('z-up-root');
    const client = new TransferClient(fakeWorker);
    editor.transferRunner = (work, onProgress) => client.run(work, onProgress);
    const seen: number[] = [];
    const report = await editor.addToCharacter(await garmentFile('trousers'), {
      onProgress: (f) => seen.push(f),
    }).promise;
    expect(report.targets[0].name).toBe('Trousers');
    expect(seen.length).toBeGreaterThan(0);
  });

  it('Cancel leaves the file as it was', async () => {
    const editor = open();
    const before = editor.requireModel();
    const job = editor.addToCharacter(await garmentFile('jacket'));
    job.cancel();
    await expect(job.promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(editor.model).toBe(before);
  });

  it('refuses a file without meshes, and a skinned one, saying why', async () => {
    const editor = open();
    const empty = new (await import('@gltf-transform/core')).Document();
    const scene = empty.createScene();
    scene.addChild(empty.createNode('Empty'));
    empty.getRoot().setDefaultScene(scene);
    await expect(
      editor.addToCharacter({ name: 'empty.glb', bytes: await io.writeBinary(empty) }).promise,
    ).rejects.toThrow(/no mesh to add/);
    const skinned = {
      name: 'other.glb',
      bytes: await io.writeBinary(mannequinToDocument(mannequinData(2000))),
    };
    await expect(editor.addToCharacter(skinned).promise).rejects.toThrow(/skeleton of its own/);
  });
});

describe('Editor.transferWeights and copyWeightsFromFile', () => {
  it('reweights a mesh of the file from the others, and a body from another file', async () => {
    const editor = open('multi-skin');
    const nodes = editor.requireModel().document.getRoot().listNodes();
    const target = nodes.findIndex((n) => n.getSkin() && n.getMesh());
    const a = await editor.transferWeights({ targets: [target] }).promise;
    expect(a.targets[0].skin).toBe('existing');
    const other = {
      name: 'remodelled.glb',
      bytes: await io.writeBinary(mannequinToDocument(mannequinData(2000))),
    };
    const b = await editor.copyWeightsFromFile(other, { targets: [target] }).promise;
    expect(b.joints.byName).toBeGreaterThan(0);
    expect(b.label).toBe('Copy weights from remodelled.glb');
    for (const p of editor.requireModel().primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  });
});

describe('transfer keeps the editor’s weights', () => {
  it('keeps the weights edited since opening on every other mesh, and copies from them', async () => {
    const editor = open();
    // An edit the document does not hold yet (the editor's weights change, not the file's).
    editor.tools.smooth({ iterations: 6, strength: 1 });
    const body = editor.requireModel().primitives[0];
    const edited = { joints: body.weights.joints.slice(), weights: body.weights.weights.slice() };
    await editor.addToCharacter(await garmentFile('jacket')).promise;
    const after = editor.requireModel().primitives.find((p) => p.mesh.getName() === body.mesh.getName())!;
    expect(after.weights.joints).toEqual(edited.joints);
    expect(after.weights.weights).toEqual(edited.weights);
    // Undo takes the jacket off and leaves the edit.
    editor.undo();
    expect(editor.requireModel().primitives[0].weights.weights).toEqual(edited.weights);
  });

  it('applies nothing, and says why, when the weights change while it runs', async () => {
    const editor = open();
    const client = new TransferClient(fakeWorker);
    editor.transferRunner = (work, onProgress) => client.run(work, onProgress);
    const model = editor.requireModel();
    const job = editor.addToCharacter(await garmentFile('jacket'));
    // A tool runs before the worker answers (the copy is read first, then the job is posted).
    await new Promise((r) => setTimeout(r, 0));
    editor.tools.smooth({ iterations: 1, strength: 0.5 });
    await expect(job.promise).rejects.toThrow(/changed while it ran/);
    expect(editor.model).toBe(model);
    expect(model.primitives.some((p) => p.mesh.getName() === 'Jacket')).toBe(false);
  });
});

describe('the export after adding to a compressed file with errors of its own', () => {
  it('has unit normals and counts the file’s own errors as inherited, not new', async () => {
    // A Draco-compressed character whose clip has a time going backwards (an error of the file's).
    const doc = exportedAs('z-up-root', 3000);
    const node = doc.getRoot().listNodes()[0];
    const input = doc
      .createAccessor('Times')
      .setType('SCALAR')
      .setArray(new Float32Array([0, 0.5, 0.4]));
    const output = doc
      .createAccessor('Moves')
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 0, 0.1, 0, 0, 0.2, 0]));
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output);
    const channel = doc
      .createAnimationChannel()
      .setTargetNode(node)
      .setTargetPath('translation')
      .setSampler(sampler);
    doc.createAnimation('Backwards').addSampler(sampler).addChannel(channel);
    const draco = await exportAndValidate(buildSkinnedModel(doc), { compression: 'draco' }, null);
    const editor = new Editor();
    await editor.load({ name: 'Compressed.glb', bytes: draco.bytes! });
    await editor.addToCharacter(await garmentFile('jacket')).promise;
    const { validation } = await editor.export();
    const codes = new Set(validation.messages.filter((m) => m.severity === 'error').map((m) => m.code));
    expect(codes.has('ACCESSOR_VECTOR3_NON_UNIT')).toBe(false);
    expect(codes.has('ACCESSOR_ANIMATION_INPUT_NON_INCREASING')).toBe(true);
    expect(validation.inheritedErrors).toBeGreaterThan(0);
    expect(validation.newErrors).toBe(0);
  });
});

describe('transfer with weight layers', () => {
  it('keeps the stack: the jacket joins, the layers stay, hiding one still gives the base back', async () => {
    const editor = open();
    const body = () => editor.requireModel().primitives[0].weights;
    const base = body().weights.slice();
    const layer = editor.layers.add('Arms');
    editor.selectJoint(editor.requireModel().joints.keys().next().value!);
    editor.paint.setSettings({ weight: 0.5, mirror: false });
    const n = body().vertexCount;
    editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % 2 ? 1 : 0))]]));
    const painted = body().weights.slice();
    await editor.addToCharacter(await garmentFile('jacket')).promise;
    expect(editor.layers.list().map((l) => l.name)).toEqual(['Arms', 'Base']);
    expect(body().weights).toEqual(painted);
    editor.layers.setVisible(layer, false);
    expect(body().weights).toEqual(base);
    const jacket = editor.requireModel().primitives.find((p) => p.mesh.getName() === 'Jacket')!;
    expect(findInvariantViolations(jacket.weights)).toEqual([]);
    // Undo the hide, then the transfer: the model before it, with its layer.
    editor.undo();
    editor.undo();
    expect(editor.requireModel().primitives.some((p) => p.mesh.getName() === 'Jacket')).toBe(false);
    expect(editor.layers.list().map((l) => l.name)).toEqual(['Arms', 'Base']);
    expect(body().weights).toEqual(painted);
  });
});

describe('transfer onto a mesh with weights while a layer is active', () => {
  it('undo gives the layer back as it was, redo the transferred weights, bit for bit', async () => {
    const editor = open();
    await editor.addToCharacter(await garmentFile('jacket')).promise;
    const jacketOf = () => editor.requireModel().primitives.find((p) => p.mesh.getName() === 'Jacket')!;
    // A layer flooded over the body only: the transfer's new weights on the jacket go to the
    // layer, which did not cover the jacket before.
    const layer = editor.layers.add('Body flood');
    editor.selectJoint(editor.requireModel().joints.keys().next().value!);
    editor.paint.setSettings({ weight: 0.5, mirror: false });
    const bodyPrim = editor.requireModel().primitives[0];
    expect(bodyPrim.mesh.getName()).not.toBe('Jacket');
    const all = new Uint8Array(bodyPrim.weights.vertexCount).fill(1);
    expect(editor.paint.flood(new Map([[bodyPrim.id, all]]))).toBe(true);
    const flooded = jacketOf().weights.weights.slice();
    const paintedBefore = editor.layers.list().find((l) => l.id === layer)!.painted;
    const node = editor
      .requireModel()
      .document.getRoot()
      .listNodes()
      .findIndex((n) => n.getMesh()?.getName() === 'Jacket');
    await editor.transferWeights({ targets: [node] }).promise;
    const transferred = jacketOf().weights.weights.slice();
    expect(transferred).not.toEqual(flooded);
    editor.undo();
    expect(jacketOf().weights.weights).toEqual(flooded);
    expect(editor.layers.list().find((l) => l.id === layer)!.painted).toBe(paintedBefore);
    editor.redo();
    expect(jacketOf().weights.weights).toEqual(transferred);
    editor.undo();
    expect(jacketOf().weights.weights).toEqual(flooded);
  });
});
