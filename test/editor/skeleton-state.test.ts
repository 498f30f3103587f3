/**
 * Skeleton edits through the editor carry what names joints (layers, named poses, the pose),
 * repeat on the X partner, make the shown pose the bind pose, aim and roll frames, preview drags,
 * and refuse bad edits with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { SkeletonEditError } from '../../src/editor/skeleton-session.ts';
import { quatRotateVector } from '../../src/pose/quaternion.ts';
import { drawnMesh, meshDistance } from '../skeleton/support/drawn-mesh.ts';
import { exportedAs } from '../support/exporter-fixtures.ts';
import { diagonalOf } from '../support/skinning-oracle.ts';

function open(): Editor {
  const editor = new Editor();
  editor.loadDocument(exportedAs('mesh-node-trs', 1500), 'Mannequin.glb');
  return editor;
}

describe('skeleton edits in the editor', () => {
  it('X-mirror moves the partner by the mirrored offset, as one step', () => {
    const editor = open();
    editor.skeleton.xMirror = true;
    const l = editor.skeleton.joint('LeftForeArm');
    const r = editor.skeleton.joint('RightForeArm');
    expect(l.mirror).toBe(r.id);
    const steps = editor.history.undoCount;
    const reports = editor.skeleton.move('LeftForeArm', [
      l.position[0] + 0.02,
      l.position[1] + 0.01,
      l.position[2],
    ]);
    expect(reports.map((x) => x.joint?.name)).toEqual(['LeftForeArm', 'RightForeArm']);
    expect(editor.history.undoCount).toBe(steps + 1);
    const r2 = editor.skeleton.joint('RightForeArm').position;
    expect(r2[0]).toBeCloseTo(r.position[0] - 0.02, 9);
    expect(r2[1]).toBeCloseTo(r.position[1] + 0.01, 9);
    // Adding under a paired joint adds the other side's too, with the other side's name.
    editor.skeleton.add('LeftHand', [0.7, 1.43, 0], 'LeftTip');
    expect(editor.skeleton.joint('RightTip').position[0]).toBeCloseTo(-0.7, 9);
  });

  it('a drag previews both sides (and followers) without touching the file', () => {
    const editor = open();
    editor.skeleton.xMirror = true;
    const model = editor.model;
    const l = editor.skeleton.joint('LeftArm');
    const hand = editor.skeleton.joint('LeftHand');
    const drag = editor.skeleton.beginDrag('LeftArm', 'move', { children: 'follow' });
    drag.update([l.position[0], l.position[1] + 0.05, l.position[2]]);
    expect(editor.model).toBe(model);
    expect(editor.skeleton.previewWorld(hand.id)[13]).toBeCloseTo(hand.position[1] + 0.05, 9);
    const right = editor.skeleton.joint('RightArm');
    expect(editor.skeleton.previewWorld(right.id)[13]).toBeCloseTo(right.position[1] + 0.05, 9);
    drag.cancel();
    expect(editor.skeleton.previewWorld(hand.id)[13]).toBeCloseTo(hand.position[1], 12);
    expect(editor.model).toBe(model);
  });

  it('a delete moves weights in every layer and renames nothing else; named poses lose the joint', () => {
    const editor = open();
    const thumb = editor.skeleton.joint('LeftHandThumb1').id;
    editor.pose.setJointRotation('LeftHandThumb1', [0, 0, 30]);
    editor.pose.setJointRotation('LeftHand', [0, 20, 0]);
    editor.pose.savePose('grip');
    editor.pose.resetAll();
    editor.layers.add('Hand');
    const model = editor.requireModel();
    const prim = model.primitives[0];
    const skin = model.skins[prim.skins[0]].joints;
    // Paint the thumb's weight onto the new layer everywhere the thumb has weight.
    const edit = editor.editWeights(0);
    const K = edit.influences;
    const t = skin.indexOf(thumb);
    const touched: number[] = [];
    for (let v = 0; v < edit.vertexCount; v++)
      if (edit.weightOf(v, t) > 0) {
        touched.push(v);
        edit.joints.fill(0, v * K, v * K + K);
        edit.weights.fill(0, v * K, v * K + K);
        edit.joints[v * K] = t;
        edit.weights[v * K] = 1;
      }
    // What a tool's 'weights' event does: the edit buffer goes into the active layer.
    editor.events.emit('weights', [{ primitive: 0, start: 0, end: edit.vertexCount }]);
    expect(touched.length).toBeGreaterThan(0);
    expect(editor.layers.stack.ownWeights(0).weightOf(touched[0], t)).toBe(1);
    editor.skeleton.delete('LeftHandThumb1');
    const next = editor.requireModel();
    const hand = next.skins[next.primitives[0].skins[0]].joints.indexOf(editor.skeleton.joint('LeftHand').id);
    const layered = editor.layers.list();
    expect(layered.map((l) => l.name)).toEqual(['Hand', 'Base']);
    editor.layers.setActive('Hand');
    const own = editor.layers.stack.ownWeights(0);
    // Where the layer holds weights (a vertex already all thumb in the base is not covered).
    const covered = touched.filter((v) => own.influencesOf(v).length > 0);
    expect(covered.length).toBeGreaterThan(0);
    for (const v of covered) expect(own.weightOf(v, hand)).toBe(1);
    for (const v of touched) expect(next.primitives[0].weights.weightOf(v, hand)).toBe(1);
    expect(editor.pose.listPoses()).toEqual(['grip']);
    editor.pose.applyPose('grip');
    expect(editor.pose.getJointRotation('LeftHand')[1]).toBeCloseTo(20, 6);
  });

  it('makes the shown pose the bind pose: the mesh as posed, now at rest', () => {
    const editor = open();
    editor.pose.setJointRotation('LeftArm', [0, 0, -50]);
    editor.pose.setJointRotation('RightArm', [0, 0, 50]);
    const posed = editor.model!.primitives.map((p) => editor.pose.positions(p.id).slice());
    editor.skeleton.makeBindPose();
    expect(editor.pose.shown).toBe('rest');
    const after = drawnMesh(editor.requireModel());
    expect(meshDistance(posed, after)).toBeLessThan(1e-5 * diagonalOf(posed));
    editor.undo();
    expect(meshDistance(drawnMesh(editor.requireModel()), after)).toBeGreaterThan(0.01);
  });

  it('aims a joint at its child and rolls it about its bone', () => {
    const editor = open();
    editor.skeleton.aimAtChild('LeftArm');
    const arm = editor.skeleton.joint('LeftArm');
    const fore = editor.skeleton.joint('LeftForeArm');
    const dir = fore.position.map((c, k) => c - arm.position[k]);
    const n = Math.hypot(...dir);
    const axes = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ].map((a) => {
      const w = [0, 0, 0];
      quatRotateVector(arm.rotation, 0, a, 0, w, 0);
      return Math.abs(w[0] * dir[0] + w[1] * dir[1] + w[2] * dir[2]) / n;
    });
    expect(Math.max(...axes)).toBeGreaterThan(1 - 1e-9);
    editor.skeleton.roll('LeftArm', 30);
    const rolled = editor.skeleton.joint('LeftArm').rotation;
    const d =
      rolled[0] * arm.rotation[0] +
      rolled[1] * arm.rotation[1] +
      rolled[2] * arm.rotation[2] +
      rolled[3] * arm.rotation[3];
    expect(Math.abs(d)).toBeCloseTo(Math.cos(Math.PI / 12), 9);
  });

  it('mirror pairs set by hand and excluded joints follow the joints through edits', () => {
    const editor = open();
    editor.paint.setMirrorJoints('LeftHandThumb1', 'RightForeArm');
    editor.setExcluded('RightHand', true);
    editor.skeleton.delete('LeftHandMiddle1');
    editor.skeleton.rename('LeftHandThumb1', 'ThumbL');
    const fore = editor.skeleton.joint('RightForeArm').id;
    expect(editor.paint.mirrorJointOf('ThumbL')).toBe(fore);
    expect(editor.paint.mirrorJointOf(fore)).toBe(editor.skeleton.joint('ThumbL').id);
    expect([...editor.excluded]).toEqual([editor.skeleton.joint('RightHand').id]);
  });

  it('moves a pivot to typed local coordinates', () => {
    const editor = open();
    const j = editor.skeleton.joint('LeftForeArm');
    const t = j.local.t;
    editor.skeleton.moveLocal('LeftForeArm', [t[0] + 0.01, t[1] - 0.02, t[2]]);
    const after = editor.skeleton.joint('LeftForeArm').local.t;
    expect(after[0]).toBeCloseTo(t[0] + 0.01, 9);
    expect(after[1]).toBeCloseTo(t[1] - 0.02, 9);
    expect(after[2]).toBeCloseTo(t[2], 9);
  });

  it('keeps the vertex selection through an edit and its undo', () => {
    const editor = open();
    editor.selection.byJoint('LeftForeArm');
    const selected = editor.selection.vertices();
    expect(selected.length).toBeGreaterThan(10);
    const at = editor.skeleton.joint('LeftForeArm').position;
    editor.skeleton.move('LeftForeArm', [at[0] + 0.01, at[1], at[2]]);
    expect(editor.selection.vertices()).toEqual(selected);
    editor.undo();
    expect(editor.selection.vertices()).toEqual(selected);
  });

  it('refuses bad edits with a SkeletonEditError and nothing changed', () => {
    const editor = open();
    const model = editor.model;
    const steps = editor.history.undoCount;
    expect(() => editor.skeleton.reparent('Spine', 'Head')).toThrow(SkeletonEditError);
    expect(() => editor.skeleton.delete('Hips')).toThrow(/only root/);
    expect(() => editor.skeleton.move('Hips', [0, Number.NaN, 0])).toThrow(/finite/);
    expect(() => editor.skeleton.rename('Head', 'Neck')).toThrow(/already named/);
    editor.setLocked('LeftHand', true);
    expect(() => editor.skeleton.delete('LeftHandThumb1')).toThrow(/locked/);
    expect(editor.model).toBe(model);
    expect(editor.history.undoCount).toBe(steps);
  });
});
