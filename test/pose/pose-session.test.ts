/**
 * The Editor's pose API (editor.pose) as the pose panel, timeline and inspector use it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import type { PoseEvents } from '../../src/editor/pose-session.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';

const data = buildMannequin({ targetVertices: 4000 });

describe('editor.pose', () => {
  let editor: Editor;
  let events: PoseEvents['pose'][];
  beforeEach(() => {
    editor = new Editor();
    editor.loadDocument(mannequinToDocument(data), 'mannequin.glb');
    events = [];
    editor.pose.events.on('pose', (e) => events.push(e));
  });
  const stored = () => editor.requireModel().primitives[0].positions;
  const world = (name: string) => {
    const { nodeIds, world } = editor.pose.nodeTransforms();
    const s = nodeIds.indexOf(editor.resolveJoint(name));
    return [world[s * 16 + 12], world[s * 16 + 13], world[s * 16 + 14]];
  };

  it('sets and reads joint rotations as Euler degrees, by name or id, and says what changed', () => {
    editor.pose.setJointRotation('LeftForeArm', [10, -20, 150]);
    expect(editor.pose.getJointRotation('LeftForeArm')).toEqual([10, -20, 150]);
    const id = editor.resolveJoint('LeftForeArm');
    expect(events).toEqual([{ reason: 'joint', joints: [id] }]);
    expect(editor.pose.posed).toBe(true);
    // A rotation set otherwise reads back as the equivalent Euler angles.
    editor.pose.setJointQuaternion(id, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const e = editor.pose.getJointRotation(id);
    expect(e[2]).toBeCloseTo(90, 9);
    expect(() => editor.pose.setJointRotation('NoSuchJoint', [0, 0, 0])).toThrow(/No joint named/);
  });

  it('reset joint and reset all return to the bind pose exactly', () => {
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    editor.pose.setJointRotation('RightUpLeg', [40, 0, 0]);
    editor.pose.resetJoint('RightUpLeg');
    expect(editor.pose.getJointRotation('RightUpLeg')).toEqual([0, 0, 0]);
    expect(editor.pose.posed).toBe(true);
    editor.pose.resetAll();
    expect(editor.pose.posed).toBe(false);
    expect(editor.pose.positions(0)).toEqual(stored());
    expect(events.at(-1)).toEqual({ reason: 'reset', joints: 'all' });
  });

  it('never changes weights or the document', () => {
    const model = editor.requireModel();
    const weights = model.primitives[0].weights.clone();
    const trs = () =>
      model.document
        .getRoot()
        .listNodes()
        .map((n) => [...n.getTranslation(), ...n.getRotation(), ...n.getScale()]);
    const before = trs();
    const positions = stored().slice();
    for (const preset of editor.pose.listPresets()) editor.pose.applyPreset(preset);
    editor.pose.setJointRotation('Spine', [20, 30, 40]);
    editor.pose.mirrorPose('swap');
    editor.pose.skinningMode = 'dual-quaternion';
    editor.pose.showClip(editor.pose.rangeOfMotion(null), 3.3);
    expect(model.primitives[0].weights.joints).toEqual(weights.joints);
    expect(model.primitives[0].weights.weights).toEqual(weights.weights);
    expect(trs()).toEqual(before);
    expect(stored()).toEqual(positions);
  });

  it('mirrors the selected side onto the other', () => {
    editor.selectJoint('LeftForeArm');
    editor.pose.setJointRotation('LeftForeArm', [20, -30, 70]);
    editor.pose.setJointRotation('LeftArm', [0, 25, -40]);
    const changed = editor.pose.mirrorPose();
    expect(changed).toContain(editor.resolveJoint('RightForeArm'));
    const l = world('LeftHand');
    const r = world('RightHand');
    expect(r[0]).toBeCloseTo(-l[0], 6);
    expect(r[1]).toBeCloseTo(l[1], 6);
    expect(r[2]).toBeCloseTo(l[2], 6);
    expect(events.at(-1)?.reason).toBe('mirror');
  });

  it('keeps named poses, as JSON too', () => {
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    editor.pose.savePose('elbow');
    const bent = editor.pose.positions(0).slice();
    editor.pose.resetAll();
    editor.pose.applyPose('elbow');
    expect(editor.pose.positions(0)).toEqual(bent);
    expect(editor.pose.listPoses()).toEqual(['elbow']);
    const json = JSON.parse(JSON.stringify(editor.pose.exportPoses()));
    const record = editor.pose.toRecord();

    const other = new Editor();
    other.loadDocument(mannequinToDocument(data), 'mannequin.glb');
    other.pose.importPoses(json);
    other.pose.applyPose('elbow');
    expect(other.pose.positions(0)).toEqual(bent);
    other.pose.resetAll();
    other.pose.fromRecord(record);
    expect(other.pose.positions(0)).toEqual(bent);
    expect(editor.pose.deletePose('elbow')).toBe(true);
    expect(() => editor.pose.applyPose('elbow')).toThrow(/No pose named/);
  });

  it('applies presets and reports the joints they posed', () => {
    const result = editor.pose.applyPreset('knees-bent-120');
    expect(result.posed).toEqual(['LeftLeg', 'RightLeg']);
    expect(result.missing).toEqual([]);
    expect(events.at(-1)).toEqual({ reason: 'preset', joints: 'all' });
    expect(() => editor.pose.applyPreset('cartwheel' as never)).toThrow(/Unknown pose preset/);
  });

  it('range of motion sweeps the selected joint ±90° about X, then Y, then Z', () => {
    editor.selectJoint('LeftArm');
    const clip = editor.pose.rangeOfMotion();
    expect(clip.duration).toBe(6);
    const at = (t: number) => {
      editor.pose.showClip(clip, t);
      return editor.pose.getJointRotation('LeftArm').map((x) => Math.round(x * 1e6) / 1e6 + 0);
    };
    expect(at(0)).toEqual([0, 0, 0]);
    expect(at(0.5)).toEqual([90, 0, 0]);
    expect(at(1.5)).toEqual([-90, 0, 0]);
    expect(at(2.5)).toEqual([0, 90, 0]);
    expect(at(5.5)).toEqual([0, 0, -90]);
    const all = editor.pose.rangeOfMotion(null);
    const moving = [...editor.jointVertexCounts()].filter(([, n]) => n > 0).length;
    expect(all.duration).toBe(moving * 6);
  });

  it('switches to dual quaternion skinning as a preview and back', () => {
    editor.pose.setJointRotation('LeftHand', [120, 0, 0]); // a twist: linear blend pinches the wrist
    const linear = editor.pose.positions(0).slice();
    editor.pose.skinningMode = 'dual-quaternion';
    expect(events.at(-1)).toEqual({ reason: 'mode', joints: 'all' });
    expect(editor.pose.positions(0)).not.toEqual(linear);
    editor.pose.skinningMode = 'linear';
    expect(editor.pose.positions(0)).toEqual(linear);
  });

  it('gives the viewport every skeleton node’s transform', () => {
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const t = editor.pose.nodeTransforms();
    const s = t.nodeIds.indexOf(editor.resolveJoint('LeftForeArm'));
    expect(t.trs[s * 10 + 5]).toBeCloseTo(Math.SQRT1_2, 9); // quaternion z: 90° about Z
    expect(world('LeftHand')[1]).toBeCloseTo(1.435 + 0.26, 6);
  });

  it('gives the bind pose’s world matrices before any pose change (the gizmo reads them first)', () => {
    const { nodeIds, world } = editor.pose.nodeTransforms();
    const bind = editor.pose.skeleton.bind.world;
    expect(world.length).toBe(bind.length);
    for (let s = 0; s < nodeIds.length; s++)
      for (const k of [12, 13, 14]) expect(world[s * 16 + k]).toBeCloseTo(bind[s * 16 + k], 9);
    expect(world.some((v) => v !== 0)).toBe(true);
  });

  it('starts over with a new model', () => {
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    editor.pose.savePose('x');
    editor.loadDocument(mannequinToDocument(data), 'again.glb');
    expect(editor.pose.posed).toBe(false);
    expect(editor.pose.listPoses()).toEqual([]);
  });
});

if (!HAVE_SHARED_MODELS)
  console.warn('pose-session tests: ../shared/models is absent; the shared-model cases are skipped.');

describe.skipIf(!HAVE_SHARED_MODELS)('editor.pose on CesiumMan (../shared/models)', () => {
  it('lists the walk and shows a paused frame to paint on', async () => {
    const editor = new Editor();
    await editor.load(readSharedModel('CesiumMan/CesiumMan.glb'));
    const clips = editor.pose.listClips();
    expect(clips).toHaveLength(1);
    expect(clips[0].duration).toBeGreaterThan(1);
    editor.pose.sampleClip(0, 0.5);
    expect(editor.pose.posed).toBe(true);
    const frame = editor.pose.positions(0);
    expect(frame).not.toEqual(editor.requireModel().primitives[0].positions);
    // The paint surface follows the frame.
    const surface = editor.surfaces.forSkin(0).surface;
    const v = surface.nodeVertex[0];
    expect(surface.positions[0]).toBe(frame[v * 3]);
    expect(() => editor.pose.sampleClip(3, 0)).toThrow(/No animation 3/);
  });
});
