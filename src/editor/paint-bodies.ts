/**
 * Bodies: what a brush paints on a character made of several skinned meshes. A rigger sees one
 * body where the file has a shirt, trousers and a head as separate primitives, often each with
 * its own skin over the same joints (Quaternius: four skins over one skeleton). The brushes
 * therefore paint a body — every skinned primitive of every skin of one skeleton, welded where
 * parts touch — while the weight tools keep working skin by skin (paint-targets.ts).
 */
import { NearestBone } from '../brush/nearest-bone.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';

// Tip joints (Mixamo `HeadTop_End`, Blender `.end`) mark where a bone ends: never a fallback.
const TIP = /[._]end$/i;

/**
 * The skins that hold painted primitives (each some primitive's first skin), grouped by
 * skeleton: skins whose joints share a root joint are one group. Groups in order of their first
 * skin, skins ascending.
 */
export function skeletonGroups(model: SkinnedModel): number[][] {
  const rootOf = (id: number): number => {
    let r = id;
    for (let p = model.joints.get(r)?.parent ?? -1; p >= 0; p = model.joints.get(r)?.parent ?? -1) r = p;
    return r;
  };
  const skins = [...new Set(model.primitives.map((p) => p.skins[0]))].sort((a, b) => a - b);
  // Union of skins through the roots they reach.
  const groupOfRoot = new Map<number, number>();
  const parent = skins.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  skins.forEach((skin, i) => {
    for (const id of model.skins[skin].joints) {
      const root = rootOf(id);
      const other = groupOfRoot.get(root);
      if (other === undefined) groupOfRoot.set(root, i);
      else {
        const a = find(other);
        const b = find(i);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const groups = new Map<number, number[]>();
  skins.forEach((skin, i) => {
    const g = find(i);
    const list = groups.get(g);
    if (list) list.push(skin);
    else groups.set(g, [skin]);
  });
  return [...groups.values()];
}

/** The joints of a body (ids): the first skin's list as it is, then each other skin's joints not listed yet. */
export function bodyJoints(model: SkinnedModel, skins: readonly number[]): number[] {
  const out = [...model.skins[skins[0]].joints];
  const seen = new Set(out);
  for (const skin of skins.slice(1)) {
    for (const id of model.skins[skin].joints) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** Skin joint index of each joint id a skin lists (the first place it is listed). */
export function jointIndexOf(joints: readonly number[]): Map<number, number> {
  const index = new Map<number, number>();
  joints.forEach((id, j) => {
    if (!index.has(id)) index.set(id, j);
  });
  return index;
}

/** The nearest-bone fallback over a joint list (ids; skin joint indices out): tips excluded. */
export function bonesOf(model: SkinnedModel, joints: readonly number[]): NearestBone {
  const index = jointIndexOf(joints);
  return new NearestBone({
    positions: joints.map((id) => model.joints.get(id)?.restPosition ?? [0, 0, 0]),
    parents: joints.map((id) => {
      // The nearest ancestor that is in this list.
      let p = model.joints.get(id)?.parent ?? -1;
      while (p >= 0 && !index.has(p)) p = model.joints.get(p)?.parent ?? -1;
      return p < 0 ? -1 : index.get(p)!;
    }),
    excluded: joints.flatMap((id, j) => (TIP.test(model.joints.get(id)?.name ?? '') ? [j] : [])),
  });
}
