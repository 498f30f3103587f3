/**
 * The limb's centre under a view ray over the editor's surfaces at rest (every skin of the model,
 * so a sleeve over an arm counts with it): where Skeleton mode, which edits and draws the skeleton
 * at rest, drops a dragged or added joint.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { type LimbCentre, limbCentre } from '../skeleton/limb-centre.ts';
import type { PaintTargets } from './paint-targets.ts';

type V3 = readonly [number, number, number];

/** The midpoint of the surfaces (at rest) in front of and behind the ray's first hit, or null on a miss. */
export function limbCentreOnModel(
  editor: { readonly model: SkinnedModel | null; readonly surfaces: PaintTargets },
  origin: V3,
  dir: V3,
): LimbCentre | null {
  const model = editor.model;
  if (!model) return null;
  const skins = new Set(model.primitives.map((p) => p.skins[0]));
  const surfaces = [...skins].map((s) => {
    const { restPositions, corners } = editor.surfaces.forSkin(s).surface;
    return { positions: restPositions, corners };
  });
  return limbCentre(surfaces, origin, dir);
}
