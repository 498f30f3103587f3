import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave } from '../../src/persist/editor-autosave.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { bytesOf, mannequinGlb } from './support.ts';

async function opened(hooks = {}) {
  const store = new MemorySessionStore();
  const autosaver = new Autosaver(store);
  const editor = new Editor();
  const wiring = new EditorAutosave(editor, autosaver, hooks, { startOn: 'edit' });
  const model = await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
  return { store, autosaver, editor, wiring, model };
}

describe("EditorAutosave with startOn: 'edit'", () => {
  it('saves nothing for a model that is only opened, looked at and selected in', async () => {
    const { store, autosaver, editor, wiring, model } = await opened();
    editor.selectJoint([...model.joints.keys()][3]);
    wiring.markState(false); // a brush setting
    await autosaver.flush();
    expect(store.writes).toEqual([]);
    expect(wiring.active).toBe(false);
  });

  it('starts the session at the first weight change and saves every weight', async () => {
    const { store, autosaver, editor, wiring, model } = await opened();
    const w = model.primitives[0].weights;
    w.weights[40 * w.influences] = 0.25;
    editor.events.emit('weights', [{ primitive: 0, start: 40, end: 41 }]);
    expect(wiring.active).toBe(true);
    await autosaver.flush();
    const [summary] = await listSessions(store);
    const session = await loadSession(store, summary.id);
    expect(bytesOf(session.weights[0].weights)).toEqual(bytesOf(w.weights));
  });

  it('a lock or an edit of the hooks’ state starts it too', async () => {
    const locked = await opened();
    locked.editor.setLocked([...locked.model.joints.keys()][2], true);
    await locked.autosaver.flush();
    expect(await listSessions(locked.store)).toHaveLength(1);
    const posed = await opened();
    posed.wiring.markState();
    await posed.autosaver.flush();
    expect(await listSessions(posed.store)).toHaveLength(1);
  });

  it('waits for source bytes that come later (a character built in code)', async () => {
    const store = new MemorySessionStore();
    const autosaver = new Autosaver(store);
    const editor = new Editor();
    let bytes: Uint8Array | null = null;
    const wiring = new EditorAutosave(editor, autosaver, { sourceBytes: () => bytes }, { startOn: 'edit' });
    const { WebIO } = await import('@gltf-transform/core');
    const document = await new WebIO().readBinary(await mannequinGlb());
    const model = editor.loadDocument(document, 'Mannequin.glb');
    editor.setLocked([...model.joints.keys()][1], true);
    await autosaver.flush();
    expect(store.writes).toEqual([]);
    bytes = await mannequinGlb();
    wiring.sourceChanged();
    await autosaver.flush();
    const [summary] = await listSessions(store);
    expect((await loadSession(store, summary.id)).state.locks).toEqual([...model.joints.keys()].slice(1, 2));
  });

  it("opening another model saves the previous session's last change and waits again", async () => {
    const { store, autosaver, editor, wiring, model } = await opened();
    editor.setLocked([...model.joints.keys()][2], true);
    await autosaver.flush();
    const id = autosaver.sessionId;
    editor.setLocked([...model.joints.keys()][3], true);
    await editor.load({ name: 'Other.glb', bytes: await mannequinGlb() });
    expect(wiring.active).toBe(false);
    await autosaver.flush();
    expect((await loadSession(store, id)).state.locks).toHaveLength(2);
    expect(await listSessions(store)).toHaveLength(1);
  });
});
