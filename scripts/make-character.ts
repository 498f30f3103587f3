/**
 * Writes the built-in mannequin as a GLB and prints its stats.
 *
 *   node --import tsx scripts/make-character.ts [--vertices N] [--fingers] [-o out.glb]
 *
 * Defaults: 10 000 vertices, `mannequin.glb` in the current directory. `--fingers`: five
 * three-joint fingers per hand (65 joints instead of 29).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NodeIO } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../src/character/index.ts';

const { values } = parseArgs({
  options: {
    vertices: { type: 'string', default: '10000' },
    fingers: { type: 'boolean', default: false },
    out: { type: 'string', short: 'o', default: 'mannequin.glb' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: make-character [--vertices N] [--fingers] [-o out.glb]');
  process.exit(0);
}
const target = Number(values.vertices);
if (!Number.isFinite(target) || target < 200) {
  console.error(`--vertices must be a number ≥ 200, got ${values.vertices}`);
  process.exit(1);
}

const t0 = performance.now();
const data = buildMannequin({ targetVertices: target, fingers: values.fingers });
const t1 = performance.now();
const glb = await new NodeIO().writeBinary(mannequinToDocument(data));
const t2 = performance.now();
const out = resolve(values.out);
writeFileSync(out, glb);

const P = data.positions;
const lo = [Infinity, Infinity, Infinity];
const hi = [-Infinity, -Infinity, -Infinity];
for (let i = 0; i < P.length; i++) {
  lo[i % 3] = Math.min(lo[i % 3], P[i]);
  hi[i % 3] = Math.max(hi[i % 3], P[i]);
}
const fmt = (v: number[]) => v.map((x) => x.toFixed(3)).join(', ');
console.log(`wrote ${out} (${(glb.byteLength / 1024).toFixed(0)} KiB)`);
console.log(`  vertices   ${P.length / 3} (target ${target}), triangles ${data.indices.length / 3}`);
console.log(`  joints     ${data.jointNames.length}: ${data.jointNames.join(' ')}`);
console.log(`  bounds     [${fmt(lo)}] .. [${fmt(hi)}]`);
console.log(`  grid       ${(data.gridSpacing * 1000).toFixed(2)} mm`);
console.log(`  time       build ${(t1 - t0).toFixed(0)} ms, glb ${(t2 - t1).toFixed(0)} ms`);
