/**
 * Fitting the humanoid template to static mannequins whose joints are known: placement, joints
 * inside the volume, exact symmetry on a symmetric body, markers used, facing found, and the
 * refusals for meshes that are no character.
 */
import { describe, expect, it } from 'vitest';
import { addGarmentNode, buildGarment } from '../../../src/character/index.ts';
import { mirrorWorldPoint } from '../../../src/skeleton/fit/body-frame.ts';
import type { FitMesh } from '../../../src/skeleton/fit/fit-mesh.ts';
import { fitMeshOfDocument } from '../../../src/skeleton/fit/fit-mesh.ts';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { MARKER_NAMES, MarkerError, NotAHumanoidError } from '../../../src/skeleton/fit/markers.ts';
import { humanoidTemplate } from '../../../src/skeleton/templates/humanoid.ts';
import { ANATOMICAL, FITTED_NAMES, meshSolid } from '../../support/rig-quality.ts';
import { mannequinCase, staticMannequin, variantData } from '../support/static-fixture.ts';

const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Mean and max error of the 15 anatomical joints, in heights. */
function errors(fit: ReturnType<typeof fitSkeleton>, c: ReturnType<typeof mannequinCase>) {
  const by = new Map(fit.joints.map((j) => [j.name, j.position]));
  const e = ANATOMICAL.map((a) => dist(by.get(FITTED_NAMES[a])!, c.joints.get(FITTED_NAMES[a])!) / c.height);
  return { mean: e.reduce((s, v) => s + v, 0) / e.length, max: Math.max(...e) };
}

/** The mesh turned a quarter about +Y and moved: a character facing +X somewhere else. */
function turned(mesh: FitMesh, offset: [number, number, number]): FitMesh {
  const p = new Float32Array(mesh.positions.length);
  for (let i = 0; i < p.length; i += 3) {
    const [x, y, z] = [mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]];
    p[i] = z + offset[0];
    p[i + 1] = y + offset[1];
    p[i + 2] = -x + offset[2];
  }
  return { positions: p, indices: mesh.indices };
}

