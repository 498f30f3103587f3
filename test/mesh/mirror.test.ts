import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flipSideName, mirrorJoints } from '../../src/mesh/joint-mirror.ts';
import { buildMirrorMap } from '../../src/mesh/mirror-map.ts';

describe('buildMirrorMap', () => {
  const coord = fc.integer({ min: 1, max: 1000 }).map((n) => n / 500);

  it('pairs every point of a symmetric set with its mirror image (an involution)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coord, coord, coord), { minLength: 1, maxLength: 100 }),
        fc.constantFrom('x', 'y', 'z' as const),
        (half, axis) => {
          const a = axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
          const seen = new Set<string>();
          const uniq = half.filter((p) => !seen.has(p.join()) && seen.add(p.join()));
          const pts = uniq.flatMap((p) => [p, p.map((c, i) => (i === a ? -c : c))]);
          const pos = Float32Array.from(pts.flat());
          const m = buildMirrorMap(pos, pts.length, { axis });
          expect(m.unmatched).toBe(0);
          for (let i = 0; i < pts.length; i++) {
            expect(m.partner[m.partner[i]]).toBe(i);
            expect(m.partner[i]).toBe(i ^ 1);
          }
        },
      ),
    );
  });

  it('tolerates small asymmetry and counts points with no partner', () => {
    const pos = Float32Array.from([0.5, 1, 0, -0.5004, 1, 0, 0.3, 0.2, 0, 0, 2, 0]);
    const m = buildMirrorMap(pos, 4, { tolerance: 0.001 });
    expect(Array.from(m.partner)).toEqual([1, 0, -1, 3]);
    expect(m.unmatched).toBe(1);
    expect(buildMirrorMap(pos, 4, { tolerance: 0.0001 }).partner[0]).toBe(-1);
  });
});

describe('flipSideName', () => {
  it.each([
    ['LeftArm', 'RightArm'],
    ['mixamorig:LeftForeArm', 'mixamorig:RightForeArm'],
    ['upperArmLeft', 'upperArmRight'],
    ['left_hand', 'right_hand'],
    ['leftHand', 'rightHand'],
    ['ARM_LEFT', 'ARM_RIGHT'],
    ['hand.L', 'hand.R'],
    ['hand.r', 'hand.l'],
    ['hand_L', 'hand_R'],
    ['hand_l', 'hand_r'],
    ['thigh.L.001', 'thigh.R.001'],
    ['L_Clavicle', 'R_Clavicle'],
    ['r_foot', 'l_foot'],
    ['Bip01 L Thigh', 'Bip01 R Thigh'],
  ])('%s ↔ %s', (a, b) => {
    expect(flipSideName(a)).toBe(b);
    expect(flipSideName(b)).toBe(a);
  });

  it.each(['Hips', 'Spine1', 'Bright', 'Leftover', 'Head_end', 'Neck'])('%s has no side', (name) => {
    expect(flipSideName(name)).toBeNull();
  });
});

describe('mirrorJoints', () => {
  const J = (name: string, x: number, y = 1): { name: string; position: [number, number, number] } => ({
    name,
    position: [x, y, 0],
  });

  it('pairs by name, then by position; the mid-line maps to itself', () => {
    const joints = [
      J('Hips', 0),
      J('LeftArm', 0.3),
      J('RightArm', -0.3),
      J('boneA', 0.5, 2),
      J('boneB', -0.5, 2),
      J('odd', 0.9, 0.2),
    ];
    const m = mirrorJoints(joints);
    expect(Array.from(m.mirror)).toEqual([0, 2, 1, 4, 3, 5]);
    expect(m.source).toEqual(['self', 'name', 'name', 'position', 'position', 'none']);
  });

  it('names win over positions, and overrides win over both', () => {
    // Named pair placed asymmetrically still pairs; an override re-pairs.
    const joints = [J('Hips', 0), J('hand.L', 0.3), J('hand.R', -0.9), J('x', -0.3)];
    expect(Array.from(mirrorJoints(joints).mirror)).toEqual([0, 2, 1, 3]);
    const m = mirrorJoints(joints, { overrides: [[1, 3]] });
    expect(Array.from(m.mirror)).toEqual([0, 3, 2, 1]);
    expect(m.source[1]).toBe('override');
    expect(m.source[2]).toBe('none');
  });
});
