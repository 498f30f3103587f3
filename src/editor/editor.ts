import type { Document } from '@gltf-transform/core';
import { type CreateSkinOptions, planSkin, type SkinPlan } from '../gltf/create-skin.ts';
import { exportAndValidate, type ValidatedExport } from '../gltf/export/export-and-validate.ts';
import type { ExportOptions } from '../gltf/export/export-document.ts';
import type { InputFiles } from '../gltf/input-files.ts';
import { LoadError } from '../gltf/load-error.ts';
import { readDocument } from '../gltf/read-document.ts';
import { writeRenderableGlb } from '../gltf/renderable-glb.ts';
import { type SkeletonRootCandidate, skeletonRootCandidates } from '../gltf/skeleton-nodes.ts';
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import { type StructureChange, type UndoEntry, type UndoMark, UndoStack } from '../history/undo-stack.ts';
import type { WeightPatch } from '../history/weight-patch.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { vrmOfDocument } from '../vrm/vrm-document.ts';
import type { VrmInfo } from '../vrm/vrm-json.ts';
import {
  type AutobindRunner,
  type EditorAutobindJob,
  type EditorAutobindOptions,
  inProcessRunner,
  runAutobind,
} from './autobind-job.ts';
import {
  type CreateSkinJob,
  type CreateSkinReport,
  createSkinAndBindJob,
  createSkinStep,
  type EditorCreateSkinOptions,
} from './create-skin-step.ts';
import { commitStep, revertToMark, stepHistory } from './edit-history.ts';
import { Emitter } from './emitter.ts';
import {
  busiestJoint,
  checkVertex,
  jointVertexCounts,
  type VertexInfluence,
  vertexInfluences,
} from './joint-queries.ts';
import { influencesAt, type SurfaceSample, sampleJoint } from './joint-sample.ts';
import { LayerSession } from './layer-session.ts';
import { aboutModel, swapModelNotices } from './model-notices.ts';
import { type Notice, repairNotice } from './notices.ts';
import { PaintSession } from './paint-session.ts';
import { PaintTargets } from './paint-targets.ts';
import { PoseSession } from './pose-session.ts';
import { RigSession } from './rig-session.ts';
import { SelectionSession } from './selection-session.ts';
import { SkeletonSession } from './skeleton-session.ts';
import { type ToolReport, ToolSession } from './tools-session.ts';
import {
  addToCharacterJob,
  copyWeightsFromFileJob,
  type EditorTransferJob,
  type EditorTransferOptions,
  inProcessTransferRunner,
  type LastTransfer,
  type TransferRunner,
  transferWeightsJob,
} from './transfer-step.ts';

/** What the editor tells its clients (the UI, tests, scripts). */
export type EditorEvents = {
  /** A new model is loaded (the previous one is gone). */
  model: SkinnedModel;
  /** The selected joint changed (joint id or null). */
  selection: number | null;
  /** Weights changed: which primitives, and the vertex range [start, end) per primitive. */
  weights: { primitive: number; start: number; end: number }[];
  locks: ReadonlySet<number>;
  /** Joints auto-bind leaves out (roots, IK targets, helpers) changed. */
  excluded: ReadonlySet<number>;
  notice: Notice;
  /** Loading started or ended. */
  busy: boolean;
  /** The interaction mode changed (what a left drag in the viewport does). */
  mode: EditorMode;
  /**
   * An edit finished: a stroke ended or was cancelled, a flood, tool, auto-bind or structure
   * change became an undo step, or a step was undone, redone or reverted. Listeners that only
   * need the result (counts, lists, the history buttons) listen here, not to every 'weights'.
   */
  committed: CommittedEdit;
};

/** What a left drag does: look (Inspect), select, paint, bend joints (Pose), place joints (Skeleton). */
export type EditorMode = 'inspect' | 'select' | 'paint' | 'pose' | 'skeleton';

/** What {@link Editor.installModel} installs. */
export interface ModelInstall {
  model: SkinnedModel;
  /** The name it is shown and exported under (kept when absent). */
  fileName?: string;
  /** The file it stands for (null: made in the editor, no file of its own). */
  sourceBytes: Uint8Array | null;
  sourceResources: Map<string, Uint8Array> | null;
  /** Joints left out of auto-bind. */
  excluded: Iterable<number>;
  /** A newly opened file (history and notices start over), not a structure step. */
  fresh: boolean;
}

