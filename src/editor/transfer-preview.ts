/**
 * The coverage preview of a weight transfer: before anything is replaced, how many vertices of
 * the targets the source reaches (copied as they are), and how many it does not (inpainted from
 * around them, or seeded on pieces it reaches nowhere). Those last ones, on a mesh that already
 * has weights, are weights the transfer would replace without a match: the Transfer panel says
 * so and asks first ("only where matched" keeps them).
 *
 * It plans the transfer on the editor's own document without changing it (unskinned targets are
 * placed in memory, not attached) and runs only the matching, in the transfer runner (the app's
 * worker): a fraction of the transfer's time, since nothing is inpainted or written.
 */
import type { InputFiles } from '../gltf/input-files.ts';
import { readDocument } from '../gltf/read-document.ts';
import { planTransfer } from '../gltf/transfer-meshes.ts';
import type { Editor } from './editor.ts';
import { type EditorTransferOptions, mapNodes } from './transfer-step.ts';

/** What a transfer would do to one target mesh. */
export interface TransferPreviewTarget {
  name: string;
  /** 'existing': the mesh has weights the transfer replaces; 'new': it gets its first. */
  skin: 'new' | 'existing';
  vertices: number;
  /** Vertices the source covers: their weights are copied. */
  matched: number;
  /** Vertices it does not reach: inpainted (or kept, only where matched). */
  inpainted: number;
  /** Vertices of pieces it reaches nowhere, seeded at their nearest approach. */
  seeded: number;
}

/** See the module comment. */
export interface TransferPreview {
  targets: TransferPreviewTarget[];
  sources: string[];
  vertices: number;
  matched: number;
  inpainted: number;
  seeded: number;
  /**
   * Vertices of targets that have weights which the source does not reach (inpainted or seeded):
   * what a transfer would replace without a match, and what "only where matched" keeps.
   */
  unmatchedWeighted: number;
  ms: number;
}

export interface TransferPreviewJob {
  promise: Promise<TransferPreview>;
  cancel(): void;
}

/**
 * Previews {@link Editor.transferWeights} (no `input`) or {@link Editor.copyWeightsFromFile} (the
 * file in `input`) with these options. Rejects with the error the transfer would give for bad
 * input, or with an AbortError when cancelled or when the model changes meanwhile.
 */
export function previewTransfer(
  editor: Editor,
  options: EditorTransferOptions,
  input: InputFiles | null = null,
): TransferPreviewJob {
  let cancelled = false;
  let cancelJob: (() => void) | null = null;
  const abort = () => {
    const e = new Error('The transfer preview was cancelled.');
    e.name = 'AbortError';
    return e;
  };
  const run = async (): Promise<TransferPreview> => {
    const start = performance.now();
    const model = editor.requireModel();
    const sourceDocument = input ? await readDocument(input) : null;
    if (cancelled || editor.model !== model) throw abort();
    const document = model.document;
    const plan = planTransfer(
      document,
      {
        targets: mapNodes(document, options.targets ?? []) ?? [],
        sources: input ? (options.sources?.map(String) ?? null) : mapNodes(document, options.sources),
        sourceDocument,
        distance: options.distance,
        angle: options.angle,
        contact: options.contact,
        mode: options.mode,
        model,
      },
      true,
    );
    const job = editor.transferRunner(
      { ...plan.work, options: { ...plan.work.options, coverage: true } },
      options.onProgress ?? null,
    );
    cancelJob = () => job.cancel();
    const results = await job.promise;
    if (cancelled || editor.model !== model) throw abort();
    const report = plan.report(results);
    const targets = report.targets.map(({ name, skin, vertices, matched, inpainted, seeded }) => ({
      name,
      skin,
      vertices,
      matched,
      inpainted,
      seeded,
    }));
    return {
      targets,
      sources: report.sources,
      vertices: report.vertices,
      matched: report.matched,
      inpainted: report.inpainted,
      seeded: report.seeded,
      unmatchedWeighted: targets.reduce(
        (n, t) => n + (t.skin === 'existing' ? t.inpainted + t.seeded : 0),
        0,
      ),
      ms: performance.now() - start,
    };
  };
  return {
    promise: run().catch((err) => {
      throw cancelled ? abort() : err instanceof Error ? err : new Error(String(err));
    }),
    cancel: () => {
      cancelled = true;
      cancelJob?.();
    },
  };
}
