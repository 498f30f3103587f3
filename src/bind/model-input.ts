/**
 * bindGroupsOfModel: what auto-bind needs from a loaded SkinnedModel, in the bind pose.
 *
 * Skins that name the same joints (a character split into body, head and arms meshes, each
 * with its own skin over one skeleton) are bound together, so the voxel solid sees the whole
 * character. Joint positions come from the inverse bind matrices: a joint's bind world position
 * is the translation of inverse(IBM), in the space the skin's mesh positions are in (glTF
 * ignores the skinned node's own transform). Primitives of a second skin whose IBMs place the
 * mesh differently are moved into the first skin's space by inverse(IBM_first) · IBM_second.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { mirrorJoints } from '../mesh/joint-mirror.ts';
import { canonicalizeVertex } from '../skin/canonicalize.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { humanBonesByNode } from '../vrm/vrm-document.ts';
import type { AutobindInput } from './autobind.ts';
import type { BindJoint } from './bone-segments.ts';
import { endJointFlags } from './end-joints.ts';

/** One auto-bind job over a model: its input and how results map back to each primitive's skin. */
export interface ModelBindGroup {
  input: AutobindInput;
  /** Joint node ids, in input order. */
  jointIds: number[];
  /** Indices into `model.primitives`, in input order. */
  primitives: number[];
  /** Per primitive: input joint index → the primitive's skin joint index (-1: not in it). */
  jointMaps: Int32Array[];
}

/** Inverse of the affine column-major 4×4 at `m[o..]` into `out` (zero matrix when singular). */
export function invertAffine(m: ArrayLike<number>, o: number, out: Float64Array): Float64Array {
  const a = m[o];
  const b = m[o + 4];
  const c = m[o + 8];
  const d = m[o + 1];
  const e = m[o + 5];
  const f = m[o + 9];
  const g = m[o + 2];
  const h = m[o + 6];
  const i = m[o + 10];
  const A = e * i - f * h;
  const B = f * g - d * i;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  out.fill(0);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return out;
  const s = 1 / det;
  // Rows of the 3×3 inverse (adjugate / det), stored column-major.
  out[0] = A * s;
  out[4] = (c * h - b * i) * s;
  out[8] = (b * f - c * e) * s;
  out[1] = B * s;
  out[5] = (a * i - c * g) * s;
  out[9] = (c * d - a * f) * s;
  out[2] = C * s;
  out[6] = (b * g - a * h) * s;
  out[10] = (a * e - b * d) * s;
  const tx = m[o + 12];
  const ty = m[o + 13];
  const tz = m[o + 14];
  out[12] = -(out[0] * tx + out[4] * ty + out[8] * tz);
  out[13] = -(out[1] * tx + out[5] * ty + out[9] * tz);
  out[14] = -(out[2] * tx + out[6] * ty + out[10] * tz);
  out[15] = 1;
  return out;
}

/**
 * The rig's bone-axis convention, if it has one: the local axis (0..5 = +x, +y, +z, −x, −y, −z)
 * of the bind matrices that points from each joint to its only child, on average within
 * ~25°. Blender rigs use +y; some Maya-made rigs +x. Returns -1 when no axis qualifies.
 */
export function boneAxisConvention(bind: Float64Array[], positions: number[][], parents: number[]): number {
  const childCount = parents.map(() => 0);
  const onlyChild = parents.map(() => -1);
  parents.forEach((p, j) => {
    if (p < 0) return;
    childCount[p]++;
    onlyChild[p] = j;
  });
  const sums = new Float64Array(6);
  let n = 0;
  for (let j = 0; j < parents.length; j++) {
    if (childCount[j] !== 1) continue;
    const c = positions[onlyChild[j]];
    const d = [c[0] - positions[j][0], c[1] - positions[j][1], c[2] - positions[j][2]];
    const len = Math.hypot(d[0], d[1], d[2]);
    if (!(len > 0)) continue;
    n++;
    for (let a = 0; a < 3; a++) {
      const m = bind[j];
      const ax = [m[a * 4], m[a * 4 + 1], m[a * 4 + 2]];
      const cos =
        (ax[0] * d[0] + ax[1] * d[1] + ax[2] * d[2]) / (len * (Math.hypot(ax[0], ax[1], ax[2]) || 1));
      sums[a] += cos;
      sums[a + 3] -= cos;
    }
  }
  if (n < 3) return -1;
  let best = 0;
  for (let a = 1; a < 6; a++) if (sums[a] > sums[best]) best = a;
  return sums[best] / n >= 0.9 ? best : -1;
}

