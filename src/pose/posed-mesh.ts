/**
 * Posed positions of every skinned primitive: the surface the user sees, recomputed on the CPU
 * for picking, painting and the crease inspector.
 *
 * Space: skinning output, `v' = Σ_j w_j · M_j · B_j^-1 · v` with M_j the joints' world matrices
 * (non-joint ancestors included) — glTF world space, with the skinned mesh node's own transform
 * ignored as the spec says. It is also three.js' world space: GLTFLoader (r187) binds every
 * SkinnedMesh with an identity bindMatrix in attached mode, so the shader's
 * `bindMatrixInverse · Σ w · boneMatrix · bindMatrix · v` cancels against the mesh's own world
 * matrix and world = Σ w S_j v. In the bind pose it equals the stored POSITION, which is the space
 * the PaintSession's brush queries (and StrokeInput points) use: give strokes the world-space hit
 * point of the viewport's raycast. Meshes bound with another bindMatrix can pass it as
 * `bindMatrix`; it is applied to each vertex before skinning, as three.js does.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import {
  type DualQuaternionJoints,
  dualQuaternionJoints,
  skinDualQuaternion,
  toDualQuaternions,
} from './dual-quaternion.ts';
import { skinLinearBlend } from './linear-blend.ts';
import { matIsIdentity } from './matrix.ts';
import type { Pose } from './pose.ts';
import { PoseMatrices } from './pose-matrices.ts';
import { type Skeleton, skeletonOf } from './skeleton.ts';
import { multiplyInto } from './skinning.ts';

/** How vertices follow the joints. */
export type SkinningMode = 'linear' | 'dual-quaternion';

/** Options of {@link posePositions} and {@link PosedMesh}. */
export interface PosePositionsOptions {
  /** 'linear' (what glTF and export mean) or 'dual-quaternion' (preview only). */
  mode?: SkinningMode;
  /** Column-major 4×4 applied to each vertex before skinning (three.js' bindMatrix; identity). */
  bindMatrix?: ArrayLike<number> | null;
}

/** Defaults of {@link PosePositionsOptions}. */
export const POSE_POSITIONS_DEFAULTS: Required<PosePositionsOptions> = { mode: 'linear', bindMatrix: null };

/** Keeps posed positions of every skinned primitive, reusing its buffers from pose to pose. */
export class PosedMesh {
  readonly model: SkinnedModel;
  readonly skeleton: Skeleton;
  readonly matrices: PoseMatrices;
  /** Posed positions per primitive id (xyz per vertex), valid after {@link update}. */
  readonly positions: Float32Array[];
  mode: SkinningMode = 'linear';
  private readonly dq: DualQuaternionJoints[];
  private readonly bindMatrix: Float64Array | null;
  private readonly folded: Float64Array[];
  /** Per skin: the skinning matrices the positions were last computed with, and which changed. */
  private readonly previous: Float64Array[];
  private readonly changed: Uint8Array[];
  /** The mode the positions were last computed in (null: never). */
  private computedMode: SkinningMode | null = null;

  constructor(model: SkinnedModel, options: PosePositionsOptions = {}) {
    const { mode, bindMatrix } = { ...POSE_POSITIONS_DEFAULTS, ...options };
    this.model = model;
    this.skeleton = skeletonOf(model);
    this.matrices = new PoseMatrices(this.skeleton);
    this.positions = model.primitives.map((p) => p.positions.slice());
    this.mode = mode;
    this.dq = this.skeleton.skins.map((s) => dualQuaternionJoints(s.slots.length));
    this.bindMatrix = bindMatrix && !matIsIdentity(bindMatrix) ? Float64Array.from(bindMatrix) : null;
    this.folded = this.bindMatrix
      ? this.skeleton.skins.map((s) => new Float64Array(s.slots.length * 16))
      : [];
    this.previous = this.skeleton.skins.map((s) => new Float64Array(s.slots.length * 16));
    this.changed = this.skeleton.skins.map((s) => new Uint8Array(s.slots.length));
  }

  /**
   * Recomputes the matrices for `pose` and re-skins what moved: only vertices bound to a joint
   * whose skinning matrix changed since the last update (all of them after a mode change), so
   * dragging one slider re-skins one limb.
   */
  update(pose: Pose): this {
    this.updateMatrices(pose);
    const full = this.computedMode !== this.mode;
    this.computedMode = this.mode;
    const moved = this.skeleton.skins.map((_, k) => this.diff(k));
    for (const prim of this.model.primitives) {
      const k = prim.skins[0];
      if (full) this.skinRange(prim.id);
      else if (moved[k]) this.skinRange(prim.id, 0, prim.weights.vertexCount, this.changed[k]);
    }
    return this;
  }

  /** Recomputes the joint and skinning matrices only (call {@link skinRange} after). */
  updateMatrices(pose: Pose): void {
    this.matrices.update(pose);
    const skins = this.skeleton.skins.length;
    for (let k = 0; k < skins; k++) {
      const S = this.skinningOf(k);
      if (this.mode === 'dual-quaternion') toDualQuaternions(S, this.dq[k]);
    }
  }

  /**
   * Re-skins vertices [start, end) of primitive `primitive` with the current matrices (after a
   * weight change there; `only`: just the vertices on these skin joints). Does not allocate.
   */
  skinRange(
    primitive: number,
    start = 0,
    end = this.model.primitives[primitive].weights.vertexCount,
    only: Uint8Array | null = null,
  ): void {
    const prim = this.model.primitives[primitive];
    const k = prim.skins[0];
    const out = this.positions[primitive];
    const identity = this.bindMatrix ? null : this.matrices.identity[k];
    if (this.mode === 'dual-quaternion')
      skinDualQuaternion(prim.positions, prim.weights, this.dq[k], identity, out, start, end, only);
    else skinLinearBlend(prim.positions, prim.weights, this.skinningOf(k), identity, out, start, end, only);
  }

  /** Flags skin k's joints whose skinning matrix changed since the last update; true if any did. */
  private diff(k: number): boolean {
    const S = this.matrices.skinning[k];
    const prev = this.previous[k];
    const changed = this.changed[k];
    let any = false;
    for (let j = 0; j < changed.length; j++) {
      let same = true;
      for (let c = j * 16; c < j * 16 + 16 && same; c++) same = S[c] === prev[c];
      changed[j] = same ? 0 : 1;
      if (!same) {
        any = true;
        for (let c = j * 16; c < j * 16 + 16; c++) prev[c] = S[c];
      }
    }
    return any;
  }

  /** Skin k's matrices with the bind matrix folded in (S_j · bindMatrix), or as they are. */
  private skinningOf(k: number): Float64Array {
    const S = this.matrices.skinning[k];
    if (!this.bindMatrix) return S;
    const out = this.folded[k];
    for (let j = 0; j < S.length / 16; j++) multiplyInto(S, j * 16, this.bindMatrix, 0, out, j * 16);
    return out;
  }
}

/**
 * Posed positions of every skinned primitive (indexed by primitive id; xyz per vertex, in the
 * space described above) for `pose`. For repeated poses keep a {@link PosedMesh} instead: it
 * reuses its buffers.
 */
export function posePositions(
  model: SkinnedModel,
  pose: Pose,
  options: PosePositionsOptions = {},
): Float32Array[] {
  return new PosedMesh(model, options).update(pose).positions;
}
