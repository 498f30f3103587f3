import { spawn as spawn_, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceGlb } from '../gltf/support/extension-fixture.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'skinsmith.mjs');

let dir: string;
let good: string;
let bad: string;

/** Runs `main` in-process, capturing what it prints. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-cli-'));
  good = join(dir, 'Strip.glb');
  writeFileSync(good, await new WebIO().writeBinary(makeSkinnedDocument({ influences: 3 })));
  // Weights that sum to 0.9: the validator's ACCESSOR_WEIGHTS_NON_NORMALIZED, repaired on import.
  const doc = makeSkinnedDocument({ influences: 3 });
  const weights = doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('WEIGHTS_0')!;
  weights.setArray((weights.getArray() as Float32Array).map((w) => w * 0.9));
  bad = join(dir, 'Bad.glb');
  writeFileSync(bad, await new WebIO().writeBinary(doc));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith stats', () => {
  it('prints counts and the influence histogram as JSON', async () => {
    const r = await run('stats', good);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      file: 'Strip.glb',
      vertices: 18,
      skinnedVertices: 18,
      joints: 10,
      skins: 1,
      skinnedPrimitives: 1,
      influenceHistogram: { 3: 18 },
      invalidVertices: 0,
      repairs: { vertices: 0 },
    });
  });

  it('counts vertices whose stored weights break the invariants, before repair', async () => {
    const r = await run('stats', bad);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      invalidVertices: 18,
      invalidByReason: { sum: 18 },
      repairs: { vertices: 18 },
    });
  });
});

describe('skinsmith validate', () => {
  it('exits 0 on a valid file and prints the report', async () => {
    const r = await run('validate', good);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ file: 'Strip.glb', errors: 0 });
  });

  it('exits 1 when the validator finds errors', async () => {
    const r = await run('validate', bad);
    expect(r.code).toBe(1);
    expect(r.json().messages.map((m: { code: string }) => m.code)).toContain(
      'ACCESSOR_WEIGHTS_NON_NORMALIZED',
    );
  });
});

describe('skinsmith export', () => {
  it('repairs and writes a valid GLB', async () => {
    const out = join(dir, 'out', 'Fixed.glb');
    const r = await run('export', bad, '-o', out, '--weights', 'unorm16', '--max-influences', '8');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ format: 'glb', repairedOnImport: 18, validation: { errors: 0 } });
    expect((await run('validate', out)).code).toBe(0);
  });

  it('writes .gltf with its .bin beside it, which stats and validate read back', async () => {
    const out = join(dir, 'gltf', 'Strip.gltf');
    const r = await run('export', good, '--out', out, '--prune=0.05');
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'gltf', 'Strip.bin'))).toBe(true);
    expect((await run('stats', out)).json()).toMatchObject({ vertices: 18, invalidVertices: 0 });
    expect((await run('validate', out)).code).toBe(0);
  });

  it('refuses bad usage with exit code 2 and one line on stderr', async () => {
    const cases = [
      ['export', good],
      ['export', good, '-o', join(dir, 'x.obj')],
      ['export', good, '-o', join(dir, 'x.glb'), '--max-influences', '5'],
      ['export', good, '-o', join(dir, 'x.glb'), '--weights', 'half'],
      ['export', good, '-o', join(dir, 'x.glb'), '--prune', 'lots'],
      ['export', good, '-o', join(dir, 'x.glb'), '--frobnicate'],
      ['export', good, '-o', join(dir, 'x.glb'), '--draco', '--uncompressed'],
      ['autobind', good, '-o', join(dir, 'x.glb'), '--weights', 'half'],
      ['stats'],
      ['stats', good, good],
      ['frobnicate'],
      [],
    ];
    for (const argv of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      if (argv.length) expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });

  it('re-encodes with Draco on --draco and says so in the summary', async () => {
    const out = join(dir, 'draco', 'Strip.glb');
    const r = await run('export', good, '-o', out, '--draco', '--weights', 'unorm8');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ dracoEncodedPrimitives: 1, validation: { newErrors: 0 } });
    expect((await run('stats', out)).json()).toMatchObject({ vertices: 18, invalidVertices: 0 });
  });

  it('writes nothing and exits 1 where the source has parts the export cannot keep, unless --allow-loss', async () => {
    const lossy = join(dir, 'Lossy.glb');
    writeFileSync(lossy, await sourceGlb(true));
    const out = join(dir, 'loss', 'Lossy.glb');
    const refused = await run('export', lossy, '-o', out);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'skinsmith export: not kept from the source: EXT_vendor_quantised (accessors[0]) (nothing written; pass --allow-loss to write it anyway)\n',
    );
    expect(refused.json()).toMatchObject({
      files: [],
      droppedExtensions: ['EXT_vendor_quantised (accessors[0])'],
    });
    expect(existsSync(out)).toBe(false);
    const allowed = await run('export', lossy, '-o', out, '--allow-loss');
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(/^skinsmith export: not kept from the source: EXT_vendor_quantised/);
    expect(existsSync(out)).toBe(true);
    // A source whose every extension is kept exports with exit 0 and nothing on stderr.
    const kept = join(dir, 'Kept.glb');
    writeFileSync(kept, await sourceGlb(false));
    const clean = await run('export', kept, '-o', join(dir, 'loss', 'Kept.glb'));
    expect([clean.code, clean.stderr]).toEqual([0, '']);
  });

  it('refuses unreadable input with exit code 2', async () => {
    const notGltf = join(dir, 'notes.glb');
    writeFileSync(notGltf, 'hello');
    const truncated = join(dir, 'Truncated.glb');
    writeFileSync(truncated, readFileSync(good).subarray(0, 100));
    const lonely = join(dir, 'lonely');
    mkdirSync(lonely);
    writeFileSync(
      join(lonely, 'Lonely.gltf'),
      JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'gone.bin', byteLength: 4 }] }),
    );
    for (const file of [join(dir, 'missing.glb'), notGltf, truncated, dir, join(lonely, 'Lonely.gltf')]) {
      const r = await run('stats', file);
      expect(r.code, file).toBe(2);
      expect(r.stderr).toMatch(/^skinsmith: .+\n$/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('bin/skinsmith.mjs', () => {
  const spawn = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT });

  it('runs commands with their exit codes', () => {
    const ok = spawn('stats', good);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).joints).toBe(10);
    expect(spawn('validate', bad).status).toBe(1);
    const missing = spawn('stats', join(dir, 'missing.glb'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`skinsmith: cannot read ${join(dir, 'missing.glb')}: no such file\n`);
    const help = spawn('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('skinsmith <command>');
  });

  it('stops quietly when the reader closes the pipe (skinsmith validate big.glb | head)', async () => {
    // The pipe is closed before the command writes: its first write gets EPIPE.
    const child = spawn_(process.execPath, [BIN, 'validate', good], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  });
});