describe('fitSkeleton (humanoid)', () => {
  for (const variant of [
    { build: 'thin', pose: 'T' },
    { build: 'heavy', pose: 'A' },
  ] as const) {
    it(`places the 15 anatomical joints of a ${variant.build} ${variant.pose}-pose mannequin within 3% of its height on average, with no marker`, () => {
      const c = mannequinCase(variant);
      const fit = fitSkeleton(c.mesh);
      const e = errors(fit, c);
      expect(e.mean).toBeLessThan(0.03);
      expect(e.max).toBeLessThan(0.06);
      expect(fit.frame.front[2]).toBeCloseTo(1, 3);
      expect(Object.values(fit.markersFrom).every((f) => f === 'guessed')).toBe(true);
    });
  }

  it('finds the hips and thighs under a skirt and in trousers (the crotch the garment hides)', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    const data = variantData({ build: 'average', pose: 'T' });
    for (const kind of ['skirt', 'trousers'] as const) {
      const doc = staticMannequin({ build: 'average', pose: 'T' });
      addGarmentNode(doc, buildGarment(kind, data));
      const fit = fitSkeleton(fitMeshOfDocument(doc));
      const e = errors(fit, c);
      expect(e.mean, kind).toBeLessThan(0.025);
      const hips = fit.joints.find((j) => j.name === 'Hips')!.position;
      expect(Math.abs(hips[1] - c.joints.get('Hips')![1]), kind).toBeLessThan(0.05);
    }
  });

  it('names every joint as the template does, with fingers', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    for (const fingers of [0, 1, 3, 5] as const) {
      const fit = fitSkeleton(c.mesh, { fingers });
      expect(fit.joints.map((j) => j.name)).toEqual(humanoidTemplate(fingers).map((j) => j.name));
    }
    const five = fitSkeleton(c.mesh, { fingers: 5 });
    expect(five.joints.some((j) => j.name === 'LeftHandThumb1')).toBe(true);
    expect(five.joints.some((j) => j.name === 'RightHandPinky4')).toBe(true);
  });

  it('puts every joint but the end joints inside the volume', () => {
    for (const variant of [
      { build: 'thin', pose: 'A' },
      { build: 'heavy', pose: 'T' },
    ] as const) {
      const c = mannequinCase(variant);
      const inside = meshSolid(c.mesh);
      const fit = fitSkeleton(c.mesh, { fingers: 5 });
      const outside = fit.joints.filter((j) => !j.end && !inside(j.position)).map((j) => j.name);
      expect(outside).toEqual([]);
    }
  });

  it('is exactly left/right symmetric on a symmetric body: positions mirror, and frames mirror', () => {
    const c = mannequinCase({ build: 'average', pose: 'A' });
    const fit = fitSkeleton(c.mesh, { fingers: 3 });
    expect(fit.symmetric).toBe(true);
    const template = humanoidTemplate(3);
    template.forEach((j, i) => {
      const m = fit.joints[j.mirror];
      const mirrored = mirrorWorldPoint(fit.frame, fit.joints[i].position);
      expect(dist(mirrored, m.position)).toBeLessThan(1e-5);
    });
    // The guessed markers shown to the rigger mirror too (the knees were read 6 mm apart).
    for (const k of ['Wrist', 'Elbow', 'Knee'] as const) {
      const l = fit.markers![`left${k}`];
      const r = fit.markers![`right${k}`];
      expect(dist(mirrorWorldPoint(fit.frame, l), r), k).toBeLessThan(1e-5);
    }
    // A mirrored frame: rotating the left forearm by +θ about its local X mirrors rotating the
    // right one by +θ about its own. Local X of the two (world) are mirror images but for sign:
    // (x, y, z) ↔ (x, -y, -z) as pseudovectors across x = 0.
    const axisX = (q: number[]) => {
      const [x, y, z, w] = q;
      return [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)];
    };
    const l = axisX(fit.joints.find((j) => j.name === 'LeftForeArm')!.rotation);
    const r = axisX(fit.joints.find((j) => j.name === 'RightForeArm')!.rotation);
    expect(l[0]).toBeCloseTo(r[0], 5);
    expect(l[1]).toBeCloseTo(-r[1], 5);
    expect(l[2]).toBeCloseTo(-r[2], 5);
  });

  it('points each joint frame along its bone (+Y toward the next joint of the chain)', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    const fit = fitSkeleton(c.mesh);
    const axisY = (q: number[]) => {
      const [x, y, z, w] = q;
      return [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)];
    };
    for (const [a, b] of [
      ['LeftArm', 'LeftForeArm'],
      ['RightUpLeg', 'RightLeg'],
      ['Spine', 'Spine1'],
      ['Neck', 'Head'],
    ]) {
      const ja = fit.joints.find((j) => j.name === a)!;
      const jb = fit.joints.find((j) => j.name === b)!;
      const d = [0, 1, 2].map((k) => jb.position[k] - ja.position[k]);
      const l = Math.hypot(...d);
      const y = axisY(ja.rotation);
      expect(y[0] * d[0] + y[1] * d[1] + y[2] * d[2]).toBeCloseTo(l, 4);
    }
  });

  it("rolls the joints as Mixamo's X Bot rests in the T-pose (so Mixamo clips turn them the same way)", () => {
    const c = mannequinCase({ build: 'thin', pose: 'T' });
    const fit = fitSkeleton(c.mesh, { fingers: 5 });
    /** The world directions of a joint's local X, Y, Z. */
    const axes = (name: string) => {
      const [x, y, z, w] = fit.joints.find((j) => j.name === name)!.rotation;
      return [
        [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
        [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
        [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
      ];
    };
    // X Bot's rest frames, world X, Y, Z of the local axes (its "r" matrices' columns).
    const xbot: Record<string, number[][]> = {
      LeftArm: [
        [0, 0, -1],
        [1, 0, 0],
        [0, -1, 0],
      ],
      LeftForeArm: [
        [0, 0, -1],
        [1, 0, 0],
        [0, -1, 0],
      ],
      RightForeArm: [
        [0, 0, 1],
        [-1, 0, 0],
        [0, -1, 0],
      ],
      LeftHandMiddle1: [
        [0, 0, -1],
        [1, 0, 0],
        [0, -1, 0],
      ],
      LeftUpLeg: [
        [-1, 0, 0],
        [0, -1, 0],
        [0, 0, 1],
      ],
      RightLeg: [
        [-1, 0, 0],
        [0, -1, 0],
        [0, 0, 1],
      ],
      LeftToeBase: [
        [-1, 0, 0],
        [0, 0, 1],
        [0, 1, 0],
      ],
    };
    for (const [name, expected] of Object.entries(xbot)) {
      const got = axes(name);
      for (let a = 0; a < 3; a++) {
        const dot = got[a][0] * expected[a][0] + got[a][1] * expected[a][1] + got[a][2] * expected[a][2];
        expect(dot, `${name} axis ${'XYZ'[a]}`).toBeGreaterThan(0.9);
      }
    }
  });

  it('finds the body whichever way it faces and wherever it stands', () => {
    const c = mannequinCase({ build: 'thin', pose: 'T' });
    const base = fitSkeleton(c.mesh);
    const moved = fitSkeleton(turned(c.mesh, [3, 1, -2]));
    expect(moved.frame.front[0]).toBeCloseTo(1, 2);
    const by = new Map(base.joints.map((j) => [j.name, j.position]));
    for (const j of moved.joints) {
      const p = by.get(j.name)!;
      // The same joint, turned and moved (within a voxel or two: the grid is laid anew).
      const expected = [p[2] + 3, p[1] + 1, -p[0] - 2];
      expect(dist(j.position, expected)).toBeLessThan(0.025 * c.height);
    }
  });

  it('uses given markers: a marker on the front surface of the wrist moves the wrist joint to the limb behind it', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    const guessed = fitSkeleton(c.mesh);
    const wrist = c.joints.get('LeftHand')!;
    // On the front surface: straight ahead of the artist's joint, a little beyond the limb.
    const given = { leftWrist: [wrist[0] + 0.03, wrist[1], wrist[2] + 0.03] as [number, number, number] };
    const fit = fitSkeleton(c.mesh, { markers: given });
    expect(fit.markersFrom.leftWrist).toBe('given');
    expect(fit.markersFrom.rightWrist).toBe('guessed');
    const hand = fit.joints.find((j) => j.name === 'LeftHand')!.position;
    expect(Math.abs(hand[0] - (wrist[0] + 0.03))).toBeLessThan(0.015);
    // Carried to the middle of the limb's depth.
    expect(Math.abs(hand[2] - wrist[2])).toBeLessThan(0.015);
    expect(fit.markers!.leftWrist).toEqual(given.leftWrist);
    // The other side follows the guess, not the given marker: no longer symmetric.
    expect(
      dist(
        fit.joints.find((j) => j.name === 'RightHand')!.position,
        guessed.joints.find((j) => j.name === 'RightHand')!.position,
      ),
    ).toBeLessThan(0.02);
  });

  it('shows guessed markers on the front surface of the body', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    const inside = meshSolid(c.mesh, 128);
    const fit = fitSkeleton(c.mesh);
    for (const n of MARKER_NAMES) {
      const p = fit.markers![n];
      const ahead: [number, number, number] = [p[0], p[1], p[2] + 0.03];
      expect(inside(ahead)).toBe(false);
    }
  });

  it('refuses a marker outside the mesh, and a mesh that is no character', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    expect(() => fitSkeleton(c.mesh, { markers: { leftKnee: [3, 0.5, 0] } })).toThrow(MarkerError);
    // A box: no arms, no legs.
    const box: FitMesh = {
      positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]),
      indices: Uint32Array.from([
        0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0,
        7, 3,
      ]),
    };
    expect(() => fitSkeleton(box)).toThrow(NotAHumanoidError);
    // It asks for every marker (the user may rig it anyway), and says where the body faces.
    let err: NotAHumanoidError | null = null;
    try {
      fitSkeleton(box, { markers: { chin: [0.5, 0.9, 0.9] } });
    } catch (e) {
      err = e as NotAHumanoidError;
    }
    expect(err?.message).toMatch(
      /no character-like shape.*place the left wrist, .* right knee markers to rig it anyway/,
    );
    expect(err?.missing).toHaveLength(7);
    expect(err?.guessed.chin).toEqual([0.5, 0.9, 0.9]);
    expect(err?.frame).not.toBeNull();
    // Marked up whole (one side is enough: the other mirrors), it rigs.
    const fit = fitSkeleton(box, {
      markers: {
        chin: [0.5, 0.9, 0.9],
        groin: [0.5, 0.45, 0.9],
        leftWrist: [0.85, 0.5, 0.9],
        leftElbow: [0.8, 0.65, 0.9],
        leftKnee: [0.65, 0.25, 0.9],
      },
    });
    expect(fit.joints).toHaveLength(25);
    expect(fit.markersFrom.rightKnee).toBe('given');
  });

  it('fits a chain between two points along the middle of the shape', () => {
    const c = mannequinCase({ build: 'average', pose: 'T' });
    const hand = c.joints.get('LeftHand')!;
    const shoulder = c.joints.get('LeftArm')!;
    const fit = fitSkeleton(c.mesh, { template: 'chain', chain: { from: shoulder, to: hand, joints: 4 } });
    expect(fit.joints.map((j) => j.name)).toEqual(['Chain1', 'Chain2', 'Chain3', 'Chain4', 'Chain_End']);
    const inside = meshSolid(c.mesh);
    for (const j of fit.joints) expect(inside(j.position)).toBe(true);
    // Evenly spaced along the arm.
    const gaps = fit.joints.slice(1).map((j, i) => dist(j.position, fit.joints[i].position));
    for (const g of gaps) expect(Math.abs(g - gaps[0])).toBeLessThan(0.03);
  });
});
