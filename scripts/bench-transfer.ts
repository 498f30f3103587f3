/**
 * `npm run bench:transfer [-- --sections 1,2,3,4,5] [--shell-offset 0.01] [--shell-keep 0.5] [--json out.json]`: issue 14's measurement of weight
 * transfer, robust (ours) beside closest-point copy (Blender Data Transfer's default) on the
 * same inputs:
 * 1. bleed and unweighted vertices, every garment in both styles, on the 10k mannequin;
 * 2. follow: offset garments (shirt, jacket, trousers) under the six test poses and a range of
 *    motion of the limbs and spine (±90° about each axis): share of (pose, vertex) pairs whose
 *    distance to the posed body stays within 10% of the offset; "ideal" copies each garment
 *    vertex's own body vertex's weights (the ceiling linear blend skinning allows);
 * 3. re-meshed body: a 7k mannequin weighted from the 10k one, against its own generated
 *    weights (the same function of position), deformation under ±45° bends of every joint as
 *    `bench:bind` measures it;
 * 4. every skinned character of ../shared/models: an offset shell of each skinned primitive
 *    (pushed out along its normals, simplified with meshoptimizer to half its triangles, so the
 *    topology is new) added to the file unskinned and transferred (skinsmith transfer's path);
 *    weights and deformation under the file's animations (or joint bends) against the artist's
 *    weights of the body vertices the shell was made from;
 * 5. speed: median of 5 runs of a ~50k coat from a 30k body;
 * 6. where limbs touch: offset shells at 0.5, 1 and 2% of the diagonal around the mannequin with
 *    its thighs pressed together and around every shared character with two legs: leg vertices
 *    with more than 0.01 of the other leg's joints (test/support/cross-leg.ts), and deformation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Document } from '@gltf-transform/core';
import {
  addGarmentNode,
  buildGarment,
  buildMannequin,
  type Garment,
  type GarmentKind,
  mannequinToDocument,
} from '../src/character/index.ts';
import { readDocument } from '../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../src/gltf/skinned-model.ts';
import { transferToMeshes } from '../src/gltf/transfer-meshes.ts';
import { Pose } from '../src/pose/pose.ts';
import { applyPosePreset, POSE_PRESETS } from '../src/pose/pose-presets.ts';
import { PosedMesh } from '../src/pose/posed-mesh.ts';
import { rangeOfMotionClip } from '../src/pose/range-of-motion.ts';
import { SkinWeights } from '../src/skin/skin-weights.ts';
import { diagonalOf, SourceSurface, transferWeights } from '../src/transfer/index.ts';
import { measureBindQuality } from '../test/support/bind-quality.ts';
import { crossLegOfShells, legJointIds, thighsTouching } from '../test/support/cross-leg.ts';
import { HAVE_SHARED_MODELS, SHARED_MODEL_FILES, SHARED_MODELS } from '../test/support/shared-models.ts';
import {
  followAgainst,
  followQuality,
  offsetShell,
  originWeights,
  restPositions,
} from '../test/support/transfer-quality.ts';
import { bleedCount } from '../test/transfer/fixtures.ts';

const { values } = parseArgs({
  options: {
    sections: { type: 'string', default: '1,2,3,4,5,6' },
    'shell-offset': { type: 'string', default: '0.01' },
    'shell-keep': { type: 'string', default: '0.5' },
    json: { type: 'string' },
  },
});
const sections = new Set(values.sections.split(',').map(Number));
const shellOffset = Number(values['shell-offset']);
const shellKeep = Number(values['shell-keep']);
const MODES = ['robust', 'closest'] as const;
type Mode = (typeof MODES)[number];
const report: Record<string, unknown> = {};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const body = buildMannequin({ targetVertices: 10_000 });
const bodyWeights = new SkinWeights(body.positions.length / 3, 4, body.joints, body.weights);

// 1. Bleed and unweighted vertices.
if (sections.has(1)) {
  const surface = new SourceSurface([
    { positions: body.positions, indices: body.indices, weights: bodyWeights },
  ]);
  const J = body.jointNames.length;
  const kinds: GarmentKind[] = ['shirt', 'jacket', 'trousers', 'skirt', 'coat'];
  console.log('## 1. Bleed across the legs and unweighted vertices (10k mannequin)\n');
  console.log(
    '| garment | vertices | robust bleed | robust unweighted | matched | inpainted | seeded | closest bleed | closest unweighted |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const rows: unknown[] = [];
  for (const style of ['offset', 'remeshed'] as const) {
    for (const kind of kinds) {
      const g = buildGarment(kind, body, { style });
      const cells: (string | number)[] = [`${style} ${kind}`, g.positions.length / 3];
      const row: Record<string, unknown> = { garment: `${style} ${kind}`, vertices: g.positions.length / 3 };
      for (const mode of MODES) {
        const r = transferWeights(surface, g, { jointCount: J, mode });
        let unweighted = 0;
        for (let v = 0; v < r.weights.vertexCount; v++) if (!(r.weights.weights[v * 4] > 0)) unweighted++;
        const bleed = bleedCount(g.positions, r.weights, body.jointNames);
        cells.push(bleed, unweighted);
        if (mode === 'robust') cells.push(r.matched, r.inpainted, r.seeded);
        row[mode] = { bleed, unweighted, matched: r.matched, inpainted: r.inpainted, seeded: r.seeded };
      }
      console.log(`| ${cells.join(' | ')} |`);
      rows.push(row);
    }
  }
  report.bleed = rows;
}

/** The mannequin's document with `garment` added unskinned, transferred by `mode` (or ideal). */
function dressed(garment: Garment, mode: Mode | 'ideal'): Document {
  const doc = mannequinToDocument(body);
  addGarmentNode(doc, garment);
  if (mode !== 'ideal') {
    transferToMeshes(doc, { targets: [garment.name], mode });
    return doc;
  }
  // Ideal: each vertex gets its own body vertex's weights (same skin, same joint order).
  transferToMeshes(doc, { targets: [garment.name], mode: 'closest' });
  const node = doc
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === garment.name && n.getSkin())!;
  const prim = node.getMesh()!.listPrimitives()[0];
  const joints = new Uint16Array(garment.bodyVertex.length * 4);
  const weights = new Float32Array(garment.bodyVertex.length * 4);
  garment.bodyVertex.forEach((b, v) => {
    joints.set(body.joints.subarray(b * 4, b * 4 + 4), v * 4);
    weights.set(body.weights.subarray(b * 4, b * 4 + 4), v * 4);
  });
  prim.getAttribute('JOINTS_0')!.setArray(joints);
  prim.getAttribute('WEIGHTS_0')!.setArray(weights);
  return doc;
}

