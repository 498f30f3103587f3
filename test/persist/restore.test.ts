import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave } from '../../src/persist/editor-autosave.ts';
import { listSessions, loadSession, SessionError, sessionKey } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { bytesOf, mannequinGlb, randomWords } from './support.ts';

async function paintedSession(chunkVertices = 500) {
  const store = new MemorySessionStore();
  const autosaver = new Autosaver(store, { chunkVertices });
  const editor = new Editor();
  const wiring = new EditorAutosave(editor, autosaver, {
    pose: () => ({ '3': [0, 0, Math.SQRT1_2, Math.SQRT1_2] }),
    brush: () => ({ brush: 'smooth', radius: 0.1, mirror: true }),
    mirror: () => ({ axis: 'x', tolerance: 0.001 }),
    excludedJoints: () => [7],
  });
  const model = await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
  await autosaver.flush();
  // "Paint": arbitrary bit patterns (NaN payloads, -0, subnormals) in vertices 100..700, which
  // no weight operation makes, so only an exact copy gives them back.
  const w = model.primitives[0].weights;
  const words = randomWords(42, 600 * w.influences);
  new Uint32Array(w.weights.buffer, w.weights.byteOffset + 100 * w.influences * 4, words.length).set(words);
  for (let s = 100 * w.influences; s < 700 * w.influences; s++)
    w.joints[s] = words[s - 100 * w.influences] & 0xffff;
  editor.events.emit('weights', [{ primitive: 0, start: 100, end: 700 }]);
  const joints = [...model.joints.keys()];
  editor.setLocked(joints[2], true);
  editor.selectJoint(joints[5]);
  await autosaver.flush();
  return { store, autosaver, editor, wiring, model, joints };
}

describe('restoring a session', () => {
  it('gives back the weights bit for bit, and the locks, selection, pose and settings', async () => {
    const { store, autosaver, model, joints } = await paintedSession();
    const [summary] = await listSessions(store);
    expect(summary).toMatchObject({
      id: autosaver.sessionId,
      fileName: 'Mannequin.glb',
      vertexCount: model.primitives[0].weights.vertexCount,
    });

    const editor = new Editor();
    const wiring = new EditorAutosave(editor, new Autosaver(store));
    const state = await wiring.restore(await loadSession(store, summary.id));
    const restored = editor.requireModel().primitives[0].weights;
    const original = model.primitives[0].weights;
    expect(bytesOf(restored.weights)).toEqual(bytesOf(original.weights));
    expect(bytesOf(restored.joints)).toEqual(bytesOf(original.joints));
    expect([...editor.locks]).toEqual([joints[2]]);
    expect(editor.selectedJoint).toBe(joints[5]);
    expect(state.pose).toEqual({ '3': [0, 0, Math.SQRT1_2, Math.SQRT1_2] });
    expect(state.brush).toEqual({ brush: 'smooth', radius: 0.1, mirror: true });
    expect(state.mirror).toEqual({ axis: 'x', tolerance: 0.001 });
    expect(state.excludedJoints).toEqual([7]);
    expect(editor.notices.some((n) => /Restored your session of Mannequin\.glb/.test(n.message))).toBe(true);
    // Restored weights are in no exported file: closing the tab asks first.
    expect(editor.hasUnexportedEdits).toBe(true);
    // The restored session keeps saving under its own id: no second copy in the list.
    expect(wiring.autosaver.sessionId).toBe(summary.id);
    editor.setLocked(joints[3], true);
    await wiring.autosaver.flush();
    expect((await listSessions(store)).map((s) => s.id)).toEqual([summary.id]);
    expect((await loadSession(store, summary.id)).state.locks).toEqual([joints[2], joints[3]]);
  });

  it('a stroke writes only the chunks it touched', async () => {
    const { store, autosaver, editor } = await paintedSession(256);
    const before = store.writes.length;
    editor.events.emit('weights', [{ primitive: 0, start: 300, end: 520 }]);
    await autosaver.flush();
    expect(store.writes.length).toBe(before + 1);
    const keys = store.writes[before].map(([k]) => k.split('/').slice(2).join('/')).sort();
    expect(keys).toEqual(['meta', 'w/0/1', 'w/0/2']);
  });

  it('refuses an incomplete session with a SessionError', async () => {
    const { store, autosaver } = await paintedSession();
    store.data.delete(sessionKey.chunk(autosaver.sessionId, 0, 1));
    await expect(loadSession(store, autosaver.sessionId)).rejects.toBeInstanceOf(SessionError);
    store.data.delete(sessionKey.source(autosaver.sessionId));
    await expect(loadSession(store, autosaver.sessionId)).rejects.toThrow(/lost its source file/);
  });
});
