/**
 * What every skeleton edit checks first (a joint that is one, finite numbers, a free name) and
 * what each returns. A failed check throws a SkeletonEditError before anything is changed.
 */
import type { Node } from '@gltf-transform/core';
import type { JointInfo, SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';

/** What an edit of the model did. */
export interface EditOutcome {
  /** False when the edit changed nothing (a joint moved to where it is). */
  changed: boolean;
  /** Joints the edit created (node ids in the edited document). */
  created: number[];
  /** Things the user should know (channels dropped, keys resampled, an approximation). */
  notes: string[];
  /**
   * The weight change per primitive (id), replayable on any weights of that primitive with the
   * skin's joint indices: the editor applies it to every weight layer too.
   */
  weightEdits?: { primitive: number; apply: (weights: SkinWeights) => void }[];
}

/** The joint with node id `id`, or a SkeletonEditError. */
export function requireJoint(model: SkinnedModel, id: number): JointInfo {
  const info = model.joints.get(id);
  if (!info) {
    const node = model.document.getRoot().listNodes()[id];
    throw new SkeletonEditError(
      node ? `Node ${id} ("${node.getName()}") is not a joint of any skin.` : `There is no node ${id}.`,
    );
  }
  return info;
}

/** `values` must be `n` finite numbers. */
export function requireFinite(values: unknown, n: number, what: string): void {
  if (!Array.isArray(values) && !ArrayBuffer.isView(values))
    throw new SkeletonEditError(`${what} must be ${n} numbers.`);
  const a = values as ArrayLike<unknown>;
  if (a.length !== n) throw new SkeletonEditError(`${what} must be ${n} numbers (got ${a.length}).`);
  for (let k = 0; k < n; k++)
    if (typeof a[k] !== 'number' || !Number.isFinite(a[k]))
      throw new SkeletonEditError(`${what} must be ${n} finite numbers (got ${String(a[k])}).`);
}

/** A unit quaternion from 4 finite numbers that are not all 0. */
export function requireRotation(values: unknown, what: string): [number, number, number, number] {
  requireFinite(values, 4, what);
  const q = Array.from(values as ArrayLike<number>) as [number, number, number, number];
  const n = Math.hypot(...q);
  if (!(n > 1e-12)) throw new SkeletonEditError(`${what} is a zero quaternion.`);
  return q.map((c) => c / n) as [number, number, number, number];
}

/** True when `node` is `ancestor` or below it. */
export function isUnder(node: Node, ancestor: Node): boolean {
  const seen = new Set<Node>();
  for (let n: Node | null = node; n && !seen.has(n); n = n.getParentNode()) {
    if (n === ancestor) return true;
    seen.add(n);
  }
  return false;
}

/** A name no other node has (a non-empty string), or a SkeletonEditError. */
export function requireFreeName(model: SkinnedModel, name: unknown, except?: Node): string {
  if (typeof name !== 'string' || !name.trim())
    throw new SkeletonEditError('A joint needs a name (a non-empty string).');
  if (/^#\d+$/.test(name))
    throw new SkeletonEditError(`"${name}" would read as a node index (#N): choose another name.`);
  const taken = model.document
    .getRoot()
    .listNodes()
    .findIndex((n) => n !== except && n.getName() === name);
  if (taken >= 0)
    throw new SkeletonEditError(`Node ${taken} is already named "${name}": joint names must differ.`);
  return name;
}

/** `base` if free, else `base.001`, `base.002`… (Blender's way). */
export function freeName(model: SkinnedModel, base: string): string {
  const names = new Set(
    model.document
      .getRoot()
      .listNodes()
      .map((n) => n.getName()),
  );
  if (!names.has(base)) return base;
  for (let k = 1; ; k++) {
    const name = `${base}.${String(k).padStart(3, '0')}`;
    if (!names.has(name)) return name;
  }
}

/**
 * Refuses an edit that would rewrite the weights of joint `id` when a mesh skinned with it is also
 * skinned by other skins that list other joints (RecursiveSkeletons: one mesh, 84 skeletons): its
 * one set of JOINTS indices serves every skin, so the weights cannot change for one alone.
 */
export function requireOwnWeights(model: SkinnedModel, id: number, what: string): void {
  for (const prim of model.primitives) {
    if (prim.skins.length < 2) continue;
    const lists = prim.skins.map((s) => model.skins[s].joints);
    if (!lists.some((l) => l.includes(id))) continue;
    const same = lists.every((l) => l.length === lists[0].length && l.every((j, k) => j === lists[0][k]));
    if (!same)
      throw new SkeletonEditError(
        `"${model.joints.get(id)?.name}" is in a skin of ${prim.name}, which ${prim.skins.length} skins with other joints share: ${what} would change the others' weights too.`,
      );
  }
}
