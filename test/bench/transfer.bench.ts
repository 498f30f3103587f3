import { buildGarment, buildMannequin, type Garment } from '../../src/character/index.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import type { SourcePart } from '../../src/transfer/index.ts';
import { transferWeights } from '../../src/transfer/index.ts';
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

/**
 * `transfer/50k` (a ~50k-vertex coat from a 30k body; budget 1 s) and `transfer/200k` (~200k from
 * 300k; budget 8 s): robust transfer, BVH build and inpainting included, on one thread (the app
 * runs the same code in a worker). The peer is closest-point copy on the same input.
 */
export async function benchmarks(): Promise<Benchmark[]> {
  let small: TransferInput | null = null;
  let large: TransferInput | null = null;
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
