import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { SHARED_MODELS } from '../support/shared-models.ts';
import type { FuzzBase } from './fuzz-case.ts';

/** Shared models to mutate, by how often (relative) and how long one case of each may take. */
const SHARED: { name: string; file: string; weight: number; timeoutMs?: number }[] = [
  { name: 'SimpleSkin', file: 'SimpleSkin/SimpleSkin.gltf', weight: 8 },
  { name: 'RiggedSimple', file: 'RiggedSimple/RiggedSimple.glb', weight: 10 },
  { name: 'RiggedFigure', file: 'RiggedFigure/RiggedFigure.glb', weight: 10 },
  { name: 'Fox', file: 'Fox/Fox.glb', weight: 8 },
  { name: 'CesiumMan', file: 'CesiumMan/CesiumMan.glb', weight: 5 },
  { name: 'RobotExpressive', file: 'RobotExpressive/RobotExpressive.glb', weight: 4 },
  { name: 'QuaterniusPlatformerCharacter', file: 'QuaterniusPlatformerCharacter/Character.glb', weight: 3 },
  { name: 'QuaterniusWolf', file: 'QuaterniusWolf/Wolf.glb', weight: 3 },
  // The slow ones (840 joints; a 4 MB Draco scene): rarely, with more time per case.
  {
    name: 'RecursiveSkeletons',
    file: 'RecursiveSkeletons/RecursiveSkeletons.glb',
    weight: 0.6,
    timeoutMs: 8000,
  },
  { name: 'LittlestTokyo', file: 'LittlestTokyo/LittlestTokyo.glb', weight: 0.3, timeoutMs: 10000 },
];

/** The built-in character (~2k vertices) as the GLB the app would open. */
async function characterGlb(): Promise<Uint8Array> {
  const document = mannequinToDocument(buildMannequin({ targetVertices: 2000 }));
  return new WebIO().writeBinary(document);
}

/**
 * The bases: the built-in character always; the models in ../shared/models when that folder
 * exists (the note says which, for the test log).
 */
export async function loadFuzzBases(timeoutMs: number): Promise<{ bases: FuzzBase[]; note: string }> {
  const bases: FuzzBase[] = [
    { name: 'Mannequin', fileName: 'Mannequin.glb', bytes: await characterGlb(), weight: 30, timeoutMs },
  ];
  if (!existsSync(SHARED_MODELS)) {
    return { bases, note: `${SHARED_MODELS} is absent: fuzzing only the built-in character.` };
  }
  for (const entry of SHARED) {
    const path = join(SHARED_MODELS, entry.file);
    if (!existsSync(path)) continue;
    bases.push({
      name: entry.name,
      fileName: entry.file.split('/').pop()!,
      bytes: new Uint8Array(readFileSync(path)),
      weight: entry.weight,
      timeoutMs: Math.max(timeoutMs, entry.timeoutMs ?? 0),
    });
  }
  return {
    bases,
    note: `fuzzing the built-in character and ${bases.length - 1} models from ${SHARED_MODELS}.`,
  };
}
