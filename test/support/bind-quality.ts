/**
 * measureBindQuality (the yardstick of `npm run bench:bind` and the quality tests, not product
 * code): how far auto-bind's weights are from an artist's: (a) the mean over vertices of Σ_j |w_artist − w_ours| / 2; (b) the distance
 * between the two linear-blend deformations over the file's animations (10 evenly spaced
 * times per clip, ends included; a file with no animation bends each joint in turn by ±45°
 * about each local axis), mean and max, as a percentage of the bounding-box diagonal of the
 * skinned mesh in the file's rest pose; (c) vertices left without weights; (d) the same error
 * per artist region (the vertices the artist bound to one joint with weight ≥ 0.9), under the
 * clips and a sweep of that joint (±45° about each local axis), so a misbound head, hand or foot
 * stands out where the mean over the whole mesh hides it.
 */
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { skinningMatrices, skinPositions } from '../../src/pose/skinning.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { NodePoser } from './node-poser.ts';

/** The metrics of {@link measureBindQuality}. */
export interface BindQuality {
  vertices: number;
  /** Mean per-vertex L1 distance / 2 (0 identical, 1 disjoint). */
  weightL1: number;
  /** Mean and max vertex distance between the deformations, % of the bbox diagonal. */
  deformMean: number;
  deformMax: number;
  /** Vertices whose weights sum to 0 (or are not finite). */
  unweighted: number;
  poses: number;
  /** Per artist region, worst first: the joint (node id, name), its vertices and mean error %. */
  regions: RegionError[];
}

/** Deformation error over one artist region (see {@link measureBindQuality}). */
export interface RegionError {
  joint: number;
  name: string;
  vertices: number;
  /** Mean vertex distance between the deformations, % of the bbox diagonal. */
  mean: number;
  /** Fraction of the region whose strongest joint in the compared weights is another joint (misbound). */
  elsewhere: number;
}

/** An artist region: the vertices a joint holds with at least this weight. */
export const REGION_WEIGHT = 0.9;
/** Regions of fewer vertices are not reported (a few stray vertices are no region). */
export const REGION_MIN_VERTICES = 10;

/** Options of {@link measureBindQuality}. */
export interface BindQualityOptions {
  samplesPerClip?: number;
}

/** Defaults of {@link BindQualityOptions}. */
export const BIND_QUALITY_DEFAULTS: Required<BindQualityOptions> = { samplesPerClip: 10 };

/** Weight of joint j at vertex v (0 when absent). */
function weightAt(sw: SkinWeights, v: number, j: number): number {
  return sw.weightOf(v, j);
}

/** Mean per-vertex Σ|Δw|/2 between two weight sets over the same skin. */
export function weightDistance(a: SkinWeights, b: SkinWeights): number {
  let total = 0;
  for (let v = 0; v < a.vertexCount; v++) {
    let d = 0;
    for (let i = v * a.influences; i < (v + 1) * a.influences; i++) {
      if (a.weights[i] > 0) d += Math.abs(a.weights[i] - weightAt(b, v, a.joints[i]));
    }
    for (let i = v * b.influences; i < (v + 1) * b.influences; i++) {
      if (b.weights[i] > 0 && !(weightAt(a, v, b.joints[i]) > 0)) d += b.weights[i];
    }
    total += d / 2;
  }
  return a.vertexCount > 0 ? total / a.vertexCount : 0;
}

/**
 * Compares `ours` (one SkinWeights per `model.primitives` entry, in that primitive's skin joint
 * indices) with the model's own weights.
 */
