/**
 * The Auto-bind panel's UI state: open or not, its form, the running job's progress and the
 * last result. The job itself (and all weight math) is the Editor's (src/editor/autobind-job.ts);
 * this only starts it, mirrors its progress (at most once per animation frame) and reports.
 */
import { create } from 'zustand';
import type { EditorAutobindOptions, EditorAutobindStats } from '../../src/editor/autobind-job.ts';
import type { CreateSkinReport, EditorCreateSkinOptions } from '../../src/editor/create-skin-step.ts';
import { looksLikeSkeletonContainer } from '../../src/gltf/skeleton-nodes.ts';
import { progressPerFrame } from '../components/progress-per-frame.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';

/** The panel's form; `scope: 'branch'` is the selected joint and its descendants. */
export interface AutobindForm {
  method: 'voxel' | 'closest';
  /** Voxels along the longest axis; 0: from the mesh (auto). */
  resolution: number;
  weighting: 'heat' | 'falloff';
  falloff: number;
  smoothing: number;
  maxInfluences: 4 | 8;
  scope: 'all' | 'branch';
  /** Where the weights go: the active weight layer or a new one above it. */
  into: 'active' | 'new';
  /** End joints (HeadTop_End, finger tips): no weight (as artists do) or bound like any bone. */
  endJoints: 'skip' | 'bind';
}

export const AUTOBIND_FORM_DEFAULTS: AutobindForm = {
  method: 'voxel',
  resolution: 0,
  weighting: 'heat',
  falloff: 8,
  smoothing: 0,
  maxInfluences: 4,
  scope: 'all',
  into: 'active',
  endJoints: 'skip',
};

export interface AutobindUi {
  open: boolean;
  form: AutobindForm;
  /** Progress of the running job in [0, 1]; null when none runs. */
  progress: number | null;
  /** The last finished run, shown under the form (with the skin it made, for a file that had none). */
  result: { stats: EditorAutobindStats; scope: string; skin?: CreateSkinReport } | null;
  /** A file without a skin: the node picked as the skeleton root (node id), and whether it binds. */
  skinRoot: number | null;
  excludeRoot: boolean;
  /** The mesh nodes to skin (node ids), or null for the default: every mesh outside the skeleton. */
  skinMeshes: number[] | null;
  /** Bumped when joints are excluded or included (the joint tree re-reads editor.excluded). */
  excludedRev: number;
  setOpen: (open: boolean) => void;
  setForm: (change: Partial<AutobindForm>) => void;
}

export const useAutobind = create<AutobindUi>((set) => ({
  open: false,
  form: { ...AUTOBIND_FORM_DEFAULTS },
  progress: null,
  result: null,
  skinRoot: null,
  excludeRoot: false,
  skinMeshes: null,
  excludedRev: 0,
  setOpen: (open) => set({ open }),
  setForm: (change) => set((s) => ({ form: { ...s.form, ...change } })),
}));

editor.events.on('excluded', () => useAutobind.setState((s) => ({ excludedRev: s.excludedRev + 1 })));
/** Whether the node looks like a container of the skeleton (Blender's Armature, a "root" at the feet). */
function looksLikeContainer(id: number): boolean {
  return looksLikeSkeletonContainer(editor.model?.document.getRoot().listNodes()[id]?.getName() ?? '');
}

/** Picks a skeleton root (the panel's select): a container root is left out of binding by default. */
export function setSkinRoot(id: number | null): void {
  useAutobind.setState({
    skinRoot: id,
    excludeRoot: id !== null && looksLikeContainer(id),
    skinMeshes: null,
  });
}

/** True when the open file has no skin but nodes a skin could be made from. */
export function needsSkin(): boolean {
  const model = editor.model;
  return (
    model !== null &&
    model.skins.length === 0 &&
    model.document
      .getRoot()
      .listNodes()
      .some((n) => !n.getMesh())
  );
}

