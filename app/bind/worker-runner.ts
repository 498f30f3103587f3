/**
 * The browser's auto-bind runner: the Editor's binds go to a Web Worker through the src/bind
 * client, so the page (and the viewport's orbiting) stays responsive while it computes.
 */
import { AutobindClient } from '../../src/bind/autobind-client.ts';
import type { Editor } from '../../src/editor/editor.ts';

/** Makes `editor` run auto-bind in a worker (one client: one job at a time, like the UI allows). */
export function runAutobindInWorker(editor: Editor): void {
  const client = new AutobindClient();
  editor.autobindRunner = (input, options, onProgress, existing) =>
    client.run(input, options, onProgress, existing);
}
