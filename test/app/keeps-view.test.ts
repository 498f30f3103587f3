/** The same file redrawn keeps the view unless the model became another size or moved away. */
import { Box3, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { keepsView } from '../../app/viewport/camera-fit.ts';

const box = (min: number[], max: number[]) => new Box3(new Vector3(...min), new Vector3(...max));

describe('keepsView', () => {
  const body = box([-0.5, 0, -0.2], [0.5, 1.8, 0.2]);
  it('keeps the view when a few vertices moved (an ear 7 cm up after a delete)', () => {
    expect(keepsView(body, box([-0.5, 0, -0.2], [0.5, 1.87, 0.2]))).toBe(true);
    expect(keepsView(body, body.clone())).toBe(true);
  });
  it('keeps it when an A-pose became a T-pose (arms wider)', () => {
    expect(keepsView(body, box([-0.9, 0, -0.2], [0.9, 1.8, 0.2]))).toBe(true);
  });
  it('frames again for a model of another size or elsewhere', () => {
    expect(keepsView(body, box([-50, 0, -20], [50, 180, 20]))).toBe(false);
    expect(keepsView(body, box([9.5, 0, -0.2], [10.5, 1.8, 0.2]))).toBe(false);
    expect(keepsView(body, new Box3())).toBe(false);
  });
});
