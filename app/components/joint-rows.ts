import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';

export interface JointRow {
  id: number;
  name: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * The rows the skeleton tree shows, depth first. Without a query, children of collapsed joints
 * are hidden. With one, joints whose name contains it (case-insensitive) are shown with their
 * ancestors, everything expanded, so a match is always seen in its place in the hierarchy.
 */
export function jointRows(model: SkinnedModel, collapsed: ReadonlySet<number>, query: string): JointRow[] {
  const q = query.trim().toLowerCase();
  const keep = new Set<number>();
  if (q) {
    for (const joint of model.joints.values()) {
      if (!joint.name.toLowerCase().includes(q)) continue;
      for (let id = joint.id; id >= 0 && !keep.has(id); id = model.joints.get(id)?.parent ?? -1) keep.add(id);
    }
  }
  const rows: JointRow[] = [];
  const visit = (id: number, depth: number, seen: Set<number>) => {
    const joint = model.joints.get(id);
    if (!joint || seen.has(id) || (q && !keep.has(id))) return;
    seen.add(id);
    const expanded = q ? true : !collapsed.has(id);
    rows.push({ id, name: joint.name, depth, hasChildren: joint.children.length > 0, expanded });
    if (expanded) for (const child of joint.children) visit(child, depth + 1, seen);
  };
  const seen = new Set<number>();
  for (const root of model.rootJoints) visit(root, 0, seen);
  return rows;
}

/** Ids of the joint's ancestors (to expand them when the joint is selected from the viewport). */
export function ancestorsOf(model: SkinnedModel, id: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (
    let p = model.joints.get(id)?.parent ?? -1;
    p >= 0 && !seen.has(p);
    p = model.joints.get(p)?.parent ?? -1
  ) {
    seen.add(p);
    out.push(p);
  }
  return out;
}
