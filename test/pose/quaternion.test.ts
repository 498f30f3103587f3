/**
 * Quaternion and matrix helpers against three.js (the viewport's math): Euler 'XYZ' both ways,
 * slerp, rotation from a matrix, compose/invert/decompose.
 */
import { Euler, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { matCompose, matDecompose, matInvert } from '../../src/pose/matrix.ts';
import {
  quatFromEulerDegrees,
  quatFromMatrix,
  quatFromUnitVectors,
  quatMultiply,
  quatRotateVector,
  quatSlerp,
  quatToEulerDegrees,
  wrapDegrees,
} from '../../src/pose/quaternion.ts';

const DEG = Math.PI / 180;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** q and −q are the same rotation. */
function expectSameRotation(a: ArrayLike<number>, b: ArrayLike<number>, digits = 9): void {
  const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  for (let c = 0; c < 4; c++) expect(a[c]).toBeCloseTo(sign * b[c], digits);
}

describe('quaternions', () => {
  it("Euler 'XYZ' degrees → quaternion matches three.js", () => {
    const r = rng(1);
    for (let i = 0; i < 200; i++) {
      const e = [0, 0, 0].map(() => (r() - 0.5) * 360) as [number, number, number];
      const q = new Float64Array(4);
      quatFromEulerDegrees(e[0], e[1], e[2], q);
      const t = new Quaternion().setFromEuler(new Euler(e[0] * DEG, e[1] * DEG, e[2] * DEG, 'XYZ'));
      expectSameRotation(q, [t.x, t.y, t.z, t.w]);
    }
  });

  it('quaternion → Euler gives back the angles (|y| < 90°) and the same rotation always', () => {
    const r = rng(2);
    for (let i = 0; i < 200; i++) {
      const e = [(r() - 0.5) * 358, (r() - 0.5) * 178, (r() - 0.5) * 358] as const;
      const q = new Float64Array(4);
      quatFromEulerDegrees(e[0], e[1], e[2], q);
      const back = [0, 0, 0];
      quatToEulerDegrees(q, 0, back);
      for (let c = 0; c < 3; c++) expect(back[c]).toBeCloseTo(e[c], 6);
    }
    // Gimbal lock: y = 90° still round-trips to the same rotation.
    const q = new Float64Array(4);
    quatFromEulerDegrees(30, 90, 20, q);
    const e = [0, 0, 0];
    quatToEulerDegrees(q, 0, e);
    const q2 = new Float64Array(4);
    quatFromEulerDegrees(e[0], e[1], e[2], q2);
    expectSameRotation(q, q2, 6);
  });

  it('wraps degrees into (−180, 180]', () => {
    expect([
      wrapDegrees(190),
      wrapDegrees(-180),
      wrapDegrees(540),
      wrapDegrees(-0),
      wrapDegrees(Number.NaN),
    ]).toEqual([-170, 180, 180, 0, 0]);
  });

  it('slerp, multiply, rotate, unit vectors and matrix → quaternion agree with three.js', () => {
    const r = rng(3);
    for (let i = 0; i < 100; i++) {
      const a = new Quaternion().random();
      const b = new Quaternion().random();
      const u = r();
      const out = new Float64Array(4);
      quatSlerp(a.toArray(), 0, b.toArray(), 0, u, out, 0);
      expectSameRotation(out, a.clone().slerp(b, u).toArray(), 6);
      quatMultiply(a.toArray(), 0, b.toArray(), 0, out, 0);
      expectSameRotation(out, a.clone().multiply(b).toArray());
      const v = new Vector3(r() - 0.5, r() - 0.5, r() - 0.5);
      const rv = [0, 0, 0];
      quatRotateVector(a.toArray(), 0, v.toArray(), 0, rv, 0);
      const tv = v.clone().applyQuaternion(a);
      expect(rv[0]).toBeCloseTo(tv.x, 9);
      expect(rv[2]).toBeCloseTo(tv.z, 9);
      const m = new Matrix4().compose(new Vector3(1, 2, 3), a, new Vector3(2, 2, 2));
      quatFromMatrix(m.elements, 0, out, 0);
      expectSameRotation(out, a.toArray());
      const from = v.clone().normalize();
      const to = new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize();
      quatFromUnitVectors(from.toArray(), to.toArray(), out);
      quatRotateVector(out, 0, from.toArray(), 0, rv, 0);
      expect(rv[1]).toBeCloseTo(to.y, 9);
    }
  });
});

describe('matrices', () => {
  it('compose, invert and decompose agree with three.js', () => {
    for (let i = 0; i < 50; i++) {
      const q = new Quaternion().random();
      const t = new Vector3(i, -2 * i, 0.5);
      const s = new Vector3(1 + i / 10, 0.5, 2);
      const m = new Float64Array(16);
      matCompose(t.toArray(), 0, q.toArray(), 0, s.toArray(), 0, m, 0);
      const tm = new Matrix4().compose(t, q, s);
      for (let k = 0; k < 16; k++) expect(m[k]).toBeCloseTo(tm.elements[k], 9);
      const inv = new Float64Array(16);
      expect(matInvert(m, 0, inv, 0)).toBe(true);
      const ti = tm.clone().invert();
      for (let k = 0; k < 16; k++) expect(inv[k]).toBeCloseTo(ti.elements[k], 9);
      const trs = new Float64Array(10);
      matDecompose(m, 0, trs, 0);
      expect([...trs.subarray(0, 3)]).toEqual(t.toArray());
      expectSameRotation(trs.subarray(3, 7), q.toArray());
      for (let c = 0; c < 3; c++) expect(trs[7 + c]).toBeCloseTo(s.getComponent(c), 9);
    }
    expect(matInvert(new Float64Array(16), 0, new Float64Array(16), 0)).toBe(false);
  });
});
