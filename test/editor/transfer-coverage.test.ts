/**
 * Issue 26 item 7: a transfer onto a mesh that already has weights, from a source that covers
 * little of it, replaced every weight without a word. The coverage preview says beforehand how
 * much the source covers (without changing anything), and "only where matched" leaves the
 * vertices it does not reach with their own weights, bit for bit, as one undo step.
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { addGarmentNode, buildGarment } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { previewTransfer } from '../../src/editor/transfer-preview.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { TransferStatus } from '../../src/transfer/index.ts';
import { exportedAs, mannequinData } from '../support/exporter-fixtures.ts';

/** The four-skin mannequin: the trunk as target, the left arm alone as source (it covers its shoulder). */
function modular() {
  const editor = new Editor();
  editor.loadDocument(exportedAs('multi-skin', 3000), 'Modular.glb');
  const model = editor.requireModel();
  const nodes = model.document.getRoot().listNodes();
  const skinned = nodes.flatMap((n, id) => (n.getSkin() && n.getMesh() ? [id] : []));
  // The parts in the fixture's order: trunk, left arm, right arm, legs.
  const [trunk, leftArm] = skinned;
  const trunkPrim = model.primitives.find((p) => p.mesh === nodes[trunk].getMesh())!;
  return { editor, trunk, leftArm, trunkPrim: trunkPrim.id };
}

describe('the transfer coverage preview', () => {
  it('counts what the source covers before anything runs, and changes nothing', async () => {
    const { editor, trunk, leftArm, trunkPrim } = modular();
    const model = editor.requireModel();
    const weights = model.primitives[trunkPrim].weights.weights.slice();
    const steps = editor.history.undoCount;
    const revision = editor.weightsRevision;
    const nodeCount = model.document.getRoot().listNodes().length;
    const preview = await previewTransfer(editor, { targets: [trunk], sources: [leftArm] }).promise;
    expect(preview.targets).toHaveLength(1);
    const t = preview.targets[0];
    expect(t.skin).toBe('existing');
    expect(t.vertices).toBe(model.primitives[trunkPrim].weights.vertexCount);
    expect(t.matched + t.inpainted + t.seeded).toBe(t.vertices);
    // The arm reaches the shoulder and little else: most of the trunk's weights would be replaced.
    expect(t.matched).toBeGreaterThan(0);
    expect(preview.unmatchedWeighted).toBe(t.inpainted + t.seeded);
    expect(preview.unmatchedWeighted / t.vertices).toBeGreaterThan(0.5);
    expect(editor.model).toBe(model);
    expect(editor.history.undoCount).toBe(steps);
    expect(editor.weightsRevision).toBe(revision);
    expect(model.document.getRoot().listNodes()).toHaveLength(nodeCount);
    expect(model.primitives[trunkPrim].weights.weights).toEqual(weights);

    // What the transfer then reports is what the preview said.
    const report = await editor.transferWeights({ targets: [trunk], sources: [leftArm] }).promise;
    expect(report.matched).toBe(t.matched);
    expect(report.inpainted + report.seeded).toBe(t.inpainted + t.seeded);
    expect(report.kept).toBe(0);
  });

  it('previews a garment without a skin where it is placed, as the transfer will match it', async () => {
    const doc = exportedAs('mesh-node-trs', 3000);
    addGarmentNode(doc, buildGarment('jacket', mannequinData(3000), { style: 'remeshed', spacing: 0.03 }), {
      scale: 100,
    });
    const editor = new Editor();
    editor.loadDocument(doc, 'Dressed.glb');
    const nodes = editor.requireModel().document.getRoot().listNodes();
    const jacket = nodes.findIndex((n) => n.getMesh() && !n.getSkin());
    const preview = await previewTransfer(editor, { targets: [jacket] }).promise;
    expect(preview.targets[0].skin).toBe('new');
    expect(preview.unmatchedWeighted).toBe(0);
    expect(nodes[jacket].getSkin()).toBeNull();
    const report = await editor.transferWeights({ targets: [jacket] }).promise;
    expect(report.matched / report.vertices).toBeGreaterThan(0.9);
    expect(Math.abs(report.matched - preview.matched)).toBeLessThanOrEqual(preview.vertices * 0.002);
  });

  it('previews a copy from another file, and says why it cannot for bad input', async () => {
    const { editor, trunk } = modular();
    const bytes = await new WebIO().writeBinary(exportedAs('no-ibm', 2000));
    const preview = await previewTransfer(editor, { targets: [trunk] }, { name: 'other.glb', bytes }).promise;
    expect(preview.matched / preview.vertices).toBeGreaterThan(0.9);
    await expect(previewTransfer(editor, { targets: [] }).promise).rejects.toThrow(/at least one mesh/);
  });
});

