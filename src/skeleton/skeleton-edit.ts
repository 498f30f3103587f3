/**
 * Skeleton edits as data: the operations the CLI's `--edits` file, the scripting API and the
 * editor's Skeleton mode all apply, each checked before anything changes. Positions and rotations
 * are world space of the pose the file stores (its rest pose, as drawn); a joint is named by its
 * node name, by `#N` (node index N), or by a node index (number).
 */
import type { ChildrenMode } from './move-joint.ts';
import { requireFinite, requireRotation } from './skeleton-checks.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';

/** A joint: node index, node name, or "#N" (node index N). */
export type JointRef = number | string;
export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

/** One skeleton operation (see docs/cli.md, "skeleton"). */
export type SkeletonEdit =
  /** The joint's world position becomes `to`, its world rotation kept; children stay (default) or follow. */
  | { op: 'move'; joint: JointRef; to: Vec3; children?: ChildrenMode }
  /** The joint's world rotation becomes `rotation` (x, y, z, w); children stay. */
  | { op: 'orient'; joint: JointRef; rotation: Quat }
  /** A new joint under `parent` at world point `at`, oriented like it, in every skin listing it, no weights. */
  | { op: 'add'; name?: string; parent: JointRef; at: Vec3 }
  /** `count` joints evenly between `joint` and its child (default its main child). */
  | {
      op: 'split';
      joint: JointRef;
      count: number;
      weights?: 'keep' | 'spread';
      child?: JointRef;
      names?: string[];
    }
  /** The joint goes; its weights go exactly to its parent joint or to `weightsTo`. */
  | { op: 'delete'; joint: JointRef; weightsTo?: 'parent' | JointRef }
  | { op: 'rename'; joint: JointRef; to: string }
  /** The joint goes under `parent`, keeping its world placement. */
  | { op: 'reparent'; joint: JointRef; parent: JointRef }
  /**
   * The pose given by local rotations (and, optionally, translations) of the joints named becomes
   * the bind pose; joints not named keep their rest transform.
   */
  | { op: 'bindPose'; rotations: Record<string, Quat>; translations?: Record<string, Vec3> };

export type SkeletonOp = SkeletonEdit['op'];

