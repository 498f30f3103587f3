import { describe, expect, it } from 'vitest';
import { largestComponent, meshField } from '../../src/character/mesher.ts';
import { compileField, type Primitive, type Vec3 } from '../../src/character/sdf.ts';
import { SparseGrid } from '../../src/character/sparse-grid.ts';
import { surfaceNets } from '../../src/character/surface-nets.ts';
import { makeWellComposed } from '../../src/character/well-composed.ts';
import { topology } from './mesh-checks.ts';

const rod = (a: Vec3, b: Vec3, r: number): Primitive => ({
  kind: 'roundCone',
  a,
  b,
  ra: r,
  rb: r,
  blend: 1e-3,
});

/**
 * A grid of spacing 0.1 whose nodes sit at x = ±0.05, ±0.15, … and y, z = …, 0.05, 0.15, …, so a
 * thin rod through nodes along a diagonal is sampled as a chain of inside nodes that touch only
 * along edges or at corners: the configurations that pinch a surface-nets mesh.
 */
function diagonalRodGrid(direction: Vec3): SparseGrid {
  const start: Vec3 = [0.25, 0.05, 0.05];
  const end: Vec3 = [0.25 + 0.6 * direction[0], 0.05 + 0.6 * direction[1], 0.05 + 0.6 * direction[2]];
  const field = compileField([rod(start, end, 0.03)]);
  return new SparseGrid(field, 0.1, 24, 20, 20, -0.95, -0.95).sample();
}

describe('surface nets with the well-composed repair', () => {
  it.each([
    ['face diagonals', [1, 1, 0] as Vec3],
    ['cube diagonals', [1, 1, 1] as Vec3],
  ])('turn a rod sampled along %s into closed manifold tubes', (_, direction) => {
    const grid = diagonalRodGrid(direction);
    const unrepaired = surfaceNets(grid);
    const raw = topology(unrepaired.positions, unrepaired.indices);
    // Unrepaired, the chain of corner- or edge-touching voxels pinches the surface.
    expect(raw.pinchedVertices + raw.nonManifoldEdges).toBeGreaterThan(0);
    expect(makeWellComposed(grid)).toBeGreaterThan(0);
    const mesh = surfaceNets(grid);
    const topo = topology(mesh.positions, mesh.indices);
    expect(topo).toMatchObject({
      nonManifoldEdges: 0,
      pinchedVertices: 0,
      repeatedDirectedEdges: 0,
      unpairedDirectedEdges: 0,
      components: 2, // the rod and its mirror image at -x
    });
    expect(topo.euler).toBe(4);
    expect(topo.volume).toBeGreaterThan(0);
    // The mirror map pairs the two tubes exactly.
    for (let v = 0; v < mesh.mirror.length; v++) {
      const w = mesh.mirror[v];
      expect(mesh.positions[3 * w] + mesh.positions[3 * v]).toBe(0);
      expect(mesh.positions[3 * w + 1]).toBe(mesh.positions[3 * v + 1]);
    }
  });

  it('keeps only the largest piece, renumbering the mirror map', () => {
    // A ball on the mid-plane and a small one off to each side.
    const field = compileField([
      { kind: 'ellipsoid', center: [0, 0.5, 0], radii: [0.3, 0.3, 0.3], blend: 1e-3 },
      { kind: 'ellipsoid', center: [0.6, 0.5, 0], radii: [0.1, 0.1, 0.1], blend: 1e-3 },
    ]);
    const all = surfaceNets(new SparseGrid(field, 0.05, 36, 24, 16, 0.1, -0.4).sample());
    expect(topology(all.positions, all.indices).components).toBe(3);
    const kept = largestComponent(all);
    const topo = topology(kept.positions, kept.indices);
    expect(topo).toMatchObject({ components: 1, euler: 2, unusedVertices: 0 });
    for (let v = 0; v < kept.mirror.length; v++) expect(kept.mirror[kept.mirror[v]]).toBe(v);
    // meshField does the same in one call.
    expect(meshField(field, 0.05).mirror.length).toBe(kept.mirror.length);
  });
});
