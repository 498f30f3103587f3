/** GLB splitting and writing for the fuzz mutators (no checks: the input is a known-good base). */

// biome-ignore lint/suspicious/noExplicitAny: the fuzzer edits arbitrary JSON.
export type Json = any;

/** A base model taken apart once, so each case can edit a copy of its JSON. */
export interface ParsedBase {
  kind: 'glb' | 'gltf';
  json: Json;
  /** The GLB's BIN chunk (absent for .gltf). */
  bin?: Uint8Array;
  /** Byte range of the JSON text inside the file (for bit flips aimed at it). */
  jsonStart: number;
  jsonEnd: number;
  /** Every path into the JSON (keys and indices), long strings left out. */
  paths: (string | number)[][];
}

const MAX_PATHS = 50_000;

function collectPaths(json: Json): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const stack: [Json, (string | number)[]][] = [[json, []]];
  while (stack.length > 0 && paths.length < MAX_PATHS) {
    const [value, path] = stack.pop()!;
    if (path.length > 0) paths.push(path);
    if (typeof value !== 'object' || value === null) continue;
    const entries: [string | number, Json][] = Array.isArray(value)
      ? value.map((v, i) => [i, v] as [number, Json])
      : Object.entries(value);
    // Long numeric arrays (matrices, min/max, animation data in extras) get a few samples.
    for (const [key, child] of entries.length > 64 ? entries.slice(0, 64) : entries) {
      stack.push([child, [...path, key]]);
    }
  }
  return paths;
}

/** Takes a base file apart (GLB chunks or .gltf JSON). */
export function parseBase(bytes: Uint8Array): ParsedBase {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength >= 20 && dv.getUint32(0, true) === 0x46546c67) {
    const jsonLength = dv.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
    const binAt = 20 + jsonLength;
    const bin =
      binAt + 8 <= bytes.byteLength
        ? bytes.subarray(binAt + 8, binAt + 8 + dv.getUint32(binAt, true))
        : undefined;
    return { kind: 'glb', json, bin, jsonStart: 20, jsonEnd: binAt, paths: collectPaths(json) };
  }
  const json = JSON.parse(new TextDecoder().decode(bytes));
  return { kind: 'gltf', json, jsonStart: 0, jsonEnd: bytes.byteLength, paths: collectPaths(json) };
}

const pad4 = (n: number) => (n + 3) & ~3;

/** A GLB from JSON text and a BIN chunk, with correct lengths. */
export function writeGlb(jsonText: string, bin: Uint8Array | undefined): Uint8Array {
  const jsonBytes = new TextEncoder().encode(jsonText);
  const jsonLength = pad4(jsonBytes.byteLength);
  const binLength = bin ? pad4(bin.byteLength) : 0;
  const total = 20 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLength, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.byteLength, 20 + jsonLength);
  if (bin) {
    dv.setUint32(20 + jsonLength, binLength, true);
    dv.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
  }
  return out;
}

/** The file for a (possibly edited) JSON and BIN, in the base's own format. */
export function assemble(base: ParsedBase, json: Json, bin: Uint8Array | undefined): Uint8Array {
  const text = JSON.stringify(json);
  return base.kind === 'glb' ? writeGlb(text, bin) : new TextEncoder().encode(text);
}
