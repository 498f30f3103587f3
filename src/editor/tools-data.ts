/**
 * What the editor's tools need beyond src/tools: each skin's ToolTarget (built on the painter's
 * surface and nearest-bone fallback), the clipboard of copied weights (by joint id, so it pastes
 * across skins), each skin's joint mirror pairs, which side is the character's left, and a
 * joint's parent within a skin.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { PatchRecorder } from '../history/patch-recorder.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { leftSideSign } from '../tools/mirror-side.ts';
import type { ToolTarget } from '../tools/tool-target.ts';
import type { PaintTarget, PaintTargets } from './paint-targets.ts';
import type { SessionContext } from './session-context.ts';

/** One copied influence: joint id (node index), its name and weight. */
export interface CopiedInfluence {
  joint: number;
  name: string;
  weight: number;
}

/** What `editor.tools.copy` took. */
export interface CopiedWeights {
  /** Vertices copied. */
  count: number;
  /** The first copied vertex's influences, strongest first. */
  first: CopiedInfluence[];
  /** The average over all copied vertices, strongest first (every joint any of them has). */
  average: CopiedInfluence[];
}

/** Copies the influences of `list` (at least one vertex). */
export function copyWeights(
  model: SkinnedModel,
  list: readonly { primitive: number; vertex: number }[],
): CopiedWeights {
  const sums = new Map<number, number>();
  let first: CopiedInfluence[] = [];
  list.forEach(({ primitive, vertex }, k) => {
    const prim = model.primitives[primitive];
    const skinJoints = model.skins[prim.skins[0]].joints;
    const { joints, weights, influences: K } = prim.weights;
    if (k === 0) {
      first = prim.weights.influencesOf(vertex).map(({ joint, weight }) => ({
        joint: skinJoints[joint],
        name: model.joints.get(skinJoints[joint])?.name ?? `joint ${skinJoints[joint]}`,
        weight,
      }));
    }
    // Straight from the slots: a large selection is copied without an object per influence.
    for (let i = 0; i < K; i++) {
      const w = weights[vertex * K + i];
      const id = skinJoints[joints[vertex * K + i]];
      if (w > 0) sums.set(id, (sums.get(id) ?? 0) + w);
    }
  });
  const average = [...sums]
    .map(([joint, sum]) => ({
      joint,
      name: model.joints.get(joint)?.name ?? `joint ${joint}`,
      weight: sum / list.length,
    }))
    .sort((a, b) => b.weight - a.weight || a.joint - b.joint);
  return { count: list.length, first, average };
}

/** Mirror of each skin joint of `target` (skin joint indices), from the mirror brush's pairs. */
export function jointMirrorOf(targets: PaintTargets, target: PaintTarget, axis: MirrorAxis): Int32Array {
  const joints = targets.model.skins[target.skin].joints;
  return Int32Array.from(joints, (id, j) => target.jointIndex.get(targets.mirrorJoint(id, axis)) ?? j);
}

/** +1 when the character's left is on the +axis side (from joint names), else -1. */
export function leftSignOf(model: SkinnedModel, axis: MirrorAxis): 1 | -1 {
  return leftSideSign(
    [...model.joints.values()].map((j) => ({ name: j.name, position: j.restPosition })),
    axis,
  );
}

/** The nearest ancestor of joint `id` that is in the target's skin, or null. */
export function parentInSkin(model: SkinnedModel, target: PaintTarget, id: number): number | null {
  let p = model.joints.get(id)?.parent ?? -1;
  while (p >= 0 && !target.jointIndex.has(p)) p = model.joints.get(p)?.parent ?? -1;
  return p >= 0 ? p : null;
}

/** The paint target of every skin of the loaded model (built on first use). */
export function skinTargets(editor: Pick<SessionContext, 'requireModel' | 'surfaces'>): PaintTarget[] {
  const model = editor.requireModel();
  return [...new Set(model.primitives.map((p) => p.skins[0]))].map((s) => editor.surfaces.forSkin(s));
}

/**
 * The ToolTarget of one skin: its surface and current weights, the locks, `nodes` (null: all),
 * a begun recorder, and the painter's nearest-bone fallback (so tools and brushes send orphaned
 * weight to the same joint).
 */
export function skinToolTarget(
  model: SkinnedModel,
  target: PaintTarget,
  locked: Uint8Array | null,
  nodes: Uint8Array | null,
): ToolTarget {
  const { surface } = target;
  // The painter's weights: the active layer's edit buffers (the model's own without layers).
  const weights = target.painter.weights;
  const recorder = new PatchRecorder({
    primitives: surface.parts.map((p) => p.primitive),
    weights,
    vertexOffset: surface.vertexOffset,
    vertexPart: surface.vertexPart,
  });
  recorder.begin();
  const bones = target.painter.writer.bones;
  return {
    surface,
    weights,
    jointCount: model.skins[target.skin].joints.length,
    locked,
    nodes,
    recorder,
    fallback: (p) => {
      bones.positions = surface.parts[p].positions;
      bones.locked = locked;
      return bones.fn;
    },
  };
}
