import { create } from 'zustand';
import type { SkinningMode } from '../../src/editor/pose-session.ts';
import type { ShownPose } from '../../src/pose/shown-pose.ts';

/** Which clip the timeline plays: one of the file's (by index) or the generated range of motion. */
export type ClipChoice = { kind: 'file'; index: number } | { kind: 'range'; joint: number | null };

/**
 * Pose UI state. The pose itself lives in editor.pose; `poseRev` tells panels to read it again
 * (bumped per pose change except clip frames: during playback only the timeline follows, through
 * the player, not React).
 */
export interface PoseUi {
  poseRev: number;
  /** Bumped when named poses are saved or deleted. */
  namedRev: number;
  /** Whether the mesh is away from the file's rest pose (a joint bent, a clip frame, the bind pose). */
  posed: boolean;
  /** Which pose is on screen: the status bar and the Rest/Bind pose buttons show it. */
  shown: ShownPose;
  skinning: SkinningMode;
  crease: boolean;
  clip: ClipChoice | null;
  playing: boolean;
  loop: boolean;
  speed: number;
  /** Duration of the chosen clip, seconds (0 without one). */
  duration: number;
}

export const POSE_UI_DEFAULTS: PoseUi = {
  poseRev: 0,
  namedRev: 0,
  posed: false,
  shown: 'rest',
  skinning: 'linear',
  crease: false,
  clip: null,
  playing: false,
  loop: true,
  speed: 1,
  duration: 0,
};

export const usePose = create<PoseUi>(() => ({ ...POSE_UI_DEFAULTS }));
