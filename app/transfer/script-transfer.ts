/**
 * `skinsmith.transfer`: weight transfer for scripts — the coverage preview and the transfer the
 * Transfer panel runs (in the worker, one undo step), with "only where matched".
 */
import type { TransferPreview } from '../../src/editor/transfer-preview.ts';
import type { EditorTransferOptions, EditorTransferReport } from '../../src/editor/transfer-step.ts';
import { refreshPreview } from './transfer-preview-store.ts';
import { runTransfer, transferFormOptions } from './transfer-store.ts';

/** Options of a scripted transfer: the editor's, without the progress callback. */
export type ScriptTransferOptions = Omit<EditorTransferOptions, 'onProgress'>;

export interface ScriptTransfer {
  /**
   * How much of the targets the sources cover, counted before anything runs (matching only):
   * `{ targets: [{ name, skin, vertices, matched, inpainted, seeded }], vertices, matched,
   * inpainted, seeded, unmatchedWeighted, ms }`. Without options: the panel's form as ticked.
   */
  preview(options?: ScriptTransferOptions): Promise<TransferPreview>;
  /**
   * Transfers as the panel does (one undo step), without asking: `onlyMatched: true` keeps the
   * weights of target vertices the sources do not reach. Resolves with the report (`kept` counts those).
   */
  run(options: ScriptTransferOptions): Promise<EditorTransferReport>;
}

export const scriptTransfer: ScriptTransfer = {
  preview: async (options) => {
    const preview = await refreshPreview(options ?? transferFormOptions());
    if (!preview)
      throw new Error('Nothing to preview: name the targets and sources (or a newer preview replaced it).');
    return preview;
  },
  run: (options) => runTransfer(options),
};
