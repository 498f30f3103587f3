import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportDocument } from '../../src/gltf/export/export-document.ts';
import { drawnMesh } from '../skeleton/support/drawn-mesh.ts';
import { exportedAs } from '../support/exporter-fixtures.ts';
import { diagonalOf, maxDistance } from '../support/skinning-oracle.ts';

function open(convention: Parameters<typeof exportedAs>[0] = 'scaled-armature'): Editor {
  const editor = new Editor();
  editor.loadDocument(exportedAs(convention, 1500), 'Mannequin.glb');
  return editor;
}

const jointId = (editor: Editor, suffix: string) =>
  [...editor.requireModel().joints.values()].find((j) => j.name.endsWith(suffix))!.id;

async function bytes(editor: Editor): Promise<Uint8Array> {
  return (await exportDocument(editor.requireModel(), { format: 'glb' })).bytes!;
}

describe('SkeletonSession', () => {
  it('moves a pivot as one step that undo takes back bit for bit, keeping the mesh', async () => {
    const editor = open();
    const first = await bytes(editor);
    const model = editor.requireModel();
    const drawn = drawnMesh(model);
    const elbow = jointId(editor, 'LeftForeArm');
    const p = editor.skeleton.joint(elbow).position;
    const steps = editor.history.undoCount;
    editor.skeleton.move(elbow, [p[0] + 0.02, p[1] + 0.01, p[2]]);
    expect(editor.history.undoCount).toBe(steps + 1);
    expect(editor.model).not.toBe(model);
    const q = editor.skeleton.joint(elbow).position;
    expect(q[0]).toBeCloseTo(p[0] + 0.02, 9);
    const after = drawnMesh(editor.requireModel());
    const diag = diagonalOf(drawn);
    for (let k = 0; k < drawn.length; k++) expect(maxDistance(drawn[k], after[k])).toBeLessThan(1e-6 * diag);
    expect(editor.undo()).toBe(true);
    expect(editor.model).toBe(model);
    expect(await bytes(editor)).toEqual(first);
    expect(editor.redo()).toBe(true);
    expect(editor.skeleton.joint(elbow).position[0]).toBeCloseTo(p[0] + 0.02, 9);
  });

  it('carries locks, selection and named poses through a rename, and a drag is one step', () => {
    const editor = open();
    const elbow = jointId(editor, 'LeftForeArm');
    const hand = jointId(editor, 'LeftHand');
    editor.setLocked(hand, true);
    editor.selectJoint(hand);
    editor.pose.setJointRotation(elbow, [0, 0, 40]);
    editor.pose.savePose('bent');
    editor.skeleton.rename(elbow, 'Elbow.L');
    expect(editor.locks.has(hand)).toBe(true);
    expect(editor.pose.listPoses()).toEqual(['bent']);
    editor.pose.resetAll();
    editor.pose.applyPose('bent');
    expect(editor.pose.getJointRotation('Elbow.L')[2]).toBeCloseTo(40, 6);

    const steps = editor.history.undoCount;
    const drag = editor.skeleton.beginDrag(hand, 'move');
    const at = editor.skeleton.joint(hand).position;
    for (let k = 1; k <= 5; k++) drag.update([at[0] + 0.01 * k, at[1], at[2]]);
    expect(editor.skeleton.previewWorld(hand)[12]).toBeCloseTo(at[0] + 0.05, 9);
    expect(editor.history.undoCount).toBe(steps);
    drag.end();
    expect(editor.history.undoCount).toBe(steps + 1);
    expect(editor.skeleton.joint(hand).position[0]).toBeCloseTo(at[0] + 0.05, 9);
  });

  it('deletes a joint: weights summed onto the parent, ids renumbered in locks and selection', () => {
    const editor = open('z-up-root');
    const model = editor.requireModel();
    const thumb = jointId(editor, 'LeftHandThumb1');
    const hand = jointId(editor, 'LeftHand');
    const head = jointId(editor, 'Head');
    editor.setLocked(head, true);
    const before = model.primitives.map((p) => p.weights.clone());
    const skin = model.skins[0];
    editor.skeleton.delete(thumb);
    const next = editor.requireModel();
    expect(next.joints.size).toBe(model.joints.size - 1);
    const shift = (id: number) => (id > thumb ? id - 1 : id);
    expect(editor.locks.has(shift(head))).toBe(true);
    expect(editor.selectedJoint).toBe(shift(hand));
    const j = skin.joints.indexOf(thumb);
    const h = skin.joints.indexOf(hand);
    const nh = next.skins[0].joints.indexOf(shift(hand));
    const w = before[0];
    for (let v = 0; v < w.vertexCount; v++) {
      const sum = Math.fround(w.weightOf(v, j) + w.weightOf(v, h));
      expect(next.primitives[0].weights.weightOf(v, nh)).toBe(sum);
    }
    editor.undo();
    expect(editor.locks.has(head)).toBe(true);
    expect(editor.requireModel()).toBe(model);
  });
});
