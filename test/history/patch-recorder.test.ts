import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchRecorder } from '../../src/history/patch-recorder.ts';
import { applyWeightPatch } from '../../src/history/weight-patch.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';

function parts(sizes: number[], K = 4) {
  const weights = sizes.map((n) => new SkinWeights(n, K));
  const vertexOffset = new Uint32Array(sizes.length + 1);
  sizes.forEach((n, i) => {
    vertexOffset[i + 1] = vertexOffset[i] + n;
  });
  const vertexPart = new Uint16Array(vertexOffset[sizes.length]);
  sizes.forEach((_, i) => {
    vertexPart.fill(i, vertexOffset[i], vertexOffset[i + 1]);
  });
  return { primitives: sizes.map((_, i) => 10 + i), weights, vertexOffset, vertexPart };
}

describe('PatchRecorder', () => {
  it('captures first touches, reverts and finishes bit for bit (NaN payloads and -0 too)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(19), fc.nat(3), fc.nat(9), fc.float({ noDefaultInfinity: false })), {
          maxLength: 60,
        }),
        (edits) => {
          const p = parts([8, 12]);
          p.weights.forEach((sw, i) => {
            for (let s = 0; s < sw.weights.length; s++) sw.weights[s] = (s * 0.37 + i) % 1;
          });
          const start = p.weights.map((sw) => sw.clone());
          const rec = new PatchRecorder(p);
          rec.begin();
          for (const [g, slot, joint, w] of edits) {
            const part = p.vertexPart[g];
            const v = g - p.vertexOffset[part];
            rec.capture(g, part, v);
            p.weights[part].joints[v * 4 + slot] = joint;
            p.weights[part].weights[v * 4 + slot] = w;
          }
          const end = p.weights.map((sw) => sw.clone());
          const bits = (sw: SkinWeights) => Array.from(new Uint32Array(sw.weights.buffer));
          const patches = rec.finish();
          for (const patch of patches) {
            const i = patch.primitive - 10;
            expect(patch.end).toBeLessThanOrEqual(p.weights[i].vertexCount);
            applyWeightPatch(patch, p.weights[i], 'before');
          }
          p.weights.forEach((sw, i) => {
            expect(bits(sw)).toEqual(bits(start[i]));
            expect(Array.from(sw.joints)).toEqual(Array.from(start[i].joints));
          });
          for (const patch of patches) applyWeightPatch(patch, p.weights[patch.primitive - 10], 'after');
          for (const [i, sw] of p.weights.entries()) expect(bits(sw)).toEqual(bits(end[i]));
          // revert() restores the start too.
          rec.revert();
          for (const [i, sw] of p.weights.entries()) expect(bits(sw)).toEqual(bits(start[i]));
        },
      ),
    );
  });

  it('leaves out vertices that ended unchanged, and reports ranges per part', () => {
    const p = parts([4, 4]);
    const rec = new PatchRecorder(p);
    rec.begin();
    rec.capture(1, 0, 1);
    rec.capture(6, 1, 2);
    p.weights[1].weights[2 * 4] = 1;
    expect(rec.ranges()).toEqual([
      { part: 0, start: 1, end: 2 },
      { part: 1, start: 2, end: 3 },
    ]);
    const patches = rec.finish();
    expect(patches).toHaveLength(1);
    expect(patches[0].primitive).toBe(11);
    expect(Array.from(patches[0].vertices)).toEqual([2]);
  });
});
