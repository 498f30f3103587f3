/**
 * Picking a joint from the surface (issue 26 item 4): Ctrl+click on the mesh, in any mode, selects
 * the joint with the most weight at the point clicked, and a long press lists the point's
 * influences to choose from.
 *
 * The point is a hit on the surface as drawn (rest or posed: the paint surfaces' current
 * positions, which the viewport's picker and the CPU raycast both use), across every skinned
 * primitive and skin. Its weights are the hit triangle's corners interpolated there (see
 * src/select/surface-influences.ts): what the heat map shows at that pixel. They are the
 * composed weights — what the mesh deforms with and export writes — whatever layer is active.
 *
 * Maya's Paint Skin Weights selects "the influence under the cursor" this way; Blender's weight
 * paint samples the weight value (our Sample brush) and lists the groups under the cursor.
 */

import { raycastTriangles } from '../mesh/raycast.ts';
import {
  influencesOnTriangle,
  nearestTrianglePoint,
  type TrianglePoint,
} from '../select/surface-influences.ts';
import type { VertexInfluence } from './joint-queries.ts';
import type { PaintTarget } from './paint-targets.ts';
import type { SessionContext } from './session-context.ts';

/** A point on the drawn surface: a primitive's hit, and the hit triangle when the picker knows it. */
export interface SurfaceSample {
  /** SkinnedModel primitive id of the hit. */
  primitive: number;
  /** World space, on the surface as drawn. */
  point: readonly [number, number, number];
  /** The triangle hit (nodes of the primitive's paint surface) and the point's barycentric weights. */
  triangle?: TrianglePoint | null;
}

/** What is needed of the editor: the model, its surfaces, joint selection. */
type SampleContext = Pick<SessionContext, 'model' | 'requireModel' | 'surfaces' | 'selectJoint'>;

/**
 * The influences at a surface point, joint ids with names, strongest first (empty when the
 * primitive is not skinned or has no triangle there).
 */
export function influencesAt(editor: SampleContext, hit: SurfaceSample): VertexInfluence[] {
  const model = editor.requireModel();
  const target: PaintTarget | null = editor.surfaces.forPrimitive(hit.primitive);
  if (!target) return [];
  const surface = target.surface;
  const part = surface.partOf(hit.primitive);
  const at = hit.triangle ?? nearestTrianglePoint(surface, hit.point, part >= 0 ? part : null);
  if (!at) return [];
  const primitiveOf = (p: number) => model.primitives[surface.parts[p].primitive];
  return influencesOnTriangle(
    surface,
    (p) => primitiveOf(p).weights,
    (p) => model.skins[primitiveOf(p).skins[0]].joints,
    at,
  ).map(({ joint, weight }) => ({ joint, name: model.joints.get(joint)?.name ?? `joint ${joint}`, weight }));
}

/**
 * The first hit of the ray `origin + t·dir` on the drawn surface of every skin (a CPU raycast over
 * the surfaces' current positions: scripts and tests; the viewport picks with its BVH), or null.
 */
export function surfaceHitOnRay(
  editor: SampleContext,
  origin: readonly [number, number, number],
  dir: readonly [number, number, number],
): SurfaceSample | null {
  const model = editor.requireModel();
  let best: (SurfaceSample & { distance: number }) | null = null;
  // The surfaces the viewport's picker casts on: one per skin, as forPrimitive gives them.
  for (const skin of new Set(model.primitives.map((p) => p.skins[0]))) {
    const surface = editor.surfaces.forSkin(skin).surface;
    const hit = raycastTriangles(surface.positions, surface.corners, origin, dir);
    if (!hit || (best && hit.distance >= best.distance)) continue;
    const t = hit.triangle * 3;
    const nodes = [surface.corners[t], surface.corners[t + 1], surface.corners[t + 2]] as const;
    best = {
      primitive: surface.parts[surface.nodePart[nodes[0]]].primitive,
      point: hit.point,
      triangle: { nodes, bary: [1 - hit.u - hit.v, hit.u, hit.v] },
      distance: hit.distance,
    };
  }
  if (!best) return null;
  const { distance: _, ...sample } = best;
  return sample;
}

/**
 * Selects the joint with the most weight at a surface point (Ctrl+click). Returns its id, or
 * null (nothing selected, the selection kept) when the point has no weight.
 */
export function sampleJoint(editor: SampleContext, hit: SurfaceSample): number | null {
  const strongest = influencesAt(editor, hit)[0];
  return strongest ? editor.selectJoint(strongest.joint) : null;
}
