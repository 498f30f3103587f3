import { NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { autobind } from '../../src/bind/autobind.ts';
import {
  buildMannequin,
  LEFT_FINGERS,
  type MannequinData,
  mannequinToDocument,
} from '../../src/character/index.ts';
import { topology } from './mesh-checks.ts';

// The default mannequin's joints before the fingered option existed: the app, e2e and many
// tests depend on the default staying exactly as it was.
const DEFAULT_JOINTS = [
  'Hips',
  'Spine',
  'Spine1',
  'Spine2',
  'Neck',
  'Head',
  'HeadTop_End',
  'LeftShoulder',
  'LeftArm',
  'LeftForeArm',
  'LeftHand',
  'LeftHandThumb1',
  'LeftHandMiddle1',
  'RightShoulder',
  'RightArm',
  'RightForeArm',
  'RightHand',
  'RightHandThumb1',
  'RightHandMiddle1',
  'LeftUpLeg',
  'LeftLeg',
  'LeftFoot',
  'LeftToeBase',
  'LeftToe_End',
  'RightUpLeg',
  'RightLeg',
  'RightFoot',
  'RightToeBase',
  'RightToe_End',
];

/** FNV-1a over an array's bytes: a fingerprint of the generated geometry and weights. */
function fingerprint(a: ArrayBufferView): string {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h.toString(16);
}

const FINGER = /^(Left|Right)Hand(Thumb|Index|Middle|Ring|Pinky)([1-4])$/;

/** Index of `name`'s next joint down the finger (Index1 → Index2). */
function nextJoint(data: MannequinData, j: number): number {
  const m = FINGER.exec(data.jointNames[j])!;
  return data.jointNames.indexOf(`${m[1]}Hand${m[2]}${Number(m[3]) + 1}`);
}

function jointAt(data: MannequinData, j: number): [number, number, number] {
  const p = data.jointPositions;
  return [p[3 * j], p[3 * j + 1], p[3 * j + 2]];
}

describe('buildMannequin: the default is unchanged by the fingers option', () => {
  it('has the same joints as before fingers existed', () => {
    expect(buildMannequin({ targetVertices: 300 }).jointNames).toEqual(DEFAULT_JOINTS);
  });

  it('makes bit for bit the same mesh and weights as before fingers existed', () => {
    // Fingerprints at 3,000 vertices: the mesh's from the commit before the option (423ce61), the
    // weights' since faint influences of far joints are dropped (weights.ts dropFaintStrangers).
    const data = buildMannequin({ targetVertices: 3_000 });
    expect(data.positions.length / 3).toBe(2904);
    expect({
      positions: fingerprint(data.positions),
      indices: fingerprint(data.indices),
      joints: fingerprint(data.joints),
      weights: fingerprint(data.weights),
    }).toEqual({ positions: '4cc44e8b', indices: '6b92bf61', joints: 'acf65f9c', weights: 'abb8d8d2' });
    const off = buildMannequin({ targetVertices: 3_000, fingers: false });
    expect(fingerprint(off.positions)).toBe(fingerprint(data.positions));
  });
});

describe('buildMannequin({ fingers: true })', () => {
  let data: MannequinData;
  beforeAll(() => {
    data = buildMannequin({ targetVertices: 20_000, fingers: true });
  });

  it('has five three-joint fingers and an end joint per hand, Mixamo names, on the default body', () => {
    const names = data.jointNames;
    expect(names.length).toBeGreaterThanOrEqual(55);
    for (const side of ['Left', 'Right']) {
      for (const finger of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky']) {
        for (let i = 1; i <= 4; i++) {
          const j = names.indexOf(`${side}Hand${finger}${i}`);
          expect(j, `${side}Hand${finger}${i}`).toBeGreaterThan(-1);
          const parent = names[data.jointParents[j]];
          expect(parent).toBe(i === 1 ? `${side}Hand` : `${side}Hand${finger}${i - 1}`);
          expect(names[data.jointMirror[j]]).toBe(`${side === 'Left' ? 'Right' : 'Left'}Hand${finger}${i}`);
        }
      }
    }
    // Each finger's joints run down the middle of the finger of that name, knuckle to tip.
    for (const f of LEFT_FINGERS) {
      const a = jointAt(data, names.indexOf(`LeftHand${f.name}1`));
      const b = jointAt(data, names.indexOf(`LeftHand${f.name}4`));
      for (let k = 0; k < 3; k++) {
        expect(a[k]).toBeCloseTo(f.knuckle[k], 6);
        expect(b[k]).toBeCloseTo(f.tip[k], 6);
      }
    }
    // Everything else is the default skeleton, in the same order.
    expect(names.filter((n) => !FINGER.test(n))).toEqual(DEFAULT_JOINTS.filter((n) => !FINGER.test(n)));
  });

  it('is one closed, genus-0 piece that keeps every fingertip', () => {
    const topo = topology(data.positions, data.indices);
    expect(topo).toMatchObject({ nonManifoldEdges: 0, unpairedDirectedEdges: 0, components: 1, euler: 2 });
    const P = data.positions;
    for (const f of LEFT_FINGERS) {
      for (const sign of [1, -1]) {
        let near = 0;
        for (let v = 0; v < P.length / 3; v++) {
          const d = Math.hypot(P[3 * v] - sign * f.tip[0], P[3 * v + 1] - f.tip[1], P[3 * v + 2] - f.tip[2]);
          if (d < 2 * f.radii[1]) near++;
        }
        expect(near, `${f.name} tip, side ${sign}`).toBeGreaterThan(3);
      }
    }
  });

  it('gives every finger segment its own vertices in the built-in weights', () => {
    const strongest = new Set<string>();
    for (let v = 0; v < data.positions.length / 3; v++) strongest.add(data.jointNames[data.joints[4 * v]]);
    const segments = data.jointNames.filter((n) => FINGER.test(n) && !n.endsWith('4'));
    expect(segments).toHaveLength(30);
    expect(segments.filter((n) => !strongest.has(n))).toEqual([]);
  });

  it('writes a GLB the Khronos glTF-Validator accepts without errors or warnings', async () => {
    const glb = await new NodeIO().writeBinary(mannequinToDocument(data));
    const report = await validator.validateBytes(new Uint8Array(glb), { maxIssues: 0 });
    expect(report.issues.messages.filter((m: { severity: number }) => m.severity <= 1)).toEqual([]);
  });

  it('auto-binds every vertex, each finger segment to its own joint', () => {
    const { weights, stats } = autobind({
      primitives: [{ positions: data.positions, indices: data.indices }],
      joints: data.jointNames.map((_, j) => ({ position: jointAt(data, j), parent: data.jointParents[j] })),
    });
    const w = weights[0];
    const n = data.positions.length / 3;
    expect(stats.fallbackVertices).toBe(0);
    const top = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      let sum = 0;
      let best = 0;
      for (let s = 0; s < w.influences; s++) {
        const x = w.weights[v * w.influences + s];
        sum += x;
        if (x > w.weights[v * w.influences + best]) best = s;
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
      top[v] = w.joints[v * w.influences + best];
    }
    // The vertices nearest each finger segment's middle take that segment's joint as their top
    // influence: a finger bound to its neighbour, or to the hand, fails here.
    const P = data.positions;
    const wrong: string[] = [];
    data.jointNames.forEach((name, j) => {
      if (!FINGER.test(name) || name.endsWith('4')) return;
      const a = jointAt(data, j);
      const b = jointAt(data, nextJoint(data, j));
      const mid = [0, 1, 2].map((k) => (a[k] + b[k]) / 2);
      const d = Float64Array.from({ length: n }, (_, v) =>
        Math.hypot(P[3 * v] - mid[0], P[3 * v + 1] - mid[1], P[3 * v + 2] - mid[2]),
      );
      const nearest = Array.from({ length: n }, (_, v) => v)
        .sort((u, v) => d[u] - d[v])
        .slice(0, 6);
      const own = nearest.filter((v) => top[v] === j).length;
      if (own < 5) wrong.push(`${name}: ${nearest.map((v) => data.jointNames[top[v]]).join(' ')}`);
    });
    expect(wrong).toEqual([]);
  });
});
