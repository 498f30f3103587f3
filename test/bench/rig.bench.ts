import { buildMannequinVariant } from '../../src/character/index.ts';
import { canonicalPositions, detectBodyFrame } from '../../src/skeleton/fit/body-frame.ts';
import { BodySolid } from '../../src/skeleton/fit/body-solid.ts';
import type { FitMesh } from '../../src/skeleton/fit/fit-mesh.ts';
import { fitSkeleton } from '../../src/skeleton/fit/fit-skeleton.ts';
import type { Benchmark } from './harness.ts';

/**
 * `rig/50k`: markers guessed and the humanoid skeleton (five fingers) fitted to a static A-pose
 * mannequin of about 50k vertices, from the raw triangles: body frame, solid, medial tree,
 * limbs, joints and frames (the budget: 1 s). Its peer: the body's voxel solid alone
 * (frame and solid with its distance transform), the part any fit of the volume pays for.
 */
export async function benchmarks(): Promise<Benchmark[]> {
  let mesh: FitMesh | null = null;
  return [
    {
      name: 'rig/50k',
      setup: () => {
        const m = buildMannequinVariant({ build: 'average', pose: 'A' }, 50_000);
        mesh = { positions: m.positions, indices: m.indices };
      },
      fn: () => fitSkeleton(mesh!, { fingers: 5 }),
      samples: 7,
      peer: {
        name: 'body solid only',
        fn: () => {
          const frame = detectBodyFrame(mesh!);
          return BodySolid.build(canonicalPositions(frame, mesh!.positions), mesh!.indices);
        },
      },
    },
  ];
}
