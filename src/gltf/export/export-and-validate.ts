import { type VrmReport, vrmOfDocument, vrmReport } from '../../vrm/vrm-document.ts';
import { readGltfJson } from '../read-document.ts';
import type { SkinnedModel } from '../skinned-model.ts';
import { type ValidateInput, type ValidationReport, validateGltf } from '../validate.ts';
import { type ComparedReport, compareWithSource } from './compare-with-source.ts';
import { writeDecodedSource } from './decoded-source.ts';
import { type ExportOptions, type ExportResult, exportDocument } from './export-document.ts';

/** An export with the validator's verdict on it, as the export dialog shows it. */
export interface ValidatedExport extends ExportResult {
  /** The export's report, each message marked new or inherited from the source. */
  validation: ComparedReport;
  /** Milliseconds the validator took on the export (the source's report is cached). */
  validationMs: number;
  /**
   * For a VRM (any format it was written as): its version and name as written, and our own
   * consistency check (checkVrm: the glTF-Validator does not know VRM). Null for other files.
   */
  vrm: VrmReport | null;
}

/** Source reports by source bytes: the UI exports the same source many times. */
const sourceReports = new WeakMap<Uint8Array, Promise<ValidationReport>>();

async function makeSourceReport(model: SkinnedModel, source: ValidateInput): Promise<ValidationReport> {
  const report = await validateGltf(source);
  const decoded = await writeDecodedSource(model.document);
  if (!decoded) return report;
  // Compressed source: add what the validator finds in the decoded data (it cannot see inside).
  const inside = await validateGltf({ name: source.name, bytes: decoded });
  return { ...report, messages: [...report.messages, ...inside.messages] };
}

/**
 * The validator's report on the source file, computed once per source (bytes as opened). For a
 * Draco or meshopt source it also covers the decoded content (see `writeDecodedSource`).
 */
export function validateSource(model: SkinnedModel, source: ValidateInput): Promise<ValidationReport> {
  let report = sourceReports.get(source.bytes);
  if (!report) {
    report = makeSourceReport(model, source);
    sourceReports.set(source.bytes, report);
    report.catch(() => sourceReports.delete(source.bytes));
  }
  return report;
}

/** The VRM an export of `model` wrote, checked (see {@link ValidatedExport.vrm}); null for other files. */
export function writtenVrm(model: SkinnedModel, result: ExportResult): VrmReport | null {
  if (!vrmOfDocument(model.document)) return null;
  return vrmReport(readGltfJson(result.fileName, result.bytes ?? result.files!.get(result.fileName)!));
}

/**
 * What the UI's Export button and the CLI call: {@link exportDocument}, then the Khronos
 * glTF-Validator on the result (loaded on first use), with each message compared against the
 * source file's report (`source`: the file as opened, with its resources; null for a model made
 * in code) so errors the source already had outside what Skinsmith owns are marked inherited.
 * `sourceModel` is the model read from `source` (another than `model` when a structure step made
 * `model` from it). `validation.newErrors` is 0 for every export Skinsmith writes.
 */
export async function exportAndValidate(
  model: SkinnedModel,
  options: ExportOptions,
  source: ValidateInput | null,
  sourceModel: SkinnedModel = model,
): Promise<ValidatedExport> {
  // The source report first: it writes the document too, and export must not interleave with it.
  const sourceReport = source ? await validateSource(sourceModel, source) : null;
  const result = await exportDocument(model, options);
  const t0 = performance.now();
  const report = await validateGltf(
    result.bytes
      ? { name: result.fileName, bytes: result.bytes }
      : { name: result.fileName, bytes: result.files!.get(result.fileName)!, resources: result.files },
  );
  const validationMs = performance.now() - t0;
  return {
    ...result,
    validation: compareWithSource(sourceReport, report),
    validationMs,
    vrm: writtenVrm(model, result),
  };
}
