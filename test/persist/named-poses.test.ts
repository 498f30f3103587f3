/**
 * Named poses (the Pose panel's saved test poses) are the rigger's work: they go with the
 * autosaved session and the project file, and come back applicable.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave, editorSessionState } from '../../src/persist/editor-autosave.ts';
import { openProject, saveProjectGlb } from '../../src/persist/project-file.ts';
import { emptySessionState, sanitizeSessionState } from '../../src/persist/session.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { mannequinGlb } from './support.ts';

/** An editor with two named poses saved (the elbow bent, arms up), back in the bind pose. */
async function editorWithNamedPoses() {
  const store = new MemorySessionStore();
  const autosaver = new Autosaver(store);
  const editor = new Editor();
  const hooks = { namedPoses: () => editor.pose.exportPoses() };
  const wiring = new EditorAutosave(editor, autosaver, hooks);
  await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
  const names: string[][] = [];
  editor.pose.events.on('named', ({ names: n }) => names.push(n));
  editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
  editor.pose.savePose('elbow');
  const bent = editor.pose.positions(0).slice();
  editor.pose.applyPreset('arms-up');
  editor.pose.savePose('arms up');
  editor.pose.resetAll();
  wiring.markState();
  await autosaver.flush();
  return { store, editor, hooks, wiring, bent, names };
}

describe('named poses in the session', () => {
  it('say when they change', async () => {
    const { editor, names } = await editorWithNamedPoses();
    expect(names).toEqual([['elbow'], ['elbow', 'arms up']]);
    editor.pose.deletePose('elbow');
    expect(names.at(-1)).toEqual(['arms up']);
  });

  it('round-trip through autosave and restore, and bend the arm again', async () => {
    const { store, editor, bent } = await editorWithNamedPoses();
    const [summary] = await listSessions(store);
    const other = new Editor();
    const state = await new EditorAutosave(other, new Autosaver(store)).restore(
      await loadSession(store, summary.id),
    );
    expect(Object.keys(state.namedPoses)).toEqual(['elbow', 'arms up']);
    expect(state.namedPoses).toEqual(JSON.parse(JSON.stringify(editor.pose.exportPoses())));

    other.pose.importPoses(state.namedPoses);
    expect(other.pose.listPoses()).toEqual(['elbow', 'arms up']);
    expect(other.pose.posed).toBe(false);
    other.pose.applyPose('elbow');
    expect(other.pose.getJointRotation('LeftForeArm')[2]).toBeCloseTo(90, 9);
    expect(other.pose.positions(0)).toEqual(bent);
  });

  it('round-trip through a project file', async () => {
    const { editor, hooks, bent } = await editorWithNamedPoses();
    const state = editorSessionState(editor, hooks);
    const { bytes, fileName } = await saveProjectGlb(editor.requireModel(), state, {
      sourceName: 'Mannequin.glb',
    });
    const other = new Editor();
    const project = await openProject(other, { name: fileName, bytes });
    expect(project?.state.namedPoses).toEqual(JSON.parse(JSON.stringify(state.namedPoses)));
    other.pose.importPoses(project?.state.namedPoses ?? {});
    other.pose.applyPose('elbow');
    expect(other.pose.positions(0)).toEqual(bent);
  });

  it('a model never posed has none, and a fresh state holds none', async () => {
    const editor = new Editor();
    await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
    expect(editor.pose.exportPoses()).toEqual({});
    expect(emptySessionState().namedPoses).toEqual({});
  });

  it('malformed named poses are cleaned, never thrown', () => {
    const joint = { id: 3, name: 'LeftForeArm', rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] };
    const state = sanitizeSessionState({
      namedPoses: JSON.parse(
        JSON.stringify({
          '': { joints: [joint] },
          '  ': { joints: [joint] },
          [`${'x'.repeat(300)}`]: { joints: [joint] },
          number: 7,
          'no joints': { basis: 'bind' },
          // A computed key is an own property (a literal __proto__ would set the prototype).
          ['__proto__']: { joints: [joint] },
          mixed: {
            basis: 'sideways',
            joints: [
              joint,
              { id: -1, name: 'A', rotation: [0, 0, 0, 1] },
              { id: 2, name: 'B', rotation: [0, 0, 1] },
              { id: 4, name: 5, rotation: [0, 0, 0, 1] },
              { id: 5, name: 'C', rotation: [0, 0, 0, 1], translation: [1, 2, 3], scale: [1, 'big', 1] },
              'LeftArm',
            ],
          },
          rest: { basis: 'rest', joints: [] },
        }),
      ),
    });
    expect(Object.keys(state.namedPoses)).toEqual(['__proto__', 'mixed', 'rest']);
    expect(Object.getPrototypeOf(state.namedPoses)).toBe(Object.prototype);
    expect(state.namedPoses.mixed).toEqual({
      basis: 'bind',
      joints: [joint, { id: 5, name: 'C', rotation: [0, 0, 0, 1], translation: [1, 2, 3] }],
    });
    expect(state.namedPoses.rest).toEqual({ basis: 'rest', joints: [] });
    expect(sanitizeSessionState({ namedPoses: [1, 2] }).namedPoses).toEqual({});
  });
});
