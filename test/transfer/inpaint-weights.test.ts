import { describe, expect, it } from 'vitest';
import { InfluenceSum } from '../../src/tools/assign-influences.ts';
import { buildTargetGraph, inpaintWeights } from '../../src/transfer/index.ts';
import { WeightTable } from '../../src/transfer/weight-table.ts';

/** A flat strip of cols × rows quads in the xy plane (unit spacing). */
function strip(cols: number, rows: number) {
  const positions: number[] = [];
  for (let j = 0; j <= rows; j++) for (let i = 0; i <= cols; i++) positions.push(i, j, 0);
  const indices: number[] = [];
  const at = (i: number, j: number) => j * (cols + 1) + i;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++)
      indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices), at };
}

function fix(table: WeightTable, fixed: Uint8Array, u: number, entries: [number, number][]) {
  const sum = new InfluenceSum(4);
  for (const [j, w] of entries) sum.add(j, w);
  table.setFromSum(u, sum);
  fixed[u] = 1;
}

describe('inpaintWeights', () => {
  it('fills a strip between two fixed ends with the harmonic (linear) blend', () => {
    const cols = 10;
    const { positions, indices, at } = strip(cols, 1);
    const graph = buildTargetGraph(positions, indices);
    const table = new WeightTable(graph.count);
    const fixed = new Uint8Array(graph.count);
    for (let j = 0; j <= 1; j++) {
      fix(table, fixed, graph.weld[at(0, j)], [[0, 1]]);
      fix(table, fixed, graph.weld[at(cols, j)], [[1, 1]]);
    }
    const report = inpaintWeights(graph, fixed, table, 4);
    expect(report.regions).toBe(1);
    expect(report.inpainted).toBe(2 * (cols - 1));
    let last = -1;
    for (let i = 1; i < cols; i++) {
      const u = graph.weld[at(i, 0)];
      const w1 = table.weightOf(u, 1);
      expect(w1 + table.weightOf(u, 0)).toBeCloseTo(1, 9);
      expect(w1).toBeGreaterThan(last);
      last = w1;
      expect(fixed[u]).toBe(2);
    }
    // The middle column is about half way (the diagonals all lean one way, so not exactly).
    expect(Math.abs(table.weightOf(graph.weld[at(cols / 2, 0)], 1) - 0.5)).toBeLessThan(0.05);
  });

  it('keeps every value within the range of the boundary values (maximum principle)', () => {
    const { positions, indices, at } = strip(8, 8);
    const graph = buildTargetGraph(positions, indices);
    const table = new WeightTable(graph.count);
    const fixed = new Uint8Array(graph.count);
    for (let i = 0; i <= 8; i++) {
      fix(table, fixed, graph.weld[at(i, 0)], [[0, 1]]);
      fix(table, fixed, graph.weld[at(i, 8)], [
        [1, 0.5],
        [2, 0.5],
      ]);
    }
    inpaintWeights(graph, fixed, table, 4);
    for (let u = 0; u < graph.count; u++) {
      for (let s = 0; s < table.slots; s++) {
        const w = table.weights[u * table.slots + s];
        expect(w).toBeGreaterThanOrEqual(0);
        expect(w).toBeLessThanOrEqual(1 + 1e-12);
      }
      expect(table.weightOf(u, 2)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('leaves a region that touches no fixed vertex empty and says so', () => {
    const a = strip(3, 1);
    const graph = buildTargetGraph(a.positions, a.indices);
    const table = new WeightTable(graph.count);
    const fixed = new Uint8Array(graph.count);
    const report = inpaintWeights(graph, fixed, table, 4);
    expect(report.unreached).toBe(1);
    expect(report.inpainted).toBe(0);
    for (let u = 0; u < graph.count; u++) expect(table.has(u)).toBe(false);
  });
});
