/**
 * The quantise preview's attribute swap (app/viewport/skin-sources.ts): while on, the geometry
 * draws the preview's copies; edits wait for the next preview; off puts back the very attribute
 * objects that held the editor's arrays (and uploads them whole), so the view is exactly as before.
 */
import { type BufferAttribute, BufferGeometry, type InterleavedBufferAttribute } from 'three';
import { describe, expect, it } from 'vitest';
import { bindSkinAttributes, SKIN_ATTRIBUTES } from '../../app/viewport/skin-attributes.ts';
import { SkinSources } from '../../app/viewport/skin-sources.ts';
import type { ViewScene } from '../../app/viewport/view-scene.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';

/** Weights with vertex v on joints v % 5 and (v + 1) % 5, weights 0.75 / 0.25 (+ `shift`). */
function weights(n: number, K: 4 | 8, shift = 0): SkinWeights {
  const sw = new SkinWeights(n, K);
  for (let v = 0; v < n; v++) {
    sw.joints[v * K] = v % 5;
    sw.joints[v * K + 1] = (v + 1) % 5;
    sw.weights[v * K] = 0.75 + shift;
    sw.weights[v * K + 1] = 0.25 - shift;
  }
  return sw;
}

function scene(editorWeights: SkinWeights): { view: ViewScene; geometry: BufferGeometry } {
  const geometry = new BufferGeometry();
  bindSkinAttributes(geometry, editorWeights);
  const model = { primitives: [{ id: 0, weights: editorWeights }] };
  const view = { model, geometries: new Map([[0, new Set([geometry])]]) } as unknown as ViewScene;
  return { view, geometry };
}

const attributesOf = (g: BufferGeometry) => SKIN_ATTRIBUTES.map((name) => g.getAttribute(name));
/** The typed array behind an attribute (its own, or its interleaved buffer's). */
const arrayOf = (a: unknown) =>
  (a as InterleavedBufferAttribute).isInterleavedBufferAttribute
    ? (a as InterleavedBufferAttribute).data.array
    : (a as { array: ArrayLike<number> }).array;

describe.each([4, 8] as const)('SkinSources with %i influences', (K) => {
  it('draws the preview, reuses its attributes, and restores the editor attributes exactly', () => {
    const editorWeights = weights(6, K);
    const saved = { joints: editorWeights.joints.slice(), weights: editorWeights.weights.slice() };
    const { view, geometry } = scene(editorWeights);
    const before = attributesOf(geometry);
    const sources = new SkinSources(view);

    const first = weights(6, K, 0.1);
    sources.showPreview(new Map([[0, first]]));
    expect(sources.previewing).toBe(true);
    expect(arrayOf(geometry.getAttribute('skinWeight'))).toBe(first.weights);
    expect(sources.weightsOf(0)).toBe(first);
    const previewAttributes = attributesOf(geometry);

    // A second preview refills the same arrays and attributes (no new GPU buffers).
    const second = weights(6, K, 0.2);
    sources.showPreview(new Map([[0, second]]));
    expect(attributesOf(geometry)).toEqual(previewAttributes);
    expect(Array.from(arrayOf(geometry.getAttribute('skinWeight')))).toEqual(Array.from(second.weights));

    // Edits while previewing are not uploaded into the preview.
    editorWeights.weights[0] = 0.5;
    editorWeights.weights[1] = 0.5;
    sources.upload([{ primitive: 0, start: 0, end: 1 }]);
    expect(arrayOf(geometry.getAttribute('skinWeight'))[0]).toBeCloseTo(0.95, 6);

    sources.showEditor();
    expect(sources.previewing).toBe(false);
    const after = attributesOf(geometry);
    for (let i = 0; i < after.length; i++) expect(after[i]).toBe(before[i]);
    expect(arrayOf(geometry.getAttribute('skinWeight'))).toBe(editorWeights.weights);
    expect(arrayOf(geometry.getAttribute('skinIndex'))).toBe(editorWeights.joints);
    expect(sources.weightsOf(0)).toBe(editorWeights);
    // …and uploads them whole: the edits made meanwhile reach the GPU.
    const weight = geometry.getAttribute('skinWeight') as BufferAttribute | InterleavedBufferAttribute;
    const store = (weight as InterleavedBufferAttribute).isInterleavedBufferAttribute
      ? (weight as InterleavedBufferAttribute).data
      : (weight as BufferAttribute);
    expect(store.updateRanges).toContainEqual({ start: 0, count: 6 * K });
    // The preview never wrote to the editor's arrays (only the test's own edit is there).
    expect(Array.from(editorWeights.joints)).toEqual(Array.from(saved.joints));
    expect(Array.from(editorWeights.weights.slice(2))).toEqual(Array.from(saved.weights.slice(2)));
  });
});

describe('a scene drawn in place for another model (a skeleton edit)', () => {
  it.each([4, 8] as const)(
    'draws the new model’s arrays in the same attribute objects, also after a preview was on (K = %i)',
    (K) => {
      const a = weights(6, K);
      const { view, geometry } = scene(a);
      const attributes = attributesOf(geometry);
      const old = new SkinSources(view);
      old.showPreview(new Map([[0, weights(6, K, 0.1)]]));
      // The edited model carries copies of the weights; the scene is handed to it, then the old
      // sources go (they put back the attributes that held the old model's arrays).
      const b = a.clone();
      const next = { ...view, model: { primitives: [{ id: 0, weights: b }] } } as unknown as ViewScene;
      old.dispose();
      expect(arrayOf(geometry.getAttribute('skinWeight'))).toBe(a.weights);
      new SkinSources(next);
      expect(arrayOf(geometry.getAttribute('skinWeight'))).toBe(b.weights);
      expect(arrayOf(geometry.getAttribute('skinIndex'))).toBe(b.joints);
      expect(attributesOf(geometry)).toEqual(attributes);
    },
  );
});
