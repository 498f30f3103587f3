/** The voxel stages: surface voxelisation, the vote fill, geodesic labels, coarse heat. */
import { describe, expect, it } from 'vitest';
import { autobindDistances, autobindWeights } from '../../src/bind/autobind.ts';
import { fillInterior } from '../../src/bind/fill-interior.ts';
import { geodesicLabels } from '../../src/bind/geodesic-labels.ts';
import { HEAT_WEIGHTS_DEFAULTS } from '../../src/bind/heat-weights.ts';
import { testBit, VoxelGrid } from '../../src/bind/voxel-grid.ts';
import { voxelizeSurface } from '../../src/bind/voxelize-surface.ts';
import { mannequinBindInput } from '../bench/autobind.bench.ts';
import { weightDistance } from '../support/bind-quality.ts';
import { merge, sphere, type TestMesh, tube } from './fixtures.ts';

function solidOf(meshes: TestMesh[], resolution = 32): VoxelGrid {
  const grid = new VoxelGrid([-1, -1, -1], [1, 1, 1], resolution);
  for (const m of meshes) voxelizeSurface(grid, new Float32Array(m.positions), new Uint32Array(m.indices));
  fillInterior(grid);
  return grid;
}

/** Is the world point inside a solid voxel? */
function solidAt(grid: VoxelGrid, x: number, y: number, z: number): boolean {
  const c = grid.cellAt(
    (x - grid.origin[0]) / grid.h,
    (y - grid.origin[1]) / grid.h,
    (z - grid.origin[2]) / grid.h,
  );
  return testBit(grid.solid, c);
}

describe('voxel solid', () => {
  it('fills a closed sphere, leaves the outside empty, keeps 1-voxel padding', () => {
    const grid = solidOf([sphere([0, 0, 0], 0.9, 24)]);
    expect(solidAt(grid, 0, 0, 0)).toBe(true);
    expect(solidAt(grid, 0.5, 0.2, -0.3)).toBe(true);
    expect(solidAt(grid, 0.95, 0.95, 0.95)).toBe(false);
    for (let x = 0; x < grid.nx; x++) expect(testBit(grid.solid, grid.cell(x, 0, 0))).toBe(false);
  });

  it('stays solid with a hole, and with a sphere nested in another (eyes in a head)', () => {
    const holed = sphere([0, 0, 0], 0.9, 24);
    holed.indices = holed.indices.slice(60 * 6); // the top cap removed
    const grid = solidOf([holed]);
    expect(solidAt(grid, 0, -0.3, 0)).toBe(true);
    const nested = solidOf([sphere([0, 0, 0], 0.9, 24), sphere([0.3, 0, 0], 0.3, 12)]);
    expect(solidAt(nested, 0.3, 0, 0)).toBe(true);
    expect(solidAt(nested, -0.4, 0, 0)).toBe(true);
  });

  it('keeps the gap between two legs empty, so geodesic distance goes round it', () => {
    // An upside-down U: two legs joined at the top.
    const u = merge(
      tube([-0.5, -0.9, 0], [-0.5, 0.6, 0], 0.2),
      tube([0.5, -0.9, 0], [0.5, 0.6, 0], 0.2),
      tube([-0.7, 0.6, 0], [0.7, 0.6, 0], 0.2),
    );
    const grid = solidOf([u], 48);
    expect(solidAt(grid, 0, -0.5, 0)).toBe(false);
    // One bone in the left leg; the foot of the right leg is 1 unit away in a straight line but
    // ~3 units through the solid.
    const toGrid = (p: number[]) => p.map((x, i) => (x - grid.origin[i]) / grid.h);
    const ends = new Float64Array([...toGrid([-0.5, -0.8, 0]), ...toGrid([-0.5, -0.4, 0])]);
    const field = geodesicLabels(grid, ends, 1, { labelsPerVoxel: 2 });
    const cell = grid.cellAt(...(toGrid([0.5, -0.8, 0]) as [number, number, number]));
    const d = field.dist[grid.solidIndex(cell) * 2] * grid.h;
    expect(d).toBeGreaterThan(2.2);
    expect(d).toBeLessThan(3.6);
  });
});

describe('heat on a clustered copy', () => {
  it('gives nearly the weights of the full solve (a dense mesh: the mannequin at 20k)', () => {
    const d = autobindDistances(mannequinBindInput(20_000), { resolution: 128 });
    const full = autobindWeights(d);
    const defaults = { ...HEAT_WEIGHTS_DEFAULTS };
    try {
      Object.assign(HEAT_WEIGHTS_DEFAULTS, { coarseAbove: 5000, coarseTarget: 8000 });
      const coarse = autobindWeights(d);
      expect(weightDistance(full.weights[0], coarse.weights[0])).toBeLessThan(0.02);
    } finally {
      Object.assign(HEAT_WEIGHTS_DEFAULTS, defaults);
    }
  });
});
