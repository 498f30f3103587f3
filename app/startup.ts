import { builtinDocument } from './builtin-character.ts';
import { editor } from './editor-instance.ts';
import { openUrlAsking } from './io/open-asking.ts';

/** Waits until the browser has painted once (two animation frames), so the shell shows first. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * Opens the built-in character (generated here, after the first paint so the UI shows at
 * once), then `?model=<same-origin URL>` if the page was given one. A failed ?model leaves
 * the built-in character loaded and says why.
 */
export async function startup(): Promise<void> {
  await afterPaint();
  try {
    editor.loadDocument(await builtinDocument(), 'Mannequin.glb');
  } catch (err) {
    editor.notify({
      level: 'error',
      message: `The built-in character could not be built: ${(err as Error).message}`,
    });
  }
  const model = new URLSearchParams(window.location.search).get('model');
  if (model) openUrlAsking(model);
}
