/**
 * exportDocument: writes the editor's model back to glTF: the Document import read, with the
 * editor's weights as JOINTS_n/WEIGHTS_n, and everything else as the source had it.
 */
import { editNotes } from '../../skeleton/edit-notes.ts';
import { VrmExportError, vrmExportRefusal } from '../../vrm/vrm-document.ts';
import { withDocumentLock } from '../document-lock.ts';
import type { SkinnedModel } from '../skinned-model.ts';
import {
  containerOf,
  type ExportFormat,
  type ExportOptions,
  resolveExportOptions,
} from './export-options.ts';
import { ExportStage } from './export-stage.ts';
import { stageSkinSkeletons } from './fix-skin-skeleton.ts';
import { prepareExportWeights } from './prepare-export-weights.ts';
import type { RestoredExtensions } from './source-extensions.ts';
import {
  DRACO,
  EXACT_COMPRESSION,
  stageAnimationAccessorsApart,
  stageBufferUris,
  stageSingleBuffer,
  stageTextureUris,
  stageUnitVectors,
  stageWithoutCompression,
} from './stage-container.ts';
import { stageWeightAccessors } from './stage-weights.ts';
import { writeExport } from './write-export.ts';

export type { ExportCompression, ExportFormat, ExportOptions, WeightEncoding } from './export-options.ts';
export { EXPORT_DEFAULTS } from './export-options.ts';

/** What {@link exportDocument} wrote. */
export interface ExportResult {
  format: ExportFormat;
  /** "Fox.glb", "Fox.gltf" or "Fox.vrm": the source's name with the export's extension. */
  fileName: string;
  /** The GLB (format 'glb' or 'vrm'). */
  bytes?: Uint8Array;
  /** The .gltf (first, under `fileName`), its .bin and images by relative path (format 'gltf'). */
  files?: Map<string, Uint8Array>;
  /** Bytes written in all. */
  size: number;
  /** `histogram[n]`: skinned vertices with n non-zero influences as written (index 0…K). */
  histogram: number[];
  /** Skins whose invalid `skeleton` was fixed in the file. */
  fixedSkeletons: number;
  /** Compression extensions the source used that the export writes uncompressed. */
  decompressed: string[];
  /** Compression extensions the source used that the export writes again (meshopt: exact). */
  recompressed: string[];
  /** Primitives re-encoded with Draco (compression 'draco'; 0 otherwise). */
  dracoEncoded: number;
  /**
   * Source extensions glTF-Transform does not implement, written back as they were (`restored`),
   * or that could not be (`dropped`, with where); texture/sampler names put back.
   */
  extensions: RestoredExtensions;
  /**
   * What skeleton edits did to the file that the user should know (channels of a deleted joint
   * dropped, keys resampled…): src/skeleton/edit-notes.ts. Empty for a file not edited so.
   */
  editNotes: string[];
}

/** "Fox.glb" → "Fox"; "my model.gltf" → "my model"; "Alicia.vrm" → "Alicia". */
export function exportBaseName(sourceName: string): string {
  const name = sourceName.split(/[\\/]/).pop() || 'model';
  return name.replace(/\.(glb|gltf|vrm|zip)$/i, '') || 'model';
}

/** A base name safe to build resource file names from (.bin, images) inside a .gltf. */
function resourceBase(base: string): string {
  return base.replace(/[^\w\-.]+/g, '_').replace(/^\.+/, '') || 'model';
}

/**
 * Exports the model as GLB or .gltf. Steps:
 *
 * 1. per skinned primitive, a copy of the editor's weights is pruned (optional), limited to
 *    `maxInfluences` (strongest kept), renormalised, and for unorm quantised so the integers sum
 *    to exactly 65535 / 255 (largest remainder);
 * 2. the Document is staged for the write: new JOINTS_n/WEIGHTS_n accessors (extra sets taken
 *    away), invalid `skin.skeleton` fixed, compression set aside, one buffer for a GLB, safe
 *    file names for a .gltf's resources;
 * 3. glTF-Transform writes it; the stage is undone, so the editor's Document is as before and
 *    any number of exports with different options give the same result as the first.
 *
 * Nodes, names, transforms, meshes, other attributes, indices, materials, textures, animations,
 * morph targets, cameras, lights, extensions and extras come back as glTF-Transform read them.
 */
export async function exportDocument(
  model: SkinnedModel,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const o = resolveExportOptions(options);
  const container = containerOf(o.format);
  if (o.format === 'vrm') {
    const refusal = vrmExportRefusal(model.document);
    if (refusal) throw new VrmExportError(refusal);
  }
  const base = exportBaseName(o.sourceName);
  const fileName = `${base}.${o.format}`;
  const prepared = prepareExportWeights(model, o);

  const { document } = model;
  return withDocumentLock(document, async () => {
    const stage = new ExportStage();
    try {
      const setAside = stageWithoutCompression(stage, document);
      // meshopt is exact: written again (a second pass over the written file), Draco is not.
      const recompressed =
        o.compression === 'auto' ? setAside.filter((n) => EXACT_COMPRESSION.includes(n)) : [];
      const decompressed = setAside.filter(
        (n) => !recompressed.includes(n) && !(o.compression === 'draco' && n === DRACO),
      );
      // What the compressed source hid from the validator must not show in the uncompressed export.
      if (setAside.length > 0) stageUnitVectors(stage, document);
      // Buffers first: staging weights may unset buffers of accessors it replaces.
      stageSingleBuffer(stage, document, container === 'glb');
      stageAnimationAccessorsApart(stage, document);
      stageWeightAccessors(stage, document, prepared.primitives);
      const fixedSkeletons = stageSkinSkeletons(stage, document);
      if (container === 'gltf') {
        const rb = resourceBase(base);
        const reserved = stageBufferUris(stage, document, rb);
        reserved.add(fileName);
        stageTextureUris(stage, document, rb, reserved);
      }
      const written = await writeExport(document, container, fileName, resourceBase(base), {
        meshopt: recompressed.includes('EXT_meshopt_compression'),
        draco: o.compression === 'draco',
      });
      return {
        format: o.format,
        fileName,
        ...written,
        histogram: prepared.histogram,
        fixedSkeletons,
        decompressed,
        recompressed,
        dracoEncoded: written.dracoEncoded,
        editNotes: editNotes(document),
      };
    } finally {
      stage.restore();
    }
  });
}
