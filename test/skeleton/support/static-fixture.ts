/**
 * Static characters for the fitting tests: mannequin variants (src/character/variants.ts) with
 * their skin and joints stripped, kept with the joints they were built with.
 */
import type { Document } from '@gltf-transform/core';
import {
  buildMannequinVariant,
  type MannequinData,
  type MannequinVariant,
  mannequinToDocument,
} from '../../../src/character/index.ts';
import { buildShapedMannequin, SHAPED_MANNEQUINS } from '../../../src/character/shaped.ts';
import { stripSkin } from '../../../src/gltf/strip-skin.ts';
import { type FitMesh, fitMeshOfDocument } from '../../../src/skeleton/fit/fit-mesh.ts';

const cache = new Map<string, MannequinData>();

/** The variant's data, built once per run. */
export function variantData(variant: MannequinVariant, targetVertices = 4000): MannequinData {
  const key = `${variant.build} ${variant.pose} ${targetVertices}`;
  let data = cache.get(key);
  if (!data) {
    data = buildMannequinVariant(variant, targetVertices);
    cache.set(key, data);
  }
  return data;
}

/** A static document of the variant (no skin, no joint nodes). */
export function staticMannequin(
  variant: MannequinVariant = { build: 'average', pose: 'T' },
  targetVertices = 4000,
): Document {
  const document = mannequinToDocument(variantData(variant, targetVertices));
  stripSkin(document);
  return document;
}

/** A static document of a shaped mannequin (src/character/shaped.ts) by name. */
export function staticShaped(name: string, targetVertices = 4000): Document {
  const document = mannequinToDocument(buildShapedMannequin(SHAPED_MANNEQUINS[name], targetVertices));
  stripSkin(document);
  return document;
}

/** The variant's static mesh and known joints (world positions by name). */
export function mannequinCase(
  variant: MannequinVariant,
  targetVertices = 4000,
): { mesh: FitMesh; joints: Map<string, [number, number, number]>; height: number } {
  const data = variantData(variant, targetVertices);
  const mesh = fitMeshOfDocument(staticMannequin(variant, targetVertices));
  const joints = new Map(
    data.jointNames.map((n, i) => [
      n,
      [data.jointPositions[i * 3], data.jointPositions[i * 3 + 1], data.jointPositions[i * 3 + 2]] as [
        number,
        number,
        number,
      ],
    ]),
  );
  let top = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) top = Math.max(top, mesh.positions[i]);
  return { mesh, joints, height: top };
}
