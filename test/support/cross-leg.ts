/**
 * Weight from the other leg: the measure of issue 29's transfer where limbs touch. A garment
 * vertex over one thigh that takes weight from the other thigh's joints tears when the legs part.
 *
 * Each leg is the humanoid's upper-leg joint and every joint below it (src/pose/humanoid.ts finds
 * them by name or chain). A target vertex is a vertex of one leg when its reference weights (the
 * artist's weights of the body vertex it was made from) give that leg at least half and the
 * other leg at most `limit`; its cross-leg weight is what the transferred weights give the other
 * leg's joints beyond what the reference gives them. Vertices the reference gives a little of one
 * leg and mostly the hips (round the crotch, where an offset shell folds over itself) are
 * counted apart (`nearOver`): their "other leg" is a matter of millimetres.
 */
import type { Document } from '@gltf-transform/core';
import { addGarmentNode, type Garment, type MannequinData } from '../../src/character/index.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { transferToMeshes } from '../../src/gltf/transfer-meshes.ts';
import { weldedNormals } from '../../src/mesh/oriented-normals.ts';
import { resolveHumanoid } from '../../src/pose/humanoid.ts';
import { PosedMesh } from '../../src/pose/posed-mesh.ts';
import { type Skeleton, skeletonOf } from '../../src/pose/skeleton.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { diagonalOf } from '../../src/transfer/index.ts';
import { measureBindQuality } from './bind-quality.ts';
import { offsetShell, originWeights, restPositions } from './transfer-quality.ts';

/** Joint ids (node indices) of the left and right legs, or null when the skeleton has no two legs. */
export function legJointIds(model: SkinnedModel): { left: Set<number>; right: Set<number> } | null {
  const skeleton = skeletonOf(model);
  const humanoid = resolveHumanoid(skeleton);
  const l = humanoid.left.upperLeg;
  const r = humanoid.right.upperLeg;
  if (l < 0 || r < 0) return null;
  return { left: subtreeIds(skeleton, l), right: subtreeIds(skeleton, r) };
}

function subtreeIds(skeleton: Skeleton, top: number): Set<number> {
  const inside = new Uint8Array(skeleton.size);
  inside[top] = 1;
  const out = new Set<number>([skeleton.nodeIds[top]]);
  // Parents come before children.
  for (let s = top + 1; s < skeleton.size; s++) {
    const p = skeleton.parent[s];
    if (p >= 0 && inside[p]) {
      inside[s] = 1;
      if (skeleton.isJoint[s]) out.add(skeleton.nodeIds[s]);
    }
  }
  return out;
}

/** What {@link crossLegWeight} found. */
export interface CrossLeg {
  /** Vertices of one leg (at least half its weight, the other leg at most `limit`). */
  legVertices: number;
  /** Of those, vertices with more than `limit` of the other leg's joints beyond the reference. */
  over: number;
  /** The largest such excess. */
  max: number;
  /** Vertices with some weight of one leg (under half) and at most `limit` of the other. */
  nearVertices: number;
  /** Of those, vertices with more than `limit` of the other leg beyond the reference. */
  nearOver: number;
}

/**
 * Compares `weights` (a transferred primitive, joints indexing `joints`: node ids) with
 * `reference` (the same vertices' reference weights, same joint space); vertices marked in `skip`
 * are left out (see {@link foldedShellVertices}).
 */
export function crossLegWeight(
  weights: SkinWeights,
  reference: SkinWeights,
  joints: readonly number[],
  legs: { left: Set<number>; right: Set<number> },
  limit = 0.01,
  skip: Uint8Array | null = null,
): CrossLeg {
  const out: CrossLeg = { legVertices: 0, over: 0, max: 0, nearVertices: 0, nearOver: 0 };
  const sideSum = (sw: SkinWeights, v: number, side: Set<number>) => {
    let sum = 0;
    for (let i = 0; i < sw.influences; i++) {
      const w = sw.weights[v * sw.influences + i];
      if (w > 0 && side.has(joints[sw.joints[v * sw.influences + i]])) sum += w;
    }
    return sum;
  };
  for (let v = 0; v < weights.vertexCount; v++) {
    if (skip?.[v]) continue;
    const refLeft = sideSum(reference, v, legs.left);
    const refRight = sideSum(reference, v, legs.right);
    const own = Math.max(refLeft, refRight);
    const theirs = Math.min(refLeft, refRight);
    if (!(own > 0) || theirs > limit) continue;
    const other = refLeft > refRight ? legs.right : legs.left;
    const excess = sideSum(weights, v, other) - theirs;
    if (own < 0.5) {
      out.nearVertices++;
      if (excess > limit) out.nearOver++;
      continue;
    }
    out.legVertices++;
    if (excess > limit) out.over++;
    if (excess > out.max) out.max = excess;
  }
  return out;
}