// A new model: last run's figures are about another file; a file without a skin gets the
// panel open on "Create a skin" with the likeliest skeleton root picked.
editor.events.on('model', () => {
  const running = useAutobind.getState().progress !== null;
  if (running) return; // the skin being created (or its undo) is this run's own model change
  useAutobind.setState({ result: null });
  if (needsSkin()) {
    setSkinRoot(editor.skeletonRootCandidates()[0]?.id ?? null);
    useAutobind.setState({ open: true });
  }
});

/** The selected joint and every joint below it (a region to rebind: an arm, a leg). */
export function branchOf(root: number): number[] {
  const model = editor.requireModel();
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(model.joints.get(id)?.children ?? []));
  }
  return out;
}

let cancelCurrent: (() => void) | null = null;

/** Stops the running job (its weights never land). */
export function cancelAutobind(): void {
  cancelCurrent?.();
}

/**
 * Runs auto-bind (the panel's form, or a script's options). Resolves with the stats once the
 * weights are applied; rejects with an AbortError on Cancel, or with the failure (also shown).
 */
export function startAutobind(options: EditorAutobindOptions): Promise<EditorAutobindStats> {
  const scope = options.joints && options.joints !== 'all' ? `${options.joints.length} joints` : 'all joints';
  return runJob((onProgress) => editor.autobind({ ...options, onProgress }), scope);
}

/**
 * For a file without a skin: creates one from `root` (node id or name) and auto-binds it, as
 * one undo step (Editor.createSkinAndBind), with the panel's progress and Cancel.
 */
export function startCreateSkin(
  root: number | string,
  options: EditorCreateSkinOptions & EditorAutobindOptions = {},
): Promise<EditorAutobindStats & { skin: CreateSkinReport }> {
  return runJob(
    (onProgress) => editor.createSkinAndBind(root, { ...options, onProgress, joints: 'all' }),
    'new skin',
  );
}

async function runJob<S extends EditorAutobindStats & { skin?: CreateSkinReport }>(
  start: (onProgress: (f: number) => void) => { promise: Promise<S>; cancel(): void },
  scope: string,
): Promise<S> {
  if (useAutobind.getState().progress !== null) throw new Error('Auto-bind is already running.');
  const { onProgress, stop } = progressPerFrame((progress) => useAutobind.setState({ progress }));
  useAutobind.setState({ progress: 0, result: null });
  try {
    const job = start(onProgress);
    cancelCurrent = () => job.cancel();
    const stats = await job.promise;
    useAutobind.setState({ result: { stats, scope, skin: stats.skin } });
    // Also in the status bar, which outlives the panel.
    const what = stats.skin
      ? `Created a skin of ${stats.skin.joints} joints from ${stats.skin.rootName} and bound ${stats.vertices} vertices`
      : `Auto-bind (${scope}) changed ${stats.changedVertices} vertices`;
    editor.notify({
      level: 'info',
      message: `${what} in ${(stats.ms / 1000).toFixed(1)} s: Ctrl+Z undoes it.`,
    });
    return stats;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    if (e.name !== 'AbortError') {
      const what = scope === 'new skin' ? 'Creating the skin failed' : 'Auto-bind failed';
      useUi.getState().showToast('error', `${what}: ${e.message}`);
    }
    throw e;
  } finally {
    cancelCurrent = null;
    stop();
    useAutobind.setState({ progress: null });
  }
}

/** The form as Editor options (the branch scope needs a selected joint). */
export function formToOptions(form: AutobindForm): EditorAutobindOptions {
  const selected = editor.selectedJoint;
  if (form.scope === 'branch' && selected === null) throw new Error('Select a joint to rebind its branch.');
  return {
    method: form.method,
    resolution: form.resolution,
    weighting: form.weighting,
    falloff: form.falloff,
    smoothing: form.smoothing,
    maxInfluences: form.maxInfluences,
    joints: form.scope === 'branch' && selected !== null ? branchOf(selected) : 'all',
    layer: form.into,
    bindEndJoints: form.endJoints === 'bind',
  };
}

/** The toolbar button and Ctrl+B: opens the panel, or closes it unless a job runs. */
export function toggleAutobindPanel(): void {
  const s = useAutobind.getState();
  if (!s.open) s.setOpen(true);
  else if (s.progress === null) s.setOpen(false);
}
