/**
 * The browser's fit runner: editor.rig fits in a Web Worker through the src/skeleton/fit client,
 * which keeps the prepared body there, so markers drag without the page stalling.
 */
import type { Editor } from '../../src/editor/editor.ts';
import { FitClient } from '../../src/skeleton/fit/fit-client.ts';

/** Makes `editor` fit skeletons in a worker. */
export function runFitInWorker(editor: Editor): void {
  const client = new FitClient();
  editor.rig.runner = client.run;
}
