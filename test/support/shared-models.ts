import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** ../shared/models beside the repository (third-party models; read there, never copied in), or SKINSMITH_MODELS_DIR. */
export const SHARED_MODELS =
  process.env.SKINSMITH_MODELS_DIR ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'models');
export const HAVE_SHARED_MODELS = existsSync(SHARED_MODELS);

/** Every model file in ../shared/models, with what the models README says about it. */
export const SHARED_MODEL_FILES: {
  name: string;
  file: string;
  vertices: number;
  skinnedVertices: number;
  joints: number;
  skins: number;
}[] = [
  {
    name: 'RiggedSimple',
    file: 'RiggedSimple/RiggedSimple.glb',
    vertices: 160,
    skinnedVertices: 160,
    joints: 2,
    skins: 1,
  },
  {
    name: 'SimpleSkin',
    file: 'SimpleSkin/SimpleSkin.gltf',
    vertices: 10,
    skinnedVertices: 10,
    joints: 2,
    skins: 1,
  },
  {
    name: 'RiggedFigure',
    file: 'RiggedFigure/RiggedFigure.glb',
    vertices: 370,
    skinnedVertices: 370,
    joints: 19,
    skins: 1,
  },
  {
    name: 'CesiumMan',
    file: 'CesiumMan/CesiumMan.glb',
    vertices: 3273,
    skinnedVertices: 3273,
    joints: 19,
    skins: 1,
  },
  { name: 'Fox', file: 'Fox/Fox.glb', vertices: 1728, skinnedVertices: 1728, joints: 24, skins: 1 },
  {
    name: 'RecursiveSkeletons',
    file: 'RecursiveSkeletons/RecursiveSkeletons.glb',
    vertices: 40,
    skinnedVertices: 40,
    joints: 840,
    skins: 84,
  },
  {
    name: 'RobotExpressive',
    file: 'RobotExpressive/RobotExpressive.glb',
    vertices: 7214,
    skinnedVertices: 1108,
    joints: 43,
    skins: 2,
  },
  {
    name: 'QuaterniusPlatformerCharacter',
    file: 'QuaterniusPlatformerCharacter/Character.glb',
    vertices: 1895,
    skinnedVertices: 1895,
    joints: 29,
    skins: 4,
  },
  {
    name: 'QuaterniusWolf',
    file: 'QuaterniusWolf/Wolf.glb',
    vertices: 3994,
    skinnedVertices: 3994,
    joints: 51,
    skins: 1,
  },
  {
    name: 'LittlestTokyo',
    file: 'LittlestTokyo/LittlestTokyo.glb',
    vertices: 193125,
    skinnedVertices: 817,
    joints: 32,
    skins: 1,
  },
];
// SKINSMITH_MODELS_DIR: the .glb files of that folder instead (docs/testing.md, "Your own
// characters"); their counts are unknown, so skinnedVertices only says "big enough to measure".
if (process.env.SKINSMITH_MODELS_DIR) {
  SHARED_MODEL_FILES.length = 0;
  for (const file of readdirSync(SHARED_MODELS).filter((f) => f.toLowerCase().endsWith('.glb')))
    SHARED_MODEL_FILES.push({
      name: file.replace(/\.glb$/i, ''),
      file,
      vertices: 0,
      skinnedVertices: 1000,
      joints: 0,
      skins: 0,
    });
}

/** Reads a shared model as the editor's InputFiles (a .gltf gets the files of its folder). */
export function readSharedModel(file: string): { name: string; bytes: Uint8Array } {
  const path = join(SHARED_MODELS, file);
  return { name: basename(path), bytes: new Uint8Array(readFileSync(path)) };
}

export const sharedModelDir = (file: string) => dirname(join(SHARED_MODELS, file));
