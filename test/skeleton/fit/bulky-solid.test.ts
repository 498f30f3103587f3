/**
 * A bulky shape (a block) fills its whole box: at the resolution a character is voxelised at it
 * has millions of solid voxels and the fit's shortest paths took seconds before saying "no
 * character-like shape". The solid is rebuilt coarser past a voxel budget; a character (a few
 * percent of its box) keeps its resolution.
 */
import { describe, expect, it } from 'vitest';
import { MANNEQUIN_VARIANTS } from '../../../src/character/index.ts';
import { BODY_SOLID_DEFAULTS, BodySolid } from '../../../src/skeleton/fit/body-solid.ts';
import { mannequinRigCase } from '../../support/rig-quality.ts';

const solidCount = (s: BodySolid) => s.solid.reduce((n, v) => n + v, 0);

const box = {
  positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]),
  indices: Uint32Array.from([
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7,
    3,
  ]),
};

describe('the body solid of a bulky shape', () => {
  it('stays within the voxel budget for a block', () => {
    const solid = BodySolid.build(box.positions, box.indices);
    expect(solidCount(solid)).toBeLessThanOrEqual(BODY_SOLID_DEFAULTS.maxSolidVoxels);
    expect(solidCount(solid)).toBeGreaterThan(BODY_SOLID_DEFAULTS.maxSolidVoxels / 4);
  });

  it("keeps a character's resolution", () => {
    const c = mannequinRigCase(MANNEQUIN_VARIANTS[0]);
    const solid = BodySolid.build(c.mesh.positions, c.mesh.indices);
    expect(Math.max(solid.nx, solid.ny, solid.nz)).toBeGreaterThanOrEqual(BODY_SOLID_DEFAULTS.resolution);
  });
});
