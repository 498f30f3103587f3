import type { Editor } from '../../src/editor/editor.ts';
import { useUi } from '../store.ts';
import { usePaint } from './paint-store.ts';

/**
 * Mirrors the PaintSession into the paint store: settings (at most once per animation frame, as
 * the Sample brush changes the target weight on every pointer move) and a history revision for
 * the Undo/Redo buttons. A refused stroke shows its reason over the viewport. Called once at
 * startup, like connectStore.
 */
export function connectPaint(editor: Editor): () => void {
  const paint = editor.paint;
  let frame = 0;
  const syncSettings = () => {
    frame = 0;
    usePaint.setState({ settings: paint.settings });
  };
  let historyQueued = false;
  // Flood and undo emit 'weights' before the history entry is pushed: read it after the call returns.
  const bumpHistory = () => {
    if (historyQueued) return;
    historyQueued = true;
    queueMicrotask(() => {
      historyQueued = false;
      usePaint.setState((s) => ({ historyRev: s.historyRev + 1 }));
    });
  };
  usePaint.setState({ settings: paint.settings });
  const offs = [
    paint.events.on('settings', () => {
      frame ||= requestAnimationFrame(syncSettings);
    }),
    editor.events.on('committed', bumpHistory),
    editor.events.on('model', () => {
      usePaint.setState({ preparing: false, radial: null });
      bumpHistory();
    }),
    // Painting refusals (no joint selected, a joint of another skin) are warnings: the status bar
    // alone is too quiet for "your stroke did nothing". Errors already toast (connectStore).
    editor.events.on('notice', (notice) => {
      if (notice.level === 'warning' && refusing) useUi.getState().showToast(notice.level, notice.message);
    }),
  ];
  return () => {
    cancelAnimationFrame(frame);
    for (const off of offs) off();
  };
}

let refusing = false;

/**
 * Runs `begin` (a beginStroke or flood) so that a refusal notice it emits is shown as a toast.
 * Returns what `begin` returned.
 */
export function withRefusalToast<T>(begin: () => T): T {
  refusing = true;
  try {
    return begin();
  } finally {
    refusing = false;
  }
}
