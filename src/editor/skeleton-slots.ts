/**
 * What a skeleton step swaps: the model with its file, and the editor state that names joints —
 * locks, joints left out of auto-bind, the selected joint and vertices, the current pose and the
 * named poses, the user's mirror pairs. Undo and redo install one side whole; a new step carries the state over
 * to the edited model through the edit's renumbering (a deleted joint drops out, a renamed one
 * keeps its entries under its new name).
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { Quat, SerializedPose } from '../pose/pose.ts';
import type { Editor } from './editor.ts';

/** One side of a skeleton step. */
export interface SkeletonSlot {
  model: SkinnedModel;
  sourceBytes: Uint8Array | null;
  sourceResources: Map<string, Uint8Array> | null;
  locks: number[];
  excluded: number[];
  selected: number | null;
  /** The current pose's rotation offsets by joint id (empty: the rest pose). */
  pose: Record<string, Quat>;
  named: Record<string, SerializedPose>;
  mirror: (readonly [number, number])[];
  /** Selected vertices per primitive id (a skeleton edit changes no vertex). */
  vertices: Map<number, number[]>;
}

/** The editor's current side. */
export function captureSlot(editor: Editor): SkeletonSlot {
  const model = editor.requireModel();
  // Reading the pose builds nothing for a model never posed.
  const posed = editor.pose.shown === 'posed';
  return {
    model,
    sourceBytes: editor.sourceBytes,
    sourceResources: editor.sourceResources,
    locks: [...editor.locks],
    excluded: [...editor.excluded],
    selected: editor.selectedJoint,
    pose: posed ? editor.pose.toRecord() : {},
    named: editor.pose.exportPoses(),
    mirror: [...editor.surfaces.mirrorOverrides],
    vertices: selectedVertices(editor),
  };
}

function selectedVertices(editor: Editor): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (editor.selection.isEmpty) return out;
  for (const { primitive, vertex } of editor.selection.vertices()) {
    const list = out.get(primitive) ?? [];
    list.push(vertex);
    out.set(primitive, list);
  }
  return out;
}

/**
 * The state of `from` carried to `model` (made from it by edits that renumbered node ids with
 * `remap`: -1 for a removed joint). `selected` overrides the selection when given.
 */
export function carrySlot(
  from: SkeletonSlot,
  model: SkinnedModel,
  remap: (id: number) => number,
  selected?: number | null,
): SkeletonSlot {
  const nodes = model.document.getRoot().listNodes();
  const ids = (list: readonly number[]) => list.map(remap).filter((id) => id >= 0 && model.joints.has(id));
  const pose: Record<string, Quat> = {};
  for (const [id, q] of Object.entries(from.pose)) {
    const to = remap(Number(id));
    if (to >= 0) pose[String(to)] = q;
  }
  const named: Record<string, SerializedPose> = {};
  for (const [name, saved] of Object.entries(from.named)) {
    const joints = saved.joints.flatMap((j) => {
      const to = remap(j.id);
      return to >= 0 && nodes[to] ? [{ ...j, id: to, name: nodes[to].getName() || j.name }] : [];
    });
    named[name] = { ...saved, joints };
  }
  const kept = from.selected === null ? null : remap(from.selected);
  const mirror = from.mirror
    .map(([a, b]) => [remap(a), remap(b)] as const)
    .filter(([a, b]) => a >= 0 && b >= 0);
  return {
    model,
    sourceBytes: null,
    sourceResources: null,
    locks: ids(from.locks),
    excluded: ids(from.excluded),
    selected: selected !== undefined ? selected : kept !== null && kept >= 0 ? kept : null,
    pose,
    named,
    mirror,
    vertices: from.vertices,
  };
}

/** Makes `slot` the editor's: its model (a structure change, history kept) and its state. */
export function installSlot(editor: Editor, slot: SkeletonSlot): void {
  editor.installModel({
    model: slot.model,
    sourceBytes: slot.sourceBytes,
    sourceResources: slot.sourceResources,
    excluded: slot.excluded,
    fresh: false,
  });
  for (const id of slot.locks) editor.setLocked(id, true);
  for (const [a, b] of slot.mirror) editor.surfaces.overrideMirror(a, b);
  if (slot.selected !== null && slot.model.joints.has(slot.selected)) editor.selectJoint(slot.selected);
  if (Object.keys(slot.named).length) editor.pose.importPoses(slot.named);
  if (Object.keys(slot.pose).length) editor.pose.fromRecord(slot.pose);
  for (const [primitive, list] of slot.vertices) editor.selection.setVertices(primitive, list, 'add');
}
