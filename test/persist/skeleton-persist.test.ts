/**
 * An edited skeleton is kept by project files and by autosave: the restored model has the edited
 * joints (names, places, the deleted one gone), the same weights bit for bit, and draws the same
 * mesh.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave, editorSessionState } from '../../src/persist/editor-autosave.ts';
import { openProject, saveProjectGlb } from '../../src/persist/project-file.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { drawnMesh, meshDistance } from '../skeleton/support/drawn-mesh.ts';
import { diagonalOf } from '../support/skinning-oracle.ts';
import { bytesOf, mannequinGlb } from './support.ts';

const id = (model: SkinnedModel, name: string) => [...model.joints.values()].find((j) => j.name === name)!.id;

/** Move the left elbow, add a joint, delete a thumb, rename the head, lock the neck. */
function edit(editor: Editor): void {
  const model = editor.requireModel();
  const elbow = model.joints.get(id(model, 'LeftForeArm'))!.restPosition;
  editor.skeleton.move('LeftForeArm', [elbow[0] + 0.02, elbow[1], elbow[2] - 0.01]);
  editor.skeleton.add('LeftForeArm', [elbow[0] + 0.1, elbow[1], elbow[2]], 'ForeArmTwist.L');
  editor.skeleton.delete('LeftHandThumb1');
  editor.skeleton.rename('Head', 'Skull');
  editor.setLocked('Neck', true);
}

function expectSame(a: SkinnedModel, b: SkinnedModel): void {
  const names = (m: SkinnedModel) => [...m.joints.values()].map((j) => j.name).sort();
  expect(names(b)).toEqual(names(a));
  for (const j of a.joints.values()) {
    const k = b.joints.get(id(b, j.name))!;
    for (let c = 0; c < 3; c++) expect(k.restPosition[c]).toBeCloseTo(j.restPosition[c], 6);
  }
  a.primitives.forEach((p, i) => {
    expect(bytesOf(b.primitives[i].weights.weights)).toEqual(bytesOf(p.weights.weights));
    expect(bytesOf(b.primitives[i].weights.joints)).toEqual(bytesOf(p.weights.joints));
  });
  const x = drawnMesh(a);
  expect(meshDistance(x, drawnMesh(b))).toBeLessThan(1e-6 * diagonalOf(x));
}

describe('an edited skeleton is kept', () => {
  it('by a project file', async () => {
    const editor = new Editor();
    await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
    edit(editor);
    const model = editor.requireModel();
    const project = await saveProjectGlb(model, editorSessionState(editor), { sourceName: 'Mannequin.glb' });
    const other = new Editor();
    await openProject(other, { name: project.fileName, bytes: project.bytes });
    expectSame(model, other.requireModel());
    expect([...other.locks]).toEqual([id(other.requireModel(), 'Neck')]);
  });

  it('by autosave (the edited file becomes the session source)', async () => {
    const store = new MemorySessionStore();
    const autosaver = new Autosaver(store);
    const editor = new Editor();
    // As the app does for a model with no file of its own: its GLB, written once it is shown.
    let source: { model: unknown; bytes: Uint8Array } | null = null;
    const wiring = new EditorAutosave(
      editor,
      autosaver,
      { sourceBytes: () => (source?.model === editor.model ? source.bytes : null) },
      { startOn: 'edit' },
    );
    await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
    edit(editor);
    source = { model: editor.model, bytes: await editor.renderBytes() };
    wiring.sourceChanged();
    await autosaver.flush();
    const sessions = await listSessions(store);
    const latest = sessions.sort((a, b) => b.savedAt - a.savedAt)[0];
    const other = new Editor();
    await new EditorAutosave(other, new Autosaver(store)).restore(await loadSession(store, latest.id));
    expectSame(editor.requireModel(), other.requireModel());
    expect([...other.locks]).toEqual([id(other.requireModel(), 'Neck')]);
  });
});