const FIELDS: Record<SkeletonOp, { required: string[]; optional: string[] }> = {
  move: { required: ['joint', 'to'], optional: ['children'] },
  orient: { required: ['joint', 'rotation'], optional: [] },
  add: { required: ['parent', 'at'], optional: ['name'] },
  split: { required: ['joint', 'count'], optional: ['weights', 'child', 'names'] },
  delete: { required: ['joint'], optional: ['weightsTo'] },
  rename: { required: ['joint', 'to'], optional: [] },
  reparent: { required: ['joint', 'parent'], optional: [] },
  bindPose: { required: ['rotations'], optional: ['translations'] },
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jointRef(v: unknown, what: string): JointRef {
  if (typeof v === 'string' && v.length > 0) return v;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  throw new SkeletonEditError(
    `${what} must be a joint name, "#N" or a node index (got ${JSON.stringify(v)}).`,
  );
}

/**
 * Checks one edit given as plain data (parsed JSON, a script's object) and returns it typed.
 * Throws a SkeletonEditError naming the field for anything malformed: an unknown op or field, a
 * missing field, a non-finite number, a bad joint reference.
 */
export function parseSkeletonEdit(value: unknown): SkeletonEdit {
  if (!isRecord(value)) throw new SkeletonEditError('an edit must be an object like {"op":"move",…}.');
  const op = value.op;
  if (typeof op !== 'string' || !(op in FIELDS))
    throw new SkeletonEditError(
      `unknown op ${JSON.stringify(op)} (use ${Object.keys(FIELDS)
        .map((k) => `"${k}"`)
        .join(', ')}).`,
    );
  const { required, optional } = FIELDS[op as SkeletonOp];
  for (const key of Object.keys(value))
    if (key !== 'op' && !required.includes(key) && !optional.includes(key))
      throw new SkeletonEditError(`${op}: unknown field "${key}".`);
  for (const key of required)
    if (value[key] === undefined) throw new SkeletonEditError(`${op}: "${key}" is missing.`);
  const v = value as Record<string, unknown>;
  switch (op as SkeletonOp) {
    case 'move': {
      requireFinite(v.to, 3, 'move: "to"');
      if (v.children !== undefined && v.children !== 'stay' && v.children !== 'follow')
        throw new SkeletonEditError('move: "children" must be "stay" or "follow".');
      return {
        op: 'move',
        joint: jointRef(v.joint, 'move: "joint"'),
        to: [...(v.to as number[])] as Vec3,
        ...(v.children !== undefined && { children: v.children as ChildrenMode }),
      };
    }
    case 'orient':
      return {
        op: 'orient',
        joint: jointRef(v.joint, 'orient: "joint"'),
        rotation: requireRotation(v.rotation, 'orient: "rotation"'),
      };
    case 'add':
      requireFinite(v.at, 3, 'add: "at"');
      if (v.name !== undefined && (typeof v.name !== 'string' || !v.name.trim()))
        throw new SkeletonEditError('add: "name" must be a non-empty string.');
      return {
        op: 'add',
        parent: jointRef(v.parent, 'add: "parent"'),
        at: [...(v.at as number[])] as Vec3,
        ...(v.name !== undefined && { name: v.name as string }),
      };
    case 'split': {
      if (typeof v.count !== 'number' || !Number.isInteger(v.count) || v.count < 1)
        throw new SkeletonEditError(
          `split: "count" must be a whole number ≥ 1 (got ${JSON.stringify(v.count)}).`,
        );
      if (v.weights !== undefined && v.weights !== 'keep' && v.weights !== 'spread')
        throw new SkeletonEditError('split: "weights" must be "keep" or "spread".');
      if (v.names !== undefined && (!Array.isArray(v.names) || !v.names.every((n) => typeof n === 'string')))
        throw new SkeletonEditError('split: "names" must be a list of names.');
      return {
        op: 'split',
        joint: jointRef(v.joint, 'split: "joint"'),
        count: v.count,
        ...(v.weights !== undefined && { weights: v.weights as 'keep' | 'spread' }),
        ...(v.child !== undefined && { child: jointRef(v.child, 'split: "child"') }),
        ...(v.names !== undefined && { names: [...(v.names as string[])] }),
      };
    }
    case 'delete':
      return {
        op: 'delete',
        joint: jointRef(v.joint, 'delete: "joint"'),
        ...(v.weightsTo !== undefined && {
          weightsTo: v.weightsTo === 'parent' ? 'parent' : jointRef(v.weightsTo, 'delete: "weightsTo"'),
        }),
      };
    case 'rename':
      if (typeof v.to !== 'string' || !v.to.trim())
        throw new SkeletonEditError('rename: "to" must be a non-empty string.');
      return { op: 'rename', joint: jointRef(v.joint, 'rename: "joint"'), to: v.to };
    case 'reparent':
      return {
        op: 'reparent',
        joint: jointRef(v.joint, 'reparent: "joint"'),
        parent: jointRef(v.parent, 'reparent: "parent"'),
      };
    case 'bindPose': {
      if (!isRecord(v.rotations))
        throw new SkeletonEditError('bindPose: "rotations" must be an object {joint: [x,y,z,w]}.');
      if (v.translations !== undefined && !isRecord(v.translations))
        throw new SkeletonEditError('bindPose: "translations" must be an object {joint: [x,y,z]}.');
      const rotations: Record<string, Quat> = {};
      for (const [k, q] of Object.entries(v.rotations))
        rotations[k] = requireRotation(q, `bindPose: rotation of "${k}"`);
      const translations: Record<string, Vec3> = {};
      for (const [k, t] of Object.entries((v.translations ?? {}) as Record<string, unknown>)) {
        requireFinite(t, 3, `bindPose: translation of "${k}"`);
        translations[k] = [...(t as number[])] as Vec3;
      }
      return { op: 'bindPose', rotations, ...(v.translations !== undefined && { translations }) };
    }
  }
}

/** Checks a list of edits (a JSON array); errors say which edit (1-based). */
export function parseSkeletonEdits(value: unknown): SkeletonEdit[] {
  if (!Array.isArray(value)) throw new SkeletonEditError('the edits must be a JSON array of operations.');
  return value.map((edit, k) => {
    try {
      return parseSkeletonEdit(edit);
    } catch (err) {
      if (err instanceof SkeletonEditError) throw new SkeletonEditError(`edit ${k + 1}: ${err.message}`);
      throw err;
    }
  });
}

/**
 * The edit with every joint given as a node index written `#N` instead: how the CLI reads node
 * indices (of the file as read), and how the editor names joints across a batch of edits.
 */
export function withNodeRefs(edit: SkeletonEdit): SkeletonEdit {
  const r = (v: JointRef): JointRef => (typeof v === 'number' ? `#${v}` : v);
  const e = { ...edit } as Record<string, unknown>;
  for (const k of ['joint', 'parent', 'child']) if (e[k] !== undefined) e[k] = r(e[k] as JointRef);
  if (e.weightsTo !== undefined && e.weightsTo !== 'parent') e.weightsTo = r(e.weightsTo as JointRef);
  return e as SkeletonEdit;
}
