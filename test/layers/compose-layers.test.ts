/**
 * composeLayers against the layer rules of issue 15: one full layer is painting flat, bit for
 * bit; mask 0 (or a hidden layer) leaves what is below untouched, bit for bit; partial covers
 * blend by mask × opacity and the result keeps the invariants; the top layer wins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeLayers } from '../../src/layers/compose-layers.ts';
import { emptyLayer, type WeightLayer } from '../../src/layers/weight-layer.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { legalSkinWeights } from '../skin/arbitraries.ts';

/** The same legal weights with the vertex order reversed: a layer that differs from the base. */
function reversed(sw: SkinWeights): SkinWeights {
  const out = new SkinWeights(sw.vertexCount, sw.influences);
  const K = sw.influences;
  for (let v = 0; v < sw.vertexCount; v++) {
    const u = sw.vertexCount - 1 - v;
    out.joints.set(sw.joints.subarray(u * K, u * K + K), v * K);
    out.weights.set(sw.weights.subarray(u * K, u * K + K), v * K);
  }
  return out;
}

function layerOf(weights: SkinWeights, mask: number | Float32Array, opacity = 1): WeightLayer {
  const layer = emptyLayer(1, 'Layer', weights.vertexCount, weights.influences);
  layer.weights = weights;
  layer.mask = typeof mask === 'number' ? new Float32Array(weights.vertexCount).fill(mask) : mask;
  layer.opacity = opacity;
  return layer;
}

function compose(base: SkinWeights, layers: WeightLayer[]): SkinWeights {
  const out = new SkinWeights(base.vertexCount, base.influences);
  composeLayers(base, layers, out);
  return out;
}

const masks = (n: number) =>
  fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.float({ min: 0, max: 1, noNaN: true })), {
    minLength: n,
    maxLength: n,
  });

describe('composeLayers', () => {
  it('one layer covering fully is its own weights, bit for bit (painting on a layer = painting flat)', () => {
    fc.assert(
      fc.property(legalSkinWeights(), ({ sw }) => {
        const painted = reversed(sw);
        const out = compose(sw, [layerOf(painted, 1)]);
        expect(out.joints).toEqual(painted.joints);
        expect(out.weights).toEqual(painted.weights);
      }),
    );
  });

  it('mask 0, opacity 0 or a hidden layer leaves the base untouched, bit for bit', () => {
    fc.assert(
      fc.property(legalSkinWeights(), fc.constantFrom('mask', 'opacity', 'hidden'), ({ sw }, how) => {
        const layer = layerOf(reversed(sw), how === 'mask' ? 0 : 1, how === 'opacity' ? 0 : 1);
        layer.visible = how !== 'hidden';
        const out = compose(sw, [layer]);
        expect(out.joints).toEqual(sw.joints);
        expect(out.weights).toEqual(sw.weights);
      }),
    );
  });

  it('any masks and opacities over up to three layers keep the invariants', () => {
    fc.assert(
      fc.property(
        legalSkinWeights().chain(({ sw }) =>
          fc.record({
            sw: fc.constant(sw),
            stack: fc.array(
              fc.record({ mask: masks(sw.vertexCount), opacity: fc.float({ min: 0, max: 1, noNaN: true }) }),
              { minLength: 1, maxLength: 3 },
            ),
          }),
        ),
        ({ sw, stack }) => {
          const layers = stack.map((l, i) =>
            layerOf(i % 2 === 0 ? reversed(sw) : sw, Float32Array.from(l.mask), l.opacity),
          );
          const out = compose(sw, layers);
          expect(findInvariantViolations(out)).toEqual([]);
        },
      ),
    );
  });

  it('blends by mask × opacity, and a layer with no weights at a vertex does not cover it', () => {
    // Base: all on joint 0; layer: all on joint 1; half opacity → half and half.
    const base = new SkinWeights(
      2,
      4,
      new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0]),
      new Float32Array([1, 0, 0, 0, 1, 0, 0, 0]),
    );
    const painted = new SkinWeights(
      2,
      4,
      new Uint16Array([1, 0, 0, 0, 0, 0, 0, 0]),
      new Float32Array([1, 0, 0, 0, 0, 0, 0, 0]),
    );
    const out = compose(base, [layerOf(painted, 1, 0.5)]);
    expect(out.weightOf(0, 0)).toBeCloseTo(0.5, 6);
    expect(out.weightOf(0, 1)).toBeCloseTo(0.5, 6);
    // Vertex 1 was never painted on the layer: the base shows through.
    expect(out.weightOf(1, 0)).toBe(1);
  });

  it('the top layer wins: reordering two full layers swaps which shows', () => {
    const base = new SkinWeights(1, 4, new Uint16Array([0, 0, 0, 0]), new Float32Array([1, 0, 0, 0]));
    const a = layerOf(
      new SkinWeights(1, 4, new Uint16Array([1, 0, 0, 0]), new Float32Array([1, 0, 0, 0])),
      1,
    );
    const b = layerOf(
      new SkinWeights(1, 4, new Uint16Array([2, 0, 0, 0]), new Float32Array([1, 0, 0, 0])),
      1,
    );
    expect(compose(base, [a, b]).joints[0]).toBe(2);
    expect(compose(base, [b, a]).joints[0]).toBe(1);
  });
});