// 2. Follow under poses.
if (sections.has(2)) {
  console.log('\n## 2. Follow: offset garments under the test poses and a range of motion\n');
  console.log(
    "Share of (pose, vertex) pairs within 10% of the offset of the posed body (worst pose in brackets); ideal: each vertex its own body vertex's weights.\n",
  );
  console.log(
    '| garment | vertices | poses | robust | closest | ideal | robust vs ideal | closest vs ideal |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---:|');
  const rows: unknown[] = [];
  for (const kind of ['shirt', 'jacket', 'trousers'] as GarmentKind[]) {
    const g = buildGarment(kind, body, { style: 'offset' });
    const row: Record<string, unknown> = { garment: kind, vertices: g.positions.length / 3 };
    const posedOf = (mode: Mode | 'ideal') => {
      const model = buildSkinnedModel(dressed(g, mode));
      return {
        posed: new PosedMesh(model),
        garment: model.primitives.find((p) => p.mesh.getName() === g.name)!.id,
      };
    };
    const ideal = posedOf('ideal');
    const skeleton = ideal.posed.skeleton;
    const presets: Pose[] = [];
    for (const preset of POSE_PRESETS) {
      const pose = new Pose(skeleton.size, 'rest');
      applyPosePreset(ideal.posed.matrices, pose, preset);
      presets.push(pose.clone());
    }
    const limbs = skeleton.names.flatMap((n, s) =>
      /(Spine1|Arm|ForeArm|UpLeg|Leg|Neck)$/.test(n) ? [s] : [],
    );
    const clip = rangeOfMotionClip(skeleton, limbs, { secondsPerAxis: 1 });
    const motion: Pose[] = [];
    for (let k = 0; k < limbs.length * 3; k++) {
      // ±45° and ±90° of each swing.
      for (const phase of [1 / 12, 0.25, 7 / 12, 0.75]) {
        const pose = new Pose(skeleton.size, 'rest');
        clip.sample(k + phase, pose);
        motion.push(pose);
      }
    }
    const cell = (q: { within: number; worstPose: number }) => `${pct(q.within)} (${pct(q.worstPose)})`;
    for (const [label, poses] of [
      ['test poses', presets],
      ['range of motion', motion],
    ] as const) {
      const cells: string[] = [];
      const vsIdeal: string[] = [];
      const entry: Record<string, unknown> = {};
      for (const mode of [...MODES, 'ideal'] as const) {
        const p = mode === 'ideal' ? ideal : posedOf(mode);
        const q = followQuality(p.posed, p.garment, g.offset, poses);
        cells.push(cell(q));
        entry[mode] = q;
        if (mode !== 'ideal') {
          const a = followAgainst(p.posed, p.garment, ideal.posed, ideal.garment, g.offset, poses);
          vsIdeal.push(cell(a));
          entry[`${mode}VsIdeal`] = a;
        }
      }
      row[label] = entry;
      console.log(
        `| ${kind} | ${g.positions.length / 3} | ${poses.length} ${label} | ${cells.join(' | ')} | ${vsIdeal.join(' | ')} |`,
      );
    }
    rows.push(row);
  }
  report.follow = rows;
}

