import { type AutobindInput, autobind } from '../../src/bind/autobind.ts';
import { buildMannequin } from '../../src/character/index.ts';
import type { Benchmark } from './harness.ts';

/** Auto-bind input of the built-in mannequin at about `vertices` vertices (`fingers`: 65 joints). */
export function mannequinBindInput(vertices: number, fingers = false): AutobindInput {
  const m = buildMannequin({ targetVertices: vertices, fingers });
  return {
    primitives: [{ positions: m.positions, indices: m.indices }],
    joints: Array.from(m.jointParents, (parent, j) => ({
      position: [m.jointPositions[j * 3], m.jointPositions[j * 3 + 1], m.jointPositions[j * 3 + 2]] as [
        number,
        number,
        number,
      ],
      parent,
    })),
  };
}

/**
 * `autobind/30k` and `autobind/300k`: geodesic voxel auto-bind (defaults) of the mannequin;
 * `autobind/30k-60j`: the fingered mannequin (65 joints), the size of a game character. The
 * peer of the first and last is our closest-bone binder (`method: 'closest'`) on the same input.
 */
export async function benchmarks(): Promise<Benchmark[]> {
  let small: AutobindInput | null = null;
  let fingered: AutobindInput | null = null;
  let large: AutobindInput | null = null;
  return [
    {
      name: 'autobind/30k',
      setup: () => {
        small = mannequinBindInput(30_000);
      },
      fn: () => autobind(small!),
      samples: 7,
      // The simplest binder there is, on the same input: each vertex to its closest bones.
      peer: { name: 'closest-bone binder', fn: () => autobind(small!, { method: 'closest' }) },
    },
    {
      name: 'autobind/30k-60j',
      setup: () => {
        fingered = mannequinBindInput(30_000, true);
      },
      fn: () => autobind(fingered!),
      samples: 7,
    },
    {
      name: 'autobind/300k',
      setup: () => {
        large = mannequinBindInput(300_000);
      },
      fn: () => autobind(large!),
      samples: 5,
      peer: { name: 'closest-bone binder', fn: () => autobind(large!, { method: 'closest' }) },
    },
  ];
}
