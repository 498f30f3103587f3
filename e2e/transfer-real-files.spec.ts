/**
 * "Add to this character…" on characters shaped like riggers' files — the mannequin as four
 * exporters write it (always), and every shared model (skipped with a message when ../shared is
 * absent) — with the mouse: a file holding an offset shell of each skinned primitive of the
 * character (its body pushed out along the normals, then simplified, so the topology is new) is
 * chosen through the button's file picker. Then:
 *
 * - every shell vertex is weighted (sum 1) and the transfer key counts them all;
 * - posed (the file's first clip half-way, or the busiest joint bent 45°), each shell vertex stays
 *   near the body vertex it was pushed out from: the shell follows the body;
 * - the export passes the validator with no error of its own (a file's own errors are inherited).
 *
 * Each model's row goes to test-results/transfer-real-files.json (the closing notes' table).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import { addGarmentNode, type Garment } from '../src/character/index.ts';
import { readDocument } from '../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../src/gltf/skinned-model.ts';
import { weldedNormals } from '../src/mesh/oriented-normals.ts';
import { PosedMesh } from '../src/pose/posed-mesh.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../test/support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../test/support/shared-models.ts';
import { offsetShell, restPositions } from '../test/support/transfer-quality.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';
import { inMatrix, OUT_OF_SCOPE } from './matrix-scope.ts';

const TABLE = join(import.meta.dirname, '..', 'test-results', 'transfer-real-files.json');

function record(model: string, row: Record<string, unknown>): void {
  mkdirSync(join(TABLE, '..'), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(TABLE, 'utf8'));
  } catch {}
  all[model] = row;
  writeFileSync(TABLE, JSON.stringify(all, null, 2));
}

/** Shell offset as a share of the character's rest-pose diagonal (as bench:transfer's section 4). */
const OFFSET = 0.01;

interface Shell {
  name: string;
  /** The body primitive it was made from, and per shell vertex the body vertex. */
  body: number;
  origin: number[];
}

/** A file of offset shells of the character's skinned primitives, in its drawn rest-pose space. */
async function shellFile(name: string, bytes: Uint8Array) {
  const model = buildSkinnedModel(await readDocument({ name, bytes }));
  const rest = restPositions(new PosedMesh(model));
  let lo = [Infinity, Infinity, Infinity];
  let hi = [-Infinity, -Infinity, -Infinity];
  for (const r of rest)
    for (let i = 0; i < r.length; i += 3) {
      lo = lo.map((x, k) => Math.min(x, r[i + k]));
      hi = hi.map((x, k) => Math.max(x, r[i + k]));
    }
  const offset = OFFSET * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const document = new (await import('@gltf-transform/core')).Document();
  document.createBuffer();
  document.getRoot().setDefaultScene(document.createScene('Scene'));
  const shells: Shell[] = [];
  for (const prim of model.primitives) {
    const n = prim.weights.vertexCount;
    const indices = prim.indices ?? Uint32Array.from({ length: n }, (_, i) => i);
    if (indices.length < 12) continue;
    // Small meshes keep every triangle (simplifying 8 triangles leaves nothing to test).
    const keep = indices.length < 600 ? 1 : 0.5;
    const shell = await offsetShell(rest[prim.id], indices, offset, keep);
    if (shell.indices.length < 3) continue;
    const garment: Garment = {
      kind: 'shirt',
      name: `Shell${shells.length}`,
      positions: shell.positions,
      normals: weldedNormals([shell.positions], [shell.indices])[0],
      indices: shell.indices,
      offset,
      bodyVertex: Int32Array.from(shell.origin),
    };
    addGarmentNode(document, garment);
    shells.push({ name: garment.name, body: prim.id, origin: Array.from(shell.origin) });
  }
  return { glb: await new NodeIO().writeBinary(document), shells, offset };
}

/** Poses the character: its first clip half-way, or its busiest joint bent 45°. Returns what it did. */
async function bend(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { pose, editor } = window.skinsmith;
    const clips = pose.clips();
    if (clips.length > 0) {
      await pose.playClip(0);
      await pose.pause();
      await pose.seek(clips[0].duration / 2);
      return `clip "${clips[0].name}" at ${(clips[0].duration / 2).toFixed(2)} s`;
    }
    const counts = editor.jointVertexCounts();
    const model = editor.requireModel();
    // The busiest joint that has a parent (turning the root only moves everything rigidly).
    const [joint] = [...counts.entries()]
      .filter(([id]) => model.joints.get(id)?.parent !== -1)
      .sort((a, b) => b[1] - a[1])[0];
    await pose.setJointRotation(joint, [0, 0, 45]);
    return `${model.joints.get(joint)?.name} 45°`;
  });
}

