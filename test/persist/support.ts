import { WebIO } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';

let glb: Promise<Uint8Array> | null = null;

/** The built-in character (~2k vertices) as a GLB, built once per test file. */
export function mannequinGlb(): Promise<Uint8Array> {
  glb ??= new WebIO().writeBinary(mannequinToDocument(buildMannequin({ targetVertices: 2000 })));
  return glb;
}

/** The raw bytes of a typed array, for bit-for-bit comparisons (NaN payloads, -0 included). */
export const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Deterministic pseudo-random 32-bit words (xorshift), to fill arrays with arbitrary bit patterns. */
export function randomWords(seed: number, n: number): Uint32Array {
  const out = new Uint32Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x >>> 0;
  }
  return out;
}
