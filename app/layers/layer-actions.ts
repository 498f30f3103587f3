import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';

/**
 * Runs a layer operation from the panel or a key, and turns a refusal (the base cannot be
 * deleted, no model) into a message rather than an uncaught error.
 */
export function layerAction(run: () => unknown): void {
  if (!editor.model) {
    useUi.getState().showToast('info', 'Open a skinned character to use weight layers.');
    return;
  }
  try {
    run();
  } catch (err) {
    useUi.getState().showToast('warning', (err as Error).message);
  }
}
