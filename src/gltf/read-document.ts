import { type Document, type JSONDocument, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { loadDraco, loadMeshopt } from './decoders.ts';
import { collectResources, type InputFiles, parseGltfJson, sniffFormat } from './input-files.ts';
import { LoadError } from './load-error.ts';

const GLB_HEADER = 12;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** Splits a GLB into its JSON and BIN chunks, with a specific error for each way it can be broken. */
function splitGlb(name: string, bytes: Uint8Array): { json: Record<string, unknown>; bin?: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < GLB_HEADER + 8)
    throw new LoadError('truncated', `${name} is truncated: no GLB chunks.`);
  const version = view.getUint32(4, true);
  if (version !== 2)
    throw new LoadError('unsupported', `${name} is GLB version ${version}; only version 2 is supported.`);
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength) {
    throw new LoadError(
      'truncated',
      `${name} is truncated: its header says ${length} bytes but the file has ${bytes.byteLength}.`,
    );
  }
  let offset = GLB_HEADER;
  let json: Record<string, unknown> | undefined;
  let bin: Uint8Array | undefined;
  while (offset + 8 <= length) {
    const chunkLength = view.getUint32(offset, true);
    const chunkType = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length)
      throw new LoadError('truncated', `${name} is truncated inside a GLB chunk.`);
    const chunk = bytes.subarray(start, start + chunkLength);
    if (chunkType === CHUNK_JSON && !json) json = parseGltfJson(name, chunk);
    else if (chunkType === CHUNK_BIN && !bin) bin = chunk;
    offset = start + chunkLength + ((4 - (chunkLength % 4)) % 4);
  }
  if (!json) throw new LoadError('invalid', `${name} has no JSON chunk.`);
  return { json, bin };
}

/** The one glTF-Transform I/O instance, with every extension it knows and decoders as needed. */
async function makeIO(json: Record<string, unknown>): Promise<WebIO> {
  const io = new WebIO().registerExtensions(ALL_EXTENSIONS);
  const used = Array.isArray(json.extensionsUsed) ? (json.extensionsUsed as string[]) : [];
  const deps: Record<string, unknown> = {};
  try {
    if (used.includes('KHR_draco_mesh_compression')) deps['draco3d.decoder'] = await loadDraco();
    if (used.includes('EXT_meshopt_compression') || used.includes('KHR_meshopt_compression')) {
      deps['meshopt.decoder'] = await loadMeshopt();
    }
  } catch (err) {
    throw new LoadError('unsupported', `Could not load the mesh decompressor: ${(err as Error).message}`);
  }
  io.registerDependencies(deps);
  return io;
}

/**
 * Reads a .glb or .gltf (with the files it references) into a glTF-Transform Document.
 * Never touches the network or the disk: a .gltf's URIs must be data: URIs or files given here.
 */
export async function readDocument(input: InputFiles): Promise<Document> {
  const { name, bytes } = input;
  const format = sniffFormat(name, bytes);
  let jsonDoc: JSONDocument;
  if (format === 'glb') {
    const { json, bin } = splitGlb(name, bytes);
    const resources = collectResources(name, json, input.resources);
    // A GLB's first buffer without a URI is the BIN chunk.
    const buffers = (json.buffers as { uri?: string }[] | undefined) ?? [];
    if (buffers.length > 0 && buffers[0].uri === undefined) {
      if (!bin) throw new LoadError('truncated', `${name} declares a binary buffer but has no BIN chunk.`);
      resources['@glb.bin'] = bin;
    }
    jsonDoc = { json: json as unknown as JSONDocument['json'], resources };
  } else {
    const json = parseGltfJson(name, bytes);
    jsonDoc = {
      json: json as unknown as JSONDocument['json'],
      resources: collectResources(name, json, input.resources),
    };
  }
  const io = await makeIO(jsonDoc.json as unknown as Record<string, unknown>);
  try {
    return await io.readJSON(jsonDoc);
  } catch (err) {
    if (err instanceof LoadError) throw err;
    throw new LoadError('invalid', `${name} could not be read: ${(err as Error).message}`);
  }
}
