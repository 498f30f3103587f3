/**
 * runAutobind: auto-bind for the Editor's current model, as a cancellable job.
 *
 * The model is split into bind groups (skins over the same joints bind together, so the voxel
 * solid sees the whole character: model-input.ts); each group runs through an
 * {@link AutobindRunner} (a Web Worker in the browser, in-process in Node), one after another.
 * Nothing touches the model's weights until every group is done: Cancel (or a failure, or a
 * new model loaded meanwhile) leaves them exactly as they were. On success every primitive's
 * new weights are written in place under one PatchRecorder, so the whole bind is ONE undo step
 * (the same patches painting records), and 'weights' is emitted for every primitive.
 *
 * Joints: every joint, or only `joints` (a region rebind: those joints share out the weight
 * they hold; the others keep theirs). Locked joints always keep their weights; joints the
 * editor marks excluded get no bone (their weight goes to the others, as for a root or an IK
 * target). Joint positions come from the inverse bind matrices (the bind pose), never the pose.
 */
import { type AutobindInput, type AutobindResult, type AutobindStats, autobind } from '../bind/autobind.ts';
import type { AutobindWireOptions } from '../bind/autobind-protocol.ts';
import type { BindReportItem } from '../bind/bind-report.ts';
import { bindGroupsOfModel, type ModelBindGroup, remapJoints } from '../bind/model-input.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { PatchRecorder } from '../history/patch-recorder.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { type BindFinding, modelFindings } from './bind-findings.ts';
import type { Editor } from './editor.ts';

/** What an auto-bind job reads and writes of the editor. */
type BindContext = Pick<
  Editor,
  | 'commitStep'
  | 'excluded'
  | 'locks'
  | 'model'
  | 'requireModel'
  | 'resolveJoint'
  | 'editWeights'
  | 'history'
  | 'layers'
  | 'paintSessionEnd'
>;

/** Runs one bind (the AutobindClient's `run` has this shape); `existing` is for rebinds. */
export type AutobindRunner = (
  input: AutobindInput,
  options: AutobindWireOptions,
  onProgress: ((fraction: number) => void) | null,
  existing: readonly SkinWeights[] | null,
) => { promise: Promise<AutobindResult>; cancel(): void };

/** The Editor's auto-bind options (the UI's panel, `window.skinsmith.autobind`). */
export interface EditorAutobindOptions {
  method?: 'voxel' | 'closest';
  /** Voxels along the longest axis (voxel method). */
  resolution?: number;
  /** 'heat' (default) or 'falloff' (distance^−falloff). */
  weighting?: 'heat' | 'falloff';
  falloff?: number;
  /** Extra smoothing iterations over the surface. */
  smoothing?: number;
  /** At most this many influences per vertex (capped at the model's 4 or 8 slots). */
  maxInfluences?: 4 | 8;
  /** 'all' (default), or the joints (ids or names) to rebind, the rest keeping their weights. */
  joints?: 'all' | readonly (number | string)[];
  /**
   * Where the weights go: the active weight layer (default), or a new layer above it ('new'),
   * so the bind can be faded, masked or hidden against what was there; one undo step either way.
   */
  layer?: 'active' | 'new';
  /** Bind end joints too (HeadTop_End, finger tips: AutobindOptions.bindEndJoints). */
  bindEndJoints?: boolean;
  /** Props held in the hands bind wholly to one bone (AutobindOptions.rigidProps). */
  rigidProps?: boolean;
  /** Progress over the whole job, in [0, 1]. */
  onProgress?: (fraction: number) => void;
}

/** What a finished auto-bind did. */
export interface EditorAutobindStats {
  /** Wall-clock milliseconds from start to applied. */
  ms: number;
  vertices: number;
  /** Vertices whose weights changed (what the undo step holds). */
  changedVertices: number;
  /** Bones bound, over all groups. */
  bones: number;
  /** Joint ids left out as outside the mesh. */
  outsideJoints: number[];
  /** Vertices bound by straight-line distance (not reached through the solid). */
  fallbackVertices: number;
  /** Influences per vertex used. */
  maxInfluences: number;
  /** Per bind group, as auto-bind reported it. */
  groups: AutobindStats[];
  /** What looks wrong in the new weights (empty: nothing does). */
  findings: BindFinding[];
}

