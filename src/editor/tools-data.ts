/**
 * What the editor's tools need beyond src/tools: each body's ToolTarget (every skin of one
 * skeleton, welded where parts touch: built on the brushes' surface, joint numbering and
 * nearest-bone fallbacks), the clipboard of copied weights (by joint id, so it pastes across
 * skins), each body's joint mirror pairs, which side is the character's left, and a joint's
 * parent within a body.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { PatchRecorder } from '../history/patch-recorder.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { leftSideSign } from '../tools/mirror-side.ts';
import { partLocked } from '../tools/part-joints.ts';
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

/** Mirror of each joint of `target` (its joint indices), from the mirror brush's pairs. */
export function jointMirrorOf(targets: PaintTargets, target: PaintTarget, axis: MirrorAxis): Int32Array {
  return Int32Array.from(target.joints, (id, j) => target.jointIndex.get(targets.mirrorJoint(id, axis)) ?? j);
}

/** +1 when the character's left is on the +axis side (from joint names), else -1. */
export function leftSignOf(model: SkinnedModel, axis: MirrorAxis): 1 | -1 {
  return leftSideSign(
    [...model.joints.values()].map((j) => ({ name: j.name, position: j.restPosition })),
    axis,
  );
}

/** The nearest ancestor of joint `id` that is in the target's joints (a skin's, or a body's), or null. */
export function parentInSkin(model: SkinnedModel, target: PaintTarget, id: number): number | null {
  let p = model.joints.get(id)?.parent ?? -1;
  while (p >= 0 && !target.jointIndex.has(p)) p = model.joints.get(p)?.parent ?? -1;
  return p >= 0 ? p : null;
}

/** The body of every skeleton of the loaded model (built on first use): each skinned primitive is in one. */
export function bodyTargets(editor: Pick<SessionContext, 'requireModel' | 'surfaces'>): PaintTarget[] {
  editor.requireModel();
  return editor.surfaces.allBodies();
}

/**
 * The ToolTarget of a paint target (a body: the tools treat a hem between parts as a seam): its
 * surface and current weights, how its parts number their joints, the locks (by its joints),
 * `nodes` (null: all), a begun recorder, and the painter's nearest-bone fallbacks (so tools and
 * brushes send orphaned weight to the same joint, each part's in its own skin's numbering).
 */
export function toolTargetOf(
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
  const skins = target.partSkins;
  const tool: ToolTarget = {
    surface,
    weights,
    jointCount: target.joints.length,
    skins,
    locked,
    nodes,
    recorder,
    fallback: (p) => {
      const bones = skins ? skins.bones[p] : target.painter.writer.bones;
      bones.positions = surface.parts[p].positions;
      bones.locked = partLocked(tool, p);
      return bones.fn;
    },
  };
  return tool;
}