/**
 * Scenes put several skeletons in one skin (LittlestTokyo: six koi, each a set of chains under
 * one root joint, overlapping in the bind pose): binding them as one hands a fish's vertices to
 * another fish's tail. Where every primitive of a group already has weights, a primitive's own
 * joints are those its weights use and their descendants; primitives sharing none of them are
 * separate objects, and where objects overlap in space each binds apart, only to its own joints.
 * Otherwise (one character, or objects apart: a robot's two hands) the group stays one, so a
 * character keeps one voxel solid.
 */
function splitByObject(
  model: SkinnedModel,
  skin: number,
  prims: number[],
): { prims: number[]; allowed: Set<number> | null }[] {
  const whole = [{ prims, allowed: null }];
  const joints = model.skins[skin].joints;
  const inSkin = new Set(joints);
  const own = (p: number): Set<number> | null => {
    const w = model.primitives[p].weights;
    // A part bound with the group may have a skin of its own (a subset of the group's joints).
    const ids = model.skins[model.primitives[p].skins[0]].joints;
    const out = new Set<number>();
    for (let i = 0; i < w.weights.length; i++) if (w.weights[i] > 0) out.add(ids[w.joints[i]]);
    if (out.size === 0) return null;
    const stack = [...out];
    while (stack.length) {
      for (const c of model.joints.get(stack.pop()!)?.children ?? []) {
        if (inSkin.has(c) && !out.has(c)) {
          out.add(c);
          stack.push(c);
        }
      }
    }
    return out;
  };
  const sets = prims.map(own);
  if (prims.length < 2 || sets.some((x) => x === null)) return whole;
  // Objects: primitives linked by a shared joint (union-find).
  const parent = prims.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < prims.length; i++)
    for (let k = i + 1; k < prims.length; k++)
      if ([...sets[i]!].some((j) => sets[k]!.has(j))) parent[find(i)] = find(k);
  const objects = new Map<number, { prims: number[]; allowed: Set<number> }>();
  prims.forEach((p, i) => {
    const r = find(i);
    const o = objects.get(r) ?? { prims: [], allowed: new Set<number>() };
    o.prims.push(p);
    for (const j of sets[i]!) o.allowed.add(j);
    objects.set(r, o);
  });
  if (objects.size < 2) return whole;
  const list = [...objects.values()];
  const boxes = list.map((o) => boundsOf(model, o.prims));
  const overlap = boxes.some((a, i) => boxes.some((b, k) => k > i && intersects(a, b)));
  return overlap ? list : whole;
}

type Box = [number, number, number, number, number, number];

function boundsOf(model: SkinnedModel, prims: number[]): Box {
  const b: Box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const p of prims) {
    const P = model.primitives[p].positions;
    for (let i = 0; i < P.length; i += 3)
      for (let c = 0; c < 3; c++) {
        if (P[i + c] < b[c]) b[c] = P[i + c];
        if (P[i + c] > b[c + 3]) b[c + 3] = P[i + c];
      }
  }
  return b;
}

function intersects(a: Box, b: Box): boolean {
  for (let c = 0; c < 3; c++) if (a[c] > b[c + 3] || b[c] > a[c + 3]) return false;
  return true;
}

