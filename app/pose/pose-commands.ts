import type { Command } from '../commands.ts';
import { resetPose } from './pose-actions.ts';

/** Pose commands for the shortcut table (commands.ts spreads these in). */
export const POSE_COMMANDS = {
  resetPose: {
    label: 'Reset pose: every joint back to the bind pose',
    shortcut: 'Alt+R',
    // e.code: Alt+R types '®' on some layouts (macOS Option).
    matches: (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyR',
    run: resetPose,
  },
} satisfies Record<string, Command>;
