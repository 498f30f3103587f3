import type { Editor } from '../src/editor/editor.ts';
import { useUi } from './store.ts';

/**
 * Mirrors editor events into the UI store as revision numbers and small values. Called once at
 * startup (not in a component, so React's double effects in development do not subscribe twice).
 */
export function connectStore(editor: Editor): () => void {
  const set = useUi.setState;
  const offs = [
    editor.events.on('model', () =>
      set((s) => ({ modelRev: s.modelRev + 1, notices: [...editor.notices], toast: null, drawing: true })),
    ),
    editor.events.on('selection', (selected) => set({ selected })),
    editor.events.on('locks', () => set((s) => ({ locksRev: s.locksRev + 1 }))),
    // Not per dab: a stroke re-counts the joints' vertices (and re-renders the panels) once, when it ends.
    editor.events.on('committed', () => set((s) => ({ weightsRev: s.weightsRev + 1 }))),
    editor.events.on('busy', (busy) => set({ busy })),
    editor.events.on('mode', (mode) => set({ mode })),
    editor.events.on('notice', (notice) => {
      set({ notices: [...editor.notices] });
      // Errors interrupt (a failed open); repairs and warnings live in the status bar.
      if (notice.level === 'error') useUi.getState().showToast(notice.level, notice.message);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
