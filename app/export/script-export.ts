import type { ComparedMessage } from '../../src/gltf/export/compare-with-source.ts';
import type { ExportFormat, ExportOptions } from '../../src/gltf/export/export-document.ts';
import type { VrmReport } from '../../src/vrm/vrm-document.ts';
import { prepareExport } from './prepare-export.ts';

/** What `window.skinsmith.export` resolves with (plain data: it crosses to Playwright and workers). */
export interface ScriptExport {
  /** The file the Download button would save: "Fox.glb", "Fox.vrm", or "Fox.zip" for a .gltf export. */
  fileName: string;
  format: ExportFormat;
  /** Bytes written in all (for a .gltf: the .gltf, .bin and images, unzipped). */
  size: number;
  /** The GLB, or the .zip of the .gltf export's files. */
  bytes: Uint8Array;
  /** `histogram[n]`: skinned vertices with n influences as written. */
  histogram: number[];
  validation: {
    validatorVersion: string;
    errors: number;
    warnings: number;
    infos: number;
    hints: number;
    /** Errors of the export's own: always 0. */
    newErrors: number;
    /** Errors the source file already had outside what Skinsmith writes. */
    inheritedErrors: number;
    messages: ComparedMessage[];
  };
  /** A VRM's version, name, human bones (bone → node) and checkVrm's problems as written; null for other files. */
  vrm: (Omit<VrmReport, 'humanBones'> & { humanBones: Record<string, number> }) | null;
}

/**
 * `window.skinsmith.export`: exports exactly as the dialog does, without downloading. It does
 * not mark the weights as exported (the bytes may never reach a file); a script that saves them
 * calls `skinsmith.editor.markExported()`.
 */
export async function scriptExport(options: ExportOptions = {}): Promise<ScriptExport> {
  const { result, download } = await prepareExport(options);
  const { messages, validatorVersion, errors, warnings, infos, hints, newErrors, inheritedErrors } =
    result.validation;
  return {
    fileName: download.fileName,
    format: result.format,
    size: result.size,
    bytes: download.bytes,
    histogram: result.histogram,
    validation: { validatorVersion, errors, warnings, infos, hints, newErrors, inheritedErrors, messages },
    vrm: result.vrm && { ...result.vrm, humanBones: Object.fromEntries(result.vrm.humanBones) },
  };
}
