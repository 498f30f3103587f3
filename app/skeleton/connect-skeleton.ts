import type { Editor } from '../../src/editor/editor.ts';
import { clipPlayer } from '../pose/clip-player.ts';
import { useSkeletonUi } from './skeleton-store.ts';

/**
 * Skeleton mode's bookkeeping, once at startup: the mode shows the skeleton at rest (the pose
 * stays the editor's, app/pose/pose-view.ts draws rest meanwhile), so a playing clip stops on
 * entering; leaving the mode drops a joint placement in progress; each edit, undo and redo tells
 * the panel to read the skeleton again.
 */
export function connectSkeleton(editor: Editor): () => void {
  const offs = [
    editor.events.on('mode', (mode) => {
      if (mode === 'skeleton') clipPlayer.pause();
      else useSkeletonUi.setState({ placing: null });
    }),
    editor.events.on('committed', () => useSkeletonUi.setState((s) => ({ skeletonRev: s.skeletonRev + 1 }))),
  ];
  return () => {
    for (const off of offs) off();
  };
}
