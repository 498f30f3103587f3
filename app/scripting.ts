import type { EditorAutobindOptions, EditorAutobindStats } from '../src/editor/autobind-job.ts';
import type { CreateSkinReport, EditorCreateSkinOptions } from '../src/editor/create-skin-step.ts';
import type { Editor, VertexInfluence } from '../src/editor/editor.ts';
import type { LayerSession } from '../src/editor/layer-session.ts';
import type { Notice } from '../src/editor/notices.ts';
import type { ExportOptions } from '../src/gltf/export/export-document.ts';
import type { SkeletonRootCandidate } from '../src/gltf/skeleton-nodes.ts';
import type { SkinnedModel } from '../src/gltf/skinned-model.ts';
import { startAutobind, startCreateSkin } from './bind/autobind-store.ts';
import { builtinDocument } from './builtin-character.ts';
import { editor } from './editor-instance.ts';
import { type ScriptExport, scriptExport } from './export/script-export.ts';
import { openFiles, openUrl } from './io/open.ts';
import {
  type ScriptBrush,
  type ScriptPaint,
  scriptBrush,
  scriptMode,
  scriptPaint,
} from './paint/script-paint.ts';
import { type ScriptPersist, scriptPersist } from './persist/script-persist.ts';
import { type ScriptPose, scriptPose } from './pose/script-pose.ts';
import { type ScriptSkeleton, scriptSkeleton } from './skeleton/script-skeleton.ts';
import { type EditorMode, type UiState, useUi } from './store.ts';
import { type ScriptTransfer, scriptTransfer } from './transfer/script-transfer.ts';
import { influencesUnder, sampleJointAt } from './viewport/joint-pick.ts';
import { type ScriptCamera, scriptCamera } from './viewport/script-camera.ts';
import { viewport } from './viewport-bridge.ts';

export interface JointSummary {
  id: number;
  name: string;
  parent: number;
  vertexCount: number;
  locked: boolean;
}

export interface Stats {
  fileName: string;
  vertices: number;
  skinnedVertices: number;
  joints: number;
  primitives: number;
  skinnedPrimitives: number;
  skins: number;
  /** Influences per vertex the editor keeps (4 or 8). */
  influences: number;
  selectedJoint: number | null;
  /** Whether the current model is on screen. */
  drawn: boolean;
  notices: Notice[];
}

type DisplayFlags = Pick<UiState, 'heatmap' | 'wireframe' | 'textures' | 'bones' | 'influences' | 'quantize'>;

