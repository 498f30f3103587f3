/** `skinsmith autobind`: replaces the weights, keeps vertex order, exports a valid file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';

let dir: string;
let input: string;

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

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
