/**
 * Random skeleton edits for the property tests: a seed (fast-check draws it) made into a concrete
 * SkeletonEdit on the model as it is at that step (joints picked among the current ones,
 * positions near the joint scaled to the skeleton, names unique).
 */
import fc from 'fast-check';
import type { SkinnedModel } from '../../../src/gltf/skinned-model.ts';
import type { SkeletonEdit } from '../../../src/skeleton/skeleton-edit.ts';

export const EDIT_KINDS = [
  'move',
  'orient',
  'add',
  'split',
  'delete',
  'rename',
  'reparent',
  'bindPose',
] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

export interface EditSeed {
  kind: EditKind;
  a: number;
  b: number;
  v: [number, number, number];
  q: [number, number, number, number];
  count: number;
  flag: boolean;
}

const unit = fc.double({ min: -1, max: 1, noNaN: true });

export function editSeed(kinds: readonly EditKind[] = EDIT_KINDS): fc.Arbitrary<EditSeed> {
  return fc.record({
    kind: fc.constantFrom(...kinds),
    a: fc.nat(10_000),
    b: fc.nat(10_000),
    v: fc.tuple(unit, unit, unit),
    q: fc.tuple(unit, unit, unit, unit),
    count: fc.integer({ min: 1, max: 3 }),
    flag: fc.boolean(),
  });
}

/** The skeleton's size: the diagonal of its joints' rest positions (at least a tiny length). */
export function skeletonScale(model: SkinnedModel): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const j of model.joints.values())
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], j.restPosition[k]);
      hi[k] = Math.max(hi[k], j.restPosition[k]);
    }
  return Math.max(Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), 1e-3);
}

function unitQuat(q: readonly number[]): [number, number, number, number] {
  const n = Math.hypot(...q);
  return n < 0.1 ? [0, 0, 0, 1] : (q.map((c) => c / n) as [number, number, number, number]);
}

/** A concrete edit for this step (`k`: the step number, for unique names), or null when none applies. */
export function materialize(model: SkinnedModel, seed: EditSeed, k: number): SkeletonEdit | null {
  const ids = [...model.joints.keys()].sort((x, y) => x - y);
  if (ids.length === 0) return null;
  const pick = (n: number, list = ids) => list[n % list.length];
  const id = pick(seed.a);
  const joint = model.joints.get(id)!;
  const ref = `#${id}`;
  const scale = skeletonScale(model) * 0.05;
  const near = (): [number, number, number] => [
    joint.restPosition[0] + seed.v[0] * scale,
    joint.restPosition[1] + seed.v[1] * scale,
    joint.restPosition[2] + seed.v[2] * scale,
  ];
  switch (seed.kind) {
    case 'move':
      return { op: 'move', joint: ref, to: near(), children: seed.flag ? 'follow' : 'stay' };
    case 'orient':
      return { op: 'orient', joint: ref, rotation: unitQuat(seed.q) };
    case 'add':
      return { op: 'add', parent: ref, at: near(), name: `Added${k}` };
    case 'split': {
      const parents = ids.filter((i) => model.joints.get(i)!.children.length > 0);
      if (parents.length === 0) return null;
      return {
        op: 'split',
        joint: `#${pick(seed.a, parents)}`,
        count: seed.count,
        weights: seed.flag ? 'spread' : 'keep',
      };
    }
    case 'delete': {
      const deletable = ids.filter((i) => !(model.rootJoints.length === 1 && model.rootJoints[0] === i));
      if (deletable.length === 0 || ids.length < 2) return null;
      const d = pick(seed.a, deletable);
      const info = model.joints.get(d)!;
      const others = ids.filter((i) => i !== d);
      const to = info.parent >= 0 && !seed.flag ? 'parent' : `#${pick(seed.b, others)}`;
      return { op: 'delete', joint: `#${d}`, weightsTo: to };
    }
    case 'rename':
      return { op: 'rename', joint: ref, to: `Renamed${k}` };
    case 'reparent':
      return { op: 'reparent', joint: ref, parent: `#${pick(seed.b)}` };
    case 'bindPose': {
      // A turn of up to ~35° on the joint's rest rotation.
      const [x, y, z] = seed.v;
      const s = 0.3;
      const turn = unitQuat([x * s, y * s, z * s, 1]);
      const r = joint.node.getRotation();
      const q: [number, number, number, number] = [
        r[3] * turn[0] + r[0] * turn[3] + r[1] * turn[2] - r[2] * turn[1],
        r[3] * turn[1] - r[0] * turn[2] + r[1] * turn[3] + r[2] * turn[0],
        r[3] * turn[2] + r[0] * turn[1] - r[1] * turn[0] + r[2] * turn[3],
        r[3] * turn[3] - r[0] * turn[0] - r[1] * turn[1] - r[2] * turn[2],
      ];
      return { op: 'bindPose', rotations: { [ref]: q } };
    }
  }
}