/** What {@link EditorEvents.committed} reports. */
export interface CommittedEdit {
  /** 'restored': every weight replaced from a saved session (no undo step). */
  kind: 'step' | 'undo' | 'redo' | 'revert' | 'cancelled' | 'restored';
  /** The undo step's label ("Draw stroke", "Smooth"); null for a cancelled stroke. */
  label: string | null;
}

/**
 * A LoadError as it is, or an unexpected exception as LoadError code 'internal' (a bug, not a bad
 * file) with the original as `cause`, so that tests and bug reports can tell the two apart.
 */
function asLoadError(fileName: string, err: unknown): LoadError {
  if (err instanceof LoadError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new LoadError(
    'internal',
    `${fileName} could not be opened because of a problem in Skinsmith, not in the file (${message}). Please report it with the file.`,
    { cause: err },
  );
}

export type { VertexInfluence } from './joint-queries.ts';

/**
 * The Editor owns the loaded asset, its weights and every user action. The UI is a client: it
 * calls methods here and redraws on events. Testable in Node, without a browser.
 */
export class Editor {
  readonly events = new Emitter<EditorEvents>();
  model: SkinnedModel | null = null;
  fileName = '';
  /** The bytes of the file as opened, kept for autosave and for "inherited from the source" checks. */
  sourceBytes: Uint8Array | null = null;
  /** The files a .gltf source came with (its .bin, textures), for validating the source. */
  sourceResources: Map<string, Uint8Array> | null = null;
  /**
   * The file the model descends from, for export's "inherited" errors: the model's own source,
   * or, after structure steps (meshes added, a skin created: models with no file of their own),
   * the last opened file they were made from. Those steps only append to the document, so the
   * validator's pointers into it still name the same things.
   */
  private ancestor: {
    model: SkinnedModel;
    name: string;
    bytes: Uint8Array;
    resources?: Map<string, Uint8Array>;
  } | null = null;
  selectedJoint: number | null = null;
  readonly locks = new Set<number>();
  /** Joints excluded from auto-bind (see {@link setExcluded}). */
  readonly excluded = new Set<number>();
  /** How auto-bind runs: in-process here; the app swaps in a Web Worker (src/bind client). */
  autobindRunner: AutobindRunner = inProcessRunner;
  /** How weight transfer runs: in-process here; the app swaps in a Web Worker (src/transfer client). */
  transferRunner: TransferRunner = inProcessTransferRunner;
  /** The last transfer's per-vertex outcome (matched, inpainted, seeded), for its view. */
  lastTransfer: LastTransfer | null = null;
  /** Counts files opened (fresh installs): panels that keep per-file choices start over when it moves. */
  opened = 0;
  notices: Notice[] = [];
  /** Weight history: every stroke, flood and tool is one step (src/history). */
  readonly history = new UndoStack({
    onDrop: (steps) =>
      this.notify({
        level: 'info',
        message: `The ${steps} oldest undo steps were dropped to keep the history within its memory limit.`,
      }),
  });
  private paintSession: PaintSession | null = null;
  private surfaceCache: PaintTargets | null = null;
  private currentMode: EditorMode = 'inspect';
  private poseSession: PoseSession | null = null;
  private skeletonSession: SkeletonSession | null = null;
  private rigSession: RigSession | null = null;
  private selectionSession: SelectionSession | null = null;
  private toolSession: ToolSession | null = null;
  /**
   * Counts weight changes since the model was loaded (every 'weights' event; undo counts too, so
   * undoing back to an exported state still reads as unexported: the safe side for a prompt).
   */
  weightsRevision = 0;
  /** The `weightsRevision` the user last took away as a file (see {@link markExported}). */
  exportedRevision = 0;
  /** Weight layers: the stack of the loaded model, the active layer, the paint target (see LayerSession). */
  readonly layers = new LayerSession(this);
  /** > 0 while a 'weights' event reports composed weights already in step with the layers. */
  private composedOnly = 0;

  constructor() {
    // Subscribed first, so every other listener already sees the new revision.
    this.events.on('weights', () => this.weightsRevision++);
    // Blends of partly covering layers keep locked joints' weights.
    this.events.on('locks', (locks) => {
      const model = this.model;
      if (!model) return;
      this.layers.stack.setLocks(
        model.primitives.map((p) => {
          if (locks.size === 0) return null;
          const joints = model.skins[p.skins[0]].joints;
          return Uint8Array.from(joints, (id) => (locks.has(id) ? 1 : 0));
        }),
      );
    });
    // Then the layers: an edit of the active layer's buffer is stored there and recomposed before
    // any view reads the composed weights.
    this.events.on('weights', (ranges) => {
      if (this.composedOnly > 0 || !this.model) return;
      const stack = this.layers.stack;
      if (!stack.layered) return;
      for (const r of ranges) stack.syncWeights(r.primitive, r.start, r.end);
    });
  }

  /**
   * The weights edits of `primitive` read and write: the active layer's (where it painted, and
   * the stack below it elsewhere). Without layers, the model's own `prim.weights`.
   */
  editWeights(primitive: number): SkinWeights {
    const stack = this.layers.stack;
    // Whoever writes it next must not have a dab's deferred copy land on top of its change.
    stack.flush();
    return stack.edit(primitive);
  }

  /** Emits 'weights' for composed weights that are already in step with the layers (no sync). */
  announceComposed(ranges: EditorEvents['weights']): void {
    this.composedOnly++;
    try {
      this.events.emit('weights', ranges);
    } finally {
      this.composedOnly--;
    }
  }

  /** The active layer's mask buffer changed in `ranges`: stored in the layer, recomposed, announced. */
  maskEdited(ranges: EditorEvents['weights']): void {
    const stack = this.layers.stack;
    for (const r of ranges) stack.syncMask(r.primitive, r.start, r.end);
    this.announceComposed(ranges);
  }

  /** Ends a stroke in progress (kept, one step) before a layer operation. */
  paintSessionEnd(): void {
    if (this.paintSession?.painting) this.paintSession.endStroke();
  }

  /** Points painters at the current edit buffers (after the first layer made buffers of their own). */
  rebindPainters(): void {
    // Surfaces of a model no longer shown are rebuilt on next use, not rebound.
    if (this.surfaceCache && this.surfaceCache.model === this.model) this.surfaceCache.rebind();
  }

  /**
   * Opens a file. On failure the previous model stays loaded and a LoadError (with a message
   * for the user) is thrown and also emitted as an error notice.
   */
  async load(input: InputFiles): Promise<SkinnedModel> {
    this.events.emit('busy', true);
    try {
      const warnings: string[] = [];
      const document = await readDocument(input, { onWarning: (message) => warnings.push(message) });
      const model = buildSkinnedModel(document);
      this.setModel(model, input.name, input.bytes);
      this.sourceResources = input.resources ?? null;
      for (const message of warnings) this.notify({ level: 'warning', message });
      return model;
    } catch (err) {
      const error = asLoadError(input.name, err);
      this.notify({ level: 'error', message: error.message });
      throw error;
    } finally {
      this.events.emit('busy', false);
    }
  }

  /** Opens a Document made in code (the built-in character, a test fixture). */
  loadDocument(document: Document, fileName: string): SkinnedModel {
    const model = buildSkinnedModel(document);
    this.setModel(model, fileName, null);
    return model;
  }

  /** The current document as an uncompressed GLB for the viewport's loader (indices = document order). */
  renderBytes(): Promise<Uint8Array> {
    return writeRenderableGlb(this.requireModel().document);
  }

  /**
   * Exports the current weights onto the source document (GLB or .gltf files), validated with
   * the Khronos glTF-Validator and compared with the source's own report (inherited errors).
   */
  export(options: ExportOptions = {}): Promise<ValidatedExport> {
    const model = this.requireModel();
    const from = this.ancestor;
    return exportAndValidate(
      model,
      { ...options, sourceName: this.fileName },
      from && { name: from.name, bytes: from.bytes, resources: from.resources },
      from?.model,
    );
  }

  /**
   * Records that the weights as of `revision` (read before calling `export`) are in a file the
   * user took away, so an "unsaved changes" prompt knows. `export` does not call it: a result
   * that is never downloaded saves nothing.
   */
  markExported(revision: number = this.weightsRevision): void {
    this.exportedRevision = Math.max(this.exportedRevision, revision);
  }

  /** True when the weights changed since the last export the user took away (or since loading). */
  get hasUnexportedEdits(): boolean {
    return this.weightsRevision !== this.exportedRevision;
  }

  /** Installs a model built elsewhere (the built-in character, tests). */
  setModel(model: SkinnedModel, fileName: string, sourceBytes: Uint8Array | null): void {
    this.installModel({ model, fileName, sourceBytes, sourceResources: null, excluded: [], fresh: true });
    const repaired = repairNotice(model.repairedVertices, model.repairReasons);
    if (repaired) this.notify(repaired);
    if (model.primitives.length === 0) {
      const canSkin = model.skins.length === 0 && skeletonRootCandidates(model.document).length > 0;
      const message = canSkin
        ? `${fileName} has no skin: create one from its skeleton in Auto-bind (Ctrl+B), then paint.`
        : `${fileName} has no skinned mesh: there are no weights to edit.`;
      this.notify(aboutModel({ level: 'warning', message }, model));
    }
  }

  /**
   * The one way a model becomes the editor's: a file opened (`fresh`: history, notices and the
   * export mark start over) or a structure step swapping models (history kept; every weight
   * announced as changed, so views redraw and the change counts as unexported). Locks are
   * cleared, `excluded` joints set, the busiest joint selected, and every listener told.
   */
  installModel(install: ModelInstall): void {
    this.paintSession?.cancelStroke();
    const { model } = install;
    const previous = install.fresh ? null : this.model;
    this.model = model;
    if (install.fileName !== undefined) this.fileName = install.fileName;
    this.sourceBytes = install.sourceBytes;
    this.sourceResources = install.sourceResources;
    if (install.sourceBytes)
      this.ancestor = {
        model,
        name: this.fileName,
        bytes: install.sourceBytes,
        resources: install.sourceResources ?? undefined,
      };
    else if (install.fresh) this.ancestor = null;
    this.locks.clear();
    this.excluded.clear();
    for (const id of install.excluded) this.excluded.add(id);
    if (!install.fresh) this.notices = swapModelNotices(this.notices, model);
    else {
      this.opened++;
      this.lastTransfer = null;
      this.weightsRevision = this.exportedRevision = 0;
      this.notices = [];
      this.history.clear();
    }
    this.layers.modelInstalled(model, previous);
    this.selectedJoint = this.busiestJoint(model);
    this.events.emit('model', model);
    this.events.emit('selection', this.selectedJoint);
    this.events.emit('locks', this.locks);
    this.events.emit('excluded', this.excluded);
    if (!install.fresh)
      this.events.emit(
        'weights',
        model.primitives.map((p) => ({ primitive: p.id, start: 0, end: p.weights.vertexCount })),
      );
  }

  /** The joint with the most influenced vertices: a heat map that shows something on open. */
  busiestJoint(model: SkinnedModel | null = this.model): number | null {
    return busiestJoint(model);
  }

  notify(notice: Notice): void {
    this.notices.push(notice);
    this.events.emit('notice', notice);
  }

  /** Selects a joint by id (node index) or by name; null clears. Returns the selected id. */
  selectJoint(joint: number | string | null): number | null {
    const id = joint === null ? null : this.resolveJoint(joint);
    this.selectedJoint = id;
    this.events.emit('selection', id);
    return id;
  }

  /** A joint id from an id or a name; throws a clear error for an unknown joint. */
  resolveJoint(joint: number | string): number {
    const model = this.requireModel();
    if (typeof joint === 'number') {
      if (!model.joints.has(joint)) throw new Error(`No joint with id ${joint}.`);
      return joint;
    }
    for (const info of model.joints.values()) if (info.name === joint) return info.id;
    throw new Error(`No joint named "${joint}".`);
  }

  setLocked(joint: number | string, locked: boolean): void {
    const id = this.resolveJoint(joint);
    if (locked) this.locks.add(id);
    else this.locks.delete(id);
    this.events.emit('locks', this.locks);
  }

  /** Marks a joint as non-deforming for auto-bind (roots, IK targets, helpers): it gets no bone. */
  setExcluded(joint: number | string, excluded: boolean): void {
    const id = this.resolveJoint(joint);
    if (excluded) this.excluded.add(id);
    else this.excluded.delete(id);
    this.events.emit('excluded', this.excluded);
  }

  /**
   * Auto-binds the current model (all joints, or `options.joints` only) in the bind pose, as a
   * cancellable job; the result is one undo step (see autobind-job.ts).
   */
  autobind(options: EditorAutobindOptions = {}): EditorAutobindJob {
    this.paintSession?.cancelStroke();
    return runAutobind(this, this.autobindRunner, options);
  }

  /** Number of vertices each joint influences (non-zero weight), over every skinned primitive. */
  jointVertexCounts(model: SkinnedModel | null = this.model): Map<number, number> {
    return jointVertexCounts(model);
  }

  /** A vertex's influences with joint names, strongest first (of the active layer: the inspector works on it). */
  influences(primitive: number, vertex: number): VertexInfluence[] {
    const model = this.requireModel();
    checkVertex(model, primitive, vertex);
    return vertexInfluences(model, primitive, this.editWeights(primitive), vertex);
  }

  /** The influences at a point of the drawn surface (Ctrl+click, its menu), strongest first (joint-sample.ts). */
  influencesAt(hit: SurfaceSample): VertexInfluence[] {
    return influencesAt(this, hit);
  }

  /** Selects the joint with the most weight at a point of the drawn surface (Ctrl+click); null: none there. */
  sampleJoint(hit: SurfaceSample): number | null {
    return sampleJoint(this, hit);
  }

  // --- Painting and history (src/editor/paint-session.ts, src/history) ---

  /**
   * The loaded model's surfaces (one SkinSurface + Painter per skin, the joint mirror pairs), built
   * on demand and dropped with the model: what painting, posing, selection, tools and checks all
   * pick, paint and measure on.
   */
  get surfaces(): PaintTargets {
    const model = this.requireModel();
    if (this.surfaceCache?.model !== model)
      this.surfaceCache = new PaintTargets(model, {
        weightsOf: (p) => this.editWeights(p),
        maskOf: (p) => this.layers.stack.maskEdit(p),
        paintHook: () => {
          const stack = this.layers.stack;
          return stack.layered ? (p, v) => stack.paintedVertex(p, v) : null;
        },
      });
    return this.surfaceCache;
  }

  /** The interaction mode: which state machine of src/interaction the viewport's pointer feeds. */
  get mode(): EditorMode {
    return this.currentMode;
  }

  /** Switches the mode; a stroke in progress ends first (what was painted is kept, one undo step). */
  setMode(mode: EditorMode): void {
    if (mode === this.currentMode) return;
    if (this.paintSession?.painting) this.paintSession.endStroke();
    this.currentMode = mode;
    this.events.emit('mode', mode);
  }

  /** True while a brush stroke is in progress (without creating the paint session). */
  get paintSessionActive(): boolean {
    return this.paintSession?.painting ?? false;
  }

  get paint(): PaintSession {
    this.paintSession ??= new PaintSession(this);
    return this.paintSession;
  }

  /** Posing to test the weights: joint rotations, presets, clips, crease inspector (see PoseSession). */
  get pose(): PoseSession {
    this.poseSession ??= new PoseSession(this);
    return this.poseSession;
  }

  /** Editing the skeleton with the mesh kept: move, orient, add, split, delete… (see SkeletonSession). */
  get skeleton(): SkeletonSession {
    this.skeletonSession ??= new SkeletonSession(this);
    return this.skeletonSession;
  }

  /** Rigging a static mesh: a template fitted, skinned and auto-bound in one step (see RigSession). */
  get rig(): RigSession {
    this.rigSession ??= new RigSession(this);
    return this.rigSession;
  }

  /** The open file's VRM (version, avatar name, human bones → joint ids), or null for plain glTF. */
  get vrm(): VrmInfo | null {
    return this.model && vrmOfDocument(this.model.document);
  }

  // --- Vertex selection, weight tools and checks (src/editor/selection-session.ts, tools-session.ts) ---

  /** Vertex selection: click, box, lasso, by joint, grow/shrink, mirror, invert (see SelectionSession). */
  get selection(): SelectionSession {
    this.selectionSession ??= new SelectionSession(this);
    return this.selectionSession;
  }

  /** Weight tools on the selection, and the checks (see ToolSession). */
  get tools(): ToolSession {
    this.toolSession ??= new ToolSession(this);
    return this.toolSession;
  }

  /**
   * Sets one influence of a vertex by value (the inspector): the other joints renormalise, locks
   * are respected, seam partners follow; one undo step.
   */
  setInfluence(primitive: number, vertex: number, joint: number | string, weight: number): ToolReport {
    return this.tools.setInfluence(primitive, vertex, joint, weight);
  }

  /**
   * Records a finished edit as one undo step: `changed` (the vertex ranges it wrote, if not
   * announced already) goes out as 'weights', then 'committed'. Every edit that is not a stroke
   * in progress ends here. Returns the step (null: nothing changed, nothing recorded).
   */
  commitStep(
    label: string,
    patches: WeightPatch[],
    changed: EditorEvents['weights'] | null = null,
    structure?: StructureChange,
    mask = false,
  ): UndoEntry | null {
    return commitStep(this, label, patches, changed, structure, mask);
  }

  /** Undoes the last step (cancelling a stroke in progress first). Returns false when there is none. */
  undo(): boolean {
    this.paintSession?.cancelStroke();
    return stepHistory(this, 'undo');
  }

  /** Redoes the last undone step. Returns false when there is none. */
  redo(): boolean {
    this.paintSession?.cancelStroke();
    return stepHistory(this, 'redo');
  }

  /** Reverts and forgets the steps since `mark` (a multi-part action cancelled or failed). */
  revertToMark(mark: UndoMark): void {
    revertToMark(this, mark);
  }

  // --- Creating a skin (src/editor/create-skin-step.ts) ---

  /** Nodes that look like a skeleton root, best first (for a file without a skin). */
  skeletonRootCandidates(): SkeletonRootCandidate[] {
    return skeletonRootCandidates(this.requireModel().document);
  }

  /** What a skin from `root` would hold (node ids), or an Error saying why it cannot be made. */
  planSkin(root: number | string, options: CreateSkinOptions = {}): SkinPlan {
    return planSkin(this.requireModel().document, root, options);
  }

  /**
   * For a file with meshes and a node hierarchy but no skin: makes a skin from `root` (id or
   * name) and its mesh-free nodes, bind pose = the nodes as placed now, on every mesh outside
   * the skeleton, each vertex on the root joint; one undo step (see create-skin-step.ts).
   */
  createSkin(root: number | string, options: EditorCreateSkinOptions = {}): Promise<CreateSkinReport> {
    this.paintSession?.cancelStroke();
    return createSkinStep(this, root, options);
  }

  /**
   * Gives mesh nodes of the file (`targets`: node ids or names) weights transferred from its
   * other skinned meshes (or `sources`): robust transfer with inpainting (src/transfer), in the
   * transfer runner; unskinned targets are skinned to the source's skin. One undo step.
   */
  transferWeights(options: EditorTransferOptions): EditorTransferJob {
    return transferWeightsJob(this, options);
  }

  /** Gives `targets` weights from the skinned meshes of another file of the same skeleton. One undo step. */
  copyWeightsFromFile(input: InputFiles, options: EditorTransferOptions): EditorTransferJob {
    return copyWeightsFromFileJob(this, input, options);
  }

  /**
   * "Add to this character": the meshes of `input` (with their materials and textures) join the
   * document, skinned to the current skin with transferred weights. One undo step.
   */
  addToCharacter(input: InputFiles, options: EditorTransferOptions = {}): EditorTransferJob {
    return addToCharacterJob(this, input, options);
  }

  /** {@link createSkin} then {@link autobind}, as one job and ONE undo step; Cancel leaves the file as it was. */
  createSkinAndBind(
    root: number | string,
    options: EditorCreateSkinOptions & EditorAutobindOptions = {},
  ): CreateSkinJob {
    this.paintSession?.cancelStroke();
    return createSkinAndBindJob(this, root, options);
  }

  requireModel(): SkinnedModel {
    if (!this.model) throw new Error('No model is loaded.');
    return this.model;
  }
}
