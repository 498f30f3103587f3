/**
 * Crease inspector: zero in the bind pose and under rigid motion, one value on both sides of a
 * seam, and the worst spots of a bent elbow at the elbows, one per crease.
 */
import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { nodeDistortion, worstDistortionSpots } from '../../src/pose/distortion.ts';
import { Pose } from '../../src/pose/pose.ts';
import { posePositions } from '../../src/pose/posed-mesh.ts';
import { quatFromEulerDegrees } from '../../src/pose/quaternion.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { makeRig } from './rig-fixture.ts';

const data = buildMannequin({ targetVertices: 6000 });

function mannequinEditor(): Editor {
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(data), 'mannequin.glb');
  return editor;
}

describe('distortion', () => {
  it('is exactly zero in the bind pose, and after a pose is reset', () => {
    const editor = mannequinEditor();
    expect(editor.pose.distortion()[0].every((v) => v === 0)).toBe(true);
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 100]);
    expect(Math.max(...editor.pose.distortion()[0])).toBeGreaterThan(0.2);
    editor.pose.resetAll();
    expect(editor.pose.distortion()[0].every((v) => v === 0)).toBe(true);
    expect(editor.pose.worstSpots(5)).toEqual([]);
  });

  it('is ~0 under a rigid motion of the whole body (the Hips turned)', () => {
    const editor = mannequinEditor();
    editor.pose.setJointRotation('Hips', [30, -50, 20]);
    // Float32 rounding of tiny surface-nets triangles only.
    expect(Math.max(...editor.pose.distortion()[0])).toBeLessThan(1e-3);
  });

  it('bent elbows: the worst spots are at the elbows, one per crease, worst first', () => {
    const editor = mannequinEditor();
    editor.pose.applyPreset('elbows-bent-120');
    const spots = editor.pose.worstSpots(4);
    expect(spots.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < spots.length; i++) expect(spots[i].value).toBeLessThanOrEqual(spots[i - 1].value);
    const elbows = [0.455, -0.455].map((x) => [x, 1.435, 0]);
    for (const spot of spots.slice(0, 2)) {
      const d = Math.min(
        ...elbows.map((e) =>
          Math.hypot(spot.position[0] - e[0], spot.position[1] - e[1], spot.position[2] - e[2]),
        ),
      );
      expect(d).toBeLessThan(0.12);
      // The spot's vertex is where the spot says, on the posed mesh.
      const p = editor.pose.positions(spot.primitive);
      expect(p[spot.vertex * 3]).toBeCloseTo(spot.position[0], 6);
    }
    // Symmetric pose, symmetric creases: the two worst are mirror images.
    expect(spots[0].position[0]).toBeCloseTo(-spots[1].position[0], 2);
    expect(spots[0].value).toBeCloseTo(spots[1].value, 3);
  });

  it('shows one value on both sides of a seam (welded topology)', () => {
    // A strip along +Y with its middle column split in two (a UV seam): vertices 2–3 and 4–5 coincide.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0];
    const model = makeRig({
      joints: [
        { name: 'a', parent: -1 },
        { name: 'b', parent: 0, translation: [0, 1, 0] },
      ],
      positions,
      influences: [
        [[0, 1]],
        [[0, 1]],
        [
          [0, 0.5],
          [1, 0.5],
        ],
        [
          [0, 0.5],
          [1, 0.5],
        ],
        [
          [0, 0.5],
          [1, 0.5],
        ],
        [
          [0, 0.5],
          [1, 0.5],
        ],
        [[1, 1]],
        [[1, 1]],
      ],
      indices: [0, 1, 3, 0, 3, 2, 4, 5, 7, 4, 7, 6],
    });
    const pose = new Pose(skeletonOf(model).size);
    quatFromEulerDegrees(0, 0, 80, pose.rotations, 4);
    const posed = posePositions(model, pose)[0];
    const surface = new SkinSurface([
      { primitive: 0, positions: model.primitives[0].positions, indices: model.primitives[0].indices },
    ]);
    surface.setPartPositions(0, posed);
    const values = nodeDistortion(surface, surface.restPositions, surface.positions);
    const at = (v: number) => values[surface.nodeOf[v]];
    expect(at(2)).toBe(at(4));
    expect(at(3)).toBe(at(5));
    expect(at(2)).toBeGreaterThan(0);
    const spots = worstDistortionSpots(surface, values, surface.positions, 10, { minValue: 0 });
    expect(new Set(spots.map((s) => s.node)).size).toBe(spots.length);
  });
});
