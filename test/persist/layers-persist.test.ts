/**
 * Weight layers survive what work survives: a project file keeps the stack in its extras (its
 * accessors hold the composed weights, for every other tool), and autosave restores it after a
 * closed tab — names, order, visibility, opacity, masks, the active layer, bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave, editorSessionState } from '../../src/persist/editor-autosave.ts';
import { openProject, saveProjectGlb } from '../../src/persist/project-file.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { bytesOf, mannequinGlb } from './support.ts';

/** Floods `joint` at `weight` over the vertices whose index is ≡ `phase` mod 3 (a scattered region). */
function floodSome(editor: Editor, joint: string, weight: number, phase: number): void {
  const n = editor.requireModel().primitives[0].weights.vertexCount;
  editor.selectJoint(joint);
  editor.paint.setSettings({ weight, mirror: false });
  editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % 3 === phase ? 1 : 0))]]));
}

/** Two layers over the mannequin: "Arms" (70%, half its mask at 0.4), "Fix" hidden on top. */
async function layeredEditor(): Promise<Editor> {
  const editor = new Editor();
  await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
  const arms = editor.layers.add('Arms');
  floodSome(editor, 'LeftForeArm', 0.8, 0);
  editor.layers.setTarget('mask');
  const n = editor.requireModel().primitives[0].weights.vertexCount;
  editor.paint.setSettings({ weight: 0.4 });
  editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v < n / 2 ? 1 : 0))]]));
  editor.layers.setTarget('weights');
  editor.layers.setOpacity(arms, 0.7);
  const fix = editor.layers.add('Fix');
  floodSome(editor, 'Spine', 0.5, 1);
  editor.layers.setVisible(fix, false);
  editor.layers.setActive(arms);
  return editor;
}

function expectSameStack(a: Editor, b: Editor): void {
  const strip = (e: Editor) => e.layers.list().map(({ id: _, ...rest }) => rest);
  expect(strip(b)).toEqual(strip(a));
  const sa = a.layers.snapshot()!;
  const sb = b.layers.snapshot()!;
  expect(sb.active).toBe(sa.active);
  sa.layers.forEach((l, i) => {
    expect(bytesOf(sb.layers[i].parts[0].weights)).toEqual(bytesOf(l.parts[0].weights));
    expect(bytesOf(sb.layers[i].parts[0].joints)).toEqual(bytesOf(l.parts[0].joints));
    expect(bytesOf(sb.layers[i].parts[0].mask)).toEqual(bytesOf(l.parts[0].mask));
  });
  expect(bytesOf(sb.base[0].weights)).toEqual(bytesOf(sa.base[0].weights));
  const wa = a.requireModel().primitives[0].weights;
  const wb = b.requireModel().primitives[0].weights;
  expect(bytesOf(wb.weights)).toEqual(bytesOf(wa.weights));
  expect(bytesOf(wb.joints)).toEqual(bytesOf(wa.joints));
}

describe('weight layers in project files', () => {
  it('the project keeps the stack; its accessors hold the composed weights', async () => {
    const editor = await layeredEditor();
    const model = editor.requireModel();
    const { bytes, fileName } = await saveProjectGlb(model, editorSessionState(editor), {
      sourceName: 'Mannequin.glb',
      layers: editor.layers.snapshot(),
    });
    // Any other glTF tool: the plain composed weights in the accessors.
    const plain = buildSkinnedModel(await readDocument({ name: fileName, bytes }));
    expect(bytesOf(plain.primitives[0].weights.weights)).toEqual(
      bytesOf(model.primitives[0].weights.weights),
    );

    const other = new Editor();
    await openProject(other, { name: fileName, bytes });
    expectSameStack(editor, other);
    // And it goes on working: showing the hidden layer changes what is shown as in the original.
    for (const e of [editor, other]) e.layers.setVisible('Fix', true);
    expectSameStack(editor, other);
    expect(other.history.undoCount).toBe(1);
  });

  it('a damaged layer record opens the weights flattened, and says so', async () => {
    const editor = await layeredEditor();
    const saved = editor.layers.snapshot()!;
    saved.layers[0].parts[0].mask = saved.layers[0].parts[0].mask.subarray(0, 10);
    const { bytes, fileName } = await saveProjectGlb(editor.requireModel(), editorSessionState(editor), {
      layers: saved,
    });
    const other = new Editor();
    await openProject(other, { name: fileName, bytes });
    expect(other.layers.list()).toHaveLength(1);
    expect(other.notices.some((n) => /weight layers .* could not be read back/.test(n.message))).toBe(true);
    expect(bytesOf(other.requireModel().primitives[0].weights.weights)).toEqual(
      bytesOf(editor.requireModel().primitives[0].weights.weights),
    );
  });
});

describe('weight layers in autosave', () => {
  it('a closed tab gives back the stack as it was', async () => {
    const store = new MemorySessionStore();
    const autosaver = new Autosaver(store, { chunkVertices: 500 });
    const editor = new Editor();
    new EditorAutosave(editor, autosaver);
    await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
    const arms = editor.layers.add('Arms');
    floodSome(editor, 'LeftForeArm', 0.8, 0);
    editor.layers.setOpacity(arms, 0.6);
    editor.layers.add('Fix');
    floodSome(editor, 'Spine', 0.5, 2);
    await autosaver.flush();

    const [summary] = await listSessions(store);
    const session = await loadSession(store, summary.id);
    expect(session.layers?.layers.map((l) => l.name)).toEqual(['Arms', 'Fix']);
    const restored = new Editor();
    await new EditorAutosave(restored, new Autosaver(store)).restore(session);
    expectSameStack(editor, restored);

    // A later stroke on a layer is saved too (the layer, not only the composed weights).
    floodSome(editor, 'Head', 0.9, 1);
    await autosaver.flush();
    const again = new Editor();
    await new EditorAutosave(again, new Autosaver(store)).restore(await loadSession(store, summary.id));
    expectSameStack(editor, again);
  });
});
