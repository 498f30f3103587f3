/**
 * Bend distortion of the quadruped rows of `npm run bench:rig` (not product code), as
 * rig-quality.ts measures the humanoids': each leg's upper joint (hip or shoulder) and knee (or
 * elbow) turned 90° about the animal's lateral axis (world: from its right hind hip to its left)
 * at each rig's own pivot; the mean edge-length distortion over the vertices either rig moves, for
 * the fitted skeleton auto-bound, the artist's skeleton auto-bound by the same method, and
 * nearest-bone weights on the fitted skeleton.
 */
import type { FittedSkeleton } from '../../src/skeleton/fit/fit-skeleton.ts';
import { quadrupedTemplate } from '../../src/skeleton/templates/quadruped.ts';
import { fittedName, type QuadrupedAnatomical, type QuadrupedCase } from './quadruped-quality.ts';
import { autoboundWeights, bendDistortion, nearestBoneWeights, toRig } from './rig-quality.ts';

type Vec3 = [number, number, number];

/** The bent joints. */
export const QUADRUPED_BENT = [
  'leftFrontUp',
  'rightFrontUp',
  'leftFrontKnee',
  'rightFrontKnee',
  'leftHindUp',
  'rightHindUp',
  'leftHindKnee',
  'rightHindKnee',
] as const satisfies readonly QuadrupedAnatomical[];
type Bent = (typeof QUADRUPED_BENT)[number];

/** Fitted (auto-bound), artist (auto-bound), fitted (nearest bone): mean distortion of each. */
export function quadrupedBendDistortion(c: QuadrupedCase, fitted: FittedSkeleton): number[] {
  const { artist } = c;
  if (!artist) throw new Error(`${c.name}: no artist skeleton`);
  const l = c.joints.leftHindUp!;
  const r = c.joints.rightHindUp!;
  const d = [l[0] - r[0], l[1] - r[1], l[2] - r[2]];
  const n = Math.hypot(...d);
  const axis = d.map((x) => x / n) as Vec3;
  const bends = QUADRUPED_BENT.map((b) => [b, axis] as [Bent, Vec3]);
  const fittedPivots = {} as Record<Bent, number>;
  const artistPivots = {} as Record<Bent, number>;
  for (const b of QUADRUPED_BENT) {
    fittedPivots[b] = fitted.joints.findIndex((j) => j.name === fittedName(b));
    artistPivots[b] = artist.pivots[b];
    if (artistPivots[b] < 0) throw new Error(`${c.name}: the artist's ${b} carries no weight`);
  }
  const positions = fitted.joints.map((j) => j.position);
  const parents = fitted.joints.map((j) => j.parent);
  const ours = autoboundWeights(
    c,
    fitted.joints.map((j) => ({ position: j.position, parent: j.parent, excluded: j.end })),
  );
  const theirs = autoboundWeights(
    c,
    artist.positions.map((p, i) => ({ position: p, parent: artist.parents[i], excluded: artist.ends?.[i] })),
  );
  const hasTail = fitted.joints.some((j) => j.name === 'Tail1');
  const nearest = nearestBoneWeights(c, fitted, [...quadrupedTemplate(hasTail)]);
  return bendDistortion(
    c,
    [
      { rig: toRig(positions, parents, ours), pivots: fittedPivots },
      { rig: toRig(artist.positions, artist.parents, theirs), pivots: artistPivots },
      { rig: { positions, parents, ...nearest }, pivots: fittedPivots },
    ],
    bends,
  );
}