/** A running auto-bind. */
export interface EditorAutobindJob {
  /** Resolves once the weights are applied; rejects with an AbortError when cancelled. */
  promise: Promise<EditorAutobindStats>;
  /** Stops the job; the weights stay exactly as they were. */
  cancel(): void;
}

/** Runs auto-bind in this thread, on the next tick (Node, tests). Cancel works before it starts. */
export const inProcessRunner: AutobindRunner = (input, options, onProgress, existing) => {
  let aborted = false;
  const signal = {
    get aborted() {
      return aborted;
    },
  };
  const promise = new Promise((r) => setTimeout(r, 0)).then(() =>
    autobind(input, { ...options, existing, signal, onProgress }),
  );
  return { promise, cancel: () => void (aborted = true) };
};

/** An AbortError, as auto-bind throws one. */
function aborted(): Error {
  const e = new Error('Auto-bind was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** One group's request: its input with exclusions, and (rebinds) existing weights and locks. */
function groupRequest(editor: BindContext, group: ModelBindGroup, selected: Set<number> | null) {
  const input: AutobindInput = {
    ...group.input,
    // Left out: what the user excluded, and joints of another branch (bindGroupsOfModel).
    joints: group.input.joints.map((j, i) => ({
      ...j,
      excluded: j.excluded === true || editor.excluded.has(group.jointIds[i]),
    })),
  };
  const locked = Uint8Array.from(group.jointIds, (id) => (editor.locks.has(id) ? 1 : 0));
  // Locks turn a full bind into a rebind of every joint: only a rebind keeps locked weights.
  const rebind = selected !== null || locked.some((l) => l > 0);
  const onlyJoints = rebind
    ? group.jointIds.flatMap((id, i) => (!selected || selected.has(id) ? [i] : []))
    : null;
  // Existing weights in the group's joint order (each skin is a permutation of it).
  const existing = rebind
    ? group.primitives.map((p, k) => {
        const inverse = new Int32Array(group.jointIds.length);
        group.jointMaps[k].forEach((skinIndex, i) => {
          if (skinIndex >= 0) inverse[skinIndex] = i;
        });
        return remapJoints(editor.editWeights(p), inverse);
      })
    : null;
  return { input, locked, onlyJoints, existing };
}

/** `sw` with K slots per vertex (wider: zero-padded; the result never has more than K). */
function widen(sw: SkinWeights, K: number): SkinWeights {
  if (sw.influences === K) return sw;
  const out = new SkinWeights(sw.vertexCount, K);
  const k = sw.influences;
  for (let v = 0; v < sw.vertexCount; v++) {
    out.joints.set(sw.joints.subarray(v * k, v * k + k), v * K);
    out.weights.set(sw.weights.subarray(v * k, v * k + k), v * K);
  }
  return out;
}

/** See the module comment. */
export function runAutobind(
  editor: BindContext,
  runner: AutobindRunner,
  options: EditorAutobindOptions = {},
): EditorAutobindJob {
  const t0 = performance.now();
  const model = editor.requireModel();
  const slots = model.primitives[0]?.weights.influences ?? 4;
  const selected =
    options.joints && options.joints !== 'all'
      ? new Set(options.joints.map((j) => editor.resolveJoint(j)))
      : null;
  if (selected && selected.size === 0) throw new RangeError('Select at least one joint to rebind.');
  const groups = bindGroupsOfModel(model);
  const sizes = groups.map((g) => g.input.primitives.reduce((n, p) => n + p.positions.length / 3, 0));
  const total = sizes.reduce((a, b) => a + b, 0) || 1;
  let current: { cancel(): void } | null = null;
  let cancelled = false;

  const run = async (): Promise<EditorAutobindStats> => {
    const results = new Map<number, SkinWeights>();
    const groupStats: AutobindStats[] = [];
    const reports: BindReportItem[][] = [];
    const weightsOf: SkinWeights[][] = [];
    let done = 0;
    for (const [g, group] of groups.entries()) {
      const req = groupRequest(editor, group, selected);
      // A rebind merges into the existing K slots; a fresh bind may use fewer than the model holds.
      const K = req.onlyJoints ? slots : Math.min(options.maxInfluences ?? 4, slots);
      const wire: AutobindWireOptions = {
        method: options.method,
        resolution: options.resolution,
        weighting: options.weighting,
        falloff: options.falloff,
        smoothing: options.smoothing,
        bindEndJoints: options.bindEndJoints,
        rigidProps: options.rigidProps,
        maxInfluences: K as 4 | 8,
        onlyJoints: req.onlyJoints,
        locked: req.onlyJoints ? req.locked : null,
      };
      if (cancelled) throw aborted();
      const job = runner(
        req.input,
        wire,
        (f) => options.onProgress?.((done + f * sizes[g]) / total),
        req.existing,
      );
      current = job;
      const result = await job.promise;
      current = null;
      if (cancelled) throw aborted();
      done += sizes[g];
      groupStats.push(result.stats);
      reports.push(result.report);
      weightsOf.push(result.weights);
      group.primitives.forEach((p, k) => {
        results.set(p, widen(remapJoints(result.weights[k], group.jointMaps[k]), slots));
      });
    }
    if (editor.model !== model) throw aborted();
    const findings = modelFindings(model, groups, reports, weightsOf);
    let changedVertices: number;
    if (options.layer === 'new') {
      // The new layer and the weights in it: one step.
      const mark = editor.history.mark();
      editor.layers.add(selected ? 'Auto-bind (branch)' : 'Auto-bind');
      changedVertices = apply(editor, model, results);
      editor.history.squashToMark(mark, 'Auto-bind into a new layer');
    } else changedVertices = apply(editor, model, results);
    const jointIds = groups.flatMap((g) => g.jointIds);
    return {
      ms: performance.now() - t0,
      vertices: groupStats.reduce((n, s) => n + s.vertices, 0),
      changedVertices,
      bones: groupStats.reduce((n, s) => n + s.bones, 0),
      outsideJoints: [
        ...new Set(groups.flatMap((g, i) => groupStats[i].outsideJoints.map((j) => g.jointIds[j]))),
      ],
      fallbackVertices: groupStats.reduce((n, s) => n + s.fallbackVertices, 0),
      maxInfluences: selected ? slots : Math.min(options.maxInfluences ?? 4, slots),
      groups: groupStats.map((s) => ({ ...s, outsideJoints: s.outsideJoints.map((j) => jointIds[j] ?? j) })),
      findings,
    };
  };

  return {
    promise: run(),
    cancel: () => {
      cancelled = true;
      current?.cancel();
    },
  };
}

/**
 * Writes the new weights into the model's own arrays under one PatchRecorder: one undo step
 * with only the vertices that changed. Returns how many changed.
 */
function apply(editor: BindContext, model: SkinnedModel, results: Map<number, SkinWeights>): number {
  const prims = model.primitives;
  const vertexOffset = new Uint32Array(prims.length + 1);
  prims.forEach((p, i) => {
    vertexOffset[i + 1] = vertexOffset[i] + p.weights.vertexCount;
  });
  const vertexPart = new Uint16Array(vertexOffset[prims.length]);
  prims.forEach((_, i) => {
    vertexPart.fill(i, vertexOffset[i], vertexOffset[i + 1]);
  });
  // A stroke still open when the bind ends is finished first (its vertices go into its layer).
  editor.paintSessionEnd();
  editor.layers.stack.flush();
  // The active layer's edit buffers: auto-bind into a layer is a layer of auto-bind's weights.
  const edits = prims.map((p) => editor.editWeights(p.id));
  const recorder = new PatchRecorder({
    primitives: prims.map((p) => p.id),
    weights: edits,
    vertexOffset,
    vertexPart,
  });
  recorder.begin();
  recorder.reserve(vertexPart.length);
  prims.forEach((prim, p) => {
    const next = results.get(p);
    if (!next) return;
    for (let v = 0; v < prim.weights.vertexCount; v++) recorder.capture(vertexOffset[p] + v, p, v);
    edits[p].joints.set(next.joints);
    edits[p].weights.set(next.weights);
  });
  const patches = recorder.finish();
  editor.commitStep(
    'Auto-bind',
    patches,
    prims.map((p) => ({ primitive: p.id, start: 0, end: p.weights.vertexCount })),
  );
  return patches.reduce((n, patch) => n + patch.vertices.length, 0);
}
