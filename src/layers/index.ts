/** Weight layers (issue 15): a base and layers with masks, composed into the weights shown and exported. */
export { composeLayers } from './compose-layers.ts';
export {
  BASE_LAYER,
  type LayerInfo,
  LayerStack,
  type SavedLayer,
  type StackLayer,
  type StackState,
} from './layer-stack.ts';
export { coverage, emptyLayer, type WeightLayer } from './weight-layer.ts';
