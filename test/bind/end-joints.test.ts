/**
 * End joints (HeadTop_End, finger tips, Toe_End) end their parent's bone and get no weight by
 * default; mirror partners are decided together (issue 26, "Auto-bind without a warning").
 */
import { describe, expect, it } from 'vitest';
import { AUTOBIND_DEFAULTS, autobind } from '../../src/bind/autobind.ts';
import { chooseSegments } from '../../src/bind/bind-segments.ts';
import { type BindJoint, buildBoneSegments } from '../../src/bind/bone-segments.ts';
import { endJointFlags, isEndJointName } from '../../src/bind/end-joints.ts';
import { solidGrid } from '../../src/bind/fill-interior.ts';
import { positionBounds } from '../../src/bind/positions.ts';
import { bindInput, merge, sphere, tube } from './fixtures.ts';

describe('isEndJointName / endJointFlags', () => {
  it('knows Mixamo, Blender and 3ds Max end joints, and no ordinary bone', () => {
    for (const name of [
      'HeadTop_End',
      'mixamorig:HeadTop_End',
      'LeftToe_End',
      'mixamorig:LeftHandIndex4',
      'RightHandPinky4',
      'hand.L_end',
      'spine.end',
      'Bip01 HeadNub',
      'Bip01 R Finger0Nub',
      'neckEnd',
    ])
      expect(isEndJointName(name), name).toBe(true);
    for (const name of [
      'Head',
      'Legend',
      'Bend',
      'LeftHandIndex3',
      'Tail8',
      'b_Head_05',
      'Ear4.L',
      'Spine4',
      'Endo',
    ])
      expect(isEndJointName(name), name).toBe(false);
  });

  it('a named end joint with a deforming joint below it is no end; a chain of end joints is', () => {
    // Head → HeadTop_End → HeadTop_End_end (Blender's FBX import adds the last); Hips → Weird_End → Leg.
    const names = ['Head', 'HeadTop_End', 'HeadTop_End_end', 'Hips', 'Weird_End', 'Leg'];
    const parents = [-1, 0, 1, -1, 3, 4];
    expect(endJointFlags(names, parents)).toEqual([false, true, true, false, false, false]);
  });
});

/** A neck, a head joint at its top, HeadTop_End at the crown, and a hand with a tip joint. */
const HEAD: BindJoint[] = [
  { position: [0, 1.4, 0], parent: -1 }, // 0 neck
  { position: [0, 1.55, 0], parent: 0 }, // 1 head
  { position: [0, 1.8, 0], parent: 1, end: true }, // 2 HeadTop_End
];

describe('buildBoneSegments with end joints', () => {
  it('the head bone runs from Head to HeadTop_End, which gets no bone', () => {
    const s = buildBoneSegments(HEAD);
    expect(Array.from(s.joint)).toEqual([0, 1]);
    expect(Array.from(s.ends.subarray(6, 12))).toEqual([0, 1.55, 0, 0, 1.8, 0]);
    expect(s.leaf[1]).toBe(0);
  });

  it('still does when the end joint is excluded (left out as outside the mesh, or by the user)', () => {
    const s = buildBoneSegments(HEAD.map((j, i) => (i === 2 ? { ...j, excluded: true } : j)));
    expect(Array.from(s.ends.subarray(6, 12))).toEqual([0, 1.55, 0, 0, 1.8, 0]);
  });

  it('with bindEndJoints the end joint is a leaf bone of its own', () => {
    const s = buildBoneSegments(HEAD, { bindEndJoints: true });
    expect(Array.from(s.joint)).toEqual([0, 1, 2]);
    expect(s.leaf[2]).toBe(1);
  });

  it('a head whose children are two mirror-partner ear roots points between them, not at one', () => {
    const joints: BindJoint[] = [
      { position: [0, 1.4, 0], parent: -1 },
      { position: [0, 1.55, 0], parent: 0 },
      { position: [0.05, 1.7, 0], parent: 1, partner: 3 },
      { position: [-0.05, 1.7 + 1e-9, 0], parent: 1, partner: 2 },
    ];
    const s = buildBoneSegments(joints, { multiChild: 'aligned' });
    expect(s.ends[9]).toBeCloseTo(0, 9);
    expect(s.ends[10]).toBeCloseTo(1.7, 6);
  });
});

