/**
 * PartSkins: how the parts of a surface that spans several skins of one skeleton name their
 * joints. A modular character (body, shirt and trousers as separate meshes, each with its own
 * skin over the same joint nodes) is painted as one body: the painter speaks of *surface
 * joints* (one numbering for the whole body), each part's JOINTS_n index its own skin's list.
 * The WeightWriter translates at each read and write; parts of the first skin (and every part
 * of a one-skin surface) use the surface numbering as it is.
 */
import type { NearestBone } from './nearest-bone.ts';

export interface PartSkins {
  /** Per part: the id of its joint numbering (parts with the same id share one: the same skin). */
  readonly skin: ArrayLike<number>;
  /**
   * Per part: its skin joint index of each surface joint (-1: not in its skin), or null where the
   * two numberings are the same.
   */
  readonly local: readonly (Int32Array | null)[];
  /** Per part: the surface joint of each of its skin's joints, or null where the same. */
  readonly global: readonly (Int32Array | null)[];
  /** Per part: its skin's nearest-bone fallback (skin joint indices). */
  readonly bones: readonly NearestBone[];
}

/** Every part in one numbering with one fallback (a surface of one skin). */
export function singleSkin(parts: number, bones: NearestBone): PartSkins {
  return {
    skin: new Uint16Array(parts),
    local: new Array<null>(parts).fill(null),
    global: new Array<null>(parts).fill(null),
    bones: new Array<NearestBone>(parts).fill(bones),
  };
}

/**
 * The PartSkins of parts whose skins list `skinJoints[skin[p]]` (joint ids), the surface
 * numbering being `joints` (joint ids; the first skin's list first, so its parts need no map).
 */
export function partSkinsOf(
  joints: readonly number[],
  skinJoints: readonly (readonly number[])[],
  skin: ArrayLike<number>,
  bones: readonly NearestBone[],
): PartSkins {
  const index = new Map<number, number>();
  joints.forEach((id, j) => {
    if (!index.has(id)) index.set(id, j);
  });
  const maps = skinJoints.map((list) => {
    const same = list.every((id, j) => index.get(id) === j);
    if (same) return { local: null, global: null };
    const local = new Int32Array(joints.length).fill(-1);
    const global = new Int32Array(list.length);
    list.forEach((id, j) => {
      const s = index.get(id) ?? -1;
      global[j] = s;
      if (s >= 0 && local[s] < 0) local[s] = j;
    });
    return { local, global };
  });
  const n = skin.length;
  return {
    skin: Uint16Array.from({ length: n }, (_, p) => skin[p]),
    local: Array.from({ length: n }, (_, p) => maps[skin[p]].local),
    global: Array.from({ length: n }, (_, p) => maps[skin[p]].global),
    bones: Array.from({ length: n }, (_, p) => bones[skin[p]]),
  };
}

/**
 * Lock flags by skin joint of each part, from lock flags by surface joint (the same array where
 * the numberings are the same; null for no locks).
 */
export function partLocks(skins: PartSkins, locked: Uint8Array | null): (Uint8Array | null)[] {
  const cache = new Map<number, Uint8Array | null>();
  return skins.global.map((global, p) => {
    if (!locked || !global) return locked;
    const id = skins.skin[p];
    let out = cache.get(id);
    if (out === undefined) {
      out = Uint8Array.from(global, (s) => (s >= 0 ? locked[s] : 0));
      cache.set(id, out);
    }
    return out;
  });
}
