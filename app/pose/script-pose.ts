import type { CreaseSpot, PosePreset, PresetResult, SkinningMode } from '../../src/editor/pose-session.ts';
import { editor } from '../editor-instance.ts';
import { viewport } from '../viewport-bridge.ts';
import { clipPlayer } from './clip-player.ts';
import { type GizmoInfo, gizmoBridge } from './gizmo-bridge.ts';
import { usePose } from './pose-store.ts';

type V3 = [number, number, number];

/** `skinsmith.pose`: posing for scripts and tests; each call resolves after the frame showing it. */
export interface ScriptPose {
  /** Sets a joint's rotation offset (Euler XYZ degrees in its local frame), as the sliders do. */
  setJointRotation(joint: number | string, degrees: V3): Promise<void>;
  getJointRotation(joint: number | string): V3;
  /** Back to the rest pose (every joint), or one joint to its base. */
  reset(joint?: number | string): Promise<void>;
  applyPreset(name: PosePreset): Promise<PresetResult>;
  /** Mirrors the pose to the other side (the selected joint's side wins). */
  mirror(): Promise<number[]>;
  /** The file's clips. */
  clips(): { index: number; name: string; duration: number }[];
  /** Plays a file clip (by index) or, with 'range', the range of motion of `joint` (null: every joint). */
  playClip(clip: number | 'range', joint?: number | string | null): void;
  pause(): void;
  /** Shows the chosen clip at t seconds (paused frames can be painted on). */
  seek(t: number): Promise<void>;
  /** The playhead, seconds. */
  time(): number;
  /** Reads or sets the skinning preview ('linear' or 'dual-quaternion'). */
  skinning(mode?: SkinningMode): Promise<SkinningMode>;
  /** Shows or hides the crease inspector's overlay. */
  crease(on: boolean): Promise<void>;
  /** The worst creases of the current pose, worst first. */
  worstSpots(n?: number): CreaseSpot[];
  /** Pose mode's rotate gizmo on the page (centre, points around each ring), or null when none shows. */
  gizmo(): GizmoInfo | null;
}

const shown = () => viewport.nextFrame();

export const scriptPose: ScriptPose = {
  setJointRotation: async (joint, degrees) => {
    editor.pose.setJointRotation(joint, degrees);
    await shown();
  },
  getJointRotation: (joint) => editor.pose.getJointRotation(joint),
  reset: async (joint) => {
    clipPlayer.pause();
    if (joint === undefined) editor.pose.resetAll();
    else editor.pose.resetJoint(joint);
    await shown();
  },
  applyPreset: async (name) => {
    const result = editor.pose.applyPreset(name);
    await shown();
    return result;
  },
  mirror: async () => {
    const changed = editor.pose.mirrorPose();
    await shown();
    return changed;
  },
  clips: () => editor.pose.listClips(),
  playClip: (clip, joint) => {
    const choice =
      clip === 'range'
        ? { kind: 'range' as const, joint: joint == null ? null : editor.resolveJoint(joint) }
        : { kind: 'file' as const, index: clip };
    clipPlayer.choose(choice);
    clipPlayer.play();
  },
  pause: () => clipPlayer.pause(),
  seek: async (t) => {
    clipPlayer.pause();
    clipPlayer.seek(t);
    await shown();
  },
  time: () => clipPlayer.currentTime,
  skinning: async (mode) => {
    if (mode) editor.pose.skinningMode = mode;
    await shown();
    return editor.pose.skinningMode;
  },
  crease: async (on) => {
    usePose.setState({ crease: on });
    // The viewport applies the flag in a React effect: let it commit, then draw.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await shown();
  },
  worstSpots: (n) => editor.pose.worstSpots(n),
  gizmo: () => gizmoBridge.info(),
};
