import { describe, expect, it } from 'vitest';
import { mannequinField } from '../../src/character/body.ts';
import { evalField, evalFieldList, fieldGradient, relevantPrimitives } from '../../src/character/sdf.ts';

/** A small deterministic generator, so failures reproduce. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

describe('mannequin distance field', () => {
  const field = mannequinField();
  const random = rng(7);
  const point = () => [
    (random() * 2 - 1) * 0.95,
    random() * 1.85,
    field.min[2] + random() * (field.max[2] - field.min[2]),
  ];

  it('is exactly mirror-symmetric and negative inside the body', () => {
    for (let i = 0; i < 2000; i++) {
      const [x, y, z] = point();
      expect(evalField(field, -x, y, z)).toBe(evalField(field, x, y, z));
    }
    expect(evalField(field, 0, 1.2, 0)).toBeLessThan(0); // belly
    expect(evalField(field, 0.6, 1.435, 0)).toBeLessThan(0); // forearm
    expect(evalField(field, 0.1, 0.3, -0.02)).toBeLessThan(0); // shin
    expect(evalField(field, 0, 0.5, 0)).toBeGreaterThan(0); // between the knees
    expect(evalField(field, 0.3, 1.2, 0)).toBeGreaterThan(0); // under the arm
  });

  it('is 1-Lipschitz, which the sparse sampling relies on', () => {
    for (let i = 0; i < 5000; i++) {
      const [x, y, z] = point();
      const d = 0.001 + random() * 0.1;
      const [dx, dy, dz] = [random() - 0.5, random() - 0.5, random() - 0.5];
      const s = d / Math.hypot(dx, dy, dz);
      const a = evalField(field, x, y, z);
      const b = evalField(field, x + dx * s, y + dy * s, z + dz * s);
      expect(Math.abs(a - b)).toBeLessThanOrEqual(d * (1 + 1e-9));
    }
  });

  it('gives the same values from a ball list of relevant primitives as from all of them', () => {
    const list = new Uint8Array(field.count);
    for (let i = 0; i < 300; i++) {
      const [cx, cy, cz] = point();
      const radius = 0.005 + random() * 0.08;
      const n = relevantPrimitives(field, cx, cy, cz, radius, list, 0);
      for (let k = 0; k < 20; k++) {
        const [dx, dy, dz] = [random() - 0.5, random() - 0.5, random() - 0.5];
        const s = (radius * random()) / Math.hypot(dx, dy, dz);
        const [x, y, z] = [cx + dx * s, cy + dy * s, cz + dz * s];
        expect(evalFieldList(field, list, 0, n, x, y, z)).toBe(evalField(field, x, y, z));
      }
    }
  });

  it('has a gradient pointing out of the body, with no sideways part on the mid-plane', () => {
    const g = fieldGradient(field, 0, 1.2, 0.2, 1e-5, new Float64Array(3));
    expect(g[0]).toBe(0);
    expect(g[2] / Math.hypot(g[0], g[1], g[2])).toBeGreaterThan(0.99);
    const side = fieldGradient(field, 0.6, 1.55, 0, 1e-5, new Float64Array(3));
    expect(side[1] / Math.hypot(side[0], side[1], side[2])).toBeGreaterThan(0.99);
  });
});
