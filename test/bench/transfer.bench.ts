import { buildGarment, buildMannequin, type Garment } from '../../src/character/index.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import type { SourcePart } from '../../src/transfer/index.ts';
import { transferWeights } from '../../src/transfer/index.ts';
import { transferCoverage } from '../../src/transfer/transfer-weights.ts';
import type { Benchmark } from './harness.ts';

interface TransferInput {
  source: SourcePart[];
  garment: Garment;
  joints: number;
}

/** A remeshed long coat with hood (own topology, holes) of about `garment` vertices on a `body`-vertex mannequin. */
function coatOn(body: number, spacing: number): TransferInput {
  const m = buildMannequin({ targetVertices: body });
  const weights = new SkinWeights(m.positions.length / 3, 4, m.joints, m.weights);
  return {
    source: [{ positions: m.positions, indices: m.indices, weights }],
    garment: buildGarment('coat', m, { style: 'remeshed', spacing }),
    joints: m.jointNames.length,
  };
}

/** A `body`-vertex mannequin with its weights as the target, its left arm (x > 0.2) as the source. */
function armOnly(body: number) {
  const m = buildMannequin({ targetVertices: body });
  const weights = new SkinWeights(m.positions.length / 3, 4, m.joints, m.weights);
  const arm: number[] = [];
  for (let t = 0; t < m.indices.length; t += 3)
    if (m.positions[m.indices[t] * 3] > 0.2) arm.push(m.indices[t], m.indices[t + 1], m.indices[t + 2]);
  return {
    source: [{ positions: m.positions, indices: Uint32Array.from(arm), weights }],
    target: { positions: m.positions, indices: m.indices },
    options: { jointCount: m.jointNames.length, existing: weights },
  };
}

/**
 * `transfer/50k` (a ~50k-vertex coat from a 30k body; budget 1 s) and `transfer/200k` (~200k from
 * 300k; budget 8 s): robust transfer, BVH build and inpainting included, on one thread (the app
 * runs the same code in a worker). The peer is closest-point copy on the same input.
 * `transfer-coverage/50k`: the coverage preview on the 50k coat, against the robust transfer (all
 * of it matches: the preview costs the matching, most of the transfer); `transfer-coverage/
 * partial-50k`: on a body its source covers a seventh of (the inpainting it skips dominates).
 */
export async function benchmarks(): Promise<Benchmark[]> {
  let small: TransferInput | null = null;
  let large: TransferInput | null = null;
  let partial: ReturnType<typeof armOnly> | null = null;
  const run = (input: TransferInput, mode: 'robust' | 'closest') =>
    transferWeights(input.source, input.garment, { jointCount: input.joints, mode });
  return [
    {
      name: 'transfer/50k',
      setup: () => {
        small = coatOn(30_000, 0.0068);
      },
      fn: () => run(small!, 'robust'),
      samples: 7,
      peer: { name: 'closest-point copy', fn: () => run(small!, 'closest') },
    },
    {
      // The Transfer panel's coverage preview (matching only): a fraction of the transfer itself.
      name: 'transfer-coverage/50k',
      setup: () => {
        small ??= coatOn(30_000, 0.0068);
      },
      fn: () => transferCoverage(small!.source, small!.garment, { jointCount: small!.joints }),
      samples: 7,
      peer: { name: 'robust transfer', fn: () => run(small!, 'robust') },
    },
    {
      // The case the preview is for: a body with weights, from a source that covers its left arm
      // only (issue 26: most of the target would be inpainted over). Matching only, against the
      // transfer that inpaints the rest.
      name: 'transfer-coverage/partial-50k',
      setup: () => {
        partial = armOnly(50_000);
      },
      fn: () => transferCoverage(partial!.source, partial!.target, partial!.options),
      samples: 3,
      peer: {
        name: 'robust transfer',
        fn: () => transferWeights(partial!.source, partial!.target, partial!.options),
      },
    },
    {
      name: 'transfer/200k',
      setup: () => {
        large = coatOn(300_000, 0.0034);
      },
      fn: () => run(large!, 'robust'),
      samples: 3,
      peer: { name: 'closest-point copy', fn: () => run(large!, 'closest') },
    },
  ];
}
