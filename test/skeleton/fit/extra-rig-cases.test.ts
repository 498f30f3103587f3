/**
 * bench:rig's `--extra DIR` (test/support/rig-extra.ts): characters from a folder, listed with
 * their artist's joint names, one of them turned to face −Z as VRM 0.x avatars do, one broken.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMannequinVariant, mannequinToDocument } from '../../../src/character/index.ts';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { extraRigCases } from '../../support/rig-extra.ts';
import {
  ANATOMICAL,
  artistFront,
  artistMarkers,
  FITTED_NAMES,
  jointErrors,
} from '../../support/rig-quality.ts';

const dir = mkdtempSync(join(tmpdir(), 'extra-rig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function writeCases() {
  const data = buildMannequinVariant({ build: 'average', pose: 'T' }, 3000);
  const io = new WebIO();
  writeFileSync(join(dir, 'ahead.glb'), await io.writeBinary(mannequinToDocument(data)));
  const turned = mannequinToDocument(data);
  for (const node of turned.getRoot().getDefaultScene()?.listChildren() ?? []) node.setRotation([0, 1, 0, 0]);
  writeFileSync(join(dir, 'turned.glb'), await io.writeBinary(turned));
  writeFileSync(join(dir, 'broken.glb'), new Uint8Array([1, 2, 3]));
  const { neck: _, ...noNeck } = FITTED_NAMES;
  const list = {
    Ahead: { file: 'ahead.glb', names: FITTED_NAMES },
    Turned: { file: 'turned.glb', names: noNeck },
    Broken: { file: 'broken.glb', names: FITTED_NAMES },
    Skipped: { file: 'missing.glb', names: FITTED_NAMES },
  };
  writeFileSync(join(dir, 'rig-cases.json'), JSON.stringify(list));
}

describe('bench:rig --extra', () => {
  it('loads the listed characters, a line for one that does not load, and measures a −Z-facing one from its front', async () => {
    await writeCases();
    const lines: string[] = [];
    const cases = await extraRigCases(
      dir,
      (name) => name !== 'Skipped',
      (line) => lines.push(line),
    );
    expect(cases.map((c) => c.name)).toEqual(['Ahead', 'Turned']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Broken: not loaded \(broken\.glb\): /);
    const [ahead, turned] = cases;
    expect(artistFront(ahead)).toEqual([0, 0, 1]);
    expect(artistFront(turned)).toEqual([0, 0, -1]);
    // The chin marker on the face, in front of the head joint (before: behind it, on the nape).
    const head = turned.artist.positions[turned.anatomical.head];
    expect(artistMarkers(turned).chin[2]).toBeLessThan(head[2]);
    // The neck left out is not measured; the other 14 joints are.
    const e = jointErrors(turned, fitSkeleton(turned.mesh, { markers: artistMarkers(turned) }));
    expect(turned.anatomical.neck).toBe(-1);
    expect(Number.isFinite(e.mean)).toBe(true);
    const measured = ANATOMICAL.filter((a) => a !== 'neck').map((a) => e.per[a]);
    expect(e.mean).toBeCloseTo(measured.reduce((s, v) => s + v, 0) / measured.length, 10);
  });
});
