/**
 * Skeleton fitting benchmark (`npm run bench:rig [-- --no-bends] [--json out.json] [names…]`):
 * the shared humanoids stripped of skin and joints, and mannequins made in code (thin and
 * heavy, T- and A-pose; two dressed), rigged without and with markers; the 15 anatomical joints against the
 * artist's (% of height), joints outside the mesh, and the bend distortion of the fitted rig
 * (auto-bound) against the artist's skeleton auto-bound the same way and against nearest-bone
 * weights on the fitted skeleton. See test/support/rig-quality.ts for the definitions.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MANNEQUIN_VARIANTS } from '../src/character/index.ts';
import { fitSkeleton } from '../src/skeleton/fit/fit-skeleton.ts';
import { humanoidTemplate } from '../src/skeleton/templates/humanoid.ts';
import {
  ANATOMICAL,
  artistMarkers,
  bendDistortion,
  bendRigs,
  jointErrors,
  jointsOutside,
  mannequinRigCase,
  meshSolid,
  type RigCase,
  sharedRigCases,
} from '../test/support/rig-quality.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    models: { type: 'string', default: resolve(import.meta.dirname, '..', '..', 'shared', 'models') },
    json: { type: 'string' },
    'no-bends': { type: 'boolean', default: false },
    resolution: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

const cases: RigCase[] = [...(await sharedRigCases(values.models))];
for (const v of MANNEQUIN_VARIANTS) cases.push(mannequinRigCase(v));
// Dressed: a garment over the body hides its shape (a skirt or a coat hides the crotch).
cases.push(mannequinRigCase({ build: 'average', pose: 'T' }, 8000, 'skirt'));
cases.push(mannequinRigCase({ build: 'average', pose: 'A' }, 8000, 'coat'));
const chosen = cases.filter((c) => !positionals.length || positionals.some((p) => c.name.includes(p)));
const resolution = values.resolution ? Number(values.resolution) : undefined;

const rows: Record<string, unknown>[] = [];
const header = values['no-bends']
  ? '| character | vertices | no markers mean % | max % | with markers mean % | max % | outside | fit ms |'
  : '| character | vertices | no markers mean % | max % | with markers mean % | max % | outside | bend fitted | bend artist | ratio | bend nearest-bone | fit ms |';
console.log(header);
console.log(header.replace(/[^|]+/g, (s) => (s.includes('character') ? '---' : '---:')));
const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
for (const c of chosen) {
  const t0 = performance.now();
  const guessed = fitSkeleton(c.mesh, { resolution });
  const fitMs = performance.now() - t0;
  const withMarkers = fitSkeleton(c.mesh, { resolution, markers: artistMarkers(c) });
  const e0 = jointErrors(c, guessed);
  const e1 = jointErrors(c, withMarkers);
  const inside = meshSolid(c.mesh);
  const outside = [
    ...new Set([...jointsOutside(c, guessed, inside), ...jointsOutside(c, withMarkers, inside)]),
  ];
  const row: Record<string, unknown> = {
    character: c.name,
    vertices: c.mesh.positions.length / 3,
    noMarkers: e0,
    withMarkers: e1,
    outside,
    fitMs,
  };
  let bends = '';
  if (!values['no-bends']) {
    const rigs = bendRigs(c, guessed, [...humanoidTemplate(0)]);
    const [ours, artist, nearest] = bendDistortion(c, rigs);
    row.bend = { fitted: ours, artist, nearest, ratio: ours / artist };
    bends = ` ${f(ours, 4)} | ${f(artist, 4)} | ${f(ours / artist)} | ${f(nearest, 4)} |`;
  }
  rows.push(row);
  console.log(
    `| ${c.name} | ${c.mesh.positions.length / 3} | ${f(e0.mean)} | ${f(e0.max)} | ${f(e1.mean)} | ${f(e1.max)} | ${outside.length ? outside.join(' ') : 0} |${bends} ${Math.round(fitMs)} |`,
  );
  if (values.verbose) {
    for (const a of ANATOMICAL) console.log(`    ${a.padEnd(11)} ${f(e0.per[a])} ${f(e1.per[a])}`);
  }
}
const mean = (k: 'noMarkers' | 'withMarkers') =>
  rows.reduce((s, r) => s + (r[k] as { mean: number }).mean, 0) / Math.max(1, rows.length);
console.log(
  `\nmean over ${rows.length} characters: ${f(mean('noMarkers'))} % without markers, ${f(mean('withMarkers'))} % with`,
);
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
