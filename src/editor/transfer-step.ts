/**
 * Weight transfer in the editor: "Transfer weights" onto meshes of the file, "Copy weights from a
 * file" (a re-modelled body from another file of the same skeleton), and "Add to this character"
 * (a garment file's meshes join the document, skinned to the current skin with transferred
 * weights).
 *
 * Each works on a copy of the document (as Create a skin does): the targets are resolved and
 * attached there at once (bad input fails before anything runs), the transfer itself runs through
 * `editor.transferRunner` (a Web Worker in the app), and the copy becomes the model as ONE undo
 * step. Cancel, or a failure, leaves the file as it was. The last transfer's per-vertex status
 * (matched, inpainted, seeded) stays on `editor.lastTransfer` for the viewport's view of it.
 */
import type { Document, Node } from '@gltf-transform/core';
import { mergeDocuments, unpartition } from '@gltf-transform/functions';
import type { InputFiles } from '../gltf/input-files.ts';
import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import {
  computeTransfer,
  planTransfer,
  type TransferMeshesReport,
  type TransferWork,
} from '../gltf/transfer-meshes.ts';
import type { TransferJob, TransferRunner } from '../transfer/transfer-client.ts';
import { copyDocument } from './create-skin-step.ts';
import type { Editor } from './editor.ts';
import { changeModel } from './model-swap.ts';

export interface EditorTransferOptions {
  /** Mesh nodes to give weights: node ids of the current model's document, or names. */
  targets?: readonly (number | string)[];
  /** Skinned mesh nodes to copy from (ids or names); default every other skinned mesh. */
  sources?: readonly (number | string)[] | null;
  distance?: number;
  angle?: number;
  contact?: number;
  mode?: 'robust' | 'closest';
  /**
   * Only where matched: vertices of targets with weights that the source does not reach keep
   * their weights (matched ones blend into them over `border` rings) instead of being inpainted.
   */
  onlyMatched?: boolean;
  /** Rings of matched vertices that blend into the kept ones (default 3). */
  border?: number;
  onProgress?: ((fraction: number) => void) | null;
}

export interface EditorTransferReport {
  label: string;
  targets: {
    name: string;
    skin: 'new' | 'existing';
    vertices: number;
    matched: number;
    inpainted: number;
    seeded: number;
    kept: number;
  }[];
  sources: string[];
  joints: TransferMeshesReport['joints'];
  vertices: number;
  matched: number;
  inpainted: number;
  seeded: number;
  /** Vertices that kept their own weights (only where matched). */
  kept: number;
  ms: number;
}

/** The last transfer's outcome per vertex, for the matched/inpainted view. */
export interface LastTransfer {
  model: SkinnedModel;
  /** TransferStatus per vertex, by primitive id of `model`. */
  status: Map<number, Uint8Array>;
  /** Target vertices per outcome (the view's key). */
  matched: number;
  inpainted: number;
  seeded: number;
  /** Target vertices that kept their own weights (only where matched). */
  kept: number;
  /** Target vertices left without weight after the transfer (0, always; shown if not). */
  unweighted: number;
}

export interface EditorTransferJob {
  promise: Promise<EditorTransferReport>;
  cancel(): void;
}

/** The runner Node and tests use: the same computation, in this thread. */
export const inProcessTransferRunner: TransferRunner = (work: TransferWork, onProgress) => {
  const signal = { aborted: false };
  return {
    promise: Promise.resolve().then(() => computeTransfer(work, onProgress, signal)),
    cancel: () => {
      signal.aborted = true;
    },
  };
};