// 3. Re-meshed body.
if (sections.has(3)) {
  console.log('\n## 3. Re-meshed body: a 7k mannequin weighted from the 10k one\n');
  console.log(
    'Against its own generated weights; deformation under ±45° bends of every joint, % of the diagonal.\n',
  );
  console.log('| mode | vertices | weight L1 | deform mean % | deform max % | unweighted |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const remeshed = buildMannequin({ targetVertices: 7000 });
  const rows: unknown[] = [];
  for (const mode of MODES) {
    const truth = buildSkinnedModel(mannequinToDocument(remeshed));
    const doc = mannequinToDocument(remeshed);
    transferToMeshes(doc, { targets: ['MannequinBody'], sourceDocument: mannequinToDocument(body), mode });
    const ours = buildSkinnedModel(doc).primitives.map((p) => p.weights);
    const q = measureBindQuality(truth, ours);
    console.log(
      `| ${mode} | ${q.vertices} | ${q.weightL1.toFixed(4)} | ${q.deformMean.toFixed(4)} | ${q.deformMax.toFixed(3)} | ${q.unweighted} |`,
    );
    rows.push({ mode, ...q });
  }
  report.remeshed = rows;
}

// 4. Shared characters.
if (sections.has(4) && HAVE_SHARED_MODELS) {
  console.log('\n## 4. Offset shells of the shared characters\n');
  console.log(
    `Each skinned primitive: shell at ${100 * shellOffset}% of the diagonal, ${100 * shellKeep}% of the triangles; vs the artist weights of its origins.\n`,
  );
  console.log(
    '| model | shell vertices | poses | robust L1 | robust deform mean % | robust max % | closest L1 | closest deform mean % | closest max % | unweighted | ✓ |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const rows: unknown[] = [];
  for (const m of SHARED_MODEL_FILES) {
    if (m.skinnedVertices < 100) continue;
    const bytes = new Uint8Array(readFileSync(join(SHARED_MODELS, m.file)));
    const row: Record<string, unknown> = { model: m.name };
    const cells: (string | number)[] = [m.name];
    // The shells, made once from the file's rest pose (both methods get the same ones).
    const model = buildSkinnedModel(await readDocument({ name: m.file, bytes }));
    const rest = restPositions(new PosedMesh(model));
    const diagonal = diagonalOf(Float32Array.from(rest.flatMap((r) => Array.from(r))));
    const shells: { garment: Garment; prim: (typeof model.primitives)[number] }[] = [];
    for (const prim of model.primitives) {
      const indices = prim.indices ?? Uint32Array.from({ length: prim.weights.vertexCount }, (_, i) => i);
      if (prim.weights.vertexCount < 24 || indices.length < 36) continue;
      const shell = await offsetShell(rest[prim.id], indices, shellOffset * diagonal, shellKeep);
      const garment: Garment = {
        kind: 'shirt',
        name: `Shell${shells.length}`,
        positions: shell.positions,
        // The transfer computes its own normals; the file needs none for this.
        normals: new Float32Array(shell.positions.length),
        indices: shell.indices,
        offset: shellOffset * diagonal,
        bodyVertex: Int32Array.from(shell.origin),
      };
      shells.push({ garment, prim });
    }
    // A character of many small parts (armour pieces) may have no primitive big enough to shell.
    if (shells.length === 0) {
      console.log(`| ${m.name} | no skinned primitive of 24 vertices or more | | | | | | | | | |`);
      continue;
    }
    let unweighted = 0;
    for (const mode of MODES) {
      const doc = await readDocument({ name: m.file, bytes });
      for (const { garment } of shells) addGarmentNode(doc, garment);
      const tr = transferToMeshes(doc, { targets: shells.map((s) => s.garment.name), mode });
      if (process.env.DEBUG_TRANSFER) console.log(m.name, mode, tr.matched, tr.inpainted, tr.seeded);
      const after = buildSkinnedModel(doc);
      const shellPrims = shells.map(
        (s) => after.primitives.find((p) => p.mesh.getName() === s.garment.name)!,
      );
      const reference = shells.map((s, k) =>
        originWeights(
          s.prim.weights,
          Uint32Array.from(s.garment.bodyVertex),
          model.skins[s.prim.skins[0]].joints,
          after.skins[shellPrims[k].skins[0]].joints,
        ),
      );
      const subset = { ...after, primitives: shellPrims };
      const q = measureBindQuality(subset as typeof after, reference);
      unweighted += q.unweighted;
      if (mode === 'robust') cells.push(q.vertices, q.poses);
      cells.push(q.weightL1.toFixed(3), q.deformMean.toFixed(3), q.deformMax.toFixed(2));
      row[mode] = q;
    }
    const r = row.robust as { deformMean: number };
    const c = row.closest as { deformMean: number };
    cells.push(unweighted, r.deformMean <= c.deformMean + 1e-9 ? '✓' : '✗');
    console.log(`| ${cells.join(' | ')} |`);
    rows.push(row);
  }
  report.shared = rows;
} else if (sections.has(4)) console.log('\n(../shared/models is absent: section 4 skipped)');

// 5. Speed.
if (sections.has(5)) {
  const big = buildMannequin({ targetVertices: 30_000 });
  const bigSource = [
    {
      positions: big.positions,
      indices: big.indices,
      weights: new SkinWeights(big.positions.length / 3, 4, big.joints, big.weights),
    },
  ];
  const coat = buildGarment('coat', big, { style: 'remeshed', spacing: 0.007 });
  const times: number[] = [];
  for (let i = 0; i < 5; i++)
    times.push(transferWeights(bigSource, coat, { jointCount: big.jointNames.length }).ms);
  times.sort((a, b) => a - b);
  console.log(
    `\n## 5. Speed\n\ncoat ${coat.positions.length / 3} vertices from body ${big.positions.length / 3}: median ${times[2].toFixed(0)} ms (5 runs, BVH build included; npm run bench has transfer/50k and transfer/200k)`,
  );
  report.speed = { vertices: coat.positions.length / 3, body: big.positions.length / 3, medianMs: times[2] };
}
// 6. Where limbs touch.
if (sections.has(6)) {
  console.log('\n## 6. Where limbs touch: offset shells over thighs that press together\n');
  console.log(
    'Leg vertices (≥ half one leg, ≤ 0.01 the other, in the artist weights of their origins) with more than 0.01 of the other leg; shell vertices folded over in the crotch left out; deformation mean, % of the diagonal.\n',
  );
  console.log(
    '| character | offset | leg vertices | folded | robust over | robust max | closest over | closest max | robust deform % | closest deform % | ✓ |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const rows: unknown[] = [];
  const touching = thighsTouching(buildMannequin({ targetVertices: 10_000 }));
  const characters: { name: string; fresh: () => Promise<Document> | Document }[] = [
    { name: 'Mannequin, thighs touching', fresh: () => mannequinToDocument(touching) },
  ];
  if (HAVE_SHARED_MODELS) {
    for (const m of SHARED_MODEL_FILES) {
      const bytes = new Uint8Array(readFileSync(join(SHARED_MODELS, m.file)));
      characters.push({ name: m.name, fresh: () => readDocument({ name: m.file, bytes }) });
    }
  }
  for (const c of characters) {
    const model = buildSkinnedModel(await c.fresh());
    if (!legJointIds(model)) continue;
    for (const offset of [0.005, 0.01, 0.02]) {
      const robust = await crossLegOfShells(c.fresh, model, offset, 'robust');
      const closest = await crossLegOfShells(c.fresh, model, offset, 'closest');
      if (robust.legVertices === 0) continue;
      const ok = robust.over === 0 && robust.deformMean <= closest.deformMean + 1e-9;
      console.log(
        `| ${c.name} | ${100 * offset}% | ${robust.legVertices} | ${robust.folded} | ${robust.over} | ${robust.max.toFixed(3)} | ${closest.over} | ${closest.max.toFixed(3)} | ${robust.deformMean.toFixed(3)} | ${closest.deformMean.toFixed(3)} | ${ok ? '✓' : '✗'} |`,
      );
      rows.push({ character: c.name, offset, robust, closest });
    }
  }
  report.limbsTouching = rows;
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
