import type { Editor } from '../../src/editor/editor.ts';
import { clipPlayer } from './clip-player.ts';
import { POSE_UI_DEFAULTS, usePose } from './pose-store.ts';

/**
 * Mirrors editor.pose into the pose store, and keeps playback out of the way of painting: a
 * stroke pauses the clip (a brush must paint the frame it was pressed on); a model without
 * joints leaves Pose and Skeleton mode for Inspect. Called once at startup.
 */
export function connectPose(editor: Editor): () => void {
  const offs = [
    editor.pose.events.on('pose', ({ reason }) => {
      const posed = editor.pose.posed;
      const shown = editor.pose.shown;
      if (reason === 'clip') {
        const s = usePose.getState();
        if (s.posed !== posed || s.shown !== shown) usePose.setState({ posed, shown });
        return;
      }
      usePose.setState((s) => ({ poseRev: s.poseRev + 1, posed, shown, skinning: editor.pose.skinningMode }));
    }),
    // Saved, deleted, or brought back with a session or project: the list re-reads.
    editor.pose.events.on('named', () => usePose.setState((s) => ({ namedRev: s.namedRev + 1 }))),
    editor.events.on('model', () => {
      clipPlayer.clear();
      const { crease, loop, speed } = usePose.getState();
      // A new model starts in its bind pose; the display choices (and the skinning mode) stay.
      usePose.setState({ ...POSE_UI_DEFAULTS, crease, loop, speed, skinning: editor.pose.skinningMode });
      // No joints (a static mesh, a rig undone): nothing to bend or edit, so no Pose or Skeleton mode.
      if (editor.model?.joints.size === 0 && (editor.mode === 'pose' || editor.mode === 'skeleton'))
        editor.setMode('inspect');
    }),
    editor.paint.events.on('stroke', (phase) => {
      if (phase === 'begin') clipPlayer.pause();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
