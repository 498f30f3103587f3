/** Weight transfer: robust (match + inpaint) and closest-point, from skinned sources to targets. */
export { inpaintWeights, TransferCancelled } from './inpaint-weights.ts';
export { diagonalOf, type SourcePart, SourceSurface } from './source-surface.ts';
export { buildTargetGraph, type TargetGraph } from './target-graph.ts';
export {
  TRANSFER_DEFAULTS,
  type TransferOptions,
  type TransferResult,
  TransferStatus,
  type TransferTarget,
  transferWeights,
} from './transfer-weights.ts';
