import { beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { topology } from './mesh-checks.ts';

describe('buildMannequin: surface', () => {
  let small: MannequinData;
  beforeAll(() => {
    small = buildMannequin({ targetVertices: 10_000 });
  });

  it.each([2_000, 5_000, 10_000])('lands near %i vertices', (target) => {
    const data = target === 10_000 ? small : buildMannequin({ targetVertices: target });
    const n = data.positions.length / 3;
    expect(n).toBeGreaterThan(target * 0.75);
    expect(n).toBeLessThan(target * 1.25);
    expect(data.normals.length).toBe(3 * n);
  });

  it.each([2_000, 10_000])('is one closed, consistently wound, genus-0 piece at %i vertices', (target) => {
    const data = target === 10_000 ? small : buildMannequin({ targetVertices: target });
    const topo = topology(data.positions, data.indices);
    expect(topo).toMatchObject({
      nonManifoldEdges: 0,
      pinchedVertices: 0,
      repeatedDirectedEdges: 0,
      unpairedDirectedEdges: 0,
      unusedVertices: 0,
      degenerateTriangles: 0,
      components: 1,
      euler: 2,
    });
    // Welded: no two vertices share a position.
    const P = data.positions;
    const seen = new Set<string>();
    for (let v = 0; v < P.length / 3; v++) seen.add(`${P[3 * v]},${P[3 * v + 1]},${P[3 * v + 2]}`);
    expect(seen.size).toBe(P.length / 3);
    // Counter-clockwise seen from outside: positive signed volume, about a person's (~0.07 m³).
    expect(topo.volume).toBeGreaterThan(0.04);
    expect(topo.volume).toBeLessThan(0.12);
  });

  it('has unit normals that point the way the faces do', () => {
    const { positions: P, normals: N, indices: I } = small;
    let notUnit = 0;
    for (let v = 0; v < N.length / 3; v++) {
      if (Math.abs(Math.hypot(N[3 * v], N[3 * v + 1], N[3 * v + 2]) - 1) > 1e-6) notUnit++;
    }
    expect(notUnit).toBe(0);
    let agree = 0;
    for (let t = 0; t < I.length; t += 3) {
      const [a, b, c] = [I[t], I[t + 1], I[t + 2]];
      const e1 = [0, 1, 2].map((k) => P[3 * b + k] - P[3 * a + k]);
      const e2 = [0, 1, 2].map((k) => P[3 * c + k] - P[3 * a + k]);
      const fn = [
        e1[1] * e2[2] - e1[2] * e2[1],
        e1[2] * e2[0] - e1[0] * e2[2],
        e1[0] * e2[1] - e1[1] * e2[0],
      ];
      const vn = [0, 1, 2].map((k) => N[3 * a + k] + N[3 * b + k] + N[3 * c + k]);
      if (fn[0] * vn[0] + fn[1] * vn[1] + fn[2] * vn[2] > 0) agree++;
    }
    expect(agree / (I.length / 3)).toBeGreaterThan(0.995);
  });

  it('stands about 1.8 m tall on y = 0, arms out along ±X, facing +Z', () => {
    const P = small.positions;
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < P.length; i++) {
      lo[i % 3] = Math.min(lo[i % 3], P[i]);
      hi[i % 3] = Math.max(hi[i % 3], P[i]);
    }
    expect(Math.abs(lo[1])).toBeLessThan(2e-3);
    expect(hi[1]).toBeGreaterThan(1.75);
    expect(hi[1]).toBeLessThan(1.85);
    expect(hi[0]).toBeGreaterThan(0.8);
    expect(lo[0]).toBeCloseTo(-hi[0], 6);
    // Toes and nose point +Z: the body reaches further forward than back.
    expect(hi[2]).toBeGreaterThan(-lo[2]);
  });

  it('is exactly mirror-symmetric about x = 0', () => {
    const { positions: P, normals: N, mirror } = small;
    const n = P.length / 3;
    const key = (x: number, y: number, z: number) =>
      `${Math.round(x * 1e5)},${Math.round(y * 1e5)},${Math.round(z * 1e5)}`;
    const keys = new Set<string>();
    for (let v = 0; v < n; v++) keys.add(key(P[3 * v], P[3 * v + 1], P[3 * v + 2]));
    let unmatched = 0;
    let asymmetric = 0;
    for (let v = 0; v < n; v++) {
      if (!keys.has(key(-P[3 * v], P[3 * v + 1], P[3 * v + 2]))) unmatched++;
      // The mirror map pairs exact images: x negated, y and z equal, normals likewise.
      const w = mirror[v];
      if (mirror[w] !== v) asymmetric++;
      else if (P[3 * w] + P[3 * v] !== 0 || P[3 * w + 1] !== P[3 * v + 1] || P[3 * w + 2] !== P[3 * v + 2])
        asymmetric++;
      else if (N[3 * w] + N[3 * v] !== 0 || N[3 * w + 1] !== N[3 * v + 1] || N[3 * w + 2] !== N[3 * v + 2])
        asymmetric++;
    }
    expect(unmatched).toBe(0);
    expect(asymmetric).toBe(0);
  });

  it('builds 10k vertices fast', () => {
    buildMannequin({ targetVertices: 10_000 }); // warm
    const t0 = performance.now();
    buildMannequin({ targetVertices: 10_000 });
    // Generous for slow CI machines; about 60-100 ms on a laptop.
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
