/**
 * PoseState: what posing keeps per loaded model — skeleton, the current pose, its matrices, the
 * posed mesh, the paint surfaces that follow it, named poses and caches — and how it follows
 * a pose or weight change. Owned by PoseSession; rebuilt when the model changes.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { AnimationClip } from '../pose/animation.ts';
import type { Humanoid } from '../pose/humanoid.ts';
import { MIRROR_POSE_DEFAULTS, type MirrorPoseMode, mirrorPose } from '../pose/mirror-pose.ts';
import { Pose, type SerializedPose } from '../pose/pose.ts';
import type { PoseMatrices } from '../pose/pose-matrices.ts';
import type { PosedMesh, SkinningMode } from '../pose/posed-mesh.ts';
import { quatFromEulerDegrees, quatToEulerDegrees, wrapDegrees } from '../pose/quaternion.ts';
import type { Skeleton } from '../pose/skeleton.ts';
import type { EditorEvents } from './editor.ts';
import type { PaintTargets } from './paint-targets.ts';
import { PoseSurfaces, type SurfaceContext } from './pose-surfaces.ts';

/** Every skeleton node's transform under the pose, slot by slot (parents first). */
export interface NodeTransforms {
  /** Document node index of each slot (= joint id for joints). */
  nodeIds: Int32Array;
  /** Local TRS, 10 per node: t xyz, q xyzw, s xyz (three.js position, quaternion, scale). */
  trs: Float64Array;
  /** Local and world matrices, 16 per node, column-major (world = the joints' M_j). */
  local: Float64Array;
  world: Float64Array;
}

export class PoseState {
  readonly skeleton: Skeleton;
  readonly pose: Pose;
  readonly matrices: PoseMatrices;
  readonly surfaces: PoseSurfaces;
  readonly named = new Map<string, SerializedPose>();
  /** Euler angles last set per slot, so sliders read back what they set. */
  readonly euler = new Map<number, [number, number, number]>();
  clips: AnimationClip[] | null = null;
  humanoid: Humanoid | null = null;
  /** True while the file's rest pose is shown (rest basis, nothing posed): what engines draw. */
  atRest = true;
  /**
   * True while every skinning matrix is exactly I: the mesh is `POSITION` as stored, and weight
   * changes move no vertex (the bind pose, or a rest pose that is the bind pose).
   */
  still = true;

  constructor(
    readonly model: SkinnedModel,
    readonly paint: SurfaceContext,
    readonly mesh: PosedMesh,
  ) {
    this.skeleton = mesh.skeleton;
    this.matrices = mesh.matrices;
    this.pose = new Pose(this.skeleton.size, 'rest');
    // The mesh and matrices hold the rest pose from the start: positions() and nodeTransforms()
    // (selection, the gizmo, scripts) may be read before the first pose change.
    this.mesh.update(this.pose);
    this.still = allIdentity(this.matrices);
    this.surfaces = new PoseSurfaces(model, paint, mesh);
  }

  /** Sets slot s's offset from Euler degrees (three.js 'XYZ'), wrapped to −180…180, kept for read-back. */
  setEuler(s: number, degrees: readonly [number, number, number]): void {
    const e = degrees.map((d) => wrapDegrees(d)) as [number, number, number];
    quatFromEulerDegrees(e[0], e[1], e[2], this.pose.rotations, s * 4);
    this.euler.set(s, e);
  }

  /** Slot s's offset as Euler degrees: the ones last set while they still give its rotation. */
  eulerOf(s: number): [number, number, number] {
    const kept = this.euler.get(s);
    const q = this.pose.rotations;
    if (kept) {
      quatFromEulerDegrees(kept[0], kept[1], kept[2], _q);
      const dot = _q[0] * q[s * 4] + _q[1] * q[s * 4 + 1] + _q[2] * q[s * 4 + 2] + _q[3] * q[s * 4 + 3];
      if (Math.abs(dot) > 1 - 1e-12) return [...kept];
    }
    const out: [number, number, number] = [0, 0, 0];
    quatToEulerDegrees(q, s * 4, out);
    return out;
  }

  /** The pose's node transforms for the viewport (TRS copied; matrices are live views). */
  nodeTransforms(): NodeTransforms {
    const trs = new Float64Array(this.skeleton.size * 10);
    for (let s = 0; s < this.skeleton.size; s++) this.matrices.trsOf(this.pose, s, trs, s * 10);
    return { nodeIds: this.skeleton.nodeIds, trs, local: this.matrices.local, world: this.matrices.world };
  }

  /** Re-skins the mesh for the current pose and mode, and moves the paint surfaces onto it. */
  update(mode: SkinningMode): void {
    const wasStill = this.still;
    this.atRest = this.pose.basis === 'rest' && this.pose.isBase();
    this.mesh.mode = mode;
    this.mesh.update(this.pose);
    this.still = allIdentity(this.matrices);
    this.surfaces.version++;
    // Still before and after: the surfaces hold the stored positions already (and a model never
    // posed never builds its surfaces here).
    if (!(this.still && wasStill)) this.surfaces.sync();
  }

  /**
   * Weights move skinned vertices whenever a skinning matrix is not I (posed, or a rest pose
   * that is not the bind pose): re-skin those ranges, and the surfaces when no stroke runs.
   */
  weightsChanged(ranges: EditorEvents['weights']): void {
    if (this.still) return;
    for (const r of ranges) this.mesh.skinRange(r.primitive, r.start, r.end);
    this.surfaces.version++;
    this.surfaces.sync();
  }

  /**
   * Mirrors the pose across x = 0 with the paint tool's joint pairs (names, positions, the user's
   * overrides). 'selected' copies the side of joint `selected` to the other, or flips the whole
   * pose ('swap') when it is on the plane or null. Returns the joint ids it set.
   */
  mirror(mode: MirrorPoseMode | 'selected', selected: number | null, targets: PaintTargets): number[] {
    const sk = this.skeleton;
    let m: MirrorPoseMode = mode === 'selected' ? 'swap' : mode;
    const s = selected === null ? -1 : sk.slotOf(selected);
    if (mode === 'selected' && s >= 0) {
      const x = sk.base(this.pose.basis).world[s * 16 + 12];
      if (Math.abs(x) > MIRROR_POSE_DEFAULTS.tolerance)
        m = x > 0 ? 'positive-to-negative' : 'negative-to-positive';
    }
    const partner = new Int32Array(sk.size).fill(-1);
    for (let k = 0; k < sk.size; k++)
      if (sk.isJoint[k]) partner[k] = sk.slotOf(targets.mirrorJoint(sk.nodeIds[k], 'x'));
    return mirrorPose(sk, this.pose, partner, { mode: m }).map((k) => sk.nodeIds[k]);
  }

  /** A stroke ended (or was cancelled): the surfaces catch up with its weights. */
  strokeDone(): void {
    if (!this.paint.painting) this.surfaces.flush();
  }
}

const _q = new Float64Array(4);

/** True when every skin's skinning matrices are all exactly the identity. */
function allIdentity(matrices: PoseMatrices): boolean {
  return matrices.identity.every((flags) => flags.every((f) => f === 1));
}
