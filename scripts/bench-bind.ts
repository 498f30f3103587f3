/**
 * Auto-bind quality benchmark (`node --import tsx scripts/bench-bind.ts [--method voxel|closest]
 * [--resolution N] [--falloff P] [--smoothing N] [--max-influences 4|8] [--json out.json]
 * [models…]`): for each skinned model in ../shared/models that has artist weights, discard the
 * weights, auto-bind in the bind pose, compare with the artist's (see measureBindQuality) and
 * print a markdown table beside Blender 3.4's bone heat (the auto-bind issue's targets).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type AutobindOptions, autobind } from '../src/bind/autobind.ts';
import { bindGroupsOfModel, remapJoints } from '../src/bind/model-input.ts';
import { readDocument } from '../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../src/gltf/skinned-model.ts';
import type { SkinWeights } from '../src/skin/skin-weights.ts';
import { measureBindQuality } from '../test/support/bind-quality.ts';

/** Blender 3.4 bone heat, best run: deformation mean % and max % of the diagonal. */
const BLENDER: Record<string, { mean: number; max: number } | undefined> = {
  CesiumMan: { mean: 0.153, max: 3.2 },
  Fox: { mean: 0.488, max: 9.4 },
  QuaterniusPlatformerCharacter: { mean: 0.27, max: 7.8 },
  QuaterniusWolf: { mean: 0.171, max: 5.5 },
  RiggedFigure: { mean: 0.089, max: 1.2 },
  RobotExpressive: { mean: 0.05, max: 1.0 },
};

const MODELS: [string, string][] = [
  ['CesiumMan', 'CesiumMan/CesiumMan.glb'],
  ['Fox', 'Fox/Fox.glb'],
  ['QuaterniusPlatformerCharacter', 'QuaterniusPlatformerCharacter/Character.glb'],
  ['QuaterniusWolf', 'QuaterniusWolf/Wolf.glb'],
  ['RiggedFigure', 'RiggedFigure/RiggedFigure.glb'],
  ['RobotExpressive', 'RobotExpressive/RobotExpressive.glb'],
  // Several skeletons in one skin (six koi overlapping in the bind pose); no Blender figure.
  ['LittlestTokyo', 'LittlestTokyo/LittlestTokyo.glb'],
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    method: { type: 'string' },
    resolution: { type: 'string' },
    falloff: { type: 'string' },
    smoothing: { type: 'string' },
    'max-influences': { type: 'string' },
    models: { type: 'string', default: resolve(import.meta.dirname, '..', '..', 'shared', 'models') },
    json: { type: 'string' },
  },
});

const options: AutobindOptions = {};
if (values.method) options.method = values.method as 'voxel' | 'closest';
if (values.resolution) options.resolution = Number(values.resolution);
if (values.falloff) options.falloff = Number(values.falloff);
if (values.smoothing) options.smoothing = Number(values.smoothing);
if (values['max-influences']) options.maxInfluences = Number(values['max-influences']) as 4 | 8;

const rows: Record<string, unknown>[] = [];
console.log(`auto-bind ${JSON.stringify(options)}\n`);
console.log(
  '| model | vertices | joints | weight L1 | deform mean % | Blender mean % | deform max % | Blender max % | unweighted | time ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, file] of MODELS) {
  if (positionals.length && !positionals.includes(name)) continue;
  const path = join(values.models, file);
  const document = await readDocument({ name: basename(path), bytes: new Uint8Array(readFileSync(path)) });
  const model = buildSkinnedModel(document, { influences: options.maxInfluences ?? 4 });
  const ours: SkinWeights[] = [];
  let time = 0;
  let joints = 0;
  for (const group of bindGroupsOfModel(model)) {
    const t0 = performance.now();
    const result = autobind(group.input, options);
    time += performance.now() - t0;
    joints = Math.max(joints, group.jointIds.length);
    group.primitives.forEach((p, k) => {
      ours[p] = remapJoints(result.weights[k], group.jointMaps[k]);
    });
  }
  const q = measureBindQuality(model, ours);
  const blender = BLENDER[name];
  const mark = blender && q.deformMean <= blender.mean ? ' ✓' : '';
  console.log(
    `| ${name} | ${q.vertices} | ${joints} | ${q.weightL1.toFixed(3)} | ${q.deformMean.toFixed(3)}${mark} | ${blender?.mean.toFixed(3) ?? '—'} | ` +
      `${q.deformMax.toFixed(2)} | ${blender?.max.toFixed(1) ?? '—'} | ${q.unweighted} | ${time.toFixed(0)} |`,
  );
  rows.push({ name, ...q, timeMs: time, blender });
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
