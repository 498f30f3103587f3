/** Where auto-bind's bones and distances come from: leaf aiming, straight distances, radius ties. */
import { describe, expect, it } from 'vitest';
import { autobindDistances } from '../../src/bind/autobind.ts';
import { scaleByBoneRadius } from '../../src/bind/bone-radius.ts';
import { segmentDistanceSquared } from '../../src/bind/bone-segments.ts';
import { fillInterior } from '../../src/bind/fill-interior.ts';
import { InfluenceTable } from '../../src/bind/influence-table.ts';
import { aimLeaves } from '../../src/bind/refine-segments.ts';
import { VoxelGrid } from '../../src/bind/voxel-grid.ts';
import { voxelizeSurface } from '../../src/bind/voxelize-surface.ts';
import { bindInput, merge, type TestMesh, tube } from './fixtures.ts';

function solidOf(meshes: TestMesh[], resolution = 48): VoxelGrid {
  const grid = new VoxelGrid([-1, -1, -1], [1, 1, 1], resolution);
  for (const m of meshes) voxelizeSurface(grid, new Float32Array(m.positions), new Uint32Array(m.indices));
  fillInterior(grid);
  return grid;
}

describe('aimLeaves', () => {
  // A shin coming down to the ankle at the origin, and a foot running forward (+x) from it.
  const leg = merge(tube([0, 0.8, 0], [0, 0, 0], 0.1), tube([-0.1, 0, 0], [0.7, 0, 0], 0.1));
  const grid = solidOf([leg]);
  const toGrid = (p: number[]) => p.map((x, i) => (x - grid.origin[i]) / grid.h);

  it('turns a leaf that continues its parent into the floor toward the foot ahead of it', () => {
    // The toe leaf continues the shin's direction: straight down, out of the foot.
    const ends = new Float64Array([...toGrid([0.05, 0, 0]), ...toGrid([0.05, -0.3, 0])]);
    const before = Math.hypot(ends[3] - ends[0], ends[4] - ends[1], ends[5] - ends[2]);
    aimLeaves(grid, ends, Uint8Array.of(1), 2, 64);
    const d = [ends[3] - ends[0], ends[4] - ends[1], ends[5] - ends[2]];
    expect(Math.hypot(d[0], d[1], d[2])).toBeCloseTo(before, 6);
    expect(d[0]).toBeGreaterThan(0);
    expect(d[0]).toBeGreaterThan(3 * Math.abs(d[1]));
  });

  it('leaves alone segments that are not flagged, and leaves whose joint is outside the solid', () => {
    const ends = new Float64Array([
      ...toGrid([0.05, 0, 0]),
      ...toGrid([0.05, -0.3, 0]),
      ...toGrid([0.5, 0.6, 0]),
      ...toGrid([0.5, 0.3, 0]),
    ]);
    const copy = ends.slice();
    aimLeaves(grid, ends, Uint8Array.of(0, 1), 2, 64);
    expect(Array.from(ends)).toEqual(Array.from(copy));
  });
});

