import { beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, MANNEQUIN_JOINTS, type MannequinData } from '../../src/character/index.ts';

const REQUIRED = [
  'Hips',
  'Spine',
  'Spine1',
  'Spine2',
  'Neck',
  'Head',
  'LeftShoulder',
  'LeftArm',
  'LeftForeArm',
  'LeftHand',
  'RightShoulder',
  'RightArm',
  'RightForeArm',
  'RightHand',
  'LeftUpLeg',
  'LeftLeg',
  'LeftFoot',
  'LeftToeBase',
  'RightUpLeg',
  'RightLeg',
  'RightFoot',
  'RightToeBase',
];

describe('mannequin skeleton', () => {
  let data: MannequinData;
  beforeAll(() => {
    data = buildMannequin({ targetVertices: 5_000 });
  });

  it('has the Mixamo joints, parents first, rooted at Hips', () => {
    expect(data.jointNames.length).toBeGreaterThanOrEqual(22);
    for (const name of REQUIRED) expect(data.jointNames).toContain(name);
    expect(new Set(data.jointNames).size).toBe(data.jointNames.length);
    expect(data.jointNames[0]).toBe('Hips');
    expect(data.jointParents[0]).toBe(-1);
    data.jointParents.forEach((p, j) => {
      if (j > 0) expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(j);
    });
    const parentOf = (n: string) => data.jointNames[data.jointParents[data.jointNames.indexOf(n)]];
    expect(parentOf('LeftForeArm')).toBe('LeftArm');
    expect(parentOf('LeftShoulder')).toBe('Spine2');
    expect(parentOf('RightUpLeg')).toBe('Hips');
    expect(parentOf('Head')).toBe('Neck');
  });

  it('pairs Left (+X) and Right joints at mirrored positions', () => {
    const P = data.jointPositions;
    data.jointNames.forEach((name, j) => {
      const m = data.jointMirror[j];
      expect(data.jointMirror[m]).toBe(j);
      expect(P[3 * m] + P[3 * j]).toBe(0);
      expect(P[3 * m + 1]).toBe(P[3 * j + 1]);
      expect(P[3 * m + 2]).toBe(P[3 * j + 2]);
      if (name.startsWith('Left')) {
        expect(data.jointNames[m]).toBe(name.replace('Left', 'Right'));
        expect(P[3 * j]).toBeGreaterThan(0);
      } else if (!name.startsWith('Right')) {
        expect(m).toBe(j);
        expect(P[3 * j]).toBe(0);
      }
    });
  });

  it('sits inside the body: hands out along +X for Left, head on top, feet low', () => {
    const pos = (n: string) => {
      const j = data.jointNames.indexOf(n);
      return Array.from(data.jointPositions.subarray(3 * j, 3 * j + 3));
    };
    expect(pos('LeftHand')[0]).toBeGreaterThan(0.6);
    expect(pos('Head')[1]).toBeGreaterThan(1.5);
    expect(pos('LeftFoot')[1]).toBeLessThan(0.15);
    expect(pos('LeftToeBase')[2]).toBeGreaterThan(pos('LeftFoot')[2]);
  });
});

