/** `skinsmith skeleton`: edits from a JSON file, the mesh kept; bad input exits 2 with one line and writes nothing. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';
import { runCli as run } from '../support/run-cli.ts';
import { diagonalOf, drawnPositions, maxDistance, readForOracle } from '../support/skinning-oracle.ts';

let dir: string;
let input: string;

function edits(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-skeleton-'));
  input = join(dir, 'in.glb');
  writeFileSync(input, await exportedGlb('scaled-armature', 1500));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith skeleton', () => {
  it('moves, adds, splits, renames and re-parents with the drawn mesh unchanged, and prints what it did', async () => {
    const out = join(dir, 'out.glb');
    const r = await run(
      'skeleton',
      input,
      '-o',
      out,
      '--edits',
      edits('keep.json', [
        { op: 'move', joint: 'mixamorig:LeftForeArm', to: [0.47, 1.42, 0.01] },
        { op: 'orient', joint: 'mixamorig:RightArm', rotation: [0, 0, 0.2, 0.98] },
        { op: 'add', name: 'Helper', parent: 'mixamorig:LeftForeArm', at: [0.5, 1.43, 0] },
        { op: 'split', joint: 'mixamorig:LeftArm', count: 2, weights: 'keep' },
        { op: 'rename', joint: 'mixamorig:Head', to: 'Skull' },
        { op: 'reparent', joint: 'Helper', parent: '#3' },
      ]),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.edits.map((e: { op: string }) => e.op)).toEqual([
      'move',
      'orient',
      'add',
      'split',
      'rename',
      'reparent',
    ]);
    expect(summary.joints.after).toBe(summary.joints.before + 3);
    expect(summary.validation.newErrors).toBe(0);
    const a = drawnPositions(await readForOracle(new Uint8Array(readFileSync(input))));
    const b = drawnPositions(await readForOracle(new Uint8Array(readFileSync(out))));
    const diag = diagonalOf(a.map((p) => p.positions));
    for (let k = 0; k < a.length; k++)
      expect(maxDistance(a[k].positions, b[k].positions)).toBeLessThan(1e-6 * diag);
    const names = (await readForOracle(new Uint8Array(readFileSync(out))))
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    expect(names).toContain('Skull');
    expect(names).toContain('mixamorig:LeftArm_split2');
    // The forearm moved; its child did not (children stay unless the edit says "follow").
    const at = async (path: string, name: string) =>
      (await readForOracle(new Uint8Array(readFileSync(path))))
        .getRoot()
        .listNodes()
        .find((n) => n.getName() === name)!
        .getWorldTranslation();
    expect((await at(out, 'mixamorig:LeftForeArm'))[0]).toBeCloseTo(0.47, 6);
    const [h0, h1] = [await at(input, 'mixamorig:LeftHand'), await at(out, 'mixamorig:LeftHand')];
    for (let c = 0; c < 3; c++) expect(h1[c]).toBeCloseTo(h0[c], 6);
  });

  it('deletes a joint and names input nodes by #N after the renumbering', async () => {
    const out = join(dir, 'deleted.glb');
    const doc = await readForOracle(new Uint8Array(readFileSync(input)));
    const nodes = doc.getRoot().listNodes();
    const thumb = nodes.findIndex((n) => n.getName() === 'mixamorig:LeftHandThumb1');
    const later = nodes.findIndex((n, i) => i > thumb && n.getName() === 'mixamorig:RightArm');
    const r = await run(
      'skeleton',
      input,
      '-o',
      out,
      '--edits',
      edits('delete.json', [
        { op: 'delete', joint: `#${thumb}` },
        { op: 'rename', joint: `#${later}`, to: 'ArmR' },
      ]),
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.edits[0].removed[0].name).toBe('mixamorig:LeftHandThumb1');
    expect(summary.edits[0].movedVertices).toBeGreaterThan(0);
    expect(summary.edits[1].joint).toEqual({ id: later - 1, name: 'ArmR' });
    // The file's weights moved exactly: per vertex, the hand's is the sum of the two.
    const read = async (path: string) =>
      buildSkinnedModel(await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(path)) }));
    const a = await read(input);
    const b = await read(out);
    const hand = nodes.findIndex((n) => n.getName() === 'mixamorig:LeftHand');
    const [ja, jb] = [a, b].map((m) => m.skins[0].joints);
    const w0 = a.primitives[0].weights;
    const w1 = b.primitives[0].weights;
    let moved = 0;
    for (let v = 0; v < w0.vertexCount; v++) {
      const t = w0.weightOf(v, ja.indexOf(thumb));
      if (t > 0) moved++;
      expect(w1.weightOf(v, jb.indexOf(hand))).toBe(Math.fround(t + w0.weightOf(v, ja.indexOf(hand))));
    }
    expect(moved).toBe(summary.edits[0].movedVertices);
  });

  it.each([
    ['malformed JSON', '[{"op":"move"'],
    ['not a list', { op: 'move' }],
    ['an unknown op', [{ op: 'fly', joint: 'x' }]],
    ['an unknown field', [{ op: 'move', joint: 'mixamorig:Hips', to: [0, 1, 0], childern: 'stay' }]],
    ['a non-finite number', '[{"op":"move","joint":"mixamorig:Hips","to":[0,1e999,0]}]'],
    ['an unknown joint', [{ op: 'move', joint: 'Nope', to: [0, 0, 0] }]],
    ['a node index past the file', [{ op: 'rename', joint: '#999', to: 'x' }]],
    ['a cycle', [{ op: 'reparent', joint: 'mixamorig:Spine', parent: 'mixamorig:Head' }]],
    ['the only root', [{ op: 'delete', joint: 'mixamorig:Hips' }]],
    ['a name another node has', [{ op: 'rename', joint: 'mixamorig:Head', to: 'mixamorig:Neck' }]],
    [
      'a node deleted by an earlier edit',
      [
        { op: 'delete', joint: 'mixamorig:LeftHandThumb1' },
        { op: 'rename', joint: 'mixamorig:LeftHandThumb1', to: 'x' },
      ],
    ],
  ])('refuses %s: exit 2, one line, nothing written', async (_why, value) => {
    const out = join(dir, 'bad.glb');
    const r = await run('skeleton', input, '-o', out, '--edits', edits('bad.json', value));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^skinsmith: skeleton: /);
    expect(existsSync(out)).toBe(false);
  });

  it('needs --edits and an OUT it can write', async () => {
    expect((await run('skeleton', input, '-o', join(dir, 'x.glb'))).code).toBe(2);
    const r = await run('skeleton', input, '-o', join(dir, 'x.obj'), '--edits', edits('ok.json', []));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/OUT must end in/);
  });
});
