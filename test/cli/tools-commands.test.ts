/**
 * `skinsmith normalize|prune|limit|mirror IN -o OUT`: import, one tool on everything, export as
 * `export` does; the output validates with no errors, and the tool did what it says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { helpText } from '../../src/cli/main.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

let dir: string;
let strip: string;
let lopsided: string;
let data: MannequinData;

/** Reads an output file back, checks the validator finds no error, returns its model. */
async function readBack(path: string): Promise<SkinnedModel> {
  const bytes = new Uint8Array(readFileSync(path));
  const report = await validateGltf({ name: path, bytes });
  expect(report.errors, JSON.stringify(report.messages.slice(0, 3))).toBe(0);
  const model = buildSkinnedModel(await readDocument({ name: 'out.glb', bytes }));
  expect(model.repairedVertices).toBe(0);
  for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  return model;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-tools-'));
  strip = join(dir, 'Strip.glb');
  writeFileSync(strip, await new WebIO().writeBinary(makeSkinnedDocument({ influences: 8 })));
  // The mannequin with its left forearm bound to LeftForeArm alone: mirroring has work to do.
  data = buildMannequin({ targetVertices: 5000 });
  const joints = data.joints.slice();
  const weights = data.weights.slice();
  const fore = data.jointNames.indexOf('LeftForeArm');
  for (let v = 0; v < joints.length / 4; v++) {
    if (data.positions[v * 3] < 0.4 || data.positions[v * 3] > 0.6) continue;
    joints.fill(0, v * 4, v * 4 + 4);
    weights.fill(0, v * 4, v * 4 + 4);
    joints[v * 4] = fore;
    weights[v * 4] = 1;
  }
  lopsided = join(dir, 'Lopsided.glb');
  writeFileSync(lopsided, await new WebIO().writeBinary(mannequinToDocument({ ...data, joints, weights })));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('batch tool commands', () => {
  it('are listed in --help', () => {
    for (const name of ['normalize', 'prune', 'limit', 'mirror'])
      expect(helpText()).toContain(`  ${name} IN -o OUT`);
  });

  it('normalize: exits 0 and writes a valid file', async () => {
    const out = join(dir, 'normalized.glb');
    const r = await run('normalize', strip, '-o', out, '--max-influences', '8');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ tool: 'normalize', changedVertices: 0, validation: { errors: 0 } });
    await readBack(out);
  });

  it('prune: drops influences below the threshold (.glb, and .gltf with its .bin)', async () => {
    const glb = join(dir, 'pruned.glb');
    const r = await run('prune', strip, '-o', glb, '--threshold', '0.12', '--max-influences', '8');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ tool: 'prune', changedVertices: 18, validation: { errors: 0 } });
    for (const p of (await readBack(glb)).primitives)
      for (let v = 0; v < p.weights.vertexCount; v++)
        for (const { weight } of p.weights.influencesOf(v)) expect(weight).toBeGreaterThanOrEqual(0.12);
    const gltf = join(dir, 'pruned.gltf');
    expect((await run('prune', strip, '-o', gltf, '--threshold', '0.12')).code).toBe(0);
    expect((await run('validate', gltf)).json()).toMatchObject({ errors: 0 });
    expect((await run('stats', gltf)).json()).toMatchObject({ invalidVertices: 0 });
  });

  it('limit: keeps at most N influences, 8 slots when N > 4', async () => {
    const out = join(dir, 'limited.glb');
    const r = await run('limit', strip, '-o', out, '--max', '2');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ tool: 'limit', changedVertices: 18, maxInfluences: 4 });
    for (const p of (await readBack(out)).primitives)
      for (let v = 0; v < p.weights.vertexCount; v++) expect(p.weights.influencesOf(v).length).toBe(2);
    const six = join(dir, 'six.glb');
    const r6 = await run('limit', strip, '-o', six, '--max', '6');
    expect(r6.json()).toMatchObject({ maxInfluences: 8 });
    for (const p of (await readBack(six)).primitives)
      for (let v = 0; v < p.weights.vertexCount; v++) expect(p.weights.influencesOf(v).length).toBe(6);
  });

  it('mirror: left → right makes the mannequin symmetric again', async () => {
    const out = join(dir, 'mirrored.glb');
    const r = await run('mirror', lopsided, '-o', out, '--direction', 'left-to-right');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ tool: 'mirror', unmatchedVertices: 0, refusedVertices: 0 });
    expect(r.json().changedVertices).toBeGreaterThan(50);
    const model = await readBack(out);
    const sw = model.primitives[0].weights;
    const skin = model.skins[0].joints.map((id) => model.joints.get(id)!.name);
    const idx = data.jointNames.map((name) => skin.indexOf(name));
    let worst = 0;
    for (let v = 0; v < sw.vertexCount; v++) {
      const m = data.mirror[v];
      if (m === v || data.positions[v * 3] > 0) continue;
      for (let j = 0; j < idx.length; j++)
        worst = Math.max(worst, Math.abs(sw.weightOf(v, idx[data.jointMirror[j]]) - sw.weightOf(m, idx[j])));
    }
    expect(worst).toBeLessThanOrEqual(1e-5);
  });

  it('refuses bad usage with exit code 2 and one line on stderr', async () => {
    const o = join(dir, 'x.glb');
    const cases = [
      ['prune', strip],
      ['prune', strip, '-o', o, '--threshold', '1'],
      ['prune', strip, '-o', o, '--threshold', 'lots'],
      ['limit', strip, '-o', o, '--max', '0'],
      ['limit', strip, '-o', o, '--max', '2.5'],
      ['mirror', strip, '-o', o, '--direction', 'up'],
      ['mirror', strip, '-o', o, '--axis', 'w'],
      ['mirror', strip, '-o', o, '--center', 'middle'],
      ['normalize', strip, '-o', join(dir, 'x.obj')],
      ['normalize', strip, '-o', o, '--frobnicate'],
      ['normalize', join(dir, 'missing.glb'), '-o', o],
    ];
    for (const argv of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });
});
