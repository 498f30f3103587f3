import { WebIO } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { exportDocument } from '../../src/gltf/export/export-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import type { Benchmark } from './harness.ts';

let model: SkinnedModel | null = null;
let glb: Uint8Array = new Uint8Array(0);
const io = new WebIO();

/** The 300k-vertex built-in character as the editor holds it (built once, shared). */
function mannequin300k(): SkinnedModel {
  model ??= buildSkinnedModel(mannequinToDocument(buildMannequin({ targetVertices: 300_000 })));
  return model;
}

/**
 * `export/300k`: the 300k-vertex character to GLB bytes (no validator), beside a bare
 * glTF-Transform write of the same document; `validate/300k`: the validator on them.
 */
export async function benchmarks(): Promise<Benchmark[]> {
  return [
    {
      name: 'export/300k',
      setup: () => mannequin300k(),
      fn: async () => exportDocument(mannequin300k(), { format: 'glb', sourceName: 'Mannequin.glb' }),
      samples: 15,
      // What writing the same Document costs at all: glTF-Transform alone, weights as they are.
      peer: { name: 'glTF-Transform writeBinary', fn: () => io.writeBinary(mannequin300k().document) },
    },
    {
      name: 'export/300k-unorm8-8',
      setup: () => mannequin300k(),
      fn: async () => exportDocument(mannequin300k(), { maxInfluences: 8, weights: 'unorm8' }),
      samples: 9,
    },
    {
      name: 'validate/300k',
      setup: async () => {
        glb = (await exportDocument(mannequin300k(), {})).bytes!;
      },
      fn: () => validateGltf({ name: 'Mannequin.glb', bytes: glb }),
      samples: 5,
    },
  ];
}
