import type { Document } from '@gltf-transform/core';
import { expect } from 'vitest';
import type { ExportResult, WeightEncoding } from '../../../src/gltf/export/export-document.ts';
import { readDocument } from '../../../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../../src/skin/invariants.ts';
import type { SkinWeights } from '../../../src/skin/skin-weights.ts';

/** Reads an export back with the editor's own reader. */
export function reimport(result: ExportResult): Promise<Document> {
  if (result.bytes) return readDocument({ name: result.fileName, bytes: result.bytes });
  return readDocument({
    name: result.fileName,
    bytes: result.files!.get(result.fileName)!,
    resources: result.files,
  });
}

/** How far a re-imported weight may be from the editor's: float32 round trip, or one unorm step. */
export function weightTolerance(encoding: WeightEncoding): number {
  // Plus float32 slack: re-import may renormalise dequantised sums by an ulp or two.
  if (encoding === 'unorm8') return 1 / 255 + 1e-6;
  if (encoding === 'unorm16') return 1 / 65535 + 1e-6;
  return 1e-6;
}

/** Largest |w_a(j) - w_b(j)| over every vertex and joint of two SkinWeights of one primitive. */
export function maxWeightDifference(a: SkinWeights, b: SkinWeights): number {
  let max = 0;
  for (let v = 0; v < a.vertexCount; v++) {
    for (const sw of [a, b]) {
      const K = sw.influences;
      for (let i = 0; i < K; i++) {
        if (sw.weights[v * K + i] === 0) continue;
        const j = sw.joints[v * K + i];
        max = Math.max(max, Math.abs(a.weightOf(v, j) - b.weightOf(v, j)));
      }
    }
  }
  return max;
}

/**
 * The re-imported export has legal weights equal to the editor's within the encoding's
 * tolerance, JOINTS_n/WEIGHTS_n sets as asked, and unorm integer sums exact.
 */
export function expectWeightsRoundTrip(
  model: SkinnedModel,
  back: Document,
  options: { maxInfluences: 4 | 8; weights: WeightEncoding },
): SkinnedModel {
  const again = buildSkinnedModel(back);
  expect(again.primitives.length).toBe(model.primitives.length);
  const tolerance = weightTolerance(options.weights);
  model.primitives.forEach((prim, i) => {
    const other = again.primitives[i];
    const p = other.primitive;
    expect(p.getAttribute('JOINTS_1') !== null).toBe(options.maxInfluences === 8);
    expect(p.getAttribute('WEIGHTS_1') !== null).toBe(options.maxInfluences === 8);
    const w0 = p.getAttribute('WEIGHTS_0')!;
    const expectedType = { float: 5126, unorm16: 5123, unorm8: 5121 }[options.weights];
    expect(w0.getComponentType()).toBe(expectedType);
    expect(w0.getNormalized()).toBe(options.weights !== 'float');
    if (options.weights !== 'float') {
      const scale = options.weights === 'unorm8' ? 255 : 65535;
      const sets = [w0.getArray()!, p.getAttribute('WEIGHTS_1')?.getArray()].filter((x) => x);
      for (let v = 0; v < w0.getCount(); v++) {
        let sum = 0;
        for (const s of sets) for (let c = 0; c < 4; c++) sum += s![v * 4 + c];
        if (sum !== scale) expect.fail(`primitive ${i} vertex ${v}: integer sum ${sum}, not ${scale}`);
      }
    }
    expect(findInvariantViolations(other.weights)).toEqual([]);
    expect(maxWeightDifference(prim.weights, other.weights)).toBeLessThanOrEqual(tolerance);
  });
  // The file's own weights need no repair: export wrote them legal.
  expect(again.repairReasons.sum ?? 0).toBe(0);
  return again;
}