/** `window.skinsmith`: the scripting handle (console, tests, automation). See docs/scripting.md. */
export interface SkinsmithApi {
  editor: Editor;
  /** Resolves when the first character has been drawn. */
  ready: Promise<void>;
  isReady: boolean;
  /** Opens a .glb (or a self-contained .gltf); resolves with the stats once it is drawn. */
  load(bytes: Uint8Array | ArrayBuffer, name: string): Promise<Stats>;
  /** Opens a same-origin URL (other origins are refused); resolves once it is drawn. */
  loadUrl(url: string): Promise<Stats>;
  /** Opens the built-in mannequin at about `targetVertices` vertices (10k by default; 300000 for the benchmark). */
  loadMannequin(targetVertices?: number): Promise<Stats>;
  /** Weight painting for scripts: strokes through the mouse's path, replay, flood, picking (docs/scripting.md). */
  paint: ScriptPaint;
  /** Reads, or changes then reads, the brush settings (`radiusPx`/`radiusUnit`: the UI's screen radius). */
  brush(settings?: Partial<ScriptBrush>): ScriptBrush;
  /** Undoes the last step (a stroke, a flood, a tool); false when there is none. */
  undo(): boolean;
  /** Redoes the last undone step; false when there is none. */
  redo(): boolean;
  /** Reads or switches the mode: 'inspect', 'select', 'paint', 'pose' or 'skeleton'. */
  mode(mode?: EditorMode): EditorMode;
  joints(): JointSummary[];
  selectJoint(idOrName: number | string | null): number | null;
  selectedJoint(): JointSummary | null;
  influences(primitiveIndex: number, vertex: number): VertexInfluence[];
  /** The influences at a page point of the mesh as drawn, strongest first (what Ctrl+hold lists); [] off it. */
  influencesAt(x: number, y: number): VertexInfluence[];
  /** Ctrl+click at a page point: selects the joint with the most weight there; its id, or null off the mesh. */
  sampleJoint(x: number, y: number): number | null;
  stats(): Stats;
  /** Posing: joint rotations, reset, presets, clips, skinning preview, creases (docs/user-guide.md, "Testing the bends"). */
  pose: ScriptPose;
  /** Skeleton edits with the mesh kept: move, orient, add, split, delete, rename, re-parent, bind pose (docs/scripting.md). */
  skeleton: ScriptSkeleton;
  /**
   * Weight layers of the loaded character (the Layers panel's calls; layers by id or name):
   * list, add, duplicate, remove, move, setVisible, setOpacity, rename, mergeDown, flatten,
   * setActive, setTarget('weights' | 'mask'), setView('composed' | 'layer'). See docs/scripting.md.
   */
  layers: LayerSession;
  /**
   * Reads or changes the viewport toggles (`influences`: the influence-count view; `quantize`: the
   * unorm8 preview, which never changes the weights); resolves after the next frame.
   */
  display(flags?: Partial<DisplayFlags>): Promise<DisplayFlags>;
  /** The viewport camera: its state, axis views, orthographic, orbit style (docs/scripting.md). */
  camera: ScriptCamera;
  /** Page coordinates of a point on the joint's bone (for clicking it), or null. */
  boneScreenPoint(idOrName: number | string): { x: number; y: number } | null;
  /** Requests a render (the viewport renders on demand). */
  invalidate(): void;
  /** Resolves after the next frame has been rendered. */
  frame(): Promise<void>;
  /** Exports as the Export dialog does, validated, without downloading (see docs/scripting.md). */
  export(options?: ExportOptions): Promise<ScriptExport>;
  /** Autosave, saved sessions and project files (see docs/user-guide.md, "Your work is safe"). */
  persist: ScriptPersist;
  /**
   * Auto-binds as the panel's Run does (in the worker, one undo step, progress on the panel if
   * open); resolves with the stats once the weights are applied. See docs/scripting.md.
   */
  autobind(options?: EditorAutobindOptions): Promise<EditorAutobindStats>;
  /**
   * The mesh as the editor works on it and as the viewport draws it, per skinned primitive: the
   * paint surface's positions (what brushes, picking and selection use) and the positions three.js
   * draws (SkinnedMesh.applyBoneTransform). They agree; tests check it (e2e/wysiwyg.spec.ts).
   */
  shownMesh(): ShownPrimitive[];
  /** For a file without a skin: the nodes that look like a skeleton root, best first. */
  skeletonRoots(): SkeletonRootCandidate[];
  /** Weight transfer: the coverage preview, and a transfer (only where matched, if asked). See docs/scripting.md. */
  transfer: ScriptTransfer;
  /**
   * For a file without a skin: creates one from `root` (node id or name) and auto-binds it, as
   * the panel's "Create skin and auto-bind" does (one undo step). See docs/scripting.md.
   */
  createSkin(
    root: number | string,
    options?: EditorCreateSkinOptions & EditorAutobindOptions,
  ): Promise<EditorAutobindStats & { skin: CreateSkinReport }>;
}

/** One skinned primitive as {@link SkinsmithApi.shownMesh} reports it. */
export interface ShownPrimitive {
  primitive: number;
  meshIndex: number;
  primitiveIndex: number;
  /** The skin (index in the file) it is painted and drawn with. */
  skin: number;
  /** Paint surface positions, xyz per vertex. */
  surface: number[];
  /** What three.js draws, xyz per vertex (empty if the viewport has no mesh for it). */
  drawn: number[];
}

function shownMesh(): ShownPrimitive[] {
  const model = editor.model;
  if (!model) return [];
  const drawn = viewport.drawnPositions();
  return model.primitives.map((prim) => {
    const { surface } = editor.surfaces.forPrimitive(prim.id)!;
    return {
      primitive: prim.id,
      meshIndex: prim.meshIndex,
      primitiveIndex: prim.primitiveIndex,
      skin: prim.skins[0],
      surface: Array.from(surface.vertexPositions(prim.id)!),
      drawn: Array.from(drawn.get(prim.id) ?? []),
    };
  });
}

