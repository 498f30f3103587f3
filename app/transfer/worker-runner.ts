/**
 * The browser's transfer runner: the Editor's weight transfers go to a Web Worker through the
 * src/transfer client, so the page stays responsive (and Cancel answers) while it computes.
 */
import type { Editor } from '../../src/editor/editor.ts';
import { TransferClient } from '../../src/transfer/transfer-client.ts';

/** Makes `editor` run weight transfer in a worker (one client: one job at a time, as the UI allows). */
export function runTransferInWorker(editor: Editor): void {
  const client = new TransferClient();
  editor.transferRunner = (work, onProgress) => client.run(work, onProgress);
}
