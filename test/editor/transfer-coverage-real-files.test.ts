/**
 * The coverage preview and "only where matched" on every exporter convention and every shared
 * model: a file of several skinned meshes reweights its first from the others; a file of one
 * copies onto it from itself (another file of the same skeleton). The preview counts what the
 * transfer then does, the vertices it does not reach keep their weights bit for bit, every
 * vertex stays legal, and one undo step gives the file back.
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { previewTransfer } from '../../src/editor/transfer-preview.ts';
import type { EditorTransferJob } from '../../src/editor/transfer-step.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { TransferStatus } from '../../src/transfer/index.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

async function check(editor: Editor, bytes: Uint8Array) {
  const model = editor.requireModel();
  const nodes = model.document.getRoot().listNodes();
  const skinned = nodes.flatMap((n, id) => (n.getSkin() && n.getMesh() ? [id] : []));
  const target = skinned[0];
  const mesh = nodes[target].getMesh();
  const prims = model.primitives.filter((p) => p.mesh === mesh).map((p) => p.id);
  const before = prims.map((p) => model.primitives[p].weights.clone());
  const steps = editor.history.undoCount;
  const fromFile = skinned.length < 2 ? { name: 'same-skeleton.glb', bytes } : null;
  const options = { targets: [target], sources: fromFile ? null : skinned.slice(1) };
  const run = (): EditorTransferJob =>
    fromFile
      ? editor.copyWeightsFromFile(fromFile, { ...options, onlyMatched: true })
      : editor.transferWeights({ ...options, onlyMatched: true });
  const refusal = await previewTransfer(editor, options, fromFile).promise.catch((e: Error) => e);
  expect(editor.model).toBe(model);
  if (refusal instanceof Error) {
    // What cannot be transferred (RecursiveSkeletons: its 84 skins share one mesh) is refused
    // by the preview with the transfer's own message, and the transfer changes nothing.
    await expect(run().promise).rejects.toThrow(refusal.message);
    expect(editor.model).toBe(model);
    return;
  }
  const preview = refusal;
  const report = await run().promise;
  expect(report.matched).toBe(preview.matched);
  expect(report.kept).toBe(preview.unmatchedWeighted);
  expect(editor.history.undoCount).toBe(steps + 1);
  const after = editor.requireModel();
  prims.forEach((p, k) => {
    const w = after.primitives[p].weights;
    expect(findInvariantViolations(w)).toEqual([]);
    const status = editor.lastTransfer!.status.get(p)!;
    const K = w.influences;
    for (let v = 0; v < w.vertexCount; v++) {
      if (status[v] !== TransferStatus.kept) continue;
      for (let i = v * K; i < v * K + K; i++) {
        expect(w.joints[i]).toBe(before[k].joints[i]);
        expect(Object.is(w.weights[i], before[k].weights[i])).toBe(true);
      }
    }
  });
  editor.undo();
  prims.forEach((p, k) => {
    expect(editor.requireModel().primitives[p].weights.weights).toEqual(before[k].weights);
  });
}

describe('coverage preview and only-matched transfer on the exporter conventions', () => {
  it.each(EXPORTER_CONVENTIONS.map((c) => [c]))('%s', async (convention) => {
    const doc = exportedAs(convention, 2000);
    const bytes = await new WebIO().writeBinary(exportedAs(convention, 2000));
    const editor = new Editor();
    editor.loadDocument(doc, `${convention}.glb`);
    await check(editor, bytes);
  });
});

describe.skipIf(!HAVE_SHARED_MODELS)(
  'coverage preview and only-matched transfer on the shared models',
  () => {
    // LittlestTokyo's 193k-vertex scene is copied once per transfer: its 817 skinned vertices say
    // nothing more than CesiumMan's.
    const models = SHARED_MODEL_FILES.filter((m) => m.name !== 'LittlestTokyo' && m.skinnedVertices > 0);
    it.each(models.map((m) => [m.name, m.file]))(
      '%s',
      async (_name, file) => {
        const input = readSharedModel(file);
        const editor = new Editor();
        await editor.load(input);
        if (file.endsWith('.gltf')) return; // a .gltf with external files cannot be re-read from its bytes alone
        await check(editor, input.bytes);
      },
      60_000,
    );
  },
);
if (!HAVE_SHARED_MODELS)
  console.warn('../shared/models is absent: the shared-model transfer checks are skipped.');
