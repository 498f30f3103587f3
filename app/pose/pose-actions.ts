import type { PosePreset } from '../../src/editor/pose-session.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { clipPlayer } from './clip-player.ts';

/** Runs a pose action; a refusal (no model, unknown joint) becomes a toast instead of an uncaught error. */
export function poseAction(run: () => void): void {
  if (!editor.model) return;
  try {
    run();
  } catch (err) {
    useUi.getState().showToast('warning', (err as Error).message);
  }
}

/** Back to the file's rest pose: every joint, and playback stops (the toolbar button and Alt+R). */
export function resetPose(): void {
  poseAction(() => {
    clipPlayer.pause();
    editor.pose.resetAll('rest');
  });
}

/** Shows the bind pose (joints where the IBMs put them, as Maya's Go to Bind Pose); posing starts from it. */
export function showBindPose(): void {
  poseAction(() => {
    clipPlayer.pause();
    editor.pose.resetAll('bind');
  });
}

/** Shows a preset test pose and says which humanoid joints it could not find. */
export function applyPreset(name: PosePreset): void {
  poseAction(() => {
    clipPlayer.pause();
    const { missing, posed } = editor.pose.applyPreset(name);
    if (posed.length === 0) useUi.getState().showToast('warning', `No joints found for "${name}".`);
    else if (missing.length)
      useUi.getState().showToast('info', `Posed ${posed.length} joints; not found: ${missing.join(', ')}.`);
  });
}

/** Keeps the current pose under a name (the list re-reads on the pose session's 'named' event). */
export function savePose(name: string): void {
  poseAction(() => editor.pose.savePose(name.trim()));
}

export function deletePose(name: string): void {
  poseAction(() => editor.pose.deletePose(name));
}