describe('transfer only where matched', () => {
  it('leaves the vertices the source does not reach bit for bit, as one undo step', async () => {
    const { editor, trunk, leftArm, trunkPrim } = modular();
    const prim = () => editor.requireModel().primitives[trunkPrim];
    const before = { joints: prim().weights.joints.slice(), weights: prim().weights.weights.slice() };
    const others = editor
      .requireModel()
      .primitives.map((p) => ({ joints: p.weights.joints.slice(), weights: p.weights.weights.slice() }));
    const preview = await previewTransfer(editor, { targets: [trunk], sources: [leftArm] }).promise;
    const steps = editor.history.undoCount;
    const report = await editor.transferWeights({ targets: [trunk], sources: [leftArm], onlyMatched: true })
      .promise;
    expect(editor.history.undoCount).toBe(steps + 1);
    expect(report.kept).toBe(preview.unmatchedWeighted);
    expect(report.matched).toBe(preview.matched);
    expect(report.inpainted + report.seeded).toBe(0);
    const after = prim().weights;
    expect(findInvariantViolations(after)).toEqual([]);
    const status = editor.lastTransfer!.status.get(trunkPrim)!;
    expect(editor.lastTransfer!.kept).toBe(report.kept);
    const K = after.influences;
    let changed = 0;
    for (let v = 0; v < after.vertexCount; v++) {
      const slots = [...Array(K).keys()].map((i) => v * K + i);
      if (status[v] === TransferStatus.kept) {
        for (const s of slots) {
          expect(after.joints[s]).toBe(before.joints[s]);
          expect(Object.is(after.weights[s], before.weights[s])).toBe(true);
        }
      } else {
        expect(status[v]).toBe(TransferStatus.matched);
        if (slots.some((s) => after.weights[s] !== before.weights[s] || after.joints[s] !== before.joints[s]))
          changed++;
      }
    }
    // It did transfer where it matched (the arm's weights differ from the trunk's there).
    expect(changed).toBeGreaterThan(0);
    // The other parts are untouched too.
    editor.requireModel().primitives.forEach((p, i) => {
      if (i === trunkPrim) return;
      expect(p.weights.weights).toEqual(others[i].weights);
    });
    const transferred = after.weights.slice();
    editor.undo();
    expect(prim().weights.joints).toEqual(before.joints);
    expect(prim().weights.weights).toEqual(before.weights);
    editor.redo();
    expect(prim().weights.weights).toEqual(transferred);
  });

  it('a mesh without weights is inpainted everywhere (it has nothing to keep)', async () => {
    const doc = exportedAs('scaled-armature', 3000);
    addGarmentNode(doc, buildGarment('trousers', mannequinData(3000), { style: 'remeshed', spacing: 0.03 }));
    const editor = new Editor();
    editor.loadDocument(doc, 'Dressed.glb');
    const nodes = editor.requireModel().document.getRoot().listNodes();
    const trousers = nodes.findIndex((n) => n.getMesh() && !n.getSkin());
    const report = await editor.transferWeights({ targets: [trousers], onlyMatched: true }).promise;
    expect(report.kept).toBe(0);
    expect(report.matched + report.inpainted + report.seeded).toBe(report.vertices);
  });
});