async function runAdd(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const { glb, shells, offset } = await shellFile(name, bytes);
  expect(shells.length, 'the character has skinned primitives to shell').toBeGreaterThan(0);
  await loadInPage(page, bytes, name);
  // Skinned primitives: the shells come after them.
  const before = await page.evaluate(() => window.skinsmith.editor.requireModel().primitives.length);

  // The mouse: the button, the file picker.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('transfer-add').click();
  await (await chooser).setFiles({
    name: 'shells.glb',
    mimeType: 'model/gltf-binary',
    buffer: Buffer.from(glb),
  });
  await expect(page.getByTestId('transfer-result')).toContainText('Add shells.glb', { timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('added.png') });

  const total = shells.reduce((s, sh) => s + sh.origin.length, 0);
  const count = async (id: string) =>
    Number(((await page.getByTestId(id).textContent()) ?? '').replace(/,/g, ''));
  const matched = await count('transfer-matched');
  const inpainted = await count('transfer-inpainted');
  expect(matched + inpainted, 'every shell vertex copied or inpainted').toBe(total);
  await expect(page.getByTestId('transfer-legend').locator('tr[data-status="0"]')).toHaveCount(0);

  // Every shell vertex has weights summing to 1; the shells are the file's new primitives.
  const found = await page.evaluate(
    ([names, first]) => {
      const model = window.skinsmith.editor.requireModel();
      return names.map((shellName) => {
        const prim = model.primitives.find((p) => p.id >= first && p.mesh.getName() === shellName);
        if (!prim) return { id: -1, worstSum: Number.NaN };
        const { weights, influences: K, vertexCount } = prim.weights;
        let worst = 0;
        for (let v = 0; v < vertexCount; v++) {
          let s = 0;
          for (let i = 0; i < K; i++) s += weights[v * K + i];
          worst = Math.max(worst, Math.abs(s - 1));
        }
        return { id: prim.id, worstSum: worst };
      });
    },
    [shells.map((s) => s.name), before] as const,
  );
  for (const f of found) {
    expect(f.id, 'the shell is a primitive of the character').toBeGreaterThanOrEqual(before);
    expect(f.worstSum, 'weights sum to 1').toBeLessThan(1e-5);
  }

  // Posed: each shell vertex stays near the body vertex it came from.
  const posedBy = await bend(page);
  const gaps = await page.evaluate(
    ([pairs]) => {
      const pose = window.skinsmith.editor.pose;
      const out: number[] = [];
      for (const { shell, body, origin } of pairs) {
        const s = pose.positions(shell);
        const b = pose.positions(body);
        origin.forEach((o, v) => {
          out.push(Math.hypot(s[v * 3] - b[o * 3], s[v * 3 + 1] - b[o * 3 + 1], s[v * 3 + 2] - b[o * 3 + 2]));
        });
      }
      return out;
    },
    [shells.map((sh, k) => ({ shell: found[k].id, body: sh.body, origin: sh.origin }))] as const,
  );
  await page.screenshot({ path: test.info().outputPath('posed.png') });
  const near = gaps.filter((g) => Math.abs(g - offset) < offset).length / gaps.length;
  const worst = Math.max(...gaps) / offset;

  // The export passes the validator: no error of its own (the file's own errors are inherited).
  const exported = await page.evaluate(async () => {
    const v = (await window.skinsmith.export()).validation;
    const codes = v.messages.filter((m) => m.severity === 'error' && m.origin === 'new').map((m) => m.code);
    return { errors: v.errors, newErrors: v.newErrors, warnings: v.warnings, codes: [...new Set(codes)] };
  });
  record(name, {
    shells: shells.length,
    vertices: total,
    matched,
    inpainted,
    posed: posedBy,
    'within the offset': `${(100 * near).toFixed(1)}%`,
    'worst gap (× offset)': worst.toFixed(2),
    'validator errors': `${exported.newErrors} new, ${exported.errors - exported.newErrors} inherited`,
    warnings: exported.warnings,
  });
  expect(near, `shell vertices within twice the offset of their body vertex (${posedBy})`).toBeGreaterThan(
    0.97,
  );
  expect(exported.codes, 'validator errors of the export’s own').toEqual([]);
  expect(exported.newErrors).toBe(0);
}

test.describe('Add to this character on real files: shells get weights and follow the body', () => {
  test.setTimeout(120_000);
  // The conventions that move the body away from its file's frame (the other three are covered
  // by test/gltf/transfer-meshes.test.ts, in Node): the suite's time goes to the shared models.
  for (const convention of EXPORTER_CONVENTIONS.filter((c) =>
    ['z-up-root', 'scaled-armature', 'multi-skin', 'mesh-under-joint'].includes(c),
  )) {
    test(`${convention}`, async ({ editor }) => {
      await runAdd(editor, `${convention}.glb`, await exportedGlb(convention, 3000));
    });
  }
  for (const model of SHARED_MODEL_FILES) {
    test(`${model.name}`, async ({ editor }) => {
      test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
      test.skip(!inMatrix(model.name), OUT_OF_SCOPE);
      const { name, bytes } = readSharedModel(model.file);
      await runAdd(editor, name, bytes);
    });
  }
});
