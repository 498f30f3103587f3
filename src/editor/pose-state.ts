/**
 * PoseState: what posing keeps per loaded model — skeleton, the current pose, its matrices, the
 * posed mesh, the paint surfaces that follow it, named poses and caches — and how it follows
 * a pose or weight change. Owned by PoseSession; rebuilt when the model changes.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { AnimationClip } from '../pose/animation.ts';
import type { Humanoid } from '../pose/humanoid.ts';
import { Pose, type SerializedPose } from '../pose/pose.ts';
import type { PoseMatrices } from '../pose/pose-matrices.ts';
import type { PosedMesh, SkinningMode } from '../pose/posed-mesh.ts';
import type { Skeleton } from '../pose/skeleton.ts';
import type { EditorEvents } from './editor.ts';
import type { PaintSession } from './painting.ts';
import { PoseSurfaces } from './pose-surfaces.ts';

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
  /** True while the mesh is exactly the stored one (bind pose, linear blend). */
  atBind = true;

  constructor(
    readonly model: SkinnedModel,
    readonly paint: PaintSession,
    readonly mesh: PosedMesh,
  ) {
    this.skeleton = mesh.skeleton;
    this.matrices = mesh.matrices;
    this.pose = new Pose(this.skeleton.size);
    this.surfaces = new PoseSurfaces(model, paint, mesh);
  }

  /** Re-skins the mesh for the current pose and mode, and moves the paint surfaces onto it. */
  update(mode: SkinningMode): void {
    const wasAtBind = this.atBind;
    this.atBind = this.pose.basis === 'bind' && this.pose.isBase();
    this.mesh.mode = mode;
    this.mesh.update(this.pose);
    this.surfaces.version++;
    // In the bind pose the surfaces go back to the stored positions exactly (and a model never
    // posed never builds its surfaces here).
    if (!(this.atBind && wasAtBind)) this.surfaces.sync(this.atBind);
  }

  /** Painted weights move posed vertices: re-skin those ranges, and the surfaces when no stroke runs. */
  weightsChanged(ranges: EditorEvents['weights']): void {
    if (this.atBind) return;
    for (const r of ranges) this.mesh.skinRange(r.primitive, r.start, r.end);
    this.surfaces.version++;
    this.surfaces.sync(false);
  }

  /** A stroke ended (or was cancelled): the surfaces catch up with its weights. */
  strokeDone(): void {
    if (!this.paint.painting) this.surfaces.flush(this.atBind);
  }
}
