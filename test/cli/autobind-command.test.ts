/** `skinsmith autobind`: replaces the weights, keeps vertex order, exports a valid file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { makeSkinlessMannequin } from '../gltf/support/skinless-fixture.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

let dir: string;
let input: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-autobind-'));
  input = join(dir, 'Strip.glb');
  writeFileSync(input, await new WebIO().writeBinary(makeSkinnedDocument({ influences: 3 })));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith autobind', () => {
  it('binds every skinned vertex, keeps the vertex order, and the export validates', async () => {
    const out = join(dir, 'bound.glb');
    const r = await run('autobind', input, '-o', out, '--resolution', '64', '--method', 'closest');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.validation.newErrors).toBe(0);
    const before = buildSkinnedModel(
      await readDocument({ name: 'Strip.glb', bytes: new Uint8Array(readFileSync(input)) }),
    );
    const after = buildSkinnedModel(
      await readDocument({ name: 'bound.glb', bytes: new Uint8Array(readFileSync(out)) }),
    );
    expect(after.repairedVertices).toBe(0);
    after.primitives.forEach((p, i) => {
      expect(Array.from(p.positions)).toEqual(Array.from(before.primitives[i].positions));
      expect(findInvariantViolations(p.weights)).toEqual([]);
    });
  });

  it('refuses bad options with exit code 2', async () => {
    const out = join(dir, 'x.glb');
    expect((await run('autobind', input, '-o', out, '--method', 'heat')).code).toBe(2);
    expect((await run('autobind', input, '-o', out, '--max-influences', '5')).code).toBe(2);
    expect((await run('autobind', input, '-o', out, '--resolution', 'big')).code).toBe(2);
    expect((await run('autobind', input)).code).toBe(2);
  });
});

describe('skinsmith autobind on a file without a skin', () => {
  let skinless: string;
  beforeAll(async () => {
    skinless = join(dir, 'Skinless.glb');
    writeFileSync(skinless, await new WebIO().writeBinary(makeSkinlessMannequin({ targetVertices: 1500 })));
  });

  it('without --root says the file has no skin and names the candidate roots (exit 2)', async () => {
    const r = await run('autobind', skinless, '-o', join(dir, 'none.glb'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Skinless\.glb has no skin\. Pass --root <node>.*candidates: Hips/);
  });

  it('with --root makes the skin from that node, binds every vertex, and the export validates', async () => {
    const out = join(dir, 'skinned.glb');
    const r = await run('autobind', skinless, '-o', out, '--root', 'Hips', '--method', 'closest');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.createdSkin).toMatchObject({ root: 'Hips' });
    expect(summary.validation).toMatchObject({ errors: 0, warnings: 0 });
    const bytes = new Uint8Array(readFileSync(out));
    const model = buildSkinnedModel(await readDocument({ name: 'skinned.glb', bytes }));
    expect(model.repairedVertices).toBe(0);
    expect(model.skins).toHaveLength(1);
    expect(model.joints.get(model.skins[0].joints[0])!.name).toBe('Hips');
    expect(model.skinnedVertexCount).toBe(model.vertexCount);
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    // Not everything left on the root: the bind ran.
    const used = new Set<number>();
    for (const p of model.primitives)
      p.weights.joints.forEach((j, s) => {
        if (p.weights.weights[s] > 0) used.add(j);
      });
    expect(used.size).toBeGreaterThan(10);
  });

  it('--meshes skins only the named meshes; a prop under a joint stays rigid', async () => {
    const withProps = join(dir, 'Props.glb');
    writeFileSync(
      withProps,
      await new WebIO().writeBinary(makeSkinlessMannequin({ targetVertices: 800, props: true })),
    );
    const all = join(dir, 'props-all.glb');
    expect((await run('autobind', withProps, '-o', all, '--root', 'Hips', '--method', 'closest')).code).toBe(
      0,
    );
    const names = async (path: string) =>
      buildSkinnedModel(await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(path)) }))
        .primitives.map((p) => p.mesh.getName())
        .sort();
    expect(await names(all)).toEqual(['Hat', 'MannequinBody']);
    const hat = join(dir, 'props-hat.glb');
    const r = await run(
      'autobind',
      withProps,
      '-o',
      hat,
      '--root',
      'Hips',
      '--meshes',
      'Hat',
      '--method',
      'closest',
    );
    expect(r.code).toBe(0);
    expect(await names(hat)).toEqual(['Hat']);
    expect((await run('autobind', withProps, '-o', hat, '--meshes', 'Hat')).code).toBe(2);
  });

  it('refuses an unknown root, a mesh root, and --root on a skinned file (exit 2)', async () => {
    const out = join(dir, 'x.glb');
    const unknown = await run('autobind', skinless, '-o', out, '--root', 'Pelvis');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No node named "Pelvis"/);
    expect((await run('autobind', skinless, '-o', out, '--root', 'MannequinBody')).stderr).toMatch(
      /holds a mesh/,
    );
    const skinned = await run('autobind', input, '-o', out, '--root', 'Armature');
    expect(skinned.code).toBe(2);
    expect(skinned.stderr).toMatch(/already has a skin/);
  });
});