/** Groups the model's skinned primitives into auto-bind jobs; see the module comment. */
export function bindGroupsOfModel(model: SkinnedModel): ModelBindGroup[] {
  const bySkins = new Map<string, { skin: number; prims: number[] }>();
  model.primitives.forEach((prim, p) => {
    const s = prim.skins[0];
    const key = [...model.skins[s].joints].sort((x, y) => x - y).join(',');
    const group = bySkins.get(key) ?? { skin: s, prims: [] };
    group.prims.push(p);
    bySkins.set(key, group);
  });
  // A part whose skin lists a subset of another part's joints (trousers: spine, hips and legs;
  // the body: every joint) binds with it: one voxel solid for the whole body (a part alone is an
  // open shell), each part's weights then folded onto the joints its own skin has.
  const bySize = [...bySkins.values()].sort(
    (a, b) => model.skins[b.skin].joints.length - model.skins[a.skin].joints.length,
  );
  for (let i = bySize.length - 1; i > 0; i--) {
    const small = new Set(model.skins[bySize[i].skin].joints);
    const host = bySize.slice(0, i).find((g) => {
      const big = new Set(model.skins[g.skin].joints);
      return [...small].every((id) => big.has(id));
    });
    if (!host) continue;
    host.prims.push(...bySize[i].prims);
    bySize.splice(i, 1);
  }
  const groups = bySize.flatMap(({ skin, prims }) =>
    splitByObject(model, skin, prims).map((g) => ({ skin, ...g })),
  );
  const inv = new Float64Array(16);
  return groups.map(({ skin, prims, allowed }) => {
    const ref = model.skins[skin];
    const jointIds = ref.joints;
    const indexOf = new Map(jointIds.map((id, i) => [id, i]));
    const bind = jointIds.map((_, i) => invertAffine(ref.inverseBindMatrices, i * 16, new Float64Array(16)));
    // An object binds to its own joints only: the others are left out, as excluded joints are.
    const inBranch = (id: number): boolean => allowed === null || allowed.has(id);
    const joints: BindJoint[] = jointIds.map((id, i) => {
      let parent = model.joints.get(id)?.parent ?? -1;
      const seen = new Set<number>();
      while (parent >= 0 && !indexOf.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        parent = model.joints.get(parent)?.parent ?? -1;
      }
      return {
        position: [bind[i][12], bind[i][13], bind[i][14]],
        parent: parent >= 0 ? (indexOf.get(parent) ?? -1) : -1,
        ...(inBranch(id) ? {} : { excluded: true }),
      };
    });
    // End joints by name (HeadTop_End, finger tips) and mirror partners as the mirror brush
    // pairs them (names first, then bind positions).
    const names = jointIds.map((id) => model.joints.get(id)?.name ?? '');
    const ends = endJointFlags(
      names,
      joints.map((j) => j.parent),
    );
    const bones = humanBonesByNode(model.document);
    const partners = mirrorJoints(
      names.map((name, i) => ({ name, position: joints[i].position, humanBone: bones.get(jointIds[i]) })),
    ).mirror;
    joints.forEach((j, i) => {
      if (ends[i]) j.end = true;
      if (partners[i] !== i) j.partner = partners[i];
    });
    const convention = boneAxisConvention(
      bind,
      joints.map((j) => [...j.position]),
      joints.map((j) => j.parent),
    );
    if (convention >= 0) {
      const a = convention % 3;
      const sign = convention < 3 ? 1 : -1;
      joints.forEach((j, i) => {
        const m = bind[i];
        j.axis = [sign * m[a * 4], sign * m[a * 4 + 1], sign * m[a * 4 + 2]];
      });
    }
    const meshToWorld = prims.map((p) => {
      const own = model.skins[model.primitives[p].skins[0]];
      if (own === ref) return null;
      // A joint of both skins: inverse(IBM_ref) · IBM_own maps own mesh space to ref's.
      const r = jointIds.findIndex((id) => own.joints.includes(id));
      const j = own.joints.indexOf(jointIds[r]);
      invertAffine(ref.inverseBindMatrices, r * 16, inv);
      const out = new Float64Array(16);
      for (let c = 0; c < 4; c++) {
        for (let r = 0; r < 4; r++) {
          let sum = 0;
          for (let k = 0; k < 4; k++) sum += inv[k * 4 + r] * own.inverseBindMatrices[j * 16 + c * 4 + k];
          out[c * 4 + r] = sum;
        }
      }
      return out;
    });
    const jointMaps = prims.map((p) => {
      const own = model.skins[model.primitives[p].skins[0]];
      return Int32Array.from(jointIds, (id) => jointInSkin(model, own.joints, id));
    });
    return {
      input: {
        primitives: prims.map((p) => ({
          positions: model.primitives[p].positions,
          indices: model.primitives[p].indices,
        })),
        joints,
        meshToWorld,
      },
      jointIds,
      primitives: prims,
      jointMaps,
    };
  });
}

/**
 * The index in `skin` (joint ids) of joint `id`, or of its nearest ancestor the skin lists (a part
 * bound with a larger skin takes the weight of a joint it lacks on that joint's parent), or 0.
 */
function jointInSkin(model: SkinnedModel, skin: readonly number[], id: number): number {
  const seen = new Set<number>();
  for (let j = id; j >= 0 && !seen.has(j); j = model.joints.get(j)?.parent ?? -1) {
    seen.add(j);
    const i = skin.indexOf(j);
    if (i >= 0) return i;
  }
  return 0;
}

/**
 * Maps weights from input joint indices to a primitive's skin joint indices (`map`), in
 * canonical slot order (joints mapped to one are merged).
 */
export function remapJoints(weights: SkinWeights, map: Int32Array): SkinWeights {
  const out = new SkinWeights(weights.vertexCount, weights.influences);
  for (let i = 0; i < weights.joints.length; i++) {
    const w = weights.weights[i];
    out.joints[i] = w > 0 ? Math.max(0, map[weights.joints[i]]) : 0;
    out.weights[i] = w;
  }
  for (let v = 0; v < out.vertexCount; v++) canonicalizeVertex(out, v);
  return out;
}
