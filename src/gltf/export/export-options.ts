/**
 * The export options, and the one place they are checked: the Export dialog, the CLI and
 * `exportDocument` all go through {@link resolveExportOptions}, so a value one accepts the
 * others accept too, with the same message.
 */

/** How weights are stored: float32, or normalized unsigned 16 / 8 bit integers. */
export type WeightEncoding = 'float' | 'unorm16' | 'unorm8';

/**
 * 'auto': a meshopt source is written meshopt-compressed again (its buffer compression is exact:
 * the decoded content is the same), a Draco one uncompressed (re-encoding would re-quantise).
 * 'none': everything uncompressed. 'draco': every triangle mesh re-encoded with Draco, which
 * re-quantises positions, normals and UVs (see {@link DRACO_QUANTIZATION_BITS}) and reorders
 * vertices; integer weights (unorm8/16) and joints are kept exactly.
 */
export type ExportCompression = 'auto' | 'none' | 'draco';

/** The file an export writes: a GLB, a .gltf with its files, or a VRM avatar (a GLB). */
export type ExportFormat = 'glb' | 'gltf' | 'vrm';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['glb', 'gltf', 'vrm'];

/** The container an export format is written as: a VRM is a GLB. */
export function containerOf(format: ExportFormat): 'glb' | 'gltf' {
  return format === 'gltf' ? 'gltf' : 'glb';
}

/** Options of `exportDocument`. */
export interface ExportOptions {
  /**
   * 'glb' (one file), 'gltf' (.gltf + .bin + images) or 'vrm' (a GLB named .vrm: only for a model
   * that holds a VRM humanoid, see src/vrm/vrm-export.ts).
   */
  format?: ExportFormat;
  /** 4 (JOINTS_0/WEIGHTS_0) or 8 (adds JOINTS_1/WEIGHTS_1). */
  maxInfluences?: 4 | 8;
  weights?: WeightEncoding;
  /** Drop influences below this weight before limiting (0: keep all). */
  prune?: number;
  /** Name of the file the model came from ("Fox.glb"); the export is named after it. */
  sourceName?: string;
  compression?: ExportCompression;
}

/** Defaults of {@link ExportOptions}. */
export const EXPORT_DEFAULTS: Required<ExportOptions> = {
  format: 'glb',
  maxInfluences: 4,
  weights: 'float',
  prune: 0,
  sourceName: 'model.glb',
  compression: 'auto',
};

/**
 * Draco's quantisation when re-encoding, in bits per component over each primitive's bounds.
 * Finer than glTF-Transform's defaults (14/10/12/12) where a rigger would see it: 16-bit
 * positions move a vertex by at most 1/131072 of its mesh's size, 16-bit generic attributes keep
 * float weights within 1e-5 of what was painted.
 */
export const DRACO_QUANTIZATION_BITS = { POSITION: 16, NORMAL: 12, TEX_COORD: 14, COLOR: 10, GENERIC: 16 };

export const WEIGHT_ENCODINGS: readonly WeightEncoding[] = ['float', 'unorm16', 'unorm8'];
export const COMPRESSIONS: readonly ExportCompression[] = ['auto', 'none', 'draco'];

/** Options as a form or a command line gives them: numbers may still be text. */
export interface ExportOptionsInput extends Omit<ExportOptions, 'maxInfluences' | 'prune'> {
  maxInfluences?: 4 | 8 | number | string;
  prune?: number | string;
}

/** A field of the options that is not valid; `message` reads on its own ("prune must be …"). */
export class ExportOptionError extends RangeError {
  constructor(
    readonly field: keyof ExportOptions,
    readonly detail: string,
  ) {
    super(`${field} ${detail}`);
    this.name = 'ExportOptionError';
  }
}

/** The options with defaults filled in, checked; throws {@link ExportOptionError} for the first bad field. */
export function resolveExportOptions(input: ExportOptionsInput = {}): Required<ExportOptions> {
  const o = { ...EXPORT_DEFAULTS };
  const fail = (field: keyof ExportOptions, detail: string, got: unknown): never => {
    throw new ExportOptionError(field, `${detail} (got ${String(got)})`);
  };
  if (input.format !== undefined) {
    if (!EXPORT_FORMATS.includes(input.format)) fail('format', 'must be glb, gltf or vrm', input.format);
    o.format = input.format;
  }
  if (input.maxInfluences !== undefined) {
    const n =
      typeof input.maxInfluences === 'string' ? Number(input.maxInfluences.trim()) : input.maxInfluences;
    if (n !== 4 && n !== 8) fail('maxInfluences', 'must be 4 or 8', input.maxInfluences);
    o.maxInfluences = n as 4 | 8;
  }
  if (input.weights !== undefined) {
    if (!WEIGHT_ENCODINGS.includes(input.weights))
      fail('weights', `must be ${WEIGHT_ENCODINGS.join(', ')}`, input.weights);
    o.weights = input.weights;
  }
  if (input.prune !== undefined) {
    const text = typeof input.prune === 'string' ? input.prune.trim() : null;
    const n = text === null ? input.prune : text === '' ? Number.NaN : Number(text);
    if (typeof n !== 'number' || !(n >= 0 && n < 1))
      fail('prune', 'must be a number from 0 up to (not including) 1', input.prune);
    o.prune = n as number;
  }
  if (input.sourceName !== undefined) o.sourceName = input.sourceName;
  if (input.compression !== undefined) {
    if (!COMPRESSIONS.includes(input.compression))
      fail('compression', `must be ${COMPRESSIONS.join(', ')}`, input.compression);
    o.compression = input.compression;
  }
  return o;
}
