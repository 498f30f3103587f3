/** Vertex selection: masks over a SkinSurface's nodes, so a seam's vertices are picked together. */
export { DEPTH_BUFFER_DEFAULTS, DepthBuffer, type DepthBufferOptions } from './depth-buffer.ts';
export { GROW_DEFAULTS, type GrowOptions, growNodeMask, shrinkNodeMask } from './grow-shrink.ts';
export { nodeMaskOf, partVertices, scatterNodeMask, type VertexMasks } from './node-mask.ts';
export { type NodeHit, nearestNodeOnPart, raycastNode } from './pick-node.ts';
export { orthographicMatrix, ScreenProjection, type Viewport } from './screen-projection.ts';
export {
  insidePolygon,
  SCREEN_SELECT_DEFAULTS,
  type ScreenFacing,
  type ScreenSelectOptions,
  type ScreenShape,
  selectOnScreen,
} from './screen-select.ts';
export { SELECT_BY_JOINT_DEFAULTS, type SelectByJointOptions, selectByJoint } from './select-by-joint.ts';
export {
  MIRROR_SELECT_DEFAULTS,
  type MirrorSelectOptions,
  type MirrorSelectResult,
  mirrorNodeMask,
} from './select-mirror.ts';
export { combineMask, countMask, SELECT_MODES, type SelectMode } from './select-mode.ts';
