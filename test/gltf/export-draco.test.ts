/**
 * "Re-encode with Draco": every triangle primitive comes out Draco-compressed, valid, and, decoded,
 * within the documented quantisation of what the editor holds (positions 16 bits over each
 * primitive's bounds; integer weights exact; float weights to 16 bits).
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { DRACO_QUANTIZATION_BITS, type WeightEncoding } from '../../src/gltf/export/export-options.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { exportedAs } from '../support/exporter-fixtures.ts';
import { reimport } from './support/export-checks.ts';

async function sourceModel(): Promise<{ model: SkinnedModel; bytes: Uint8Array }> {
  const bytes = await new WebIO().writeBinary(exportedAs('z-up-root', 3000));
  return { model: await new Editor().load({ name: 'Zup.glb', bytes }), bytes };
}

function glbJson(bytes: Uint8Array): Record<string, unknown> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

/**
 * For each decoded vertex, the source vertex it came from (nearest position) and how far the
 * position and the weights moved. Edgebreaker reorders vertices, so matching is by position; of
 * coincident source vertices (seams) the one with the closest weights counts.
 */
function compare(model: SkinnedModel, back: SkinnedModel) {
  let positionError = 0;
  let weightError = 0;
  let relative = 0;
  model.primitives.forEach((prim, p) => {
    const a = prim.primitive.getAttribute('POSITION')!.getArray() as Float32Array;
    const other = back.primitives[p];
    const b = other.primitive.getAttribute('POSITION')!.getArray() as Float32Array;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < a.length; i++) {
      min[i % 3] = Math.min(min[i % 3], a[i]);
      max[i % 3] = Math.max(max[i % 3], a[i]);
    }
    const range = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    const step = range / (2 ** DRACO_QUANTIZATION_BITS.POSITION - 1);
    const joints = model.joints.size;
    for (let v = 0; v < b.length / 3; v++) {
      let best = Infinity;
      const near: number[] = [];
      for (let u = 0; u < a.length / 3; u++) {
        const d = Math.hypot(a[3 * u] - b[3 * v], a[3 * u + 1] - b[3 * v + 1], a[3 * u + 2] - b[3 * v + 2]);
        if (d < best - 1e-9) {
          best = d;
          near.length = 0;
          near.push(u);
        } else if (Math.abs(d - best) <= 1e-9) near.push(u);
      }
      positionError = Math.max(positionError, best);
      relative = Math.max(relative, best / step);
      let w = Infinity;
      for (const u of near) {
        let e = 0;
        for (let j = 0; j < joints; j++)
          e = Math.max(e, Math.abs(prim.weights.weightOf(u, j) - other.weights.weightOf(v, j)));
        w = Math.min(w, e);
      }
      weightError = Math.max(weightError, w);
    }
  });
  return { positionError, weightError, stepsMoved: relative };
}

describe('export re-encoded with Draco', () => {
  it.each<[WeightEncoding, number]>([
    ['unorm16', 1 / 65535 + 1e-6],
    ['float', 2 ** -DRACO_QUANTIZATION_BITS.GENERIC * 2],
  ])('%s weights: compressed, valid, within the quantisation of the editor', async (weights, tolerance) => {
    const { model, bytes } = await sourceModel();
    const result = await exportAndValidate(
      model,
      { sourceName: 'Zup.glb', compression: 'draco', weights },
      { name: 'Zup.glb', bytes },
    );
    const json = glbJson(result.bytes!);
    expect(json.extensionsRequired).toContain('KHR_draco_mesh_compression');
    expect(result.dracoEncoded).toBe(model.primitives.length);
    expect(result.validation.newErrors).toBe(0);
    expect(result.size).toBeLessThan(bytes.byteLength / 2);

    const back = buildSkinnedModel(await reimport(result));
    expect(back.primitives.length).toBe(model.primitives.length);
    const moved = compare(model, back);
    // Half a quantisation step per axis at most (√3/2 of a step in distance).
    expect(moved.stepsMoved).toBeLessThanOrEqual(Math.sqrt(3) / 2 + 1e-3);
    expect(moved.positionError).toBeGreaterThan(0); // it did re-quantise: the dialog says so
    expect(moved.weightError).toBeLessThanOrEqual(tolerance);
    // The editor's document is untouched: a plain export afterwards has no Draco.
    const plain = await exportAndValidate(model, { sourceName: 'Zup.glb', compression: 'none' }, null);
    expect(glbJson(plain.bytes!).extensionsUsed ?? []).not.toContain('KHR_draco_mesh_compression');
  });

  it('rejects an unknown compression with the field named', async () => {
    const { model } = await sourceModel();
    await expect(exportAndValidate(model, { compression: 'zstd' as never }, null)).rejects.toThrow(
      /compression must be auto, none, draco \(got zstd\)/,
    );
  });
});
