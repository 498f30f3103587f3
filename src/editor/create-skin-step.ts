/**
 * Creating a skin in the editor, for a file with meshes and a node hierarchy but no skin.
 *
 * The checks run on the open document first (a root that is not there, a file that already
 * has a skin, no mesh to skin: the message comes at once and nothing changes). Then the
 * document is copied (written and read back as an uncompressed GLB), the skin is made on the
 * copy (src/gltf/create-skin.ts) and the copy becomes the editor's model, as one undo step that
 * swaps the models back. `createSkinAndBindJob` follows it with auto-bind and squashes both
 * into one step; Cancel or a failure puts the file back as it was.
 */
import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { type CreateSkinOptions, createSkinFromNodes, planSkin } from '../gltf/create-skin.ts';
import { prepareExportWeights } from '../gltf/export/prepare-export-weights.ts';
import { carrySourceExtensions } from '../gltf/export/source-extensions.ts';
import { writeRenderableGlb } from '../gltf/renderable-glb.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import { carryEditNotes } from '../skeleton/edit-notes.ts';
import type { EditorAutobindOptions, EditorAutobindStats } from './autobind-job.ts';
import type { Editor } from './editor.ts';
import { changeModel } from './model-swap.ts';

/** Options of {@link Editor.createSkin}. */
export interface EditorCreateSkinOptions extends CreateSkinOptions {
  /**
   * Leave the root joint out of auto-bind: for a root that only holds the skeleton (Blender's
   * Armature, a "root" at the feet), which should not pull weight from the legs.
   */
  excludeRoot?: boolean;
}

/** What a created skin holds. */
export interface CreateSkinReport {
  /** Root joint (node id in the new model). */
  root: number;
  rootName: string;
  joints: number;
  /** Mesh nodes skinned, and how many of them had their node's placement baked in. */
  skinnedMeshes: number;
  bakedMeshes: number;
  skinnedPrimitives: number;
  skinnedVertices: number;
}

/** A running create-and-bind. */
export interface CreateSkinJob {
  /** Resolves once the skin is made and bound; rejects (AbortError when cancelled) with the file as it was. */
  promise: Promise<EditorAutobindStats & { skin: CreateSkinReport }>;
  cancel(): void;
}

const LABEL = 'Create skin';

function aborted(): Error {
  const e = new Error('Creating the skin was cancelled.');
  e.name = 'AbortError';
  return e;
}

let io: WebIO | null = null;

/**
 * A copy of the document that shares nothing with it (node, mesh and primitive order kept),
 * holding the editor's current weights: strokes, tools and auto-bind change the editor's
 * weights, not the document's accessors (export stages them the same way). What the source JSON
 * kept (a VRM's extensions) and the skeleton edits' notes come with it.
 */
export async function copyDocument(editor: Editor) {
  io ??= new WebIO().registerExtensions(ALL_EXTENSIONS);
  const model = editor.requireModel();
  const K = model.primitives[0]?.weights.influences === 8 ? 8 : 4;
  const { primitives } = prepareExportWeights(model, { maxInfluences: K, weights: 'float', prune: 0 });
  const copy = await io.readBinary(await writeRenderableGlb(model.document, primitives));
  carrySourceExtensions(model.document, copy);
  carryEditNotes(model.document, copy);
  return copy;
}

/** See {@link Editor.createSkin}. `isCancelled` is asked after the copy (the only wait). */
export async function createSkinStep(
  editor: Editor,
  root: number | string,
  options: EditorCreateSkinOptions = {},
  isCancelled: () => boolean = () => false,
): Promise<CreateSkinReport> {
  const model = editor.requireModel();
  const plan = planSkin(model.document, root, options);
  const copy = await copyDocument(editor);
  if (isCancelled() || editor.model !== model) throw aborted();
  const created = createSkinFromNodes(copy, plan.root, { meshes: plan.meshes, name: options.name });
  const next = buildSkinnedModel(copy, { influences: 4 });
  const nodes = copy.getRoot().listNodes();
  const rootId = nodes.indexOf(created.root);
  changeModel(editor, next, LABEL, options.excludeRoot ? [rootId] : []);
  return {
    root: rootId,
    rootName: created.root.getName(),
    joints: created.joints.length,
    skinnedMeshes: created.skinnedNodes.length,
    bakedMeshes: created.bakedMeshes,
    skinnedPrimitives: next.primitives.length,
    skinnedVertices: next.skinnedVertexCount,
  };
}

/** See {@link Editor.createSkinAndBind}. */
export function createSkinAndBindJob(
  editor: Editor,
  root: number | string,
  options: EditorCreateSkinOptions & EditorAutobindOptions = {},
): CreateSkinJob {
  let cancelled = false;
  let bind: { cancel(): void } | null = null;
  const mark = editor.history.mark();
  const run = async () => {
    const skin = await createSkinStep(editor, root, options, () => cancelled);
    const skinned = editor.model;
    try {
      if (cancelled) throw aborted();
      const job = editor.autobind({ ...options, joints: 'all' });
      bind = job;
      const stats = await job.promise;
      editor.history.squashToMark(mark, 'Create skin and auto-bind');
      editor.selectJoint(editor.busiestJoint());
      return { ...stats, skin };
    } catch (err) {
      // The skin without weights is not what was asked for: back to the file as it was.
      // (Unless another file was opened meanwhile: its history is not this job's to touch.)
      if (editor.model === skinned) editor.revertToMark(mark);
      throw err;
    }
  };
  return {
    promise: run(),
    cancel: () => {
      cancelled = true;
      bind?.cancel();
    },
  };
}
