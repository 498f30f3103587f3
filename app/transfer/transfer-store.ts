/**
 * The Transfer section's UI state: its form, the mesh checkboxes, the running job's progress
 * and the last result. The work (and all weight math) is the Editor's (src/editor/transfer-step.ts,
 * run in a worker): this only starts it, mirrors its progress once per frame, and reports.
 */
import { create } from 'zustand';
import type {
  EditorTransferJob,
  EditorTransferOptions,
  EditorTransferReport,
} from '../../src/editor/transfer-step.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { progressPerFrame } from '../components/progress-per-frame.ts';
import { editor } from '../editor-instance.ts';
import { type NamedFile, toInputFiles } from '../io/file-input.ts';
import { useUi } from '../store.ts';
import { askBeforeReplacing, clearPreview, refreshPreview } from './transfer-preview-store.ts';

export interface TransferForm {
  /** Largest match distance, as a fraction of the source's bounding-box diagonal. */
  distance: number;
  /** Largest angle between target and source normals for a match, in degrees. */
  angle: number;
  mode: 'robust' | 'closest';
  /** Only where matched: meshes with weights keep them where the source does not reach. */
  onlyMatched: boolean;
}

export const TRANSFER_FORM_DEFAULTS: TransferForm = {
  distance: 0.05,
  angle: 45,
  mode: 'robust',
  onlyMatched: false,
};

export interface TransferUi {
  form: TransferForm;
  /** Mesh nodes (ids) to give weights; null: the default (the file's meshes without a skin). */
  targets: number[] | null;
  /** Skinned mesh nodes to copy from; null: every skinned mesh that is not a target. */
  sources: number[] | null;
  /** What runs ("Add jacket.glb"), and its progress in [0, 1]; null when nothing runs. */
  running: string | null;
  progress: number | null;
  /** The last finished transfer and the model it made (shown while that model is the editor's). */
  result: { report: EditorTransferReport; model: SkinnedModel } | null;
  setForm: (change: Partial<TransferForm>) => void;
}

export const useTransfer = create<TransferUi>((set) => ({
  form: { ...TRANSFER_FORM_DEFAULTS },
  targets: null,
  sources: null,
  running: null,
  progress: null,
  result: null,
  setForm: (change) => set((s) => ({ form: { ...s.form, ...change } })),
}));

// Another file: its meshes are other nodes, so the checkboxes start again from the defaults and
// the transfer view goes. (A transfer's own model change, and its undo, keep them: a transfer
// keeps the node ids.)
let opened = editor.opened;
editor.events.on('model', () => {
  if (editor.opened === opened) return;
  opened = editor.opened;
  useTransfer.setState({ targets: null, sources: null, result: null });
  clearPreview();
  useUi.setState({ transferView: false });
});

// One colour view at a time: the transfer view and the influence-count view replace each other.
useUi.subscribe((s, prev) => {
  if (s.transferView && !prev.transferView && s.influences) useUi.setState({ influences: false });
  else if (s.influences && !prev.influences && s.transferView) useUi.setState({ transferView: false });
});

/** A mesh node of the open file, for the checkboxes. */
export interface MeshNodeOption {
  id: number;
  label: string;
  skinned: boolean;
  /** Unskinned and under a joint: a rigid prop. */
  prop: boolean;
}

export function meshNodeOptions(): MeshNodeOption[] {
  const model = editor.model;
  const nodes = model?.document.getRoot().listNodes() ?? [];
  const index = new Map(nodes.map((n, i) => [n, i]));
  /** A mesh hanging from a joint is a rigid prop (a robot's plates): it moves as it is. */
  const underJoint = (id: number) => {
    for (let p = nodes[id].getParentNode(); p; p = p.getParentNode())
      if (model?.joints.has(index.get(p) ?? -1)) return true;
    return false;
  };
  return nodes.flatMap((n, id) =>
    n.getMesh()
      ? [
          {
            id,
            label: n.getName() || n.getMesh()?.getName() || `node ${id}`,
            skinned: !!n.getSkin(),
            prop: !n.getSkin() && underJoint(id),
          },
        ]
      : [],
  );
}

/**
 * Most unskinned meshes ticked by default: a dressing file has a few garments; a file with
 * more is a scene (a city around the character), whose props nobody wants skinned by surprise.
 */
const MAX_DEFAULT_TARGETS = 4;

/**
 * The targets the section shows ticked: the chosen ones, or by default the file's unskinned
 * meshes that are not rigid props under a joint, when there are at most MAX_DEFAULT_TARGETS.
 */
export function currentTargets(meshes = meshNodeOptions()): number[] {
  const chosen = useTransfer.getState().targets;
  if (chosen) return chosen.filter((id) => meshes.some((m) => m.id === id));
  const loose = meshes.flatMap((m) => (m.skinned || m.prop ? [] : [m.id]));
  return loose.length <= MAX_DEFAULT_TARGETS ? loose : [];
}

/** The sources the section shows ticked: the chosen ones, or every skinned mesh not a target. */
export function currentSources(meshes = meshNodeOptions()): number[] {
  const skinned = meshes.flatMap((m) => (m.skinned ? [m.id] : []));
  const chosen = useTransfer.getState().sources;
  const targets = new Set(currentTargets(meshes));
  return (chosen ?? skinned).filter((id) => skinned.includes(id) && !targets.has(id));
}

