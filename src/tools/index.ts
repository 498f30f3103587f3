/**
 * Weight tools: each one function over a {@link ToolTarget} (one skin's surface, its
 * weights, locks and selection), recorded by the caller as one undo step; plus the checks.
 */
export { assignInfluences, InfluenceSum } from './assign-influences.ts';
export { influenceCounts } from './influence-counts.ts';
export { LIMIT_TOOL_DEFAULTS, type LimitToolOptions, limitTool } from './limit-tool.ts';
export { isLeftName, leftSideSign, type SideJoint } from './mirror-side.ts';
export {
  MIRROR_DIRECTIONS,
  MIRROR_TOOL_DEFAULTS,
  type MirrorDirection,
  type MirrorToolOptions,
  type MirrorToolResult,
  mirrorTool,
} from './mirror-tool.ts';
export { MOVE_WEIGHT_TOOL_DEFAULTS, type MoveWeightToolOptions, moveWeightTool } from './move-weight-tool.ts';
export { NORMALIZE_TOOL_DEFAULTS, type NormalizeToolOptions, normalizeTool } from './normalize-tool.ts';
export { PASTE_TOOL_DEFAULTS, type PasteToolOptions, pasteTool } from './paste-tool.ts';
export { PRUNE_TOOL_DEFAULTS, type PruneToolOptions, pruneTool } from './prune-tool.ts';
export {
  QUANTIZE_PREVIEW_TOOL_DEFAULTS,
  type QuantizePreviewToolOptions,
  quantizePreviewTool,
} from './quantize-preview-tool.ts';
export {
  SET_WEIGHT_TOOL_DEFAULTS,
  type SetWeightToolOptions,
  type SetWeightToolResult,
  setWeightTool,
} from './set-weight-tool.ts';
export { SMOOTH_TOOL_DEFAULTS, type SmoothToolOptions, smoothTool } from './smooth-tool.ts';
export { emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';
export {
  findWeightProblems,
  WEIGHT_PROBLEM_KINDS,
  WEIGHT_PROBLEMS_DEFAULTS,
  type WeightProblem,
  type WeightProblemKind,
  type WeightProblems,
  type WeightProblemsOptions,
} from './weight-problems.ts';
export {
  seamIsEqual,
  WELD_SEAMS_TOOL_DEFAULTS,
  type WeldSeamsToolOptions,
  weldSeamsTool,
} from './weld-seams-tool.ts';
