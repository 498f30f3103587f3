import type { Command } from '../commands.ts';
import { bare } from '../keys.ts';
import { useUi } from '../store.ts';
import { resetPose } from './pose-actions.ts';

/** Pose commands for the shortcut table (commands.ts spreads these in). */
export const POSE_COMMANDS = {
  poseMode: {
    label: 'Pose mode: drag a ring of the rotate gizmo to turn the selected joint (toggles Pose and Inspect)',
    brief: 'Pose mode: the rotate gizmo (R again: back)',
    // Rotate in Blender and Maya. In Skeleton mode R is the rotate gizmo (skeleton-commands.ts).
    shortcut: 'R',
    matches: (e: KeyboardEvent) => bare('r')(e) && useUi.getState().mode !== 'skeleton',
    run: () => {
      const { mode, setMode } = useUi.getState();
      setMode(mode === 'pose' ? 'inspect' : 'pose');
    },
  },
  resetPose: {
    label: "Reset pose: every joint back to the file's rest pose (what engines show)",
    brief: 'Rest pose (every joint)',
    shortcut: 'Alt+R',
    // e.code: Alt+R types '®' on some layouts (macOS Option).
    matches: (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyR',
    run: resetPose,
  },
} satisfies Record<string, Command>;
