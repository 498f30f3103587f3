/**
 * VRM through the command line (issue 30): every command reads a .vrm; `-o out.vrm` writes a GLB
 * with every VRM extension (renumbered after skeleton edits, checkVrm clean); a file that is no
 * VRM is refused as .vrm output with one line and nothing written; `validate` runs checkVrm too.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';
import { runCli as run } from '../support/run-cli.ts';
import { mannequinVrm } from '../support/vrm-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

let dir: string;
const file = (name: string) => join(dir, name);

const jsonOf = (path: string) => readGltfJson(path, new Uint8Array(readFileSync(path))) as Json;
/** Human bone → the name of its node. */
const boneNames = (j: Json) =>
  Object.fromEntries([...readVrm(j)!.humanBones].map(([bone, n]) => [bone, j.nodes[n].name]));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-vrm-'));
  writeFileSync(file('m1.vrm'), await mannequinVrm({ version: '1.0', targetVertices: 1500 }));
  writeFileSync(file('m0.vrm'), await mannequinVrm({ version: '0.x', targetVertices: 1500 }));
  writeFileSync(file('plain.glb'), await exportedGlb('scaled-armature', 1500));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['1.0', 'm1.vrm'],
  ['0.x', 'm0.vrm'],
])('VRM %s on the command line', (version, input) => {
  it('export -o out.vrm writes a GLB whose VRM extensions are the source’s, and says so', async () => {
    const out = file(`e-${input}`);
    const r = await run('export', file(input), '-o', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.format).toBe('vrm');
    expect(summary.vrm).toMatchObject({ version, problems: [] });
    expect(summary.vrm.humanBones).toBeGreaterThan(40);
    const bytes = new Uint8Array(readFileSync(out));
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
    const source = jsonOf(file(input));
    const written = jsonOf(out);
    expect(JSON.stringify(written.extensions)).toBe(JSON.stringify(source.extensions));
    expect(checkVrm(written)).toEqual([]);
  });

  it('skeleton … -o out.vrm deletes an optional finger and keeps every other bone on its joint', async () => {
    const edits = file(`edits-${version}.json`);
    writeFileSync(edits, JSON.stringify([{ op: 'delete', joint: 'LeftHandPinky3' }]));
    const out = file(`s-${input}`);
    const r = await run('skeleton', file(input), '-o', out, '--edits', edits);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).vrm.problems).toEqual([]);
    const before = boneNames(jsonOf(file(input)));
    const after = boneNames(jsonOf(out));
    delete before.leftLittleDistal;
    expect(after).toEqual(before);
    expect(checkVrm(jsonOf(out))).toEqual([]);
  });

  it('deleting a required human bone exits 2 with the reason, and writes nothing', async () => {
    const edits = file(`req-${version}.json`);
    writeFileSync(edits, JSON.stringify([{ op: 'delete', joint: 'LeftForeArm' }]));
    const out = file(`r-${input}`);
    const r = await run('skeleton', file(input), '-o', out, '--edits', edits);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/leftLowerArm bone, which every VRM must have/);
    expect(existsSync(out)).toBe(false);
  });

  it('stats and validate read the .vrm; validate runs the VRM check', async () => {
    const stats = await run('stats', file(input));
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout).joints).toBeGreaterThan(50);
    expect(JSON.parse(stats.stdout).vrm).toMatchObject({ version, humanBones: 52 });
    const v = await run('validate', file(input));
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout).vrm).toMatchObject({ version, problems: [] });
  });
});

describe('VRM output refused and checked', () => {
  it('a file that is no VRM is refused as .vrm output with one line, nothing written', async () => {
    for (const [command, extra] of [
      ['export', []],
      ['normalize', []],
      ['autobind', []],
    ] as const) {
      const out = file(`plain-${command}.vrm`);
      const r = await run(command, file('plain.glb'), '-o', out, ...extra);
      expect(r.code, command).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`^skinsmith: ${command}: cannot write plain-${command}.vrm: only a VRM avatar`),
      );
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('the same file as .glb from a .vrm source keeps the VRM in a .glb; an unknown extension is a usage error', async () => {
    const r = await run('export', file('m1.vrm'), '-o', file('as.glb'));
    expect(r.code).toBe(0);
    expect(readVrm(jsonOf(file('as.glb')))?.version).toBe('1.0');
    const bad = await run('export', file('m1.vrm'), '-o', file('as.fbx'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/OUT must end in \.glb, \.gltf or \.vrm/);
  });

  it('validate reports an inconsistent VRM (a human bone out of range, a required bone missing) and exits 1', async () => {
    const json = jsonOf(file('m1.vrm'));
    const bones = json.extensions.VRMC_vrm.humanoid.humanBones;
    bones.leftIndexProximal.node = 9999;
    delete bones.head;
    const bytes = new Uint8Array(readFileSync(file('m1.vrm')));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const bin = bytes.subarray(20 + view.getUint32(12, true) + 8);
    const { packGlb } = await import('../../src/gltf/export/write-export.ts');
    writeFileSync(file('broken.vrm'), packGlb(json as never, bin));
    const v = await run('validate', file('broken.vrm'));
    expect(v.code).toBe(1);
    const problems: string[] = JSON.parse(v.stdout).vrm.problems;
    expect(problems).toContain('VRM humanoid: the required head bone is not mapped');
    expect(problems.some((p) => /leftIndexProximal: node 9999 is out of range/.test(p))).toBe(true);
  });
});
