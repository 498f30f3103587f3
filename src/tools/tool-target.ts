/**
 * ToolTarget: what a weight tool works on — a surface (one skin's primitives, or a body: every
 * skin of one skeleton, welded where parts touch), the weights of each part, how each part
 * numbers its joints, the locks, where orphaned weight goes, the selected nodes, and the
 * recorder that makes the tool one undo step. The editor builds one per body (src/editor/tools-
 * session.ts); tests build them from a SkinSurface directly.
 */
import type { PartSkins } from '../brush/part-skins.ts';
import type { PatchRecorder } from '../history/patch-recorder.ts';
import type { SkinSurface } from '../mesh/skin-surface.ts';
import type { FallbackJoint } from '../skin/influence-scratch.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

export interface ToolTarget {
  surface: SkinSurface;
  /** SkinWeights of each surface part (same K). */
  weights: readonly SkinWeights[];
  /** Joints of the surface (its joint indices are below this): the skin's, or a body's. */
  jointCount: number;
  /**
   * How the parts of a body of several skins number their joints (./part-joints.ts): the tools
   * speak of surface joints, each part's slots of its own skin's. Absent or null: every part
   * uses the surface numbering (one skin).
   */
  skins?: PartSkins | null;
  /** Lock flags by surface joint (non-zero = locked); null for none. */
  locked: Uint8Array | null;
  /**
   * The fallback for vertices of part `part` whose weight has nowhere else to go (the nearest
   * unlocked bone, in the part's own numbering), or null: such vertices are refused. Called before
   * a part's vertices (again whenever another part's came between).
   */
  fallback: ((part: number) => FallbackJoint | null) | null;
  /** Node flags: the selected nodes; null = every node (nothing selected). */
  nodes: Uint8Array | null;
  /** Captures each vertex before its first change. The caller begins and finishes the recording. */
  recorder: PatchRecorder;
}

/** What a tool did. */
export interface ToolResult {
  /** Vertices whose slots changed. */
  changed: number;
  /**
   * Vertices left unchanged because the tool could not apply there without touching a locked
   * weight (only locked joints weigh them), or had nothing to take from (no mirror partner).
   */
  refused: number;
  /**
   * Vertices of a body of several skins that could not take a joint the tool gave them, because
   * their skin does not list it (the other side of their hem has it); absent when none.
   */
  absent?: number;
}

/** A fresh result. */
export function emptyResult(): ToolResult {
  return { changed: 0, refused: 0 };
}

/** Adds `b` into `a`. */
export function addResult(a: ToolResult, b: ToolResult): ToolResult {
  a.changed += b.changed;
  a.refused += b.refused;
  if (b.absent) a.absent = (a.absent ?? 0) + b.absent;
  return a;
}

/** True when node `g` is one the tool works on. */
export function isSelected(target: Pick<ToolTarget, 'nodes'>, g: number): boolean {
  return target.nodes === null || target.nodes[g] !== 0;
}

/**
 * Captures every vertex of the selected nodes of part `part` (all of them with no selection),
 * before a per-vertex operation that may change any of them; the recorder leaves out the ones
 * that end up unchanged.
 */
export function captureSelected(target: ToolTarget, part: number, vertices: ArrayLike<number> | null): void {
  const { surface, recorder } = target;
  const v0 = surface.vertexOffset[part];
  const n = vertices ? vertices.length : surface.vertexOffset[part + 1] - v0;
  recorder.reserve(n);
  for (let k = 0; k < n; k++) {
    const v = vertices ? vertices[k] : k;
    recorder.capture(v0 + v, part, v);
  }
}
