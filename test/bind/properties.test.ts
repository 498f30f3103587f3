/**
 * Property tests: DESIGN.md's invariants hold on every auto-bind result (random skeletons over
 * random pieces), and a selected-joints rebind never touches locked or unselected joints.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTOBIND_DEFAULTS, autobind, type BindJoint } from '../../src/bind/autobind.ts';
import { chooseSegments } from '../../src/bind/bind-segments.ts';
import { solidGrid } from '../../src/bind/fill-interior.ts';
import { positionBounds } from '../../src/bind/positions.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { bindInput, merge, problems, sphere, stickFigure, type TestMesh, tube } from './fixtures.ts';

type V3 = [number, number, number];
const coord = fc.double({ min: -1, max: 1, noNaN: true });
const point = fc.tuple(coord, coord, coord) as fc.Arbitrary<V3>;

/** A random skeleton: each joint's parent is an earlier joint (or none), somewhere in [-1, 1]³. */
const skeleton = fc
  .array(fc.record({ position: point, parentPick: fc.double({ min: -0.2, max: 1, noNaN: true }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((list): BindJoint[] =>
    list.map((j, i) => ({
      position: j.position,
      parent: i === 0 || j.parentPick < 0 ? -1 : Math.floor(j.parentPick * i),
    })),
  );

/** Random pieces: tubes (capped or not) and spheres. */
const pieces = fc.array(
  fc.oneof(
    fc
      .record({ a: point, b: point, r: fc.double({ min: 0.02, max: 0.4, noNaN: true }), caps: fc.boolean() })
      .map(
        ({ a, b, r, caps }): TestMesh =>
          Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) > 1e-3
            ? tube(a, b, r, { sides: 6, rings: 3, caps })
            : sphere(a, r, 5),
      ),
    fc
      .record({ c: point, r: fc.double({ min: 0.01, max: 0.5, noNaN: true }) })
      .map(({ c, r }) => sphere(c, r, 5)),
  ),
  { minLength: 1, maxLength: 4 },
);

type Limb = { start: number; bones: [number, number, number][]; r: number };

/**
 * Binds a torso on the mid-plane with `limbs` on the left mirrored to the right (and two ear
 * roots under the head when `ears`), and checks the result is mirror-symmetric: per vertex of
 * the limbs, and (`masses`) partners holding as much weight as each other over the whole figure.
 */
function checkMirroredFigure(limbs: Limb[], ears: boolean, masses = true): void {
  const joints: BindJoint[] = [
    { position: [0, 0, 0], parent: -1 },
    { position: [0, 1, 0], parent: 0 },
  ];
  const left: TestMesh[] = [];
  const leftJoints: number[] = [];
  const add = (position: V3, parent: number) => {
    joints.push({ position, parent });
    leftJoints.push(joints.length - 1);
    return joints.length - 1;
  };
  if (ears) {
    let at: V3 = [0.08, 1.25, 0];
    let parent = 1;
    for (let k = 0; k < 2; k++) {
      const next: V3 = [at[0] + 0.1, at[1] + 0.15, at[2]];
      parent = add(at, parent);
      left.push(tube(at, next, 0.03, { sides: 6, rings: 2 }));
      at = next;
    }
  }
  for (const l of limbs) {
    let at: V3 = [0.1, l.start, 0];
    let parent = 0;
    for (const [dx, dy, dz] of l.bones) {
      const next: V3 = [at[0] + 0.2 + Math.abs(dx) * 0.4, at[1] + dy * 0.3, at[2] + dz * 0.3];
      parent = add(at, parent);
      left.push(tube(at, next, l.r, { sides: 6, rings: 3 }));
      at = next;
    }
  }
  // The right side: every left joint and piece mirrored, partners both ways.
  const offset = joints.length;
  const mirrorOf = new Map(leftJoints.map((j, k) => [j, offset + k]));
  for (const j of leftJoints) {
    const { position: p, parent } = joints[j];
    joints.push({ position: [-p[0], p[1], p[2]], parent: mirrorOf.get(parent) ?? parent, partner: j });
    joints[j].partner = mirrorOf.get(j);
  }
  const mirrored = (m: TestMesh): TestMesh => ({
    positions: m.positions.map((x, i) => (i % 3 === 0 ? -x : x)),
    indices: m.indices.map((_, i) => m.indices[i - (i % 3) + [0, 2, 1][i % 3]]),
  });
  const body = merge(tube([0, 0, 0], [0, 1, 0], 0.12, { sides: 8, rings: 4 }), sphere([0, 1.2, 0], 0.15, 8));
  const leftMesh = merge(...left);
  const input = bindInput([body, leftMesh, mirrored(leftMesh)], joints);
  // The bones first: each mirrored onto its partner's (a joint on the plane onto itself).
  const positions = input.primitives.map((p) => p.positions);
  const grid = solidGrid(
    positions,
    input.primitives.map((p) => p.indices),
    positionBounds(positions),
    48,
  );
  const { segments } = chooseSegments(joints, grid, AUTOBIND_DEFAULTS);
  const segmentOf = new Map(Array.from(segments.joint, (j, s) => [j, s]));
  for (let s = 0; s < segments.count; s++) {
    const q = segmentOf.get(joints[segments.joint[s]].partner ?? segments.joint[s]);
    expect(q).toBeDefined();
    for (let c = 0; c < 6; c++) {
      const mine = segments.ends[s * 6 + c] * grid.h + grid.origin[c % 3];
      const theirs = segments.ends[q! * 6 + c] * grid.h + grid.origin[c % 3];
      expect(Math.abs(mine - (c % 3 === 0 ? -theirs : theirs))).toBeLessThan(1e-6);
    }
  }
  const result = autobind(input, { resolution: 48 });
  const [, l, r] = result.weights;
  const partnerOf = (j: number) => joints[j].partner ?? j;
  let asymmetry = 0;
  for (let v = 0; v < l.vertexCount; v++) {
    let d = 0;
    for (let j = 0; j < joints.length; j++) d += Math.abs(l.weightOf(v, j) - r.weightOf(v, partnerOf(j)));
    asymmetry += d / 2;
  }
  expect(asymmetry / l.vertexCount).toBeLessThan(0.01);
  if (!masses) return;
  // Over the whole figure: partners hold as much weight as each other, and the joints on the
  // mid-plane hold theirs about it (their weighted centre is on the plane).
  const mass = new Float64Array(joints.length);
  const moment = new Float64Array(joints.length);
  const meshes = [body, leftMesh, mirrored(leftMesh)];
  result.weights.forEach((sw, p) => {
    for (let v = 0; v < sw.vertexCount; v++) {
      for (let j = 0; j < joints.length; j++) {
        const w = sw.weightOf(v, j);
        mass[j] += w;
        moment[j] += w * meshes[p].positions[v * 3];
      }
    }
  });
  // A vertex on the mid-plane as near one partner's bone as the other's is a tie that can fall
  // wholly to either side (test:props seed 1570689723: the torso's top front vertex on the right
  // limb's joint, its mirror image itself): partners may differ by about one vertex beyond 2%.
  for (let j = 0; j < joints.length; j++) {
    const k = partnerOf(j);
    expect(Math.abs(mass[j] - mass[k])).toBeLessThanOrEqual(0.02 * mass[j] + 1.5);
    if (k === j && mass[j] > 1) expect(Math.abs(moment[j] / mass[j])).toBeLessThan(0.01);
  }
}

describe('autobind properties', () => {
  it('every result satisfies the weight invariants, for both methods and K = 4 or 8', () => {
    fc.assert(
      fc.property(
        skeleton,
        pieces,
        fc.constantFrom<'voxel' | 'closest'>('voxel', 'closest'),
        fc.constantFrom<4 | 8>(4, 8),
        fc.boolean(),
        (joints, meshes, method, maxInfluences, split) => {
          const parts = split ? meshes : [merge(...meshes)];
          const result = autobind(bindInput(parts, joints), { method, maxInfluences, resolution: 32 });
          expect(problems(result.weights, joints.length)).toEqual([]);
          for (const sw of result.weights) expect(sw.influences).toBe(maxInfluences);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('a selected-joints rebind keeps locked and unselected joints bit-for-bit', () => {
    const { mesh, joints } = stickFigure();
    const input = bindInput([mesh], joints);
    const existing = autobind(input, { resolution: 48 }).weights;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: joints.length - 1 }), { minLength: 1, maxLength: 5 }),
        fc.uniqueArray(fc.integer({ min: 0, max: joints.length - 1 }), { maxLength: 4 }),
        (only, lockedList) => {
          const locked = new Uint8Array(joints.length);
          for (const j of lockedList) locked[j] = 1;
          const result = autobind(input, { resolution: 48, onlyJoints: only, existing, locked });
          const before = existing[0];
          const after = result.weights[0];
          expect(problems(result.weights, joints.length)).toEqual([]);
          const rebound = new Set(only.filter((j) => !locked[j]));
          for (let v = 0; v < before.vertexCount; v++) {
            let share = 0;
            for (let i = 0; i < 4; i++) {
              const j = before.joints[v * 4 + i];
              const w = before.weights[v * 4 + i];
              if (!(w > 0)) continue;
              if (rebound.has(j)) share += w;
              else if (locked[j]) expect(after.weightOf(v, j)).toBe(w);
            }
            // Where the rebound joints held nothing, nothing changes.
            if (share === 0) {
              expect(Array.from(after.joints.subarray(v * 4, v * 4 + 4))).toEqual(
                Array.from(before.joints.subarray(v * 4, v * 4 + 4)),
              );
              expect(Array.from(after.weights.subarray(v * 4, v * 4 + 4))).toEqual(
                Array.from(before.weights.subarray(v * 4, v * 4 + 4)),
              );
            } else {
              // The rebound joints keep their share between them (to float32 rounding).
              let got = 0;
              for (const j of rebound) got += after.weightOf(v, j);
              expect(got).toBeCloseTo(share, 2);
            }
          }
        },
      ),
      { numRuns: runs(15) },
    );
  });

  it('rebinding only the arm joints of a body bound to the spine moves the arms only', () => {
    const { mesh, joints } = stickFigure();
    const input = bindInput([mesh], joints);
    const n = mesh.positions.length / 3;
    // Everything on the chest joint, then rebind chest + arm joints: arms go to the arm bones.
    const existing = new SkinWeights(n, 4);
    for (let v = 0; v < n; v++) {
      existing.joints[v * 4] = 2;
      existing.weights[v * 4] = 1;
    }
    const locked = new Uint8Array(joints.length);
    const result = autobind(input, { onlyJoints: [2, 5, 6, 7, 8], existing: [existing], locked });
    const sw = result.weights[0];
    for (let v = 0; v < n; v++) {
      const x = mesh.positions[v * 3];
      const main = sw.joints[v * 4];
      if (x > 0.6) expect(main).toBe(6);
      if (x < -0.6) expect(main).toBe(8);
      // Legs and head kept the chest (the only selected joint there).
      if (mesh.positions[v * 3 + 1] < 0.7) expect(main).toBe(2);
    }
    expect(result.stats.unchangedVertices).toBe(0);
  });

  it('symmetric input gives mirror-symmetric weights (partners decided together)', () => {
    // A torso on the mid-plane with a head whose only children are two ear roots, and pairs of
    // limbs of one to three bones on the left mirrored to the right (x → −x).
    const limb = fc.record({
      start: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
      bones: fc.array(fc.tuple(coord, coord, coord), { minLength: 1, maxLength: 3 }),
      r: fc.double({ min: 0.02, max: 0.08, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(limb, { minLength: 1, maxLength: 3 }), fc.boolean(), (limbs, ears) => {
        // Two limbs of a side inside each other (bones closer than their radii) tie for the
        // torso between them; which one a torso vertex takes is then a floating-point coin toss
        // (seed 72774367, kept below as a regression with its per-vertex symmetry).
        fc.pre(
          limbs.every((a, i) => limbs.every((b, k) => k <= i || Math.abs(a.start - b.start) > a.r + b.r)),
        );
        checkMirroredFigure(limbs, ears);
      }),
      {
        numRuns: runs(25),
        examples: [
          // test:props seed 1556575246: limbs at the mid-plane's body ties (a body vertex as near
          // to the left limb as to the right) went to the left bone alone when the bone radii
          // were measured, so partners scaled differently (asymmetry 0.047).
          [
            [
              { start: 0.1, bones: [[0, 0, 0]], r: 0.021254104630434954 },
              { start: 0.2643130152987149, bones: [[0, 0, 0]], r: 0.029253163519692357 },
            ],
            false,
          ],
          // test:props seed 1570689723: one limb reaching back, two ear roots; a mid-plane tie.
          [
            [{ start: 0.40214156095900844, bones: [[0, 0, -0.5690035536540031]], r: 0.035432324507253865 }],
            true,
          ],
        ],
      },
    );
  });

  it('limbs inside each other (test:props seed 72774367): the limbs still bind as mirror images', () => {
    checkMirroredFigure(
      [
        {
          start: 0.2946067704166766,
          bones: [
            [0, 0, 0.0000012403335725973594],
            [0, 0, 0],
          ],
          r: 0.07502805899938607,
        },
        { start: 0.37244658169420725, bones: [[0, 0, 0]], r: 0.02 },
        {
          start: 0.3615760126253526,
          bones: [
            [0, 0, 0],
            [0, 0, 0],
            [0, 0, 0],
          ],
          r: 0.048982836154460245,
        },
      ],
      true,
      false,
    );
  });

  it('refuses bad options', () => {
    const { mesh, joints } = stickFigure();
    const input = bindInput([mesh], joints);
    expect(() => autobind(input, { maxInfluences: 5 as 4 })).toThrow(RangeError);
    expect(() => autobind(input, { onlyJoints: [1] })).toThrow(RangeError);
    expect(() => autobind(bindInput([mesh], []), {})).toThrow(RangeError);
  });
});
