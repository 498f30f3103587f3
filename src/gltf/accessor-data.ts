import type { Accessor } from '@gltf-transform/core';

/** Divisors that turn normalized integer accessor values into [0, 1]. */
const NORMALIZED_SCALE: Record<number, number> = {
  5121: 255,
  5123: 65535,
  5125: 4294967295,
  5120: 127,
  5122: 32767,
};

/** An accessor's values as float64, denormalized where the accessor is normalized. */
export function readAccessorAsFloat(accessor: Accessor): Float64Array {
  const array = accessor.getArray();
  const out = new Float64Array(array ? array.length : 0);
  if (!array) return out;
  const scale = accessor.getNormalized() ? (NORMALIZED_SCALE[accessor.getComponentType()] ?? 1) : 1;
  for (let i = 0; i < array.length; i++) out[i] = array[i] / scale;
  return out;
}

/** POSITION as a tightly packed Float32Array (copied, so the editor can own it). */
export function readPositions(accessor: Accessor): Float32Array {
  const array = accessor.getArray();
  if (!array) return new Float32Array(0);
  if (array instanceof Float32Array && !accessor.getNormalized()) return array.slice();
  return Float32Array.from(readAccessorAsFloat(accessor));
}

/** Triangle indices as Uint32Array, or null for non-indexed primitives. */
export function readIndices(accessor: Accessor | null): Uint32Array | null {
  if (!accessor) return null;
  const array = accessor.getArray();
  return array ? Uint32Array.from(array) : new Uint32Array(0);
}
