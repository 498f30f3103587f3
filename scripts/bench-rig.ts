/**
 * Skeleton fitting benchmark (`npm run bench:rig [-- --no-bends] [--json out.json] [names…]`):
 * the shared humanoids stripped of skin and joints, and mannequins made in code (thin and
 * heavy, T- and A-pose; two dressed), rigged without and with markers; the 15 anatomical joints against the
 * artist's (% of height), joints outside the mesh, and the bend distortion of the fitted rig
 * (auto-bound) against the artist's skeleton auto-bound the same way and against nearest-bone
 * weights on the fitted skeleton. See test/support/rig-quality.ts for the definitions.
 * `--extra DIR` adds the characters of DIR/rig-cases.json (test/support/rig-extra.ts); a file
 * that fails to load, or a fit that throws, prints a line and the run goes on. `--verbose`
 * prints each joint's error and fitted − artist (the character's left, up, front; % of height),
 * and each guessed marker − the given one. Then the quadrupeds (Fox and QuaterniusWolf stripped,
 * the dog made in code; test/support/quadruped-quality.ts): the quadruped template fitted from
 * the mesh alone, hips, neck, head and each leg's upper joint, knee or elbow and foot against
 * the artist's, as % of the height, joints outside the mesh, and (unless --no-bends) the bend
 * distortion of each leg's upper joint and knee turned 90° about the lateral axis, fitted rig
 * against the artist's (test/support/quadruped-bends.ts).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MANNEQUIN_VARIANTS } from '../src/character/index.ts';
import { type FitSkeletonOptions, fitSkeleton } from '../src/skeleton/fit/fit-skeleton.ts';
import { humanoidTemplate } from '../src/skeleton/templates/humanoid.ts';
import { quadrupedBendDistortion } from '../test/support/quadruped-bends.ts';
import { dogCase, quadrupedJointErrors, sharedQuadrupedCases } from '../test/support/quadruped-quality.ts';
import { extraRigCases, frameOffset } from '../test/support/rig-extra.ts';
import {
  ANATOMICAL,
  artistMarkers,
  bendDistortion,
  bendRigs,
  FITTED_NAMES,
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
    extra: { type: 'string' },
  },
});

const cases: RigCase[] = [...(await sharedRigCases(values.models))];
for (const v of MANNEQUIN_VARIANTS) cases.push(mannequinRigCase(v));
// Dressed: a garment over the body hides its shape (a skirt or a coat hides the crotch).
cases.push(mannequinRigCase({ build: 'average', pose: 'T' }, 8000, 'skirt'));
cases.push(mannequinRigCase({ build: 'average', pose: 'A' }, 8000, 'coat'));
const wanted = (name: string) => !positionals.length || positionals.some((p) => name.includes(p));
if (values.extra) cases.push(...(await extraRigCases(values.extra, wanted, console.log)));
const chosen = cases.filter((c) => wanted(c.name));
const resolution = values.resolution ? Number(values.resolution) : undefined;

const rows: Record<string, unknown>[] = [];
const header = values['no-bends']
  ? '| character | vertices | no markers mean % | max % | with markers mean % | max % | outside | fit ms |'
  : '| character | vertices | no markers mean % | max % | with markers mean % | max % | outside | bend fitted | bend artist | ratio | bend nearest-bone | fit ms |';
console.log(header);
console.log(header.replace(/[^|]+/g, (s) => (s.includes('character') ? '---' : '---:')));
const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
type Fit = ReturnType<typeof fitSkeleton>;
/** A fit, or why it threw (an unseen character may fail where the shared ones do not). */
function tryFit(c: RigCase, markers?: () => FitSkeletonOptions['markers']): Fit | string {
  try {
    return fitSkeleton(c.mesh, { resolution, markers: markers?.() });
  } catch (e) {
    return message(e);
  }
}
for (const c of chosen) {
  const t0 = performance.now();
  const guessed = tryFit(c);
  const fitMs = performance.now() - t0;
  const withMarkers = tryFit(c, () => artistMarkers(c));
  const fits = [guessed, withMarkers].filter((x): x is Fit => typeof x !== 'string');
  const [e0, e1] = [guessed, withMarkers].map((x) => (typeof x === 'string' ? null : jointErrors(c, x)));
  const inside = meshSolid(c.mesh);
  const outside = [...new Set(fits.flatMap((x) => jointsOutside(c, x, inside)))];
  const row: Record<string, unknown> = {
    character: c.name,
    vertices: c.mesh.positions.length / 3,
    noMarkers: e0 ?? { threw: guessed },
    withMarkers: e1 ?? { threw: withMarkers },
    outside,
    fitMs,
  };
  let bends = '';
  if (!values['no-bends']) {
    if (typeof guessed === 'string') bends = ' — | — | — | — |';
    else {
      const rigs = bendRigs(c, guessed, [...humanoidTemplate(0)]);
      const [ours, artist, nearest] = bendDistortion(c, rigs);
      row.bend = { fitted: ours, artist, nearest, ratio: ours / artist };
      bends = ` ${f(ours, 4)} | ${f(artist, 4)} | ${f(ours / artist)} | ${f(nearest, 4)} |`;
    }
  }
  rows.push(row);
  const cells = (e: typeof e0) => (e ? `${f(e.mean)} | ${f(e.max)}` : 'threw | —');
  console.log(
    `| ${c.name} | ${c.mesh.positions.length / 3} | ${cells(e0)} | ${cells(e1)} | ${outside.length ? outside.join(' ') : 0} |${bends} ${Math.round(fitMs)} |`,
  );
  if (typeof guessed === 'string') console.log(`    without markers, the fit threw: ${guessed}`);
  if (typeof withMarkers === 'string') console.log(`    with markers, the fit threw: ${withMarkers}`);
  if (values.verbose) verbose(c, guessed, withMarkers, e0, e1);
}

