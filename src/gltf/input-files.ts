import { LoadError } from './load-error.ts';

/** What the user gave us: one main file (.glb/.gltf) and, for .gltf, the files it references. */
export interface InputFiles {
  /** Name of the main file, e.g. "Fox.glb"; used for messages and the export name. */
  name: string;
  bytes: Uint8Array;
  /** Other files chosen or dropped together, by file name (the .bin, textures). */
  resources?: Map<string, Uint8Array>;
}

const GLB_MAGIC = 0x46546c67; // 'glTF'

/** Classifies bytes as GLB, glTF JSON, or neither (with a specific message). */
export function sniffFormat(name: string, bytes: Uint8Array): 'glb' | 'gltf' {
  if (bytes.byteLength === 0) throw new LoadError('not-gltf', `${name} is empty.`);
  if (bytes.byteLength >= 4) {
    const magic = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
    if (magic === GLB_MAGIC) return 'glb';
  }
  // A .gltf is JSON: first non-space byte '{'.
  for (let i = 0; i < Math.min(bytes.byteLength, 64); i++) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xef || c === 0xbb || c === 0xbf)
      continue;
    if (c === 0x7b) return 'gltf';
    break;
  }
  throw new LoadError(
    'not-gltf',
    `${name} is not a glTF file: it is neither a binary .glb (no 'glTF' header) nor a .gltf JSON document.`,
  );
}

/** Decodes a .gltf's JSON with a clear error instead of a SyntaxError. */
export function parseGltfJson(name: string, bytes: Uint8Array): Record<string, unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LoadError('bad-json', `${name} is not valid UTF-8 text, so it cannot be a .gltf file.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LoadError(
      'bad-json',
      `${name} is not valid JSON (${(err as Error).message}); the file may be truncated.`,
    );
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new LoadError('bad-json', `${name} does not hold a glTF JSON object.`);
  }
  const asset = (json as { asset?: { version?: unknown } }).asset;
  if (!asset || typeof asset.version !== 'string') {
    throw new LoadError('not-gltf', `${name} is JSON but not glTF: it has no "asset.version".`);
  }
  if (!asset.version.startsWith('2.')) {
    throw new LoadError('unsupported', `${name} is glTF ${asset.version}; only glTF 2.0 is supported.`);
  }
  return json as Record<string, unknown>;
}

/** Basename of a URI relative to the .gltf, with %-escapes decoded, for matching dropped files. */
export function uriToFileName(uri: string): string {
  let path = uri;
  try {
    path = decodeURIComponent(uri);
  } catch {
    // A malformed %-escape: match on the raw text.
  }
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1];
}

/**
 * Resolves every buffer and image URI of a .gltf to bytes the user gave, so that reading never
 * follows a URI to the network or the disk: data: URIs stay; anything else must be a given file.
 */
export function collectResources(
  name: string,
  json: Record<string, unknown>,
  given: Map<string, Uint8Array> | undefined,
): Record<string, Uint8Array> {
  const resources: Record<string, Uint8Array> = {};
  const lists = [json.buffers, json.images];
  for (const list of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list))
      throw new LoadError('invalid', `${name}: "buffers" and "images" must be arrays.`);
    for (const item of list) {
      const uri = (item as { uri?: unknown } | null)?.uri;
      if (uri === undefined) continue;
      if (typeof uri !== 'string') throw new LoadError('invalid', `${name}: a URI is not a string.`);
      if (uri.startsWith('data:')) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
        throw new LoadError(
          'network-uri',
          `${name} refers to ${uri.slice(0, 80)}; Skinsmith never fetches from the network. Download that file and drop it together with ${name}.`,
        );
      }
      const file = given?.get(uriToFileName(uri));
      if (!file) {
        throw new LoadError(
          'missing-file',
          `${name} needs "${uriToFileName(uri)}", which was not given. Choose or drop it together with ${name}.`,
        );
      }
      resources[uri] = file;
    }
  }
  return resources;
}
