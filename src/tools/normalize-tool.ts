/**
 * normalizeTool: renormalises the selected vertices lock-aware (Blender's "Normalize All" with
 * locked groups). Vertices already legal are left bit for bit as they are.
 */
import { normalizeWeights } from '../skin/normalize.ts';
import { runPerPart } from './per-part.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

/** Options of {@link normalizeTool} (none yet: locks and selection come with the target). */
export type NormalizeToolOptions = Record<string, never>;

/** Defaults of {@link NormalizeToolOptions}. */
export const NORMALIZE_TOOL_DEFAULTS: NormalizeToolOptions = {};

/** Runs `normalizeWeights` on the target's selected vertices (all when nothing is selected). */
export function normalizeTool(target: ToolTarget, _options: NormalizeToolOptions = {}): ToolResult {
  return runPerPart(target, (sw, vertices, locked, fallbackJoint) =>
    normalizeWeights(sw, { vertices, locked, fallbackJoint }),
  );
}
