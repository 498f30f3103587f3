/** skinPositions (linear blend skinning, src/pose/skinning.ts): the basics auto-bind relies on. */
import { describe, expect, it } from 'vitest';
import { multiplyInto, skinningMatrices, skinPositions } from '../../src/pose/skinning.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';

const translation = (x: number, y: number, z: number) =>
  new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
/** Rotation by `a` about z (column-major). */
const rotationZ = (a: number) =>
  new Float32Array([Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

function product(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(16);
  multiplyInto(a, 0, b, 0, out, 0);
  return out;
}

describe('skinPositions', () => {
  it('leaves the mesh unmoved in the bind pose (S = M · B⁻¹ = I)', () => {
    const positions = new Float32Array([5, 0, 0, 1, 2, 3, -4, 0.5, 9]);
    const sw = new SkinWeights(3, 4);
    sw.joints.set([0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
    sw.weights.set([0.7, 0.3, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0]);
    const world = new Float32Array(32);
    const ibm = new Float32Array(32);
    world.set(translation(2, 0, 0), 0);
    world.set(product(translation(0, 1, 0), rotationZ(0.3)), 16);
    ibm.set(translation(-2, 0, 0), 0);
    ibm.set(product(rotationZ(-0.3), translation(0, -1, 0)), 16);
    const out = skinPositions(positions, sw, skinningMatrices(world, ibm));
    for (let i = 0; i < positions.length; i++) expect(out[i]).toBeCloseTo(positions[i], 5);
  });

  it('joint bound at (2,0,0), vertex (5,0,0) rigidly bound, 90° about z around the joint → (2,3,0)', () => {
    const sw = new SkinWeights(1, 4);
    sw.joints[0] = 0;
    sw.weights[0] = 1;
    const S = skinningMatrices(product(translation(2, 0, 0), rotationZ(Math.PI / 2)), translation(-2, 0, 0));
    const out = skinPositions(new Float32Array([5, 0, 0]), sw, S);
    expect(out[0]).toBeCloseTo(2, 5);
    expect(out[1]).toBeCloseTo(3, 5);
    expect(out[2]).toBeCloseTo(0, 5);
  });

  it('blends linearly, skips zero weights, treats missing matrices as identity, works in place', () => {
    const sw = new SkinWeights(1, 4);
    sw.joints.set([0, 5, 0, 0]);
    sw.weights.set([0.5, 0.5, 0, 0]);
    const p = new Float32Array([1, 1, 1]);
    expect(Array.from(skinPositions(p, sw, translation(2, 0, 0)))).toEqual([2, 1, 1]);
    skinPositions(p, sw, translation(2, 0, 0), p);
    expect(Array.from(p)).toEqual([2, 1, 1]);
  });
});
