import type { Document } from '@gltf-transform/core';
import { expect } from 'vitest';
import { LoadError, type LoadErrorCode } from '../../src/gltf/load-error.ts';
import { LOAD_LIMITS, type LoadLimits } from '../../src/gltf/preflight/limits.ts';
import { readDocument } from '../../src/gltf/read-document.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests edit arbitrary (malformed) glTF JSON.
export type Json = any;

/** A glTF made in code: JSON plus the bytes of its one buffer. */
export interface GltfFixture {
  json: Json;
  bin: Uint8Array;
}

/** Byte layout of the fixture's buffer, one view per accessor. */
export const LAYOUT = {
  positions: { offset: 0, length: 36 },
  joints: { offset: 36, length: 24 },
  weights: { offset: 60, length: 48 },
  indices: { offset: 108, length: 8 },
  ibm: { offset: 116, length: 128 },
} as const;

/**
 * One skinned triangle bound to two joints: nodes 0 (the mesh), 1 (root joint) → 2 (child joint
 * at y = 1); accessors 0 POSITION, 1 JOINTS_0 (u16), 2 WEIGHTS_0, 3 indices (u16), 4 the inverse
 * bind matrices. Valid: every test breaks one thing in it.
 */
export function skinnedTriangle(): GltfFixture {
  const bin = new Uint8Array(244);
  new Float32Array(bin.buffer, 0, 9).set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  new Uint16Array(bin.buffer, 36, 12).set([0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
  new Float32Array(bin.buffer, 60, 12).set([0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  new Uint16Array(bin.buffer, 108, 3).set([0, 1, 2]);
  // Little-endian hosts only (every browser and Node on x86/ARM).
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const moved = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1];
  new Float32Array(bin.buffer, 116, 32).set([...identity, ...moved]);
  const views = Object.values(LAYOUT).map(({ offset, length }) => ({
    buffer: 0,
    byteOffset: offset,
    byteLength: length,
  }));
  const json: Json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0, 1] }],
    nodes: [
      { name: 'body', mesh: 0, skin: 0 },
      { name: 'root', children: [2] },
      { name: 'arm', translation: [0, 1, 0] },
    ],
    meshes: [
      {
        name: 'triangle',
        primitives: [{ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 }, indices: 3 }],
      },
    ],
    skins: [{ joints: [1, 2], inverseBindMatrices: 4 }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5123, count: 3, type: 'VEC4' },
      { bufferView: 2, componentType: 5126, count: 3, type: 'VEC4' },
      { bufferView: 3, componentType: 5123, count: 3, type: 'SCALAR' },
      { bufferView: 4, componentType: 5126, count: 2, type: 'MAT4' },
    ],
    bufferViews: views,
    buffers: [{ byteLength: 244 }],
  };
  return { json, bin };
}

const pad4 = (n: number) => (n + 3) & ~3;

/** A GLB of the fixture (buffer 0 is the BIN chunk); `json` may be replaced by raw JSON text. */
export function toGlb(fixture: GltfFixture, jsonText = JSON.stringify(fixture.json)): Uint8Array {
  const jsonBytes = new TextEncoder().encode(jsonText);
  const jsonLength = pad4(jsonBytes.byteLength);
  const binLength = pad4(fixture.bin.byteLength);
  const total = 12 + 8 + jsonLength + (fixture.bin.byteLength ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLength, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.byteLength, 20 + jsonLength);
  if (fixture.bin.byteLength) {
    const at = 20 + jsonLength;
    dv.setUint32(at, binLength, true);
    dv.setUint32(at + 4, 0x004e4942, true);
    out.set(fixture.bin, at + 8);
  }
  return out;
}

/** A .gltf of the fixture with its buffer as a base64 data: URI. */
export function toGltf(fixture: GltfFixture): Uint8Array {
  const json = structuredClone(fixture.json);
  json.buffers[0].uri = `data:application/octet-stream;base64,${Buffer.from(fixture.bin).toString('base64')}`;
  return new TextEncoder().encode(JSON.stringify(json));
}

/** Reads the fixture as a GLB; returns the document and the warnings it opened with. */
export async function open(
  fixture: GltfFixture,
  limits: Partial<LoadLimits> = {},
): Promise<{ document: Document; warnings: string[] }> {
  const warnings: string[] = [];
  const document = await readDocument(
    { name: 'test.glb', bytes: toGlb(fixture) },
    { limits: { ...LOAD_LIMITS, ...limits }, onWarning: (w) => warnings.push(w) },
  );
  return { document, warnings };
}

/** Expects reading to fail with this LoadError code and a message matching `pattern`. */
export async function expectLoadError(
  read: Promise<unknown>,
  code: LoadErrorCode,
  pattern: RegExp,
): Promise<LoadError> {
  let error: unknown;
  try {
    await read;
  } catch (err) {
    error = err;
  }
  expect(error, 'reading should fail').toBeInstanceOf(LoadError);
  const loadError = error as LoadError;
  expect({ code: loadError.code, message: loadError.message }).toMatchObject({ code });
  expect(loadError.message).toMatch(pattern);
  return loadError;
}

/** Shorthand: edit the fixture's JSON, read it, expect a LoadError. */
export function expectFixtureError(
  edit: (json: Json, fixture: GltfFixture) => void,
  code: LoadErrorCode,
  pattern: RegExp,
  limits: Partial<LoadLimits> = {},
): Promise<LoadError> {
  const fixture = skinnedTriangle();
  edit(fixture.json, fixture);
  return expectLoadError(open(fixture, limits), code, pattern);
}