let cancelCurrent: (() => void) | null = null;

/** Stops the running transfer: the file stays as it was. */
export function cancelTransfer(): void {
  cancelCurrent?.();
}

function formOptions(): EditorTransferOptions {
  const { form } = useTransfer.getState();
  return { distance: form.distance, angle: form.angle, mode: form.mode };
}

/** What the form's Transfer would run: the ticked targets from the ticked sources. */
export function transferFormOptions(): EditorTransferOptions {
  return {
    ...formOptions(),
    targets: currentTargets(),
    sources: useTransfer.getState().sources === null ? null : currentSources(),
  };
}

/**
 * Transfers onto the ticked meshes of the file from the ticked skinned meshes. When that would
 * replace weights the sources do not reach, the panel asks first (null: cancelled there).
 */
export async function startTransfer(): Promise<EditorTransferReport | null> {
  const options = transferFormOptions();
  const preview = await refreshPreview(options);
  return askBeforeReplacing(
    'Transfer weights',
    preview,
    useTransfer.getState().form.onlyMatched,
    (onlyMatched) =>
      runJob('Transfer weights', (onProgress) =>
        editor.transferWeights({ ...options, onlyMatched, onProgress }),
      ),
  );
}

/** "Add to this character": the chosen file's meshes join the character with transferred weights. */
export function startAddToCharacter(files: NamedFile[]): Promise<EditorTransferReport> {
  return runJob(`Add ${mainName(files)}`, async (onProgress) =>
    editor.addToCharacter(await toInputFiles(files), { ...formOptions(), sources: null, onProgress }),
  );
}

/** Transfers with `options` as the panel's Transfer does (progress, result, view), without asking. */
export function runTransfer(options: EditorTransferOptions): Promise<EditorTransferReport> {
  return runJob('Transfer weights', (onProgress) => editor.transferWeights({ ...options, onProgress }));
}

/**
 * "Copy weights from a file": the ticked meshes get weights from the skinned meshes of the file;
 * the panel asks first when that would replace weights the file's meshes do not reach.
 */
export async function startCopyFromFile(files: NamedFile[]): Promise<EditorTransferReport | null> {
  const targets = currentTargets();
  const label = `Copy weights from ${mainName(files)}`;
  if (targets.length === 0) {
    useUi.getState().showToast('error', `${label} failed: tick the meshes to give weights first.`);
    throw new Error('tick the meshes to give weights first.');
  }
  const options = { ...formOptions(), targets, sources: null };
  let input: Awaited<ReturnType<typeof toInputFiles>>;
  try {
    input = await toInputFiles(files);
  } catch (err) {
    useUi.getState().showToast('error', `${label} failed: ${(err as Error).message}`);
    throw err;
  }
  const preview = await refreshPreview(options, input);
  return askBeforeReplacing(label, preview, useTransfer.getState().form.onlyMatched, (onlyMatched) =>
    runJob(label, (onProgress) => editor.copyWeightsFromFile(input, { ...options, onlyMatched, onProgress })),
  );
}

/** The name a job is shown under: the model file among those chosen (as toInputFiles picks it). */
function mainName(files: NamedFile[]): string {
  const model = files.find((f) => /\.(glb|gltf)$/i.test(f.name)) ?? files[0];
  return model?.name ?? 'file';
}

function summary(r: EditorTransferReport): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const names = r.targets.map((t) => t.name).join(', ');
  const parts = [`${n(r.matched)} copied`, `${n(r.inpainted)} inpainted`];
  if (r.seeded > 0) parts.push(`${n(r.seeded)} seeded`);
  if (r.kept > 0) parts.push(`${n(r.kept)} kept their weights`);
  return `${r.label}: ${names} — ${n(r.vertices)} vertices (${parts.join(', ')}) in ${(r.ms / 1000).toFixed(1)} s`;
}

async function runJob(
  label: string,
  start: (onProgress: (f: number) => void) => EditorTransferJob | Promise<EditorTransferJob>,
): Promise<EditorTransferReport> {
  if (useTransfer.getState().running !== null) {
    useUi.getState().showToast('warning', 'A weight transfer is already running: wait for it or Cancel it.');
    throw new Error('A weight transfer is already running.');
  }
  const { onProgress, stop } = progressPerFrame((progress) => useTransfer.setState({ progress }));
  useTransfer.setState({ running: label, progress: 0 });
  let cancelled = false;
  cancelCurrent = () => {
    cancelled = true;
  };
  try {
    const job = await start(onProgress);
    cancelCurrent = () => job.cancel();
    if (cancelled) job.cancel();
    const report = await job.promise;
    const model = editor.requireModel();
    useTransfer.setState({ result: { report, model } });
    // The outcome, drawn on the mesh: which vertices were copied and which inpainted.
    useUi.setState({ transferView: true });
    editor.notify({ level: 'info', message: `${summary(report)}: Ctrl+Z undoes it.` });
    return report;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    if (e.name !== 'AbortError') useUi.getState().showToast('error', `${label} failed: ${e.message}`);
    throw e;
  } finally {
    cancelCurrent = null;
    stop();
    useTransfer.setState({ running: null, progress: null });
  }
}
