import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';

export interface JointRow {
  id: number;
  name: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  /** The joint's VRM human bone ("leftUpperArm"), when the file is a VRM that maps it. */
  humanBone?: string;
}

/**
 * The rows the skeleton tree shows, depth first. Without a query, children of collapsed joints
 * are hidden. With one, joints whose name contains it (case-insensitive) are shown with their
 * ancestors, everything expanded, so a match is always seen in its place in the hierarchy.
 * `humanBones` (joint id → VRM human bone: `editor.vrm`) badges rows; the query matches them too.
 */
export function jointRows(
  model: SkinnedModel,
  collapsed: ReadonlySet<number>,
  query: string,
  humanBones: ReadonlyMap<number, string> = new Map(),
): JointRow[] {
  const q = query.trim().toLowerCase();
  const keep = new Set<number>();
  if (q) {
    for (const joint of model.joints.values()) {
      const bone = humanBones.get(joint.id)?.toLowerCase();
      if (!joint.name.toLowerCase().includes(q) && !bone?.includes(q)) continue;
      for (let id = joint.id; id >= 0 && !keep.has(id); id = model.joints.get(id)?.parent ?? -1) keep.add(id);
    }
  }
  const rows: JointRow[] = [];
  const visit = (id: number, depth: number, seen: Set<number>) => {
    const joint = model.joints.get(id);
    if (!joint || seen.has(id) || (q && !keep.has(id))) return;
    seen.add(id);
    const expanded = q ? true : !collapsed.has(id);
    const humanBone = humanBones.get(id);
    rows.push({
      id,
      name: joint.name,
      depth,
      hasChildren: joint.children.length > 0,
      expanded,
      ...(humanBone ? { humanBone } : {}),
    });
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

/** Characters that end a naming prefix: Mixamo's "mixamorig:", Maya's "ns|", "Armature_", "Bip01 ". */
const PREFIX_END = /[:|_. -]/;

/**
 * The prefix every joint name shares, up to and including a separator ("mixamorig:"), when folding
 * it leaves every name non-empty; "" when there is none. Riggers' rigs repeat a namespace on every
 * joint, and in a narrow tree it is all that shows.
 */
export function sharedNamePrefix(names: readonly string[]): string {
  if (names.length < 2) return '';
  let common = names[0];
  for (const name of names) {
    let k = 0;
    while (k < common.length && k < name.length && common[k] === name[k]) k++;
    common = common.slice(0, k);
    if (!common) return '';
  }
  // Cut back to the last separator, and leave every name something to show.
  let end = common.length;
  while (end > 0 && !PREFIX_END.test(common[end - 1])) end--;
  const prefix = common.slice(0, end);
  if (!prefix || names.some((n) => n.length <= prefix.length)) return '';
  return prefix;
}

/**
 * A joint name cut where it may wrap in the tree: between words of camelCase
 * ("Left|Hand|Index1"), after separators ("spine|_01", "mixamorig:|Hips"). Joined, the pieces
 * are the name; the panel puts a line-break opportunity between them so long finger names show
 * whole rather than "LeftHand…".
 */
export function nameBreaks(name: string): string[] {
  // Not before a number: a finger's digit stays on its word's line ("Index1", never "Index / 1").
  return name.split(/(?<=[a-z])(?=[A-Z])|(?<=[_:.|\- ])(?=[^_:.|\- ])/);
}

/** Levels indented by a full step; deeper ones by a half step, up to {@link MAX_INDENT_DEPTH}. */
const FULL_STEPS = 4;
const STEP_PX = 12;
/** Deeper levels stop indenting, so names stay readable in very deep chains (840-joint files exist). */
export const MAX_INDENT_DEPTH = 12;

/**
 * The left padding of a tree row at `depth`, px: a full 12 px step for the first levels (the
 * spine's), half steps below them, none past {@link MAX_INDENT_DEPTH}. A Mixamo fingertip (depth
 * 12) keeps 40 px more for its name than with full steps, so "LeftHandIndex4" wraps at most once
 * in the default panel instead of breaking into three lines.
 */
export function rowIndent(depth: number): number {
  const d = Math.max(0, Math.min(depth, MAX_INDENT_DEPTH));
  return 4 + Math.min(d, FULL_STEPS) * STEP_PX + Math.max(0, d - FULL_STEPS) * (STEP_PX / 2);
}
