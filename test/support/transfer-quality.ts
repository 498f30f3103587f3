/**
 * Yardsticks of weight transfer for `npm run bench:transfer` (not product code):
 * - {@link followQuality}: under poses, how well an offset garment keeps its distance to the body;
 * - {@link offsetShell}: a garment-like shell of a skinned primitive (pushed out along the welded
 *   normals of src/mesh, then simplified with meshoptimizer so its topology is new), with the body vertex
 *   each shell vertex came from, whose artist weights are the reference.
 */
import { MeshoptSimplifier } from 'meshoptimizer';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { weldedNormals } from '../../src/mesh/oriented-normals.ts';
import { Pose } from '../../src/pose/pose.ts';
import type { PosedMesh } from '../../src/pose/posed-mesh.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { SourceSurface } from '../../src/transfer/index.ts';

/** What {@link followQuality} measures, over poses × garment vertices. */
export interface FollowQuality {
  poses: number;
  /** Share of (pose, vertex) pairs whose distance to the posed body is within `tolerance` × offset of the offset. */
  within: number;
  /** The worst pose's share. */
  worstPose: number;
}

/**
 * Poses `posed` (whose model holds the body primitives and the garment `garment`) in each of
 * `poses` and measures the garment's distance to the posed body's surface against `offset`.
 */
export function followQuality(
  posed: PosedMesh,
  garment: number,
  offset: number,
  poses: readonly Pose[],
  tolerance = 0.1,
): FollowQuality {
  const model = posed.model;
  let within = 0;
  let total = 0;
  let worstPose = 1;
  for (const pose of poses) {
    const positions = posed.update(pose).positions;
    const parts = model.primitives
      .filter((p) => p.id !== garment)
      .map((p) => ({
        positions: positions[p.id],
        indices: p.indices,
        weights: new SkinWeights(p.weights.vertexCount, 4),
      }));
    const surface = new SourceSurface(parts);
    const g = positions[garment];
    const n = g.length / 3;
    let ok = 0;
    for (let v = 0; v < n; v++) {
      surface.closest(g[v * 3], g[v * 3 + 1], g[v * 3 + 2]);
      if (Math.abs(surface.distance - offset) <= tolerance * offset) ok++;
    }
    within += ok;
    total += n;
    worstPose = Math.min(worstPose, ok / n);
  }
  return { poses: poses.length, within: total > 0 ? within / total : 1, worstPose };
}

/**
 * Under each of `poses`, the share of garment vertices drawn within `tolerance` × `offset` of
 * where the reference garment (same garment, the weights it should have) is drawn, and the worst
 * pose's share: whether it follows the body as the body's own skinning allows.
 */
export function followAgainst(
  posed: PosedMesh,
  garment: number,
  reference: PosedMesh,
  referenceGarment: number,
  offset: number,
  poses: readonly Pose[],
  tolerance = 0.1,
): FollowQuality {
  let within = 0;
  let total = 0;
  let worstPose = 1;
  for (const pose of poses) {
    const a = posed.update(pose).positions[garment];
    const b = reference.update(pose).positions[referenceGarment];
    const n = a.length / 3;
    let ok = 0;
    for (let v = 0; v < n; v++) {
      const d = Math.hypot(a[v * 3] - b[v * 3], a[v * 3 + 1] - b[v * 3 + 1], a[v * 3 + 2] - b[v * 3 + 2]);
      if (d <= tolerance * offset) ok++;
    }
    within += ok;
    total += n;
    worstPose = Math.min(worstPose, ok / n);
  }
  return { poses: poses.length, within: total > 0 ? within / total : 1, worstPose };
}

/** A shell of one primitive, in the rest pose's world space. */
export interface OffsetShell {
  positions: Float32Array;
  indices: Uint32Array;
  /** Per shell vertex: the body vertex (of the primitive) it was made from. */
  origin: Uint32Array;
}

/**
 * Pushes `rest` (a primitive's rest-pose world positions) out by `offset` along its welded
 * normals, then simplifies to about `keep` of its triangles (meshoptimizer): a shell with its
 * own topology whose every vertex is one of the body's, moved out.
 */
export async function offsetShell(
  rest: Float32Array,
  indices: Uint32Array,
  offset: number,
  keep = 0.5,
): Promise<OffsetShell> {
  await MeshoptSimplifier.ready;
  // The mesh module's welded normals (seam copies agree, pieces oriented outward): no crack.
  const [normals] = weldedNormals([rest], [indices]);
  const pushed = new Float32Array(rest.length);
  for (let i = 0; i < rest.length; i++) pushed[i] = rest[i] + offset * normals[i];
  const target = Math.max(3, Math.floor((indices.length * keep) / 3) * 3);
  const [simplified] = MeshoptSimplifier.simplify(indices, pushed, 3, target, 0.02);
  const remap = new Map<number, number>();
  const origin: number[] = [];
  const out = new Uint32Array(simplified.length);
  for (let i = 0; i < simplified.length; i++) {
    const v = simplified[i];
    let r = remap.get(v);
    if (r === undefined) {
      r = origin.length;
      remap.set(v, r);
      origin.push(v);
    }
    out[i] = r;
  }
  const positions = new Float32Array(origin.length * 3);
  for (let i = 0; i < origin.length; i++) {
    positions.set(pushed.subarray(origin[i] * 3, origin[i] * 3 + 3), i * 3);
  }
  return { positions, indices: out, origin: Uint32Array.from(origin) };
}

/** Rest-pose world positions of every skinned primitive of `model` (what the viewport draws at rest). */
export function restPositions(posed: PosedMesh): Float32Array[] {
  return posed.update(new Pose(posed.skeleton.size, 'rest')).positions.map((p) => p.slice());
}

/**
 * The reference weights of a shell: each vertex the artist weights of its origin, moved from
 * the body primitive's skin (`from`: joint node ids) to the shell's (`to`). Joints the shell's
 * skin lacks are dropped (then renormalised).
 */
export function originWeights(
  body: SkinWeights,
  origin: Uint32Array,
  from: readonly number[],
  to: readonly number[],
): SkinWeights {
  const K = body.influences;
  const index = new Map(to.map((id, i) => [id, i]));
  const out = new SkinWeights(origin.length, K);
  origin.forEach((o, v) => {
    let sum = 0;
    for (let i = 0; i < K; i++) {
      const j = index.get(from[body.joints[o * K + i]]);
      const w = body.weights[o * K + i];
      if (j === undefined || !(w > 0)) continue;
      out.joints[v * K + i] = j;
      out.weights[v * K + i] = w;
      sum += w;
    }
    for (let i = 0; i < K && sum > 0; i++) out.weights[v * K + i] /= sum;
  });
  return out;
}

export type { SkinnedModel };
