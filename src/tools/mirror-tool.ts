/**
 * mirrorTool: mirrors weights across a symmetry plane (Maya's "Mirror Skin Weights",
 * ngSkinTools' mirror): each destination node takes its mirror partner's influences with every
 * joint swapped for its pair, using the mirror map and joint pairs of the mirror brush.
 */
import { axisIndex, type MirrorAxis } from '../mesh/mirror-map.ts';
import { InfluenceSum } from './assign-influences.ts';
import { assignNode, nodeSlots } from './node-write.ts';
import { isSelected, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Which way weights go: onto the right side, onto the left side, or both sides swapped. */
export type MirrorDirection = 'left-to-right' | 'right-to-left' | 'flip';

/** Every {@link MirrorDirection}, for validating script and command-line input. */
export const MIRROR_DIRECTIONS: readonly MirrorDirection[] = ['left-to-right', 'right-to-left', 'flip'];

/** Options of {@link mirrorTool}. */
export interface MirrorToolOptions {
  direction?: MirrorDirection;
  axis?: MirrorAxis;
  /** Mirror of each skin joint (skin joint indices; itself on the mid-line). Default: identity. */
  jointMirror?: Int32Array | null;
  /** Sign of the axis coordinate on the character's left (see `leftSideSign`). */
  leftSign?: 1 | -1;
  /**
   * Nodes on the plane, for 'left-to-right' / 'right-to-left': 'keep' them, or 'symmetrize'
   * (average them with their own mirror image, so paired joints end up equal there).
   */
  center?: 'keep' | 'symmetrize';
}

/** Defaults of {@link MirrorToolOptions}. */
export const MIRROR_TOOL_DEFAULTS: Required<MirrorToolOptions> = {
  direction: 'left-to-right',
  axis: 'x',
  jointMirror: null,
  leftSign: 1,
  center: 'keep',
};

/** What {@link mirrorTool} did. */
export interface MirrorToolResult extends ToolResult {
  /** Destination nodes left unchanged because they have no mirror partner. */
  unmatched: number;
}

/**
 * Mirrors the target's weights. A destination node is written when it or its partner is
 * selected (select either side), from a snapshot taken before any write (so 'flip' swaps
 * pairs). Its new influences are the partner's, joints swapped through `jointMirror`, written
 * lock-aware (`assignInfluences`). The sides come from the rest shape: a node is on the plane
 * when the mirror map pairs it with itself.
 */
export function mirrorTool(
  target: ToolTarget,
  options: MirrorToolOptions = MIRROR_TOOL_DEFAULTS,
): MirrorToolResult {
  const { direction, axis, leftSign, center } = { ...MIRROR_TOOL_DEFAULTS, ...options };
  const map = options.jointMirror ?? null;
  const result: MirrorToolResult = { changed: 0, refused: 0, unmatched: 0 };
  const { surface } = target;
  const G = surface.nodeCount;
  if (G === 0) return result;
  const partner = surface.mirror(axis).partner;
  const rest = surface.mirrorSpace(axis);
  const a = axisIndex(axis);
  // +1 left, -1 right, 0 on the plane.
  const side = (g: number): number => {
    if (partner[g] === g) return 0;
    return Math.sign(rest[g * 3 + a] * leftSign);
  };
  const destSide = direction === 'left-to-right' ? -1 : direction === 'right-to-left' ? 1 : 0;
  const before = nodeSlots(target);
  const sum = new InfluenceSum(target.jointCount);
  // Destinations include the partners of selected nodes: room for every vertex.
  target.recorder.reserve(surface.vertexCount);
  for (let g = 0; g < G; g++) {
    const p = partner[g];
    if (!isSelected(target, g) && !(p >= 0 && isSelected(target, p))) continue;
    sum.clear();
    if (direction === 'flip') {
      if (p < 0) {
        result.unmatched++;
        continue;
      }
      sum.addVertex(before, p, 1, map);
    } else {
      const s = side(g);
      if (s === 0) {
        if (center !== 'symmetrize' || p !== g) continue;
        sum.addVertex(before, g, 0.5);
        sum.addVertex(before, g, 0.5, map);
      } else if (s !== destSide) {
        continue;
      } else if (p < 0 || side(p) !== -destSide) {
        result.unmatched++;
        continue;
      } else {
        sum.addVertex(before, p, 1, map);
      }
    }
    assignNode(target, g, sum, result);
  }
  return result;
}