/** Each joint: error without and with markers, then fitted − artist of each; guessed − given markers. */
function verbose(
  c: RigCase,
  guessed: Fit | string,
  marked: Fit | string,
  ...e: (ReturnType<typeof jointErrors> | null)[]
) {
  const offset = (x: Fit | string, a: (typeof ANATOMICAL)[number]) => {
    const p = typeof x === 'string' ? undefined : x.joints.find((j) => j.name === FITTED_NAMES[a])?.position;
    const q = c.artist.positions[c.anatomical[a]];
    return p && q ? frameOffset(c, p, q) : '';
  };
  for (const a of ANATOMICAL)
    console.log(
      `    ${a.padEnd(11)} ${f(e[0]?.per[a] ?? NaN)} ${f(e[1]?.per[a] ?? NaN)}  ${offset(guessed, a)} ${offset(marked, a)}`,
    );
  if (typeof guessed === 'string' || !guessed.markers) return;
  let given: ReturnType<typeof artistMarkers>;
  try {
    given = artistMarkers(c);
  } catch {
    return;
  }
  for (const [m, q] of Object.entries(given))
    console.log(`    marker ${m.padEnd(10)} ${frameOffset(c, guessed.markers[m as keyof typeof given], q)}`);
}
const done = (k: 'noMarkers' | 'withMarkers') =>
  rows.map((r) => r[k] as { mean?: number }).filter((e) => e.mean !== undefined) as { mean: number }[];
const mean = (k: 'noMarkers' | 'withMarkers') =>
  done(k).reduce((s, e) => s + e.mean, 0) / Math.max(1, done(k).length);
const threw = rows.length * 2 - done('noMarkers').length - done('withMarkers').length;
console.log(
  `\nmean over ${rows.length} characters: ${f(mean('noMarkers'))} % without markers, ${f(mean('withMarkers'))} % with${threw ? ` (over the fits that did not throw: ${done('noMarkers').length} and ${done('withMarkers').length})` : ''}`,
);

// Quadrupeds: the template fitted from the mesh alone (no markers), against the artist's joints.
const quadrupeds = [...(await sharedQuadrupedCases(values.models)), dogCase()].filter((c) => wanted(c.name));
if (quadrupeds.length) {
  console.log(
    values['no-bends']
      ? '\n| quadruped | vertices | mean % of height | max % | worst joint | outside | tail | fit ms |\n| --- | ---: | ---: | ---: | --- | --- | --- | ---: |'
      : '\n| quadruped | vertices | mean % of height | max % | worst joint | outside | tail | bend fitted | bend artist | ratio | bend nearest-bone | fit ms |\n| --- | ---: | ---: | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
  );
}
for (const c of quadrupeds) {
  const t0 = performance.now();
  let fitted: Fit;
  try {
    fitted = fitSkeleton(c.mesh, { template: 'quadruped', resolution });
  } catch (e) {
    console.log(`| ${c.name} | ${c.mesh.positions.length / 3} | threw: ${message(e)} |`);
    rows.push({ quadruped: c.name, threw: message(e) });
    continue;
  }
  const ms = performance.now() - t0;
  const e = quadrupedJointErrors(c, fitted);
  const worst = Object.entries(e.per).sort((a, b) => b[1] - a[1])[0];
  const inside = meshSolid(c.mesh);
  const outside = fitted.joints.filter((j) => !inside(j.position)).map((j) => j.name);
  const tail = fitted.joints.some((j) => j.name === 'Tail1');
  const row: Record<string, unknown> = { quadruped: c.name, errors: e, outside, tail, fitMs: ms };
  let bends = '';
  if (!values['no-bends']) {
    const [ours, artist, nearest] = quadrupedBendDistortion(c, fitted);
    row.bend = { fitted: ours, artist, nearest, ratio: ours / artist };
    bends = ` ${f(ours, 4)} | ${f(artist, 4)} | ${f(ours / artist)} | ${f(nearest, 4)} |`;
  }
  rows.push(row);
  console.log(
    `| ${c.name} | ${c.mesh.positions.length / 3} | ${f(e.mean)} | ${f(e.max)} | ${worst[0]} | ${outside.length ? outside.join(' ') : 0} | ${tail ? 'yes' : 'no'} |${bends} ${Math.round(ms)} |`,
  );
  if (values.verbose) for (const [a, v] of Object.entries(e.per)) console.log(`    ${a.padEnd(15)} ${f(v)}`);
}
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
