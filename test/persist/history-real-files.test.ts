/**
 * The undo history through a restore on real files: the mannequin as every exporter writes it
 * (mesh-node transforms, Z-up, ×0.01 armature, no IBMs, a rest pose that is not the bind pose,
 * several skins, a mesh under a joint) and the shared QuaterniusPlatformerCharacter (four skins
 * over one skeleton). Strokes on several primitives, one of them posed, a flood and an undone
 * step: after the restore, undo and redo give the weights of before the reload, bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave } from '../../src/persist/editor-autosave.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';
import { diagonalOf } from '../support/skinning-oracle.ts';

/** Every primitive's weights as raw bits. */
function weights(editor: Editor): string {
  return editor
    .requireModel()
    .primitives.map((p) => {
      const w = p.weights;
      const words = new Uint32Array(w.weights.buffer, w.weights.byteOffset, w.weights.length);
      return `${w.joints.join(',')}|${words.join(',')}`;
    })
    .join('/');
}

/** A stroke through vertices of primitive p (as shown), on the joint with the most weight there. */
function stroke(editor: Editor, p: number, from: number, weight: number): boolean {
  const model = editor.requireModel();
  const prim = model.primitives[p];
  const shown = editor.surfaces.forPrimitive(p)!.surface.vertexPositions(p)!;
  const n = prim.weights.vertexCount;
  const at = (v: number) => [shown[v * 3], shown[v * 3 + 1], shown[v * 3 + 2]] as const;
  const joints = model.skins[prim.skins[0]].joints;
  editor.selectJoint(joints[prim.weights.joints[Math.floor(n * from) * prim.weights.influences]]);
  const radius = diagonalOf([shown]) * 0.08;
  editor.paint.setSettings({ brush: 'draw', weight, strength: 1, radius });
  if (!editor.paint.beginStroke({ primitive: p, point: at(Math.floor(n * from)) })) return false;
  for (let i = 1; i <= 4; i++)
    editor.paint.strokeTo({ primitive: p, point: at(Math.floor(n * Math.min(0.99, from + i * 0.02))) });
  editor.paint.endStroke();
  return true;
}

async function check(name: string, bytes: Uint8Array): Promise<void> {
  const store = new MemorySessionStore();
  const autosaver = new Autosaver(store);
  const before = new Editor();
  new EditorAutosave(before, autosaver, { pose: () => before.pose.toRecord() });
  await before.load({ name, bytes });
  const prims = before.requireModel().primitives.length;
  for (let p = 0; p < prims; p++) stroke(before, p, 0.2 + (0.5 * p) / prims, 0.6);
  // Posed: a stroke on the bent surface is a step like any other.
  before.pose.applyPreset('elbows-bent-120');
  stroke(before, 0, 0.6, 1);
  before.paint.flood(null);
  before.undo();
  autosaver.markState();
  await autosaver.flush();
  const steps = before.history.undoCount;
  expect(steps, `${name}: steps made`).toBeGreaterThan(1);

  const [summary] = await listSessions(store);
  expect(summary.history, name).toEqual({ undo: steps, redo: 1, stopsAt: null });
  const after = new Editor();
  await new EditorAutosave(after, new Autosaver(new MemorySessionStore())).restore(
    await loadSession(store, summary.id),
  );
  expect(after.pose.posed, `${name}: the pose is back`).toBe(true);
  expect(weights(after), `${name}: restored`).toBe(weights(before));
  for (let i = 1; i <= steps; i++) {
    before.undo();
    expect(after.undo(), `${name}: undo ${i}`).toBe(true);
    expect(weights(after), `${name}: after undo ${i}`).toBe(weights(before));
  }
  expect(after.undo()).toBe(false);
  for (let i = 1; i <= steps + 1; i++) {
    before.redo();
    expect(after.redo(), `${name}: redo ${i}`).toBe(true);
    expect(weights(after), `${name}: after redo ${i}`).toBe(weights(before));
  }
}

describe('undo after a restore gives what undo gave before the reload', () => {
  for (const convention of EXPORTER_CONVENTIONS)
    it(`on the mannequin as ${convention} writes it`, async () => {
      await check(`${convention}.glb`, await exportedGlb(convention, 1500));
    });

  it.skipIf(!HAVE_SHARED_MODELS)('on QuaterniusPlatformerCharacter (four skins, one skeleton)', async () => {
    const { name, bytes } = readSharedModel('QuaterniusPlatformerCharacter/Character.glb');
    await check(name, bytes);
  });
});