/**
 * The mannequin with its thighs pressed together: every point below the crotch (and its leg
 * joints) moved toward the mid-plane by `squeeze` of its distance to it, so the inner thighs
 * meet and cut into each other, as on many game characters at rest. Blends in over the top
 * `blend` metres so the surface stays smooth; weights are kept.
 */
export function thighsTouching(
  body: MannequinData,
  squeeze = 0.2,
  crotch = 0.9,
  blend = 0.08,
): MannequinData {
  const factor = (y: number) => {
    const t = Math.min(Math.max((crotch - y) / blend, 0), 1);
    return 1 - squeeze * t * t * (3 - 2 * t);
  };
  const positions = body.positions.slice();
  for (let i = 0; i < positions.length; i += 3) positions[i] *= factor(positions[i + 1]);
  const jointPositions = body.jointPositions.slice();
  for (let i = 0; i < jointPositions.length; i += 3) jointPositions[i] *= factor(jointPositions[i + 1]);
  return { ...body, positions, jointPositions };
}

/**
 * Shell vertices where the offset shell folded over itself: their shell normal turned more than
 * 90° from the body normal they were pushed along (an offset larger than the body's curvature
 * allows, in the crotch). No garment has such a vertex, and its reference is not where it sits (a
 * fold carries a vertex of one thigh onto the other), so the cross-leg count leaves them out.
 */
export function foldedShellVertices(
  shell: { positions: Float32Array; indices: Uint32Array; origin: Uint32Array },
  body: Float32Array,
  bodyIndices: Uint32Array,
): Uint8Array {
  const [shellNormals] = weldedNormals([shell.positions], [shell.indices]);
  const [bodyNormals] = weldedNormals([body], [bodyIndices]);
  const out = new Uint8Array(shell.origin.length);
  shell.origin.forEach((o, v) => {
    let dot = 0;
    for (let k = 0; k < 3; k++) dot += shellNormals[v * 3 + k] * bodyNormals[o * 3 + k];
    out[v] = dot < 0 ? 1 : 0;
  });
  return out;
}

/** Offset shells of every skinned primitive of `model` (rest pose, world space). */
export async function shellsOf(model: SkinnedModel, offset: number) {
  const rest = restPositions(new PosedMesh(model));
  const diagonal = diagonalOf(Float32Array.from(rest.flatMap((r) => Array.from(r))));
  const shells: { garment: Garment; prim: SkinnedModel['primitives'][number]; folded: Uint8Array }[] = [];
  for (const prim of model.primitives) {
    const indices = prim.indices ?? Uint32Array.from({ length: prim.weights.vertexCount }, (_, i) => i);
    if (prim.weights.vertexCount < 24 || indices.length < 36) continue;
    const shell = await offsetShell(rest[prim.id], indices, offset * diagonal, 0.5);
    shells.push({
      prim,
      folded: foldedShellVertices(shell, rest[prim.id], indices),
      garment: {
        kind: 'shirt',
        name: `Shell${shells.length}`,
        positions: shell.positions,
        normals: new Float32Array(shell.positions.length),
        indices: shell.indices,
        offset: offset * diagonal,
        bodyVertex: Int32Array.from(shell.origin),
      },
    });
  }
  return shells;
}

/**
 * Offset shells of `model` at `offset` × its diagonal, added unskinned to a fresh copy of the file
 * and transferred by `mode`: the cross-leg weight of their leg vertices (folds left out) and the
 * deformation error against the artist's weights of their origins (% of the diagonal).
 */
export async function crossLegOfShells(
  fresh: () => Promise<Document> | Document,
  model: SkinnedModel,
  offset: number,
  mode: 'robust' | 'closest',
) {
  const legs = legJointIds(model)!;
  const shells = await shellsOf(model, offset);
  const doc = await fresh();
  for (const { garment } of shells) addGarmentNode(doc, garment);
  transferToMeshes(doc, { targets: shells.map((s) => s.garment.name), mode });
  const after = buildSkinnedModel(doc);
  let over = 0;
  let max = 0;
  let legVertices = 0;
  let folded = 0;
  const prims = shells.map((s) => after.primitives.find((p) => p.mesh.getName() === s.garment.name)!);
  const reference = shells.map((s, k) => {
    const joints = after.skins[prims[k].skins[0]].joints;
    const ref = originWeights(
      s.prim.weights,
      Uint32Array.from(s.garment.bodyVertex),
      model.skins[s.prim.skins[0]].joints,
      joints,
    );
    const c = crossLegWeight(prims[k].weights, ref, joints, legs, 0.01, s.folded);
    folded += s.folded.reduce((n, f) => n + f, 0);
    over += c.over;
    legVertices += c.legVertices;
    max = Math.max(max, c.max);
    return ref;
  });
  const quality = measureBindQuality({ ...after, primitives: prims } as SkinnedModel, reference, {
    samplesPerClip: 4,
  });
  return { over, max, legVertices, folded, deformMean: quality.deformMean };
}