function summary(id: number, counts: Map<number, number>): JointSummary {
  const joint = editor.requireModel().joints.get(id)!;
  return {
    id,
    name: joint.name,
    parent: joint.parent,
    vertexCount: counts.get(id) ?? 0,
    locked: editor.locks.has(id),
  };
}

function stats(): Stats {
  const m = editor.model;
  return {
    fileName: editor.fileName,
    vertices: m?.vertexCount ?? 0,
    skinnedVertices: m?.skinnedVertexCount ?? 0,
    joints: m?.joints.size ?? 0,
    primitives: m?.primitiveCount ?? 0,
    skinnedPrimitives: m?.primitives.length ?? 0,
    skins: m?.skins.length ?? 0,
    influences: m?.primitives[0]?.weights.influences ?? 4,
    selectedJoint: editor.selectedJoint,
    drawn: m !== null && viewport.drawnModel === m,
    notices: [...editor.notices],
  };
}

async function drawn(model: SkinnedModel): Promise<Stats> {
  await viewport.whenDrawn(model);
  return stats();
}

function displayFlags(): DisplayFlags {
  const { heatmap, wireframe, textures, bones, influences, quantize } = useUi.getState();
  return { heatmap, wireframe, textures, bones, influences, quantize };
}

/** Installs window.skinsmith; `ready` follows the first model the editor loads. */
export function installScripting(): SkinsmithApi {
  // The first model drawn that is still the editor's: with ?model=URL the built-in character is
  // replaced before it is ever drawn, and `ready` follows the URL's model instead.
  const ready = new Promise<void>((resolve, reject) => {
    const off = editor.events.on('model', (model) => {
      viewport.whenDrawn(model).then(
        () => {
          if (api.isReady || editor.model !== model) return;
          off();
          api.isReady = true;
          performance.mark('skinsmith:ready');
          resolve();
        },
        (err) => {
          if (!api.isReady && editor.model === model) reject(err);
        },
      );
    });
  });
  // A failed first draw is already on screen; scripts that await `ready` still see the rejection.
  ready.catch(() => {});
  const api: SkinsmithApi = {
    editor,
    ready,
    isReady: false,
    load: async (bytes, name) => {
      const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
      return drawn(await openFiles([{ name, bytes: async () => data }]));
    },
    loadUrl: async (url) => drawn(await openUrl(url)),
    loadMannequin: async (targetVertices) =>
      drawn(editor.loadDocument(await builtinDocument(targetVertices), 'Mannequin.glb')),
    paint: scriptPaint,
    brush: scriptBrush,
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    mode: scriptMode,
    joints: () => {
      const counts = editor.jointVertexCounts();
      return [...(editor.model?.joints.keys() ?? [])].map((id) => summary(id, counts));
    },
    selectJoint: (idOrName) => editor.selectJoint(idOrName),
    selectedJoint: () =>
      editor.selectedJoint === null ? null : summary(editor.selectedJoint, editor.jointVertexCounts()),
    influences: (primitiveIndex, vertex) => editor.influences(primitiveIndex, vertex),
    influencesAt: influencesUnder,
    sampleJoint: sampleJointAt,
    stats,
    pose: scriptPose,
    skeleton: scriptSkeleton,
    layers: editor.layers,
    display: async (flags) => {
      if (flags) useUi.setState(flags);
      await viewport.nextFrame();
      return displayFlags();
    },
    camera: scriptCamera,
    boneScreenPoint: (idOrName) => viewport.boneScreenPoint(editor.resolveJoint(idOrName)),
    invalidate: () => viewport.invalidate(),
    frame: () => viewport.nextFrame(),
    export: scriptExport,
    persist: scriptPersist,
    autobind: (options = {}) => startAutobind(options),
    skeletonRoots: () => editor.skeletonRootCandidates(),
    shownMesh,
    createSkin: (root, options = {}) => startCreateSkin(root, options),
    transfer: scriptTransfer,
  };
  (window as unknown as { skinsmith: SkinsmithApi }).skinsmith = api;
  return api;
}