describe('auto-bind of a head with HeadTop_End', () => {
  // A neck tube, a head ball; the end joint sits just under the crown.
  const mesh = merge(tube([0, 1.3, 0], [0, 1.56, 0], 0.06), sphere([0, 1.66, 0], 0.15, 16));
  const joints: BindJoint[] = [
    { position: [0, 1.3, 0], parent: -1 },
    { position: [0, 1.5, 0], parent: 0 },
    { position: [0, 1.72, 0], parent: 1, end: true },
  ];

  it('gives the whole head ball to Head and nothing to HeadTop_End', () => {
    const { weights } = autobind(bindInput([mesh], joints));
    const w = weights[0];
    let headTop = 0;
    let faceOnHead = 0;
    let face = 0;
    for (let v = 0; v < w.vertexCount; v++) {
      headTop += w.weightOf(v, 2);
      const y = mesh.positions[v * 3 + 1];
      if (y > 1.62) {
        face++;
        if (w.weightOf(v, 1) > 0.9) faceOnHead++;
      }
    }
    expect(headTop).toBe(0);
    expect(faceOnHead).toBe(face);
  });

  it('with bindEndJoints the crown goes to HeadTop_End', () => {
    const { weights } = autobind(bindInput([mesh], joints), { bindEndJoints: true });
    let headTop = 0;
    for (let v = 0; v < weights[0].vertexCount; v++) headTop += weights[0].weightOf(v, 2);
    expect(headTop).toBeGreaterThan(1);
  });
});

describe('mirror partners decided together', () => {
  // Two arms ending in thin fingers; the right finger's bone pokes further out of its finger,
  // so alone it would be left out as outside the mesh while the left one is kept.
  const body = tube([0, 0, 0], [0, 1, 0], 0.15);
  const left = merge(tube([0.1, 0.8, 0], [0.6, 0.8, 0], 0.05), tube([0.6, 0.8, 0], [0.8, 0.8, 0], 0.02));
  const right = merge(tube([-0.1, 0.8, 0], [-0.6, 0.8, 0], 0.05), tube([-0.6, 0.8, 0], [-0.8, 0.8, 0], 0.02));
  const joints: BindJoint[] = [
    { position: [0, 0.1, 0], parent: -1 },
    { position: [0, 0.8, 0], parent: 0 },
    { position: [0.15, 0.8, 0], parent: 1, partner: 5 },
    { position: [0.6, 0.8, 0], parent: 2, partner: 6 },
    { position: [0.72, 0.8, 0], parent: 3, partner: 7, tail: [0.84, 0.8, 0] },
    { position: [-0.15, 0.8, 0], parent: 1, partner: 2 },
    { position: [-0.6, 0.8, 0], parent: 5, partner: 3 },
    { position: [-0.72, 0.8, 0], parent: 6, partner: 4, tail: [-0.95, 0.8, 0] },
  ];
  const input = bindInput([body, left, right], joints);
  const positions = input.primitives.map((p) => p.positions);
  const grid = solidGrid(
    positions,
    input.primitives.map((p) => p.indices),
    positionBounds(positions),
    128,
  );
  const options = { ...AUTOBIND_DEFAULTS, minInside: 0.6 };

  it('unpaired, the two finger tips are decided differently (the case pairing fixes)', () => {
    const unpaired = joints.map(({ partner: _, ...j }) => j);
    const { outside } = chooseSegments(unpaired, grid, options);
    expect(outside.includes(4)).not.toBe(outside.includes(7));
  });

  it('paired, both are kept or both left out', () => {
    const { outside } = chooseSegments(joints, grid, options);
    expect(outside.includes(4)).toBe(outside.includes(7));
  });

  it('partner leaves get one length, though one finger runs further than the other', () => {
    const rightLonger = merge(
      tube([-0.1, 0.8, 0], [-0.6, 0.8, 0], 0.05),
      tube([-0.6, 0.8, 0], [-0.9, 0.8, 0], 0.02),
    );
    const meshes = [body, left, rightLonger].map((m) => new Float32Array(m.positions));
    const solid = solidGrid(
      meshes,
      [body, left, rightLonger].map((m) => new Uint32Array(m.indices)),
      positionBounds(meshes),
      128,
    );
    // The finger tips as leaves (no tail): their bones are stretched to where the fingers end.
    const leaves = joints.map(({ tail: _, ...j }) => j);
    const length = (segs: { ends: Float64Array }, s: number) =>
      Math.hypot(segs.ends[s * 6 + 3] - segs.ends[s * 6], segs.ends[s * 6 + 4] - segs.ends[s * 6 + 1]);
    const unpaired = chooseSegments(
      leaves.map(({ partner: _, ...j }) => j),
      solid,
      AUTOBIND_DEFAULTS,
    ).segments;
    const s4 = Array.from(unpaired.joint).indexOf(4);
    const s7 = Array.from(unpaired.joint).indexOf(7);
    expect(Math.abs(length(unpaired, s4) - length(unpaired, s7))).toBeGreaterThan(1);
    const paired = chooseSegments(leaves, solid, AUTOBIND_DEFAULTS).segments;
    expect(length(paired, s4)).toBeCloseTo(length(paired, s7), 9);
  });
});
