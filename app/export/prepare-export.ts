import type { ValidatedExport } from '../../src/gltf/export/export-and-validate.ts';
import { type ExportOptions, exportBaseName } from '../../src/gltf/export/export-document.ts';
import { editor } from '../editor-instance.ts';
import { installValidatorWorker } from './validator-client.ts';

// Every export of the page validates in a worker (the validator would block the page for a big file).
installValidatorWorker();

/** The one file a browser download saves: a GLB, or a .gltf export's files zipped together. */
export interface DownloadFile {
  fileName: string;
  bytes: Uint8Array;
  mimeType: string;
}

/** An export ready to show (validation, histogram) and to save. */
export interface PreparedExport {
  result: ValidatedExport;
  download: DownloadFile;
  /** The editor's weights revision the export was taken from (for `editor.markExported`). */
  revision: number;
}

/**
 * Runs `editor.export` and turns the result into one downloadable file. A .gltf export is
 * several files (the .gltf, its .bin, textures) and a browser saves one file per click, so it
 * becomes "<name>.zip" holding the folder exactly as the CLI would write it.
 */
export async function prepareExport(options: ExportOptions): Promise<PreparedExport> {
  // Read before exporting: if weights changed during the export, the mark errs on "unexported".
  const revision = editor.weightsRevision;
  const result = await editor.export(options);
  const download: DownloadFile = result.bytes
    ? { fileName: result.fileName, bytes: result.bytes, mimeType: 'model/gltf-binary' }
    : {
        fileName: `${exportBaseName(result.fileName)}.zip`,
        // fflate loads with the first .gltf export: most exports are GLBs.
        bytes: (await import('../../src/gltf/export/zip-files.ts')).zipFiles(result.files!),
        mimeType: 'application/zip',
      };
  return { result, download, revision };
}
