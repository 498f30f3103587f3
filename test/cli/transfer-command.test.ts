/** `skinsmith transfer`: skins a garment from the body, from another file, and refuses bad input. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGarmentNode, buildGarment, mannequinToDocument } from '../../src/character/index.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { exportedAs, mannequinData } from '../support/exporter-fixtures.ts';
import { runCli as run } from '../support/run-cli.ts';

let dir: string;
let dressed: string;
let remodelled: string;

async function read(path: string) {
  return buildSkinnedModel(
    await readDocument({ name: 'out.glb', bytes: new Uint8Array(readFileSync(path)) }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-transfer-'));
  const body = mannequinData(3000);
  const doc = exportedAs('scaled-armature', 3000);
  addGarmentNode(doc, buildGarment('trousers', body, { style: 'remeshed', spacing: 0.03 }));
  addGarmentNode(doc, buildGarment('shirt', body, { style: 'remeshed', spacing: 0.03 }), { scale: 100 });
  dressed = join(dir, 'dressed.glb');
  writeFileSync(dressed, await new WebIO().writeBinary(doc));
  remodelled = join(dir, 'remodelled.glb');
  writeFileSync(remodelled, await new WebIO().writeBinary(mannequinToDocument(mannequinData(2000))));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith transfer', () => {
  it('skins the named garments from the body and prints what it matched and inpainted', async () => {
    const out = join(dir, 'out.glb');
    const r = await run('transfer', dressed, '-o', out, '--to', 'Trousers,Shirt');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.targets.map((t: { name: string }) => t.name)).toEqual(['Trousers', 'Shirt']);
    expect(summary.matched + summary.inpainted + summary.seeded).toBe(summary.vertices);
    expect(summary.matched / summary.vertices).toBeGreaterThan(0.95);
    expect(summary.validation.newErrors).toBe(0);
    expect(typeof summary.transferMs).toBe('number');
    const model = await read(out);
    const names = model.primitives.map((p) => p.mesh.getName());
    expect(names).toContain('Trousers');
    expect(names).toContain('Shirt');
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  });

  it('copies from another file of the same skeleton, joints matched by name', async () => {
    const out = join(dir, 'from-file.glb');
    const r = await run('transfer', dressed, '-o', out, '--to', 'Trousers', '--source', remodelled);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    // scaled-armature names its joints mixamorig:Hips…; the other file plain Hips…
    expect(summary.joints.byName).toBe(29);
    expect(summary.joints.unmatched).toEqual([]);
  });

  it('closest-point copy is there as --method closest', async () => {
    const r = await run(
      'transfer',
      dressed,
      '-o',
      join(dir, 'closest.glb'),
      '--to',
      'Shirt',
      '--method',
      'closest',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).inpainted).toBe(0);
  });

  it('exits 2 with one line for bad input', async () => {
    const cases: [string[], RegExp][] = [
      [['transfer', dressed, '-o', join(dir, 'x.glb')], /missing --to/],
      [['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Cape'], /No mesh named "Cape"/],
      [['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Shirt', '--from', 'Trousers'], /no skin/],
      [['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Shirt', '--angle', '200'], /--angle/],
      [['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Shirt', '--method', 'nearest'], /--method/],
      [
        [
          'transfer',
          dressed,
          '-o',
          join(dir, 'x.glb'),
          '--to',
          'Shirt',
          '--from',
          'A',
          '--source',
          remodelled,
        ],
        /exclude/,
      ],
      [['transfer', join(dir, 'missing.glb'), '-o', join(dir, 'x.glb'), '--to', 'Shirt'], /missing\.glb/],
      [
        ['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Shirt', '--border', '2'],
        /--border needs --only-matched/,
      ],
      [
        ['transfer', dressed, '-o', join(dir, 'x.glb'), '--to', 'Shirt', '--only-matched', '--border', '1.5'],
        /whole number/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('skinsmith transfer onto a mesh that has weights', () => {
  // The four-skin mannequin: the trunk (Part0) from the left arm (Part1) alone, which reaches
  // the shoulder and little else (issue 26: a transfer that silently rewrote a mesh).
  let modular: string;
  beforeAll(async () => {
    modular = join(dir, 'modular.glb');
    writeFileSync(modular, await new WebIO().writeBinary(exportedAs('multi-skin', 3000)));
  });

  it('says on stderr how much it replaced without a match, and how to keep it', async () => {
    const r = await run(
      'transfer',
      modular,
      '-o',
      join(dir, 'rewritten.glb'),
      '--to',
      'Part0',
      '--from',
      'Part1',
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    const over = summary.inpainted + summary.seeded;
    expect(over / summary.vertices).toBeGreaterThan(0.5);
    expect(summary.kept).toBe(0);
    expect(r.stderr).toContain(
      `the other ${over} were replaced by inpainted ones (--only-matched keeps them)`,
    );
  });

  it('--only-matched keeps the weights of the vertices it does not reach, bit for bit', async () => {
    const out = join(dir, 'only-matched.glb');
    const r = await run('transfer', modular, '-o', out, '--to', 'Part0', '--from', 'Part1', '--only-matched');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout);
    expect(summary.onlyMatched).toBe(true);
    expect(summary.kept).toBeGreaterThan(summary.vertices / 2);
    expect(summary.matched + summary.kept).toBe(summary.vertices);
    const source = await read(modular);
    const result = await read(out);
    const trunk = (m: typeof source) => m.primitives.find((p) => p.mesh.getName() === 'Part0')!.weights;
    const a = trunk(source);
    const b = trunk(result);
    expect(findInvariantViolations(b)).toEqual([]);
    let same = 0;
    for (let v = 0; v < a.vertexCount; v++) {
      let equal = true;
      for (let i = v * 4; i < v * 4 + 4; i++)
        if (a.joints[i] !== b.joints[i] || !Object.is(a.weights[i], b.weights[i])) equal = false;
      if (equal) same++;
    }
    // Every kept vertex is as it was (matched ones may happen to be too).
    expect(same).toBeGreaterThanOrEqual(summary.kept);
  });
});