function aborted(): Error {
  const e = new Error('The weight transfer was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** The file changed under a running transfer (undo, another tool, another file): nothing lands. */
function changedUnder(): Error {
  return new Error(
    'the file changed while it ran (an undo, a stroke or another file), so nothing was applied: run it again.',
  );
}

function userError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Node ids of the editor's document → the copy's nodes (the copy keeps node order). */
export function mapNodes(
  copy: Document,
  items: readonly (number | string)[] | null | undefined,
): (string | Node)[] | null {
  if (!items) return null;
  const nodes = copy.getRoot().listNodes();
  return items.map((item) => {
    if (typeof item === 'string') return item;
    const node = nodes[item];
    if (!node) throw new Error(`There is no node ${item} in the file.`);
    return node;
  });
}

/**
 * Runs a transfer on a fresh copy of the document, prepared by `prepare` (which returns the
 * targets and sources on the copy, and a source document when copying from another file).
 */
function runOnCopy(
  editor: Editor,
  label: string,
  options: EditorTransferOptions,
  prepare: (copy: Document) => Promise<{
    targets: (string | Node)[];
    sources: (string | Node)[] | null;
    sourceDocument?: Document | null;
  }>,
): EditorTransferJob {
  let cancelled = false;
  let job: TransferJob | null = null;
  const run = async (): Promise<EditorTransferReport> => {
    const model = editor.requireModel();
    const revision = editor.weightsRevision;
    const unchanged = () => editor.model === model && editor.weightsRevision === revision;
    const copy = await copyDocument(editor);
    if (cancelled) throw aborted();
    if (!unchanged()) throw changedUnder();
    const { targets, sources, sourceDocument } = await prepare(copy);
    if (cancelled) throw aborted();
    if (!unchanged()) throw changedUnder();
    const plan = planTransfer(copy, {
      targets,
      sources,
      sourceDocument: sourceDocument ?? null,
      distance: options.distance,
      angle: options.angle,
      contact: options.contact,
      mode: options.mode,
      onlyMatched: options.onlyMatched,
      border: options.border,
    });
    const start = performance.now();
    job = editor.transferRunner(plan.work, options.onProgress ?? null);
    const offModel = editor.events.on('model', () => job?.cancel());
    let results: Awaited<TransferJob['promise']>;
    try {
      results = await job.promise;
    } catch (err) {
      if (!cancelled && !unchanged()) throw changedUnder();
      throw err;
    } finally {
      offModel();
    }
    if (cancelled) throw aborted();
    if (!unchanged()) throw changedUnder();
    const report = plan.apply(results);
    const next = buildSkinnedModel(copy, {
      influences: model.primitives[0]?.weights.influences === 8 ? 8 : 4,
    });
    const status = new Map<number, Uint8Array>();
    let unweighted = 0;
    for (const t of report.targets) {
      t.node
        .getMesh()
        ?.listPrimitives()
        .forEach((primitive, k) => {
          const p = next.primitives.find((q) => q.primitive === primitive);
          if (!p || t.status[k]?.length !== p.weights.vertexCount) return;
          status.set(p.id, t.status[k]);
          // Slots are strongest first: a vertex whose first weight is 0 has none (it never should).
          const { weights: w, influences: K, vertexCount } = p.weights;
          for (let v = 0; v < vertexCount; v++) if (!(w[v * K] > 0)) unweighted++;
        });
    }
    // Set first: listeners of the model change (the viewport) read it.
    const { matched, inpainted, seeded, kept } = report;
    editor.lastTransfer = { model: next, status, matched, inpainted, seeded, kept, unweighted };
    changeModel(editor, next, label, [...editor.excluded]);
    return {
      label,
      targets: report.targets.map(({ name, skin, vertices, matched, inpainted, seeded, kept }) => ({
        name,
        skin,
        vertices,
        matched,
        inpainted,
        seeded,
        kept,
      })),
      sources: report.sources,
      joints: report.joints,
      vertices: report.vertices,
      matched: report.matched,
      inpainted: report.inpainted,
      seeded: report.seeded,
      kept: report.kept,
      ms: performance.now() - start,
    };
  };
  return {
    promise: run().catch((err) => {
      throw cancelled ? aborted() : userError(err);
    }),
    cancel: () => {
      cancelled = true;
      job?.cancel();
    },
  };
}

/** See {@link Editor.transferWeights}. */
export function transferWeightsJob(editor: Editor, options: EditorTransferOptions): EditorTransferJob {
  return runOnCopy(editor, 'Transfer weights', options, async (copy) => ({
    targets: mapNodes(copy, options.targets ?? []) ?? [],
    sources: mapNodes(copy, options.sources),
  }));
}

/** See {@link Editor.copyWeightsFromFile}. */
export function copyWeightsFromFileJob(
  editor: Editor,
  input: InputFiles,
  options: EditorTransferOptions,
): EditorTransferJob {
  return runOnCopy(editor, `Copy weights from ${input.name}`, options, async (copy) => ({
    targets: mapNodes(copy, options.targets ?? []) ?? [],
    sources: options.sources ? options.sources.map(String) : null,
    sourceDocument: await readDocument(input),
  }));
}

/** See {@link Editor.addToCharacter}. */
export function addToCharacterJob(
  editor: Editor,
  input: InputFiles,
  options: EditorTransferOptions,
): EditorTransferJob {
  return runOnCopy(editor, `Add ${input.name}`, options, async (copy) => {
    const added = await readDocument(input);
    const meshNodes = added
      .getRoot()
      .listNodes()
      .filter((n) => n.getMesh());
    if (meshNodes.length === 0) throw new Error(`${input.name} has no mesh to add to the character.`);
    const skinned = meshNodes.filter((n) => n.getSkin());
    if (skinned.length > 0) {
      throw new Error(
        `${input.name} has meshes skinned to a skeleton of its own (${skinned.map((n) => n.getName()).join(', ')}): add meshes without a skin, or open that file and copy weights onto it from this one.`,
      );
    }
    const scenes = added.getRoot().listScenes();
    const map = mergeDocuments(copy, added);
    // The added file's scenes join the character's scene, as children of its root.
    const scene = copy.getRoot().getDefaultScene() ?? copy.getRoot().listScenes()[0];
    for (const s of scenes) {
      const merged = map.get(s) as typeof s | undefined;
      if (!merged || merged === scene) continue;
      for (const child of merged.listChildren()) scene.addChild(child);
      merged.dispose();
    }
    // One buffer, as a GLB holds.
    await copy.transform(unpartition());
    return { targets: meshNodes.map((n) => map.get(n) as Node), sources: null };
  });
}

export type { TransferRunner };
