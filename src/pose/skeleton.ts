/**
 * Skeleton: the node hierarchy posing walks — every joint of every skin plus all their ancestors
 * (an armature node or a Z-up fix above the joints moves them too) — as flat arrays in slot order,
 * parents before children, with two base transforms per node:
 *
 * - rest: the nodes' own translation, rotation and scale, as the file has them;
 * - bind: the pose the mesh was bound in, where each joint's world matrix is the inverse of its
 *   inverse bind matrix (`M_j = IBM_j^-1`, so `S_j = I` and the mesh is unmoved). Files usually
 *   store the bind pose as the rest pose and the two agree; when they don't, only bind gives the
 *   mesh exactly as stored.
 *
 * The skinned mesh node is not part of it: glTF ignores its transform for skinning.
 */
import type { Node } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { matCompose, matDecompose, matInvert } from './matrix.ts';
import { multiplyInto } from './skinning.ts';

/** Which pose a Pose's offsets sit on. */
export type PoseBasis = 'bind' | 'rest';

/** One skin as posing sees it. */
export interface SkeletonSkin {
  /** Slot of each skin joint (in the skin's order: JOINTS_n values index it), -1 if unknown. */
  slots: Int32Array;
  /** The skin's inverse bind matrices (16 per joint, column-major), in float64. */
  inverseBindMatrices: Float64Array;
  /**
   * 1 where this skin's inverse bind matrix is the one that defines the joint's bind pose (the
   * first skin listing the joint): unposed in the bind basis, its skinning matrix is exactly I.
   */
  bindExact: Uint8Array;
}

/** Base transforms of one basis: TRS (10 per slot: t xyz, q xyzw, s xyz), local and world matrices. */
export interface SkeletonBase {
  trs: Float64Array;
  local: Float64Array;
  world: Float64Array;
}

export class Skeleton {
  readonly model: SkinnedModel;
  /** Number of slots (nodes). */
  readonly size: number;
  /** Document node index of each slot (= joint id for joints). */
  readonly nodeIds: Int32Array;
  readonly nodes: readonly Node[];
  readonly names: readonly string[];
  /** Parent slot, -1 for a scene root. Parents come before children. */
  readonly parent: Int32Array;
  /** Depth in the hierarchy (roots 0). */
  readonly depth: Int32Array;
  /** 1 for joints of a skin, 0 for their non-joint ancestors. */
  readonly isJoint: Uint8Array;
  readonly rest: SkeletonBase;
  readonly bind: SkeletonBase;
  /**
   * 1 where the slot's rest world matrix is its bind world matrix (within float32 rounding of the
   * IBMs) — the slot and all its ancestors: unposed there, the rest pose leaves the mesh as stored.
   */
  readonly restIsBind: Uint8Array;
  /** True when every slot's rest is its bind pose: the file's rest pose draws `POSITION` as stored. */
  readonly restMatchesBind: boolean;
  /** Per `model.skins` entry. */
  readonly skins: readonly SkeletonSkin[];
  private readonly slotById = new Map<number, number>();

