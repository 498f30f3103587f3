import { checkBuffersAndAccessors } from './buffers.ts';
import { checkExtensions } from './extensions.ts';
import { checkNodeGraph, checkSkins } from './graph.ts';
import { checkImages } from './images.ts';
import { isObject, JsonChecker, type JsonObject } from './json.ts';
import { LOAD_LIMITS, type LoadLimits } from './limits.ts';
import { checkPrimitives } from './primitives.ts';
import { resolveResources } from './resources.ts';
import { checkStructure } from './structure.ts';

export interface PreflightOptions {
  /** The limits to apply (tests pass small ones). */
  limits?: LoadLimits;
  /** Names of the extensions the reader can read; a required extension outside them is refused. */
  knownExtensions?: readonly string[];
}

export const PREFLIGHT_DEFAULTS: Required<PreflightOptions> = {
  limits: LOAD_LIMITS,
  knownExtensions: [],
};

export interface PreflightInput {
  /** The file name, for messages. */
  name: string;
  /** The parsed glTF JSON; data: URIs in it are replaced by internal resource names. */
  json: JsonObject;
  /** Files the user gave, by the URI the JSON uses for them. */
  given: Record<string, Uint8Array>;
  /** A GLB's binary chunk. */
  bin?: Uint8Array;
  /** Bytes of every file given (for the expansion limit); defaults to the resources and JSON. */
  inputBytes?: number;
}

export interface PreflightResult {
  /** The resource map to hand glTF-Transform (given files, decoded data: URIs, the BIN chunk). */
  resources: Record<string, Uint8Array>;
  /** Problems the file opens with anyway, written for the user. */
  warnings: string[];
}

/** Nesting depth of a JSON value, walked without recursion (a hostile file may nest a million deep). */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Checks a glTF's JSON against its buffers before glTF-Transform reads it, so that a malformed
 * or hostile file fails with a specific LoadError instead of an exception deep in the reader, a
 * hang, or an allocation the tab cannot survive. Each step bounds what the next one loops over:
 * counts first, then references, then byte ranges, then the data the checks read.
 * Throws LoadError; returns the resources for the reader and the warnings to show.
 */
export function preflightGltf(input: PreflightInput, options: PreflightOptions = {}): PreflightResult {
  const { limits, knownExtensions } = { ...PREFLIGHT_DEFAULTS, ...options };
  const c = new JsonChecker(input.name, input.json, limits);
  if (jsonDepth(input.json, limits.maxJsonDepth) > limits.maxJsonDepth) {
    c.invalid(`its JSON is nested more than ${limits.maxJsonDepth} levels deep.`);
  }
  const asset = input.json.asset;
  if (!isObject(asset) || asset.version !== '2.0') {
    c.fail(
      'unsupported',
      `it is glTF ${isObject(asset) ? String(asset.version) : '?'}; only glTF 2.0 is supported.`,
    );
  }
  checkStructure(c);
  const { buffers, images, resources } = resolveResources(c, input.given, input.bin);
  const inputBytes =
    input.inputBytes ??
    Object.values(resources).reduce(
      (sum, bytes) => sum + bytes.byteLength,
      JSON.stringify(input.json).length,
    );
  const layout = checkBuffersAndAccessors(c, buffers, Math.max(1, inputBytes));
  checkImages(c, layout.views, images);
  checkPrimitives(c, layout);
  const parent = checkNodeGraph(c);
  checkSkins(c, parent);
  checkExtensions(c, knownExtensions, layout.views);
  return { resources, warnings: c.warnings };
}
