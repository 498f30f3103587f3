/**
 * Models of one lineage differ only in where their joints are: one was made from another by
 * skeleton edits that keep every node, every skin's joint list and every vertex (a joint moved,
 * turned, renamed or re-parented; see src/editor/skeleton-lineage.ts), so their meshes as drawn
 * at rest are the same (to float rounding). What depends only on that mesh — the viewport's
 * scene, the bone glyphs' distance field — is kept across them rather than built again.
 */
import type { SkinnedModel } from './skinned-model.ts';

/** Model → its lineage (models of one lineage share it). */
const lineages = new WeakMap<SkinnedModel, object>();

/** The lineage of `model`: an object shared by every model of its shape (a new one for a model never edited). */
export function lineageOf(model: SkinnedModel): object {
  let key = lineages.get(model);
  if (!key) {
    key = {};
    lineages.set(model, key);
  }
  return key;
}

/** Records that `next` was made from `from` by edits that keep its shape. */
export function sameLineage(from: SkinnedModel, next: SkinnedModel): void {
  lineages.set(next, lineageOf(from));
}

/**
 * True when `b` differs from `a` only in its joints' transforms, inverse bind matrices and names
 * (and their parents): the same lineage, and, as a check, the same nodes, skins and primitives.
 */
export function sameShape(a: SkinnedModel, b: SkinnedModel): boolean {
  if (a === b) return true;
  const key = lineages.get(a);
  if (key === undefined || key !== lineages.get(b)) return false;
  if (a.document.getRoot().listNodes().length !== b.document.getRoot().listNodes().length) return false;
  if (a.skins.length !== b.skins.length || a.primitives.length !== b.primitives.length) return false;
  if (a.skins.some((s, i) => s.joints.join() !== b.skins[i].joints.join())) return false;
  return a.primitives.every((p, i) => {
    const q = b.primitives[i];
    return (
      p.id === q.id &&
      p.meshIndex === q.meshIndex &&
      p.primitiveIndex === q.primitiveIndex &&
      p.weights.vertexCount === q.weights.vertexCount &&
      p.weights.influences === q.weights.influences
    );
  });
}
