/**
 * Auto-bind benchmark (`node --import tsx scripts/bench-bind.ts [--method voxel|closest]
 * [--resolution N] [--falloff P] [--smoothing N] [--max-influences 4|8] [--runs N]
 * [--blender tmp/blender.json] [--json out.json] [models…]`), run under the heavy lock.
 *
 * For each skinned model in ../shared/models and the built-in mannequin at 3k, 30k and 300k
 * vertices: discard the weights, auto-bind in the bind pose and compare with the artist's (the
 * mannequin's own distance weights stand in for an artist's) by measureBindQuality: the weight
 * difference, the deformation error under the file's clips (or joint bends) as % of the
 * diagonal, and the same error per artist region, whose three worst are printed beside the mean
 * (a misbound head, hand or foot stands out there). Time: the median of `--runs` warm binds
 * (after warm-up runs, as the app's worker is warm after its first bind), and beside it our closest-bone binder on the same input in the same
 * run, as a Blender-free ratio. `--blender` reads scripts/blender-bone-heat.py's output (the
 * same files, run just before under the lock) and prints Blender's operator time and its weights
 * scored with the same yardstick.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type AutobindOptions, autobind } from '../src/bind/autobind.ts';
import { bindGroupsOfModel, remapJoints } from '../src/bind/model-input.ts';
import { buildMannequin, mannequinToDocument } from '../src/character/index.ts';
import { readDocument } from '../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../src/gltf/skinned-model.ts';
import type { SkinWeights } from '../src/skin/skin-weights.ts';
import { type BindQuality, measureBindQuality } from '../test/support/bind-quality.ts';
import { type BlenderRun, blenderWeights } from './blender-weights.ts';

/** Blender 3.4 bone heat, best of its three bone heuristics (12-06): deformation mean % and max %. */
const BLENDER: Record<string, { mean: number; max: number } | undefined> = {
  CesiumMan: { mean: 0.153, max: 3.2 },
  Fox: { mean: 0.488, max: 9.4 },
  QuaterniusPlatformerCharacter: { mean: 0.27, max: 7.8 },
  QuaterniusWolf: { mean: 0.171, max: 5.5 },
  RiggedFigure: { mean: 0.089, max: 1.2 },
  RobotExpressive: { mean: 0.05, max: 1.0 },
  RiggedSimple: { mean: 0.045, max: 0.2 },
};

/** Shared models (file under ../shared/models) and mannequins (built: `mannequin:VERTICES`). */
const MODELS: [string, string][] = [
  ['CesiumMan', 'CesiumMan/CesiumMan.glb'],
  ['Fox', 'Fox/Fox.glb'],
  ['QuaterniusPlatformerCharacter', 'QuaterniusPlatformerCharacter/Character.glb'],
  ['QuaterniusWolf', 'QuaterniusWolf/Wolf.glb'],
  ['RiggedFigure', 'RiggedFigure/RiggedFigure.glb'],
  ['RobotExpressive', 'RobotExpressive/RobotExpressive.glb'],
  ['RiggedSimple', 'RiggedSimple/RiggedSimple.glb'],
  ['SimpleSkin', 'SimpleSkin/SimpleSkin.gltf'],
  ['RecursiveSkeletons', 'RecursiveSkeletons/RecursiveSkeletons.glb'],
  // Several skeletons in one skin (six koi overlapping in the bind pose); Blender cannot read its Draco.
  ['LittlestTokyo', 'LittlestTokyo/LittlestTokyo.glb'],
  ['mannequin-3k', 'mannequin:3000'],
  ['mannequin-30k', 'mannequin:30000'],
  ['mannequin-300k', 'mannequin:300000'],
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    method: { type: 'string' },
    resolution: { type: 'string' },
    falloff: { type: 'string' },
    smoothing: { type: 'string' },
    'max-influences': { type: 'string' },
    runs: { type: 'string', default: '5' },
    models: { type: 'string', default: resolve(import.meta.dirname, '..', '..', 'shared', 'models') },
    blender: { type: 'string' },
    json: { type: 'string' },
  },
});

const options: AutobindOptions = {};
if (values.method) options.method = values.method as 'voxel' | 'closest';
if (values.resolution) options.resolution = Number(values.resolution);
if (values.falloff) options.falloff = Number(values.falloff);
if (values.smoothing) options.smoothing = Number(values.smoothing);
if (values['max-influences']) options.maxInfluences = Number(values['max-influences']) as 4 | 8;
const runs = Math.max(1, Number(values.runs));
const blenderRuns: BlenderRun[] = values.blender ? JSON.parse(readFileSync(values.blender, 'utf8')) : [];

