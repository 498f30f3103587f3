/**
 * The Transfer section's coverage preview and its question before a transfer replaces weights it
 * cannot match (issue 26: a transfer that silently rewrote a mesh). The counting is the editor's
 * (src/editor/transfer-preview.ts, matching only, in the transfer worker); this keeps the last
 * answer for the form as it is, and holds the question until the rigger answers it.
 */
import { create } from 'zustand';
import { previewTransfer, type TransferPreview } from '../../src/editor/transfer-preview.ts';
import type { EditorTransferOptions } from '../../src/editor/transfer-step.ts';
import type { InputFiles } from '../../src/gltf/input-files.ts';
import { editor } from '../editor-instance.ts';

/** A transfer waiting for the rigger's answer: replace what it cannot match, keep it, or cancel. */
export interface PendingTransfer {
  /** What would run ("Transfer weights", "Copy weights from body.glb"). */
  label: string;
  preview: TransferPreview;
  /** Runs it: `onlyMatched` true keeps the weights the source does not reach. */
  proceed(onlyMatched: boolean): void;
}

export interface TransferPreviewUi {
  /** The coverage of the form as it is (null: none yet, or nothing to preview). */
  preview: TransferPreview | null;
  /** Why the form cannot run (the transfer's own message), or null. */
  error: string | null;
  /** The form the preview (or error) is for: a key of its options. */
  key: string | null;
  pending: PendingTransfer | null;
}

export const useTransferPreview = create<TransferPreviewUi>(() => ({
  preview: null,
  error: null,
  key: null,
  pending: null,
}));

let latest = 0;

/** The options a preview depends on, as a key (progress callbacks aside). */
function keyOf(options: EditorTransferOptions): string {
  const { targets, sources, distance, angle, contact, mode } = options;
  return JSON.stringify({ targets, sources, distance, angle, contact, mode, model: editor.opened });
}

/**
 * Counts what a transfer with `options` would cover (from `input` when given: a copy from a
 * file); the newest call wins, older answers are dropped. Resolves with the preview, or null
 * when the options cannot run (the error is kept for the panel) or a newer call came.
 */
export async function refreshPreview(
  options: EditorTransferOptions,
  input: InputFiles | null = null,
): Promise<TransferPreview | null> {
  if (!editor.model) return null;
  const id = ++latest;
  const key = input ? null : keyOf(options);
  try {
    const preview = await previewTransfer(editor, options, input).promise;
    if (id !== latest) return null;
    if (key !== null) useTransferPreview.setState({ preview, error: null, key });
    return preview;
  } catch (err) {
    if (id !== latest || (err as Error).name === 'AbortError') return null;
    if (key !== null) useTransferPreview.setState({ preview: null, error: (err as Error).message, key });
    return null;
  }
}

/** Forgets the preview (another file, or nothing to preview). */
export function clearPreview(): void {
  latest++;
  useTransferPreview.setState({ preview: null, error: null, key: null, pending: null });
}

/**
 * Runs `run` at once when the preview says nothing with weights would be replaced (or "only
 * where matched" is chosen); otherwise holds it as the pending question. Resolves once it ran
 * (or was cancelled: then with null).
 */
export function askBeforeReplacing<T>(
  label: string,
  preview: TransferPreview | null,
  onlyMatched: boolean,
  run: (onlyMatched: boolean) => Promise<T>,
): Promise<T | null> {
  if (onlyMatched || !preview || preview.unmatchedWeighted === 0) return run(onlyMatched);
  return new Promise<T | null>((resolve, reject) => {
    let answered = false;
    const pending: PendingTransfer = {
      label,
      preview,
      proceed: (keep) => {
        answered = true;
        useTransferPreview.setState({ pending: null });
        run(keep).then(resolve, reject);
      },
    };
    // Cancel (the panel's button, Esc, another question) resolves with null.
    const off = useTransferPreview.subscribe((s) => {
      if (s.pending === pending) return;
      off();
      if (!answered) resolve(null);
    });
    useTransferPreview.setState({ pending });
  });
}

/** Drops the pending question: nothing runs. */
export function cancelPending(): void {
  useTransferPreview.setState({ pending: null });
}
