import { type Document, type JSONDocument, Logger, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { loadDraco, loadMeshopt } from './decoders.ts';
import { keepSourceExtensions } from './export/source-extensions.ts';
import { collectResources, type InputFiles, parseGltfJson, sniffFormat } from './input-files.ts';
import { LoadError } from './load-error.ts';
import { checkReadDocument } from './preflight/document.ts';
import { formatBytes, LOAD_LIMITS, type LoadLimits } from './preflight/limits.ts';
import { preflightGltf } from './preflight/preflight.ts';
import { classifyReadError } from './preflight/read-error.ts';

const GLB_HEADER = 12;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** Splits a GLB into its JSON and BIN chunks, with a specific error for each way it can be broken. */
function splitGlb(
  name: string,
  bytes: Uint8Array,
  limits: LoadLimits,
): { json: Record<string, unknown>; bin?: Uint8Array } {
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
    if (chunkType === CHUNK_JSON && !json) checkJsonSize(name, chunkLength, limits);
    const chunk = bytes.subarray(start, start + chunkLength);
    if (chunkType === CHUNK_JSON && !json) json = parseGltfJson(name, chunk);
    else if (chunkType === CHUNK_BIN && !bin) bin = chunk;
    offset = start + chunkLength + ((4 - (chunkLength % 4)) % 4);
  }
  if (!json) throw new LoadError('invalid', `${name} has no JSON chunk.`);
  return { json, bin };
}

/** Every file given against the size limit, before any of them is parsed. */
function checkFileSizes(input: InputFiles, limits: LoadLimits): void {
  const files: [string, Uint8Array][] = [[input.name, input.bytes], ...(input.resources ?? [])];
  for (const [name, bytes] of files) {
    if (bytes.byteLength > limits.maxFileBytes) {
      throw new LoadError(
        'too-large',
        `${name} is ${formatBytes(bytes.byteLength)}; Skinsmith opens files up to ${formatBytes(limits.maxFileBytes)}.`,
      );
    }
  }
}

/** Bytes of the main file and every file given with it. */
function inputSize(input: InputFiles): number {
  let total = input.bytes.byteLength;
  for (const bytes of input.resources?.values() ?? []) total += bytes.byteLength;
  return total;
}

function checkJsonSize(name: string, byteLength: number, limits: LoadLimits): void {
  if (byteLength > limits.maxJsonBytes) {
    throw new LoadError(
      'too-large',
      `${name} has ${formatBytes(byteLength)} of glTF JSON; Skinsmith reads up to ${formatBytes(limits.maxJsonBytes)}.`,
    );
  }
}

/** The one glTF-Transform I/O instance, with every extension it knows and decoders as needed. */
async function makeIO(json: Record<string, unknown>): Promise<WebIO> {
  // Quiet about extensions it does not implement (VRM's, a vendor's): they are kept and written
  // back by source-extensions.ts, and what cannot be is reported there, not on the console.
  const io = new WebIO().setLogger(new Logger(Logger.Verbosity.ERROR)).registerExtensions(ALL_EXTENSIONS);
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

export interface ReadDocumentOptions {
  /** Problems the file opens with anyway (an image of unknown type, a singular bind matrix). */
  onWarning?: (message: string) => void;
  /** The size limits to apply; tests pass small ones. */
  limits?: LoadLimits;
}

/**
 * The glTF JSON of a .glb or .gltf (its JSON chunk, or the file), checked as reading checks it:
 * what a check of the JSON alone reads (`skinsmith validate`'s VRM check).
 */
export function readGltfJson(
  name: string,
  bytes: Uint8Array,
  limits: LoadLimits = LOAD_LIMITS,
): Record<string, unknown> {
  if (sniffFormat(name, bytes) === 'glb') return splitGlb(name, bytes, limits).json;
  checkJsonSize(name, bytes.byteLength, limits);
  return parseGltfJson(name, bytes);
}

const KNOWN_EXTENSIONS = ALL_EXTENSIONS.map((ext) => ext.EXTENSION_NAME);

/**
 * Reads a .glb or .gltf (with the files it references) into a glTF-Transform Document.
 * Never touches the network or the disk: a .gltf's URIs must be data: URIs or files given here.
 * Hostile input fails with a LoadError before anything big is allocated (see preflight.ts);
 * an unexpected exception comes out as LoadError code 'internal' with the original as `cause`.
 */
export async function readDocument(input: InputFiles, options: ReadDocumentOptions = {}): Promise<Document> {
  const { name, bytes } = input;
  const limits = options.limits ?? LOAD_LIMITS;
  checkFileSizes(input, limits);
  const format = sniffFormat(name, bytes);
  let json: Record<string, unknown>;
  let bin: Uint8Array | undefined;
  if (format === 'glb') {
    ({ json, bin } = splitGlb(name, bytes, limits));
  } else {
    checkJsonSize(name, bytes.byteLength, limits);
    json = parseGltfJson(name, bytes);
  }
  const given = collectResources(name, json, input.resources);
  const { resources, warnings } = preflightGltf(
    { name, json, given, bin, inputBytes: inputSize(input) },
    { limits, knownExtensions: KNOWN_EXTENSIONS },
  );
  const io = await makeIO(json);
  let document: Document;
  try {
    document = await io.readJSON({
      json: json as unknown as JSONDocument['json'],
      resources: resources as JSONDocument['resources'],
    });
  } catch (err) {
    throw classifyReadError(name, json, err);
  }
  keepSourceExtensions(document, json);
  warnings.push(...checkReadDocument(name, document, limits));
  for (const warning of warnings) options.onWarning?.(warning);
  return document;
}