export function measureBindQuality(
  model: SkinnedModel,
  ours: readonly SkinWeights[],
  options: BindQualityOptions = BIND_QUALITY_DEFAULTS,
): BindQuality {
  const samples = Math.max(2, options.samplesPerClip ?? BIND_QUALITY_DEFAULTS.samplesPerClip);
  const poser = new NodePoser(model.document);
  const poses: Float64Array[] = [];
  if (poser.clips.length > 0) {
    poser.clips.forEach((clip, c) => {
      for (let k = 0; k < samples; k++)
        poses.push(poser.pose(c, clip.start + ((clip.end - clip.start) * k) / (samples - 1)));
    });
  } else {
    const joints = new Set(model.skins.flatMap((s) => s.joints));
    for (const j of joints)
      for (let axis = 0; axis < 3; axis++)
        for (const a of [-1, 1]) poses.push(poser.bend(j, axis, (a * Math.PI) / 4));
  }
  const rest = poser.pose(-1, 0);
  let vertices = 0;
  let l1 = 0;
  let unweighted = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const jointWorld = (world: Float64Array, joints: number[]) => {
    const out = new Float64Array(joints.length * 16);
    joints.forEach((id, j) => {
      out.set(world.subarray(id * 16, id * 16 + 16), j * 16);
    });
    return out;
  };
  model.primitives.forEach((prim, p) => {
    const skin = model.skins[prim.skins[0]];
    const restSkinned = skinPositions(
      prim.positions,
      prim.weights,
      skinningMatrices(jointWorld(rest, skin.joints), skin.inverseBindMatrices),
    );
    for (let i = 0; i < restSkinned.length; i++) {
      min[i % 3] = Math.min(min[i % 3], restSkinned[i]);
      max[i % 3] = Math.max(max[i % 3], restSkinned[i]);
    }
    vertices += prim.weights.vertexCount;
    l1 += weightDistance(prim.weights, ours[p]) * prim.weights.vertexCount;
    const w = ours[p];
    for (let v = 0; v < w.vertexCount; v++) {
      let sum = 0;
      for (let i = v * w.influences; i < (v + 1) * w.influences; i++) sum += w.weights[i];
      if (!(sum > 0) || !Number.isFinite(sum)) unweighted++;
    }
  });
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  let sum = 0;
  let worst = 0;
  let count = 0;
  // Per vertex, the summed error over the clip poses (the regions' share of them).
  const clipSums = model.primitives.map((prim) => new Float64Array(prim.weights.vertexCount));
  /** Distances between the two deformations of primitive p's `only` vertices (all when null). */
  const errors = (world: Float64Array, p: number, visit: (v: number, d: number) => void, only?: number[]) => {
    const prim = model.primitives[p];
    const skin = model.skins[prim.skins[0]];
    const S = skinningMatrices(jointWorld(world, skin.joints), skin.inverseBindMatrices);
    const a = skinPositions(prim.positions, prim.weights, S);
    const b = skinPositions(prim.positions, ours[p], S);
    const each = (v: number) =>
      visit(v, Math.hypot(a[v * 3] - b[v * 3], a[v * 3 + 1] - b[v * 3 + 1], a[v * 3 + 2] - b[v * 3 + 2]));
    if (only) for (const v of only) each(v);
    else for (let v = 0; v < prim.weights.vertexCount; v++) each(v);
  };
  for (const world of poses) {
    model.primitives.forEach((_, p) => {
      errors(world, p, (v, d) => {
        sum += d;
        if (d > worst) worst = d;
        count++;
        clipSums[p][v] += d;
      });
    });
  }
  const regions = regionErrors(model, ours, poser, clipSums, poses.length, errors).map((r) => ({
    ...r,
    mean: (100 * r.mean) / diagonal,
  }));
  return {
    vertices,
    weightL1: vertices > 0 ? l1 / vertices : 0,
    deformMean: count > 0 ? (100 * sum) / count / diagonal : 0,
    deformMax: (100 * worst) / diagonal,
    unweighted,
    poses: poses.length,
    regions,
  };
}

/**
 * Mean error over each artist region (world units), under the clip poses (their per-vertex sums
 * given) and six bends of the region's joint, worst first.
 */
function regionErrors(
  model: SkinnedModel,
  ours: readonly SkinWeights[],
  poser: NodePoser,
  clipSums: Float64Array[],
  clipPoses: number,
  errors: (world: Float64Array, p: number, visit: (v: number, d: number) => void, only?: number[]) => void,
): RegionError[] {
  // Region members per joint node: [primitive, vertices].
  const members = new Map<number, Map<number, number[]>>();
  model.primitives.forEach((prim, p) => {
    const skin = model.skins[prim.skins[0]];
    const w = prim.weights;
    for (let v = 0; v < w.vertexCount; v++) {
      for (let i = v * w.influences; i < (v + 1) * w.influences; i++) {
        if (!(w.weights[i] >= REGION_WEIGHT)) continue;
        const joint = skin.joints[w.joints[i]];
        const byPrim = members.get(joint) ?? new Map<number, number[]>();
        const list = byPrim.get(p) ?? [];
        list.push(v);
        byPrim.set(p, list);
        members.set(joint, byPrim);
      }
    }
  });
  const out: RegionError[] = [];
  for (const [joint, byPrim] of members) {
    let n = 0;
    for (const list of byPrim.values()) n += list.length;
    if (n < REGION_MIN_VERTICES) continue;
    let total = 0;
    for (const [p, list] of byPrim) for (const v of list) total += clipSums[p][v];
    let sweeps = 0;
    for (let axis = 0; axis < 3; axis++) {
      for (const sign of [-1, 1]) {
        const world = poser.bend(joint, axis, (sign * Math.PI) / 4);
        sweeps++;
        for (const [p, list] of byPrim)
          errors(
            world,
            p,
            (_, d) => {
              total += d;
            },
            list,
          );
      }
    }
    let elsewhere = 0;
    for (const [p, list] of byPrim) {
      const w = ours[p];
      const skin = model.skins[model.primitives[p].skins[0]];
      for (const v of list) {
        let best = -1;
        let bestW = 0;
        for (let i = v * w.influences; i < (v + 1) * w.influences; i++) {
          if (w.weights[i] > bestW) {
            bestW = w.weights[i];
            best = skin.joints[w.joints[i]];
          }
        }
        if (best !== joint) elsewhere++;
      }
    }
    out.push({
      joint,
      name: model.joints.get(joint)?.name ?? `joint ${joint}`,
      vertices: n,
      mean: total / n / (clipPoses + sweeps),
      elsewhere: elsewhere / n,
    });
  }
  return out.sort((a, b) => b.mean - a.mean);
}
