/**
 * Every export variant of every fixture and shared model, read by Babylon.js's glTF loader
 * (NullEngine, in Node): the same nodes, bones, inverse bind matrices, vertex data and animation
 * groups as the source, and the same CPU-skinned vertices over a few clip frames.
 */
import {
  type BabylonLoaded,
  babylonSkinnedPositions,
  babylonView,
  disposeBabylon,
  loadWithBabylon,
} from '../support/babylon-consumer.ts';
import { type Consumer, describeRoundtrip } from '../support/consumer-roundtrip.ts';

const babylon: Consumer<BabylonLoaded> = {
  load: loadWithBabylon,
  view: babylonView,
  skinned: babylonSkinnedPositions,
  vectorAttributes: { normal: 3, tangent: 4 },
  dispose: disposeBabylon,
};

describeRoundtrip('Babylon.js reads every export as it read the source', babylon);
