import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import {
  openProject,
  PROJECT_EXTRAS_KEY,
  projectFileName,
  readProjectState,
  saveProjectGlb,
} from '../../src/persist/project-file.ts';
import { emptySessionState, type SessionState } from '../../src/persist/session.ts';
import { skinnedTriangle, toGlb } from '../hostile/fixture.ts';
import { bytesOf, mannequinGlb } from './support.ts';

/** Legal weights that are not the file's: vertex v gets 0.6 / 0.3 / 0.1 on three rotating joints. */
function repaint(
  weights: { vertexCount: number; influences: number; joints: Uint16Array; weights: Float32Array },
  jointCount: number,
) {
  const K = weights.influences;
  for (let v = 0; v < weights.vertexCount; v++) {
    weights.joints.fill(0, v * K, (v + 1) * K);
    weights.weights.fill(0, v * K, (v + 1) * K);
    [0.6, 0.3, 0.1].forEach((w, i) => {
      weights.joints[v * K + i] = (v + i * 7) % jointCount;
      weights.weights[v * K + i] = Math.fround(w);
    });
  }
}

describe('project files', () => {
  it('a saved project opens with the same weights (bit for bit) and editor state', async () => {
    const editor = new Editor();
    const model = await editor.load({ name: 'Mannequin.glb', bytes: await mannequinGlb() });
    const jointCount = model.skins[0].joints.length;
    repaint(model.primitives[0].weights, jointCount);
    const ids = [...model.joints.keys()];
    const state: SessionState = {
      ...emptySessionState(),
      locks: [ids[1], ids[4]],
      excludedJoints: [ids[9]],
      selection: { joint: ids[6] },
      pose: { [ids[3]]: [0, 0, Math.SQRT1_2, Math.SQRT1_2] },
      brush: { brush: 'draw', radius: 0.08 },
      mirror: { axis: 'x' },
    };
    const { bytes, fileName } = await saveProjectGlb(model, state, { sourceName: 'Mannequin.glb' });
    expect(fileName).toBe('Mannequin.skinsmith.glb');
    // The editor's document is as it was.
    expect(readProjectState(model.document)).toBeNull();

    const other = new Editor();
    const project = await openProject(other, { name: fileName, bytes });
    expect(project?.sourceName).toBe('Mannequin.glb');
    expect(project?.state).toEqual(state);
    const restored = other.requireModel().primitives[0].weights;
    expect(bytesOf(restored.weights)).toEqual(bytesOf(model.primitives[0].weights.weights));
    expect(bytesOf(restored.joints)).toEqual(bytesOf(model.primitives[0].weights.joints));
    expect([...other.locks].sort()).toEqual([ids[1], ids[4]].sort());
    expect(other.selectedJoint).toBe(ids[6]);
    // The state is taken out of the document, so an export does not carry it on.
    expect(readProjectState(other.requireModel().document)).toBeNull();
  });

  it('a plain glTF opens as usual, with no project state', async () => {
    const editor = new Editor();
    expect(await openProject(editor, { name: 'triangle.glb', bytes: toGlb(skinnedTriangle()) })).toBeNull();
    expect(editor.model).not.toBeNull();
  });

  it('malformed state in a project file is cleaned, never thrown', async () => {
    const fixture = skinnedTriangle();
    fixture.json.extras = {
      [PROJECT_EXTRAS_KEY]: {
        format: 1,
        savedAt: 'yesterday',
        state: {
          locks: 'all',
          selection: { joint: -3 },
          pose: { 1: [0, 0, 0], x: [0, 0, 0, 1], 2: [0, 0, 0, 1] },
          brush: 7,
        },
      },
    };
    const editor = new Editor();
    const project = await openProject(editor, { name: 'odd.glb', bytes: toGlb(fixture) });
    expect(project).toEqual({
      format: 1,
      savedAt: 0,
      sourceName: 'model.glb',
      state: { ...emptySessionState(), pose: { 2: [0, 0, 0, 1] } },
      layers: null,
      layersError: null,
    });
    expect(editor.locks.size).toBe(0);
  });

  it('names projects after their source', () => {
    expect(projectFileName('Fox.glb')).toBe('Fox.skinsmith.glb');
    expect(projectFileName('Fox.skinsmith.glb')).toBe('Fox.skinsmith.glb');
    expect(projectFileName('scene.gltf')).toBe('scene.skinsmith.glb');
  });
});
