/**
 * A rotate-gizmo drag (editor.skeleton.beginDrag(joint, 'orient')): the joint's frame turns live
 * without touching the file, release makes ONE undo step that keeps the mesh, cancel changes
 * nothing; with children following, the joint's branch swings about it (each joint below turned
 * about the pivot), with X-mirror the partner's branch too.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { compose, decompose, mul, transformPoint, translation } from '../../src/skeleton/frames.ts';
import type { Quat, Vec3 } from '../../src/skeleton/skeleton-edit.ts';
import { drawnMesh } from '../skeleton/support/drawn-mesh.ts';
import { type ExporterConvention, exportedAs } from '../support/exporter-fixtures.ts';
import { diagonalOf, maxDistance } from '../support/skinning-oracle.ts';

function open(convention: ExporterConvention = 'scaled-armature'): Editor {
  const editor = new Editor();
  editor.loadDocument(exportedAs(convention, 1500), 'Mannequin.glb');
  return editor;
}

const jointId = (editor: Editor, suffix: string) =>
  [...editor.requireModel().joints.values()].find((j) => j.name.endsWith(suffix))!.id;

/** A world turn of `degrees` about a unit axis, x, y, z, w. */
function turnAbout(axis: Vec3, degrees: number): Quat {
  const h = (degrees * Math.PI) / 360;
  return [axis[0] * Math.sin(h), axis[1] * Math.sin(h), axis[2] * Math.sin(h), Math.cos(h)];
}

function times(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

const sameRotation = (a: Quat, b: Quat) => Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);

describe('a rotate drag', () => {
  for (const convention of ['scaled-armature', 'z-up-root', 'no-ibm'] as const)
    it(`turns the joint's frame live, one step on release, the mesh kept; children stay (${convention})`, async () => {
      const editor = open(convention);
      const model = editor.requireModel();
      const drawn = drawnMesh(model);
      const elbow = jointId(editor, 'LeftForeArm');
      const hand = jointId(editor, 'LeftHand');
      const start = editor.skeleton.joint(elbow);
      const handAt = editor.skeleton.joint(hand).position;
      const steps = editor.history.undoCount;
      const drag = editor.skeleton.beginDrag(elbow, 'orient');
      let q: Quat = start.rotation;
      for (let k = 1; k <= 4; k++) {
        q = times(turnAbout([0, 0, 1], 10 * k), start.rotation);
        drag.update(q);
      }
      // Live: the preview has the turned frame; the file has not changed.
      expect(sameRotation(decompose(editor.skeleton.previewWorld(elbow)).r, q)).toBeCloseTo(1, 9);
      expect(editor.requireModel()).toBe(model);
      expect(editor.history.undoCount).toBe(steps);
      drag.end();
      expect(editor.history.undoCount).toBe(steps + 1);
      expect(editor.history.steps.done.at(-1)?.label).toBe('Orient joint');
      expect(sameRotation(editor.skeleton.joint(elbow).rotation, q)).toBeCloseTo(1, 6);
      // Children stay, the mesh stays.
      const after = editor.skeleton.joint(hand).position;
      for (let k = 0; k < 3; k++) expect(after[k]).toBeCloseTo(handAt[k], 6);
      const now = drawnMesh(editor.requireModel());
      const diag = diagonalOf(drawn);
      for (let p = 0; p < drawn.length; p++) expect(maxDistance(drawn[p], now[p])).toBeLessThan(1e-6 * diag);
      editor.undo();
      expect(editor.requireModel()).toBe(model);
    });

  it('with children following swings the branch about the joint (and the partner branch with X-mirror); Esc leaves the file', () => {
    const editor = open();
    const model = editor.requireModel();
    const drawn = drawnMesh(model);
    const elbow = jointId(editor, 'LeftForeArm');
    const hand = jointId(editor, 'LeftHand');
    const finger = jointId(editor, 'LeftHandMiddle1');
    const rightHand = jointId(editor, 'RightHand');
    const start = editor.skeleton.joint(elbow);
    const before = new Map([hand, finger, rightHand].map((id) => [id, editor.skeleton.joint(id)]));

    // Cancelled: nothing at all.
    const cancelled = editor.skeleton.beginDrag(elbow, 'orient', { children: 'follow' });
    cancelled.update(times(turnAbout([0, 0, 1], 30), start.rotation));
    expect(editor.skeleton.previewWorld(hand)).not.toEqual(before.get(hand)!.world);
    cancelled.cancel();
    expect(editor.skeleton.previewWorld(hand)).toEqual(before.get(hand)!.world);
    expect(editor.requireModel()).toBe(model);

    editor.skeleton.xMirror = true;
    const turn = turnAbout([0, 0, 1], 30);
    const steps = editor.history.undoCount;
    const drag = editor.skeleton.beginDrag(elbow, 'orient', { children: 'follow' });
    drag.update(times(turn, start.rotation));
    // The branch about the pivot: T(p) · turn · T(−p) · W.
    const about = mul(
      translation(start.position),
      mul(
        compose({ t: [0, 0, 0], r: turn, s: [1, 1, 1] }),
        translation([-start.position[0], -start.position[1], -start.position[2]]),
      ),
    );
    const expected = (id: number) => transformPoint(about, before.get(id)!.position);
    for (const id of [hand, finger]) {
      const m = editor.skeleton.previewWorld(id);
      for (let k = 0; k < 3; k++) expect(m[12 + k]).toBeCloseTo(expected(id)[k], 9);
    }
    // The right hand's preview is the mirror image.
    const rm = editor.skeleton.previewWorld(rightHand);
    expect(rm[12]).toBeCloseTo(-expected(hand)[0], 6);
    expect(rm[13]).toBeCloseTo(expected(hand)[1], 6);
    drag.end();
    expect(editor.history.undoCount).toBe(steps + 1);
    for (const id of [hand, finger]) {
      const p = editor.skeleton.joint(id).position;
      for (let k = 0; k < 3; k++) expect(p[k]).toBeCloseTo(expected(id)[k], 6);
      // Turned with the branch: rotation = turn · before.
      const r = editor.skeleton.joint(id).rotation;
      expect(sameRotation(r, times(turn, before.get(id)!.rotation))).toBeCloseTo(1, 6);
    }
    const r = editor.skeleton.joint(rightHand).position;
    expect(r[0]).toBeCloseTo(-expected(hand)[0], 5);
    expect(r[1]).toBeCloseTo(expected(hand)[1], 5);
    // The mesh stays where it was.
    const now = drawnMesh(editor.requireModel());
    const diag = diagonalOf(drawn);
    for (let p = 0; p < drawn.length; p++) expect(maxDistance(drawn[p], now[p])).toBeLessThan(1e-6 * diag);
    editor.undo();
    expect(editor.requireModel()).toBe(model);
  });
});