describe('straight distances where the way is clear', () => {
  // An upside-down U: two legs joined at the top; a bone down each leg.
  const u = merge(
    tube([-0.5, -0.9, 0], [-0.5, 0.6, 0], 0.2),
    tube([0.5, -0.9, 0], [0.5, 0.6, 0], 0.2),
    tube([-0.7, 0.6, 0], [0.7, 0.6, 0], 0.2),
  );
  const input = bindInput(
    [u],
    [
      { position: [-0.5, -0.8, 0], parent: -1, tail: [-0.5, 0.5, 0] },
      { position: [0.5, -0.8, 0], parent: -1, tail: [0.5, 0.5, 0] },
    ],
  );
  const positions = new Float32Array(u.positions);
  const candidate = (table: InfluenceTable, v: number, label: number) => {
    for (let k = 0; k < table.width; k++)
      if (table.labels[v * table.width + k] === label) return table.weights[v * table.width + k];
    return Number.POSITIVE_INFINITY;
  };
  const segment = (s: number) =>
    new Float64Array(s === 0 ? [-0.5, -0.8, 0, -0.5, 0.5, 0] : [0.5, -0.8, 0, 0.5, 0.5, 0]);

  it("measures a leg's own bone exactly, and the other leg's through the solid, round the gap", () => {
    const options = { resolution: 48, facing: false, respectParts: false, minInside: 0 };
    const exact = autobindDistances(input, { ...options, straightRatio: 1.2 }).candidates[0];
    const voxel = autobindDistances(input, { ...options, straightRatio: 0 }).candidates[0];
    let exactCount = 0;
    let differs = 0;
    for (let v = 0; v < positions.length / 3; v++) {
      const [x, y, z] = [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
      if (y > 0.3) continue; // the legs, below the bar
      const own = x < 0 ? 0 : 1;
      const straight = Math.sqrt(segmentDistanceSquared(segment(own), 0, x, y, z));
      if (Math.abs(candidate(exact, v, own) - straight) < 1e-5) exactCount++;
      if (Math.abs(candidate(voxel, v, own) - straight) > 1e-4) differs++;
      // The other leg's bone stays a long way round (or is not listed at all).
      const other = 1 - own;
      expect(candidate(exact, v, other)).toBeGreaterThan(1.5);
    }
    const legVertices = Array.from({ length: positions.length / 3 }, (_, v) => positions[v * 3 + 1]).filter(
      (y) => y <= 0.3,
    ).length;
    expect(exactCount).toBe(legVertices);
    expect(differs).toBeGreaterThan(legVertices / 2);
  });

  it('keeps the way round where the straight line crosses empty space, however short the detour', () => {
    // Bones ending below the bar: from the middle of the bar's underside the straight line to
    // either crosses the gap between the legs; the way through the solid is barely longer.
    const short = bindInput(
      [u],
      [
        { position: [-0.5, -0.8, 0], parent: -1, tail: [-0.5, 0.2, 0] },
        { position: [0.5, -0.8, 0], parent: -1, tail: [0.5, 0.2, 0] },
      ],
    );
    const options = { resolution: 48, facing: false, respectParts: false, minInside: 0 };
    const table = autobindDistances(short, { ...options, straightRatio: 100 }).candidates[0];
    let checked = 0;
    for (let v = 0; v < positions.length / 3; v++) {
      const [x, y, z] = [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
      if (Math.abs(x) > 0.15 || y > 0.45 || Math.abs(z) > 0.05) continue;
      const ends = new Float64Array([-0.5, -0.8, 0, -0.5, 0.2, 0]);
      const straight = Math.sqrt(segmentDistanceSquared(ends, 0, x, y, z));
      expect(candidate(table, v, 0)).toBeGreaterThan(straight + 0.01);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('scaleByBoneRadius', () => {
  it('keeps bones tied at a vertex tied, while scaling the others by their radius', () => {
    // Bone 0 is thin (its vertices 0.1 away), bone 1 thick (0.4 away); vertex 4 is 0.2 from
    // both (the joint they share). Five vertices, two candidates each.
    const table = new InfluenceTable(5, 2);
    const rows: [number, number, number, number][] = [
      [0, 0.1, 1, 0.5],
      [0, 0.1, 1, 0.5],
      [1, 0.4, 0, 0.9],
      [1, 0.4, 0, 0.9],
      [0, 0.2, 1, 0.2],
    ];
    rows.forEach(([a, da, b, db], v) => {
      table.labels.set([a, b], v * 2);
      table.weights.set([da, db], v * 2);
    });
    scaleByBoneRadius([table], 2, 0.5);
    // The thick bone's distances shrink relative to the thin one's…
    expect(table.weights[2 * 2] / 0.4).toBeLessThan(table.weights[0] / 0.1);
    // …but at the shared joint both stay equal.
    expect(table.weights[4 * 2]).toBe(table.weights[4 * 2 + 1]);
  });
});
