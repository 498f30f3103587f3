import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLEND_IDS,
  blendAdd,
  blendDarken,
  blendLighten,
  blendMix,
  blendMultiply,
  blendSubtract,
  blendWeight,
} from '../../src/brush/blend.ts';
import { FALLOFF_IDS, falloff } from '../../src/brush/falloff.ts';
import { StrokeSpacing } from '../../src/brush/stroke-spacing.ts';

describe('blend functions (Blender wval_*)', () => {
  it('compute what Blender computes', () => {
    expect(blendMix(0.2, 1, 0.5)).toBeCloseTo(0.6);
    expect(blendMix(0.2, 1, 3)).toBe(1); // alpha above 1 lands on the paint weight
    expect(blendAdd(0.2, 0.5, 0.5)).toBeCloseTo(0.45);
    expect(blendSubtract(0.2, 0.5, 0.5)).toBeCloseTo(-0.05);
    expect(blendMultiply(0.8, 0.5, 1)).toBeCloseTo(0.4);
    expect(blendMultiply(0.8, 0.5, 0)).toBeCloseTo(0.8);
    expect(blendLighten(0.7, 0.5, 1)).toBe(0.7);
    expect(blendLighten(0.3, 0.5, 1)).toBe(0.5);
    expect(blendDarken(0.7, 0.5, 1)).toBe(0.5);
    expect(blendDarken(0.3, 0.5, 1)).toBe(0.3);
  });

  it('blendWeight stays in [0, 1] and alpha 0 changes nothing', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(BLEND_IDS)), unit, unit, unit, (mode, w, p, a) => {
        const x = blendWeight(mode, w, p, a);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(blendWeight(mode, w, p, 0)).toBeCloseTo(w, 12);
      }),
    );
  });
});

describe('falloff curves', () => {
  it('go from 1 at the centre to 0 at the rim (constant: 1), never increasing, 0 beyond', () => {
    for (const [name, id] of Object.entries(FALLOFF_IDS)) {
      expect(falloff(id, 0)).toBe(1);
      expect(falloff(id, 1)).toBe(name === 'constant' ? 1 : 0);
      expect(falloff(id, 1.0001)).toBe(0);
      expect(falloff(id, Number.NaN)).toBe(0);
      let last = 1;
      for (let t = 0; t <= 1; t += 1 / 64) {
        const f = falloff(id, t);
        expect(f).toBeLessThanOrEqual(last + 1e-12);
        expect(f).toBeGreaterThanOrEqual(0);
        last = f;
      }
    }
    expect(falloff(FALLOFF_IDS.linear, 0.25)).toBe(0.75);
    expect(falloff(FALLOFF_IDS.sharp, 0.5)).toBe(0.25);
    expect(falloff(FALLOFF_IDS.smooth, 0.5)).toBe(0.5);
  });
});

describe('StrokeSpacing', () => {
  it('lays the same number of dabs however the path is cut into moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 5, max: 200 }),
        (lengths, stepInt) => {
          const step = stepInt / 100;
          const s = new StrokeSpacing();
          s.start();
          let dabs = 0;
          let total = 0;
          for (const l of lengths) {
            const len = l / 100;
            const n = s.advance(len, step);
            for (let i = 0; i < n; i++) {
              expect(s.at[i]).toBeGreaterThan(0);
              expect(s.at[i]).toBeLessThanOrEqual(1 + 1e-12);
            }
            dabs += n;
            total += len;
          }
          // Within one dab of floor(total / step) (floating error at exact multiples).
          expect(Math.abs(dabs - Math.floor(total / step))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('spacing 0 dabs once per move', () => {
    const s = new StrokeSpacing();
    s.start();
    expect(s.advance(5, 0)).toBe(1);
    expect(s.at[0]).toBe(1);
    expect(s.advance(0, 0)).toBe(0);
  });
});
