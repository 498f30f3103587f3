/**
 * `skinsmith rig --template quadruped`: the dog made in code becomes a skinned, validated file
 * over the quadruped template's joints; a humanoid, a bad template or humanoid-only options exit
 * 2 with one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { quadrupedTemplate } from '../../src/skeleton/templates/quadruped.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { staticDog } from '../skeleton/support/static-dog.ts';
import { staticMannequin } from '../skeleton/support/static-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

let dir: string;
let dog: string;
let human: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-rig-q-'));
  dog = join(dir, 'Dog.glb');
  writeFileSync(dog, await new WebIO().writeBinary(staticDog({ spacing: 0.025 })));
  human = join(dir, 'Human.glb');
  writeFileSync(human, await new WebIO().writeBinary(staticMannequin({ build: 'average', pose: 'A' }, 2000)));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith rig --template quadruped', () => {
  it('rigs the dog: one skin over the quadruped template, every vertex weighted, a clean export', async () => {
    const out = join(dir, 'dog-rigged.glb');
    const r = await run('rig', dog, '-o', out, '--template', 'quadruped');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.template).toBe('quadruped');
    expect(summary.markers).toBeUndefined();
    expect(summary.validation).toMatchObject({ errors: 0, warnings: 0 });
    expect(summary.joints.map((j: { name: string }) => j.name)).toEqual(
      quadrupedTemplate(true).map((j) => j.name),
    );
    const model = buildSkinnedModel(
      await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(out)) }),
    );
    expect(model.skins).toHaveLength(1);
    expect(model.skinnedVertexCount).toBe(model.vertexCount);
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  }, 60_000);

  it('--facing says where the head is: told the other end, the head goes there', async () => {
    const headZ = async (facing: string) => {
      const r = await run(
        'rig',
        dog,
        '-o',
        join(dir, `dog-${facing}.glb`),
        '--template',
        'quadruped',
        '--facing',
        facing,
      );
      expect(r.code, r.stderr).toBe(0);
      const joints: { name: string; position: number[] }[] = JSON.parse(r.stdout).joints;
      const at = (n: string) => joints.find((j) => j.name === n)!.position;
      return at('Head')[2] - at('Hips')[2];
    };
    // The dog faces +Z: its head ahead of its hips, or behind them when told it faces -Z.
    expect(await headZ('+Z')).toBeGreaterThan(0.2);
    expect(await headZ('-Z')).toBeLessThan(-0.2);
  }, 60_000);

  it('exits 2 with one line for a humanoid, an unknown template, or humanoid-only options', async () => {
    const out = join(dir, 'x.glb');
    const cases: [string[], RegExp][] = [
      [
        ['rig', human, '-o', out, '--template', 'quadruped'],
        /cannot rig Human\.glb as a quadruped: found 1 foot/,
      ],
      [['rig', dog, '-o', out, '--template', 'horse'], /--template must be humanoid or quadruped/],
      [['rig', dog, '-o', out, '--template', 'quadruped', '--fingers', '3'], /--fingers is for the humanoid/],
      [['rig', dog, '-o', join(dir, 'x.vrm'), '--template', 'quadruped'], /a VRM is a humanoid avatar/],
      [
        ['rig', dog, '-o', out, '--template', 'quadruped', '--facing', 'up'],
        /--facing must be \+Z, -Z, \+X or -X/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);
});
