import {
  BufferAttribute as Attribute,
  type BufferAttribute,
  type BufferGeometry,
  InterleavedBuffer,
  InterleavedBufferAttribute,
} from 'three';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';

/** The geometry attributes that carry the skin (two sets when K = 8). */
export const SKIN_ATTRIBUTES = ['skinIndex', 'skinWeight', 'skinIndex1', 'skinWeight1'] as const;

/**
 * Points the geometry's skinning attributes at the editor's own SkinWeights arrays (no copy), so
 * the GPU draws exactly the weights the editor holds and export writes (DESIGN.md invariant 5).
 * K = 4: one glTF set, the arrays are the attributes. K = 8: interleaved views, slots 0-3 as
 * skinIndex/skinWeight (what three skins with; the slots are sorted strongest first) and slots
 * 4-7 as skinIndex1/skinWeight1 (read by the heat map, so it shows all eight).
 */
export function bindSkinAttributes(geometry: BufferGeometry, weights: SkinWeights): void {
  const K = weights.influences;
  for (const name of SKIN_ATTRIBUTES) geometry.deleteAttribute(name);
  if (K === 4) {
    geometry.setAttribute('skinIndex', new Attribute(weights.joints, 4));
    geometry.setAttribute('skinWeight', new Attribute(weights.weights, 4));
  } else if (K === 8) {
    const joints = new InterleavedBuffer(weights.joints, 8);
    const values = new InterleavedBuffer(weights.weights, 8);
    geometry.setAttribute('skinIndex', new InterleavedBufferAttribute(joints, 4, 0));
    geometry.setAttribute('skinWeight', new InterleavedBufferAttribute(values, 4, 0));
    geometry.setAttribute('skinIndex1', new InterleavedBufferAttribute(joints, 4, 4));
    geometry.setAttribute('skinWeight1', new InterleavedBufferAttribute(values, 4, 4));
  } else {
    throw new Error(`The viewport draws 4 or 8 influences per vertex, not ${K}.`);
  }
}

/** The attribute's storage: the attribute itself, or the interleaved buffer behind it. */
function storageOf(attr: BufferAttribute | InterleavedBufferAttribute): BufferAttribute | InterleavedBuffer {
  return (attr as InterleavedBufferAttribute).isInterleavedBufferAttribute
    ? (attr as InterleavedBufferAttribute).data
    : (attr as BufferAttribute);
}

/**
 * Points the geometry's skinning attributes at another SkinWeights of the same size (a model the
 * viewport draws in place of the one it was built for): the attributes and their GPU buffers are
 * kept, their arrays swapped and uploaded whole. Binds anew when the layout differs.
 */
export function rebindSkinArrays(geometry: BufferGeometry, weights: SkinWeights): void {
  const index = geometry.getAttribute('skinIndex') as BufferAttribute | InterleavedBufferAttribute;
  const weight = geometry.getAttribute('skinWeight') as BufferAttribute | InterleavedBufferAttribute;
  const indexStore = index && storageOf(index);
  const weightStore = weight && storageOf(weight);
  if (indexStore?.array === weights.joints && weightStore?.array === weights.weights) return;
  const fits = (store: BufferAttribute | InterleavedBuffer | undefined, array: Uint16Array | Float32Array) =>
    store !== undefined &&
    store.array.constructor === array.constructor &&
    store.array.length === array.length;
  if (!fits(indexStore, weights.joints) || !fits(weightStore, weights.weights)) {
    bindSkinAttributes(geometry, weights);
    return;
  }
  indexStore.array = weights.joints;
  weightStore.array = weights.weights;
  for (const store of [indexStore, weightStore]) {
    store.clearUpdateRanges();
    store.needsUpdate = true;
  }
}

/**
 * Re-uploads vertices [start, end) after the editor changed them in place. If the editor has
 * replaced its arrays since they were bound, binds the new ones (a full upload).
 */
export function uploadSkinRange(
  geometry: BufferGeometry,
  weights: SkinWeights,
  start: number,
  end: number,
): void {
  const index = geometry.getAttribute('skinIndex') as BufferAttribute | InterleavedBufferAttribute;
  const weight = geometry.getAttribute('skinWeight') as BufferAttribute | InterleavedBufferAttribute;
  const indexStore = index && storageOf(index);
  const weightStore = weight && storageOf(weight);
  if (indexStore?.array !== weights.joints || weightStore?.array !== weights.weights) {
    bindSkinAttributes(geometry, weights);
    return;
  }
  const K = weights.influences;
  const from = Math.max(0, start) * K;
  const count = (Math.min(end, weights.vertexCount) - Math.max(0, start)) * K;
  if (count <= 0) return;
  for (const store of [indexStore, weightStore]) {
    store.addUpdateRange(from, count);
    store.needsUpdate = true;
  }
}
