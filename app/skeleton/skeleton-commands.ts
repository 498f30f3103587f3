import type { Command } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { bare } from '../keys.ts';
import { useUi } from '../store.ts';
import { deleteSelectedJoint } from './skeleton-actions.ts';
import { useSkeletonUi } from './skeleton-store.ts';

const inSkeleton = () => useUi.getState().mode === 'skeleton';
/** True when the keyboard focus is inside what `selector` matches (the joint tree, the Layers list). */
const focusIn = (selector: string) => document.activeElement?.closest?.(selector) != null;

/** Puts the focus in the joint's name field, once Skeleton mode has drawn it (a frame or a few). */
function focusJointName(tries = 20): void {
  if (document.querySelector('[data-testid=skeleton-name]')) {
    useSkeletonUi.setState((s) => ({ renaming: s.renaming + 1 }));
  } else if (tries > 0) requestAnimationFrame(() => focusJointName(tries - 1));
}
/** Skeleton-mode keys: elsewhere the same key stays free (X mirrors the brush). */
const skeletonKey = (match: (e: KeyboardEvent) => boolean) => (e: KeyboardEvent) => inSkeleton() && match(e);

/**
 * Tab as Blender's Edit Mode key, but only where Tab would not move the keyboard focus between
 * controls: on the page itself or the 3D view (a focused button, field or tree keeps its Tab).
 */
const tabOnCanvas = (e: KeyboardEvent) => {
  if (!bare('Tab')(e)) return false;
  const target = e.target as HTMLElement | null;
  return !target || target === document.body || target.tagName === 'CANVAS' || target.tagName === 'HTML';
};

/** Skeleton mode's commands for the shortcut table (commands.ts spreads these in before the layers' F2). */
export const SKELETON_COMMANDS = {
  skeletonMode: {
    label:
      'Skeleton mode: move, add, split, delete and re-parent joints; the mesh stays put (toggles Skeleton and Inspect)',
    brief: 'Skeleton mode (Tab again: back)',
    // Blender's Edit Mode key.
    shortcut: 'Tab',
    matches: tabOnCanvas,
    run: () => {
      const { mode, setMode } = useUi.getState();
      setMode(mode === 'skeleton' ? 'inspect' : 'skeleton');
    },
  },
  addJoint: {
    label: 'Add a child of the selected joint: click the mesh where it goes (placed at the limb centre)',
    brief: 'Add a child joint: click the mesh',
    // Blender's extrude.
    shortcut: 'E',
    matches: skeletonKey(bare('e')),
    run: () => {
      if (editor.model && editor.selectedJoint !== null)
        useSkeletonUi.setState((s) => ({ placing: s.placing === 'add' ? null : 'add' }));
    },
  },
  cancelPlacing: {
    label: 'Stop placing a joint',
    shortcut: 'Esc',
    matches: (e: KeyboardEvent) =>
      inSkeleton() && useSkeletonUi.getState().placing !== null && bare('Escape')(e),
    run: () => useSkeletonUi.setState({ placing: null }),
  },
  renameJoint: {
    label:
      'Rename the selected joint (in Skeleton mode, or with the joint tree focused: it opens Skeleton mode)',
    brief: 'Rename joint (Skeleton mode, tree)',
    shortcut: 'F2',
    // F2 renames what has focus: the joint from the tree (any mode) or in Skeleton mode; the
    // layer when the Layers list has the focus (layer-commands.ts).
    matches: (e: KeyboardEvent) =>
      bare('F2')(e) && !focusIn('[data-testid=layers-section]') && (inSkeleton() || focusIn('.tree')),
    run: () => {
      if (!editor.model || editor.selectedJoint === null) return;
      useUi.setState({ rightOpen: true });
      if (!inSkeleton()) useUi.getState().setMode('skeleton');
      focusJointName();
    },
  },
  deleteJoint: {
    label: 'Delete the selected joint (its weights go to its parent, its children to its parent)',
    brief: 'Delete joint (weights to parent)',
    shortcut: 'Delete',
    matches: skeletonKey(bare('Delete')),
    run: deleteSelectedJoint,
  },
  rotateTool: {
    label:
      "Rotate gizmo on the selected joint: drag a ring to turn the joint's frame (its branch too when children follow)",
    brief: "Rotate gizmo: turn the joint's frame",
    // Blender's rotate; in Skeleton mode it stays in the mode (Tab leaves it).
    shortcut: 'R',
    matches: skeletonKey(bare('r')),
    run: () => useSkeletonUi.setState({ tool: 'rotate' }),
  },
  moveTool: {
    label: 'Translate gizmo on the selected joint: drag an arrow or the centre to move the pivot',
    brief: 'Translate gizmo: move the pivot',
    // Blender's grab.
    shortcut: 'G',
    matches: skeletonKey(bare('g')),
    run: () => useSkeletonUi.setState({ tool: 'move' }),
  },
  skeletonMirror: {
    label: 'X-mirror joint edits on / off (an edit on one side repeats on the partner joint)',
    brief: 'X-mirror on / off',
    shortcut: 'X',
    matches: skeletonKey(bare('x')),
    run: () => useSkeletonUi.setState((s) => ({ mirror: !s.mirror })),
  },
} satisfies Record<string, Command>;