async function load(file: string): Promise<SkinnedModel> {
  const influences = options.maxInfluences ?? 4;
  if (file.startsWith('mannequin:')) {
    const data = buildMannequin({ targetVertices: Number(file.slice('mannequin:'.length)) });
    return buildSkinnedModel(mannequinToDocument(data), { influences });
  }
  const path = join(values.models, file);
  const document = await readDocument({ name: basename(path), bytes: new Uint8Array(readFileSync(path)) });
  return buildSkinnedModel(document, { influences });
}

/** Binds every group of `model` with `o`; the weights per model primitive and the wall time. */
function bindModel(model: SkinnedModel, o: AutobindOptions): { weights: SkinWeights[]; ms: number } {
  const groups = bindGroupsOfModel(model);
  const weights: SkinWeights[] = [];
  const t0 = performance.now();
  const results = groups.map((g) => autobind(g.input, o));
  const ms = performance.now() - t0;
  groups.forEach((g, i) => {
    g.primitives.forEach((p, k) => {
      weights[p] = remapJoints(results[i].weights[k], g.jointMaps[k]);
    });
  });
  return { weights, ms };
}

/** Median of `runs` warm timings of `o` on `model` (after warm-up runs). */
function timed(model: SkinnedModel, o: AutobindOptions): { weights: SkinWeights[]; ms: number } {
  let last = bindModel(model, o);
  // Warm: at least ten runs and 500 ms of them (a 10-vertex file binds thousands of times).
  const start = performance.now();
  for (let r = 0; r < 5000 && (r < 10 || performance.now() - start < 500); r++) last = bindModel(model, o);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    last = bindModel(model, o);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { weights: last.weights, ms: times[times.length >> 1] };
}

const regionsText = (q: BindQuality) =>
  q.regions
    .slice(0, 3)
    .map(
      (r) =>
        `${r.name} ${r.mean.toFixed(2)}${r.elsewhere >= 0.05 ? ` (${Math.round(r.elsewhere * 100)}% elsewhere)` : ''}`,
    )
    .join(', ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** Milliseconds with two decimals below 10 (a 10-vertex file binds in a tenth of one). */
const ms = (x: number) => x.toFixed(x < 10 ? 2 : 1);

const rows: Record<string, unknown>[] = [];
console.log(`auto-bind ${JSON.stringify(options)}, median of ${runs} warm runs\n`);
console.log(
  '| model | vertices | joints | deform mean % | Blender mean % | deform max % | Blender max % | worst regions % (ours) | worst regions % (Blender) | time ms | closest ms | ratio | Blender ms | vs Blender |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|');
for (const [name, file] of MODELS) {
  if (positionals.length && !positionals.includes(name)) continue;
  const model = await load(file);
  const joints = new Set(model.skins.flatMap((s) => s.joints)).size;
  const ours = timed(model, options);
  const closest = timed(model, { ...options, method: 'closest' });
  const q = measureBindQuality(model, ours.weights);
  // Blender: the run of this file, scored with the same yardstick; else the recorded figures.
  const run = blenderRuns.find(
    (r) => basename(r.file) === basename(file) || r.file.endsWith(`mannequin-${file.slice(10)}.glb`),
  );
  let blender: { mean: number; max: number; regions: string; ms: number; unweighted: number } | null = null;
  if (run) {
    const b = blenderWeights(model, run);
    const bq = measureBindQuality(model, b.weights);
    blender = {
      mean: bq.deformMean,
      max: bq.deformMax,
      regions: regionsText(bq),
      ms: median(run.ms),
      unweighted: bq.unweighted,
    };
  }
  const recorded = BLENDER[name];
  const bMean = blender?.mean ?? recorded?.mean;
  const bMax = blender?.max ?? recorded?.max;
  const mark = bMean !== undefined && q.deformMean <= bMean ? ' ✓' : '';
  const ratio = ours.ms / closest.ms;
  console.log(
    `| ${name} | ${q.vertices} | ${joints} | ${q.deformMean.toFixed(3)}${mark} | ${bMean?.toFixed(3) ?? '—'}${blender?.unweighted ? ` (${blender.unweighted} unweighted)` : ''} | ` +
      `${q.deformMax.toFixed(2)} | ${bMax?.toFixed(2) ?? '—'} | ${regionsText(q)} | ${blender?.regions ?? '—'} | ` +
      `${ms(ours.ms)} | ${ms(closest.ms)} | ${ratio.toFixed(2)} | ${blender ? ms(blender.ms) : '—'} | ` +
      `${blender ? `${(ours.ms / blender.ms).toFixed(2)}×` : '—'} |`,
  );
  rows.push({ name, ...q, timeMs: ours.ms, closestMs: ours.ms / ratio, ratio, blender, recorded });
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