describe('mannequin first weights', () => {
  let data: MannequinData;
  beforeAll(() => {
    data = buildMannequin({ targetVertices: 10_000 });
  });
  const idx = (n: string) => data.jointNames.indexOf(n);
  const weightOf = (v: number, j: number) => {
    let w = 0;
    for (let i = 0; i < 4; i++) if (data.joints[4 * v + i] === j) w += data.weights[4 * v + i];
    return w;
  };
  const nearest = (p: number[], count: number) => {
    const n = data.positions.length / 3;
    const d = Array.from({ length: n }, (_, v) =>
      Math.hypot(
        data.positions[3 * v] - p[0],
        data.positions[3 * v + 1] - p[1],
        data.positions[3 * v + 2] - p[2],
      ),
    );
    return Array.from({ length: n }, (_, v) => v)
      .sort((a, b) => d[a] - d[b])
      .slice(0, count);
  };
  const jointPos = (n: string) => Array.from(data.jointPositions.subarray(3 * idx(n), 3 * idx(n) + 3));

  it('are legal: ≥ 0, ≤ 4 sorted influences, float32 sums within 2e-7 per weight', () => {
    const { joints, weights } = data;
    const n = data.positions.length / 3;
    expect(joints.length).toBe(4 * n);
    expect(weights.length).toBe(4 * n);
    let bad = 0;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      let nonZero = 0;
      const seen = new Set<number>();
      for (let i = 0; i < 4; i++) {
        const w = weights[4 * v + i];
        const j = joints[4 * v + i];
        if (!(w >= 0) || !Number.isFinite(w)) bad++;
        if (i > 0 && w > weights[4 * v + i - 1]) bad++;
        if (w === 0 && j !== 0) bad++;
        if (w > 0) {
          nonZero++;
          if (seen.has(j)) bad++;
          seen.add(j);
          if (!MANNEQUIN_JOINTS[j].deforms) bad++;
        }
        sum = Math.fround(sum + w);
      }
      if (nonZero === 0 || Math.abs(sum - 1) > 2e-7 * nonZero) bad++;
    }
    expect(bad).toBe(0);
  });

  it('are exactly mirror-symmetric', () => {
    const n = data.positions.length / 3;
    let asymmetric = 0;
    for (let v = 0; v < n; v++) {
      const w = data.mirror[v];
      for (let i = 0; i < 4; i++) {
        const wt = data.weights[4 * v + i];
        if (wt > 0 && weightOf(w, data.jointMirror[data.joints[4 * v + i]]) !== wt) asymmetric++;
      }
    }
    expect(asymmetric).toBe(0);
  });

  it('give the forearm to LeftForeArm, blending at the elbow and the wrist', () => {
    const fore = jointPos('LeftForeArm');
    const hand = jointPos('LeftHand');
    const mid = fore.map((c, k) => (c + hand[k]) / 2);
    for (const v of nearest(mid, 20)) expect(weightOf(v, idx('LeftForeArm'))).toBeGreaterThan(0.9);
    const elbow = nearest(fore, 10).map((v) => weightOf(v, idx('LeftForeArm')));
    expect(Math.min(...elbow)).toBeGreaterThan(0.15);
    expect(Math.max(...elbow)).toBeLessThan(0.85);
    const wrist = nearest(hand, 10).map((v) => weightOf(v, idx('LeftHand')));
    expect(Math.max(...wrist)).toBeGreaterThan(0.15);
  });

  it('keep the arm off the flank below the armpit and one thigh off the other', () => {
    // Torso side, a hand's width below the armpit.
    for (const v of nearest([0.15, 1.22, 0], 10)) {
      expect(weightOf(v, idx('LeftArm')) + weightOf(v, idx('LeftForeArm'))).toBeLessThan(0.02);
    }
    // Inner left thigh, mid-way down.
    for (const v of nearest([0.04, 0.75, 0], 10)) {
      expect(weightOf(v, idx('RightUpLeg'))).toBeLessThan(0.02);
      expect(weightOf(v, idx('LeftUpLeg'))).toBeGreaterThan(0.8);
    }
  });

  it('give each limb segment to its own joint', () => {
    const cases: [string, string, string][] = [
      ['LeftArm', 'LeftArm', 'LeftForeArm'],
      ['LeftUpLeg', 'LeftUpLeg', 'LeftLeg'],
      ['LeftLeg', 'LeftLeg', 'LeftFoot'],
      ['Spine1', 'Spine1', 'Spine2'],
      ['Head', 'Head', 'HeadTop_End'],
    ];
    for (const [joint, a, b] of cases) {
      const pa = jointPos(a);
      const pb = jointPos(b);
      const mid = pa.map((c, k) => (c + pb[k]) / 2);
      for (const v of nearest(mid, 5)) expect(weightOf(v, idx(joint))).toBeGreaterThan(0.6);
    }
  });
});