  constructor(model: SkinnedModel) {
    this.model = model;
    const all = model.document.getRoot().listNodes();
    const indexOf = new Map<Node, number>(all.map((n, i) => [n, i]));

    // 1. Joints and their ancestors, ordered by depth so that parents come first.
    const depthOf = new Map<number, number>();
    const parentOf = new Map<number, number>();
    const visit = (id: number, guard: number): number => {
      const known = depthOf.get(id);
      if (known !== undefined) return known;
      const p = all[id].getParentNode();
      const pid = p ? (indexOf.get(p) ?? -1) : -1;
      // A cycle is not valid glTF (preflight refuses it); the guard keeps a broken graph finite.
      const d = pid >= 0 && guard < all.length ? visit(pid, guard + 1) + 1 : 0;
      parentOf.set(id, d > 0 ? pid : -1);
      depthOf.set(id, d);
      return d;
    };
    for (const id of model.joints.keys()) visit(id, 0);
    const ids = [...depthOf.keys()].sort((a, b) => depthOf.get(a)! - depthOf.get(b)! || a - b);
    const n = (this.size = ids.length);
    this.nodeIds = Int32Array.from(ids);
    this.nodes = ids.map((id) => all[id]);
    this.names = ids.map((id) => model.joints.get(id)?.name ?? (all[id].getName() || `node ${id}`));
    ids.forEach((id, s) => {
      this.slotById.set(id, s);
    });
    this.parent = Int32Array.from(ids, (id) => this.slotById.get(parentOf.get(id)!) ?? -1);
    this.depth = Int32Array.from(ids, (id) => depthOf.get(id)!);
    this.isJoint = Uint8Array.from(ids, (id) => (model.joints.has(id) ? 1 : 0));

    // 2. Rest: the nodes' own TRS.
    this.rest = {
      trs: new Float64Array(n * 10),
      local: new Float64Array(n * 16),
      world: new Float64Array(n * 16),
    };
    const { trs, local, world } = this.rest;
    for (let s = 0; s < n; s++) {
      const node = this.nodes[s];
      trs.set(node.getTranslation(), s * 10);
      trs.set(node.getRotation(), s * 10 + 3);
      trs.set(node.getScale(), s * 10 + 7);
      matCompose(trs, s * 10, trs, s * 10 + 3, trs, s * 10 + 7, local, s * 16);
      this.chain(world, local, s);
    }

    // 3. Skins, and the bind world of each joint from the first skin that lists it.
    const bindWorld = new Float64Array(n * 16);
    const bindFrom = new Int32Array(n).fill(-1); // skin whose IBM defines the slot's bind pose
    const bindIndex = new Int32Array(n).fill(-1);
    this.skins = model.skins.map((info, k) => {
      const J = info.joints.length;
      const ibm = Float64Array.from(info.inverseBindMatrices);
      const slots = Int32Array.from(info.joints, (id) => this.slotById.get(id) ?? -1);
      for (let j = 0; j < J; j++) {
        const s = slots[j];
        if (s < 0 || bindFrom[s] >= 0) continue;
        if (matInvert(ibm, j * 16, bindWorld, s * 16)) {
          bindFrom[s] = k;
          bindIndex[s] = j;
        }
      }
      return { slots, inverseBindMatrices: ibm, bindExact: new Uint8Array(J) };
    });
    this.skins.forEach((skin, k) => {
      skin.slots.forEach((s, j) => {
        if (s < 0 || bindFrom[s] < 0) return;
        const src = this.skins[bindFrom[s]].inverseBindMatrices;
        const o = bindIndex[s] * 16;
        let same = true;
        for (let c = 0; c < 16 && same; c++) same = skin.inverseBindMatrices[j * 16 + c] === src[o + c];
        skin.bindExact[j] = bindFrom[s] === k || same ? 1 : 0;
      });
    });

    // 4. Bind: joints at IBM^-1; other nodes (and joints with a singular IBM) follow their parent.
    this.bind = { trs: new Float64Array(n * 10), local: new Float64Array(n * 16), world: bindWorld };
    const inv = new Float64Array(16);
    this.restIsBind = new Uint8Array(n);
    for (let s = 0; s < n; s++) {
      const p = this.parent[s];
      const parentSame = p < 0 || this.restIsBind[p] === 1;
      if (bindFrom[s] < 0) {
        this.restIsBind[s] = parentSame ? 1 : 0;
        this.bind.local.set(local.subarray(s * 16, s * 16 + 16), s * 16);
        this.bind.trs.set(trs.subarray(s * 10, s * 10 + 10), s * 10);
        this.chain(bindWorld, this.bind.local, s);
        continue;
      }
      if (p < 0) this.bind.local.set(bindWorld.subarray(s * 16, s * 16 + 16), s * 16);
      else {
        matInvert(bindWorld, p * 16, inv, 0);
        multiplyInto(inv, 0, bindWorld, s * 16, this.bind.local, s * 16);
      }
      if (nearlyEqual(this.bind.local, local, s * 16)) {
        // The file's rest pose is its bind pose (up to float32 rounding of the IBMs): keep the
        // node's own TRS, so a viewport given these transforms draws exactly what it loaded.
        this.bind.local.set(local.subarray(s * 16, s * 16 + 16), s * 16);
        this.bind.trs.set(trs.subarray(s * 10, s * 10 + 10), s * 10);
        this.restIsBind[s] = parentSame ? 1 : 0;
      } else matDecompose(this.bind.local, s * 16, this.bind.trs, s * 10);
    }
    this.restMatchesBind = this.restIsBind.every((v) => v === 1);
  }

  /** The slot of joint (or ancestor node) id `id`, or -1. */
  slotOf(id: number): number {
    return this.slotById.get(id) ?? -1;
  }

  /** The base transforms of a basis. */
  base(basis: PoseBasis): SkeletonBase {
    return basis === 'bind' ? this.bind : this.rest;
  }

  /** world[s] = world[parent] · local[s] (or local[s] for a root). */
  private chain(world: Float64Array, local: Float64Array, s: number): void {
    const p = this.parent[s];
    if (p < 0) world.set(local.subarray(s * 16, s * 16 + 16), s * 16);
    else multiplyInto(world, p * 16, local, s * 16, world, s * 16);
  }
}

/** Two affine matrices at offset o agree within float32 rounding (relative to their size). */
function nearlyEqual(a: Float64Array, b: Float64Array, o: number): boolean {
  let size = 1;
  for (let k = 12; k < 15; k++) size = Math.max(size, Math.abs(b[o + k]));
  for (let k = 0; k < 16; k++) {
    const tolerance = (k >= 12 && k < 15 ? size : 1) * 1e-5;
    if (!(Math.abs(a[o + k] - b[o + k]) <= tolerance)) return false;
  }
  return true;
}

const cache = new WeakMap<SkinnedModel, Skeleton>();

/** The Skeleton of a model, built once and cached (the node hierarchy does not change). */
export function skeletonOf(model: SkinnedModel): Skeleton {
  let skeleton = cache.get(model);
  if (!skeleton) {
    skeleton = new Skeleton(model);
    cache.set(model, skeleton);
  }
  return skeleton;
}
