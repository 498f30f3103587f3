import { WebIO } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import type { Benchmark } from './harness.ts';

/**
 * `import/300k`: the 300k-vertex built-in character from GLB bytes to an editor-ready model;
 * its peer, a bare glTF-Transform read of the same bytes.
 */
export async function benchmarks(): Promise<Benchmark[]> {
  let glb = new Uint8Array(0);
  const io = new WebIO();
  return [
    {
      name: 'import/300k',
      setup: async () => {
        glb = await new WebIO().writeBinary(mannequinToDocument(buildMannequin({ targetVertices: 300_000 })));
      },
      fn: async () => buildSkinnedModel(await readDocument({ name: 'Mannequin.glb', bytes: glb })),
      samples: 15,
      // What reading a GLB costs at all: glTF-Transform alone, no preflight, repair or model.
      peer: { name: 'glTF-Transform readBinary', fn: () => io.readBinary(glb) },
    },
  ];
}
