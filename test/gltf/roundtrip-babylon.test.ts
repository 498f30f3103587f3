/**
 * Every export variant of every fixture and shared model, read by Babylon.js's glTF loader
 * (NullEngine, in Node): the same nodes, bones, inverse bind matrices, vertex data and animation
 * groups as the source, and the same CPU-skinned vertices over a few clip frames.
 */
import { describe, expect, it } from 'vitest';
import {
  type BabylonLoaded,
  babylonSkinnedPositions,
  babylonView,
  disposeBabylon,
  loadWithBabylon,
} from '../support/babylon-consumer.ts';
import {
  type Consumer,
  FIXTURE_CASES,
  positionTolerance,
  roundtrip,
  SHARED_CASES,
} from '../support/consumer-roundtrip.ts';

const babylon: Consumer<BabylonLoaded> = {
  load: loadWithBabylon,
  view: babylonView,
  skinned: babylonSkinnedPositions,
  vectorAttributes: { normal: 3, tangent: 4 },
  dispose: disposeBabylon,
};

describe('Babylon.js reads every export as it read the source', () => {
  for (const c of [...FIXTURE_CASES, ...SHARED_CASES]) {
    it(c.name, async () => {
      const outcomes = await roundtrip(babylon, c);
      for (const o of outcomes) {
        const label = `${c.name} ${o.variant.format} ${o.variant.maxInfluences} ${o.variant.weights}`;
        expect(o.differences.slice(0, 6), label).toEqual([]);
        expect(o.moved, label).toBeLessThanOrEqual(positionTolerance(o.variant.weights));
      }
    });
  }
});
