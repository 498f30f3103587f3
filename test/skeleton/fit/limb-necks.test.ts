/**
 * Where a limb's path narrows behind the hand (limb-paths.ts `narrowing`): the wrist is the
 * first clear neck past the palm, even where the forearm narrows further on (Mixamo's X Bot:
 * a ball at the wrist wider than its forearm, whose middle is its narrowest; the wrist was read
 * mid-forearm, 5% of the height in).
 */
import { describe, expect, it } from 'vitest';
import { narrowing, type PathSample } from '../../../src/skeleton/fit/limb-paths.ts';

/** Samples one unit apart with these section areas, from the fingertip. */
function path(areas: number[]): PathSample[] {
  return areas.map((area, i) => ({ p: [i, 0, 0], s: i, dir: [-1, 0, 0], area, open: false }));
}

describe('the wrist behind the hand', () => {
  // Fingers, the palm (widest), the wrist's neck, the wrist ball, a forearm narrowing to its
  // middle, the elbow.
  const xbot = [
    1, 5, 10, 8, 7, 8, 14, 19, 21, 23, 25, 24, 22, 21, 19, 20, 20.5, 19.6, 18, 17, 16, 16.1, 18, 20, 25, 30,
    33,
  ];

  it('is the first neck past the palm, not the narrower middle of the forearm beyond a bump', () => {
    expect(narrowing(path(xbot), 2, 12, 22)).toBe(14);
  });

  it('is the narrowest where the section only narrows from the palm to the forearm (a neck with no bump)', () => {
    const human = [1, 5, 10, 14, 19, 23, 25, 24, 21, 18, 16, 15, 16, 18, 21, 24, 26, 28];
    expect(narrowing(path(human), 1, 8, 14)).toBe(11);
  });

  it('finds no neck where the hand is no wider than the arm (a mitten, a stump)', () => {
    const stump = [10, 12, 13, 13, 13.2, 13.1, 13.3, 13.4, 13.6, 14, 14.2, 14.5];
    expect(narrowing(path(stump), 1, 4, 9)).toBe(-1);
  });
});
