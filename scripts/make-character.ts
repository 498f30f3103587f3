/**
 * Writes the built-in mannequin as a GLB and prints its stats.
 *
 *   node --import tsx scripts/make-character.ts [--vertices N] [--fingers] [-o out.glb]
 *   node --import tsx scripts/make-character.ts --garment jacket [--style remeshed] [-o jacket.glb]
 *
 * Defaults: 10 000 vertices, `mannequin.glb` in the current directory. `--fingers`: five
 * three-joint fingers per hand (65 joints instead of 29). `--garment KIND` (shirt, jacket,
 * trousers, skirt, coat) writes instead an unskinned garment fitted to that mannequin, for
 * "Add to this character" and `skinsmith transfer`.
 *
 *   node --import tsx scripts/make-character.ts --convention garment-parts [--vertices N] [-o clothed.glb]
 *
 * `--convention NAME` writes the mannequin as one of the test fixtures' exporter conventions
 * (test/support/exporter-fixtures.ts: mesh-node-trs, z-up-root, scaled-armature, no-ibm,
 * ibm-placement, multi-skin, mesh-under-joint, garment-parts — body, shirt and trousers as three
 * skins over one skeleton, touching at the hem), to open in the app.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NodeIO } from '@gltf-transform/core';
import {
  buildGarment,
  buildMannequin,
  GARMENT_KINDS,
  type GarmentKind,
  garmentToDocument,
  mannequinToDocument,
} from '../src/character/index.ts';
import {
  EXPORTER_CONVENTIONS,
  type ExporterConvention,
  exportedGlb,
} from '../test/support/exporter-fixtures.ts';

const { values } = parseArgs({
  options: {
    vertices: { type: 'string', default: '10000' },
    fingers: { type: 'boolean', default: false },
    garment: { type: 'string' },
    style: { type: 'string', default: 'offset' },
    out: { type: 'string', short: 'o' },
    convention: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'usage: make-character [--vertices N] [--fingers] [--garment KIND [--style offset|remeshed]] [--convention NAME] [-o out.glb]',
  );
  process.exit(0);
}
const target = Number(values.vertices);
if (!Number.isFinite(target) || target < 200) {
  console.error(`--vertices must be a number ≥ 200, got ${values.vertices}`);
  process.exit(1);
}

const kind = values.garment as GarmentKind | undefined;
if (kind !== undefined && !GARMENT_KINDS.includes(kind)) {
  console.error(`--garment must be one of ${GARMENT_KINDS.join(', ')}, got ${kind}`);
  process.exit(1);
}
if (values.style !== 'offset' && values.style !== 'remeshed') {
  console.error(`--style must be offset or remeshed, got ${values.style}`);
  process.exit(1);
}

if (values.convention !== undefined) {
  const convention = values.convention as ExporterConvention;
  if (!EXPORTER_CONVENTIONS.includes(convention)) {
    console.error(`--convention must be one of ${EXPORTER_CONVENTIONS.join(', ')}, got ${values.convention}`);
    process.exit(1);
  }
  const out = resolve(values.out ?? `${convention}.glb`);
  const glb = await exportedGlb(convention, target);
  writeFileSync(out, glb);
  console.log(
    `wrote ${out} (${(glb.byteLength / 1024).toFixed(0)} KiB): the mannequin as ${convention} writes it`,
  );
  process.exit(0);
}

const t0 = performance.now();
const data = buildMannequin({ targetVertices: target, fingers: values.fingers });
const t1 = performance.now();
const document = kind
  ? garmentToDocument(buildGarment(kind, data, { style: values.style }))
  : mannequinToDocument(data);
const glb = await new NodeIO().writeBinary(document);
const t2 = performance.now();
const out = resolve(values.out ?? `${kind ?? 'mannequin'}.glb`);
writeFileSync(out, glb);
if (kind) {
  const vertices = document.getRoot().listAccessors()[0]?.getCount() ?? 0;
  console.log(
    `wrote ${out} (${(glb.byteLength / 1024).toFixed(0)} KiB): ${values.style === 'offset' ? 'an' : 'a'} ${values.style} ${kind} of ${vertices} vertices`,
  );
  console.log(`  fitted to the mannequin of ${target} vertices; add it with "Add to this character…"`);
  process.exit(0);
}

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
