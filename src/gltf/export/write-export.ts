import { type Document, Format, type JSONDocument, Logger, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import { loadDracoEncoder } from '../decoders.ts';
import { DRACO_QUANTIZATION_BITS } from './export-options.ts';
import { FastVertexWriter } from './fast-vertex-writer.ts';
import { patchNearDefaults } from './patch-near-defaults.ts';
import { type RestoredExtensions, restoreSourceExtensions } from './source-extensions.ts';

/** What {@link writeExport} produced: one GLB, or a .gltf with the files it references. */
export interface WrittenExport {
  /** The GLB (format 'glb'). */
  bytes?: Uint8Array;
  /** The .gltf first, then its .bin and images, by relative path (format 'gltf'). */
  files?: Map<string, Uint8Array>;
  /** Total bytes. */
  size: number;
  /** Source extensions glTF-Transform does not keep, written back (or reported dropped). */
  extensions: RestoredExtensions;
  /** Primitives Draco-encoded (option `draco`). */
  dracoEncoded: number;
}

let io: WebIO | null = null;

/**
 * One writer for every export (registering extensions is not free). Its logger is quiet below
 * errors: glTF-Transform warns "Skipped writing one or more Accessors: no Buffer assigned" for
 * the replaced weight accessors that staging keeps out of the file on purpose.
 */
function writer(): WebIO {
  io ??= new WebIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .registerExtensions([...ALL_EXTENSIONS, FastVertexWriter]);
  return io;
}

let meshoptIO: WebIO | null = null;

/** The writer for meshopt-compressed exports (the encoder loads on first use). */
async function meshoptWriter(): Promise<WebIO> {
  if (meshoptIO) return meshoptIO;
  const { MeshoptEncoder } = await import('meshoptimizer');
  await MeshoptEncoder.ready;
  meshoptIO = new WebIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  return meshoptIO;
}

async function compressWithMeshopt(
  written: JSONDocument,
  format: 'glb' | 'gltf',
  base: string,
): Promise<JSONDocument> {
  const io = await meshoptWriter();
  const doc = await io.readJSON(written);
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  return io.writeJSON(doc, { format: format === 'glb' ? Format.GLB : Format.GLTF, basename: base });
}

/**
 * Draco: the written file read back and every indexed triangle primitive encoded (edgebreaker,
 * {@link DRACO_QUANTIZATION_BITS}). Lossy by nature: the dialog and the CLI say so.
 */
async function compressWithDraco(
  written: JSONDocument,
  format: 'glb' | 'gltf',
  base: string,
): Promise<{ written: JSONDocument; encoded: number }> {
  const io = new WebIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'draco3d.encoder': await loadDracoEncoder() });
  const doc = await io.readJSON(written);
  doc.createExtension(KHRDracoMeshCompression).setRequired(true).setEncoderOptions({
    method: KHRDracoMeshCompression.EncoderMethod.EDGEBREAKER,
    quantizationBits: DRACO_QUANTIZATION_BITS,
  });
  const out = await io.writeJSON(doc, {
    format: format === 'glb' ? Format.GLB : Format.GLTF,
    basename: base,
  });
  let encoded = 0;
  for (const mesh of (out.json.meshes ?? []) as { primitives: { extensions?: Record<string, unknown> }[] }[])
    for (const p of mesh.primitives) if (p.extensions?.[KHRDracoMeshCompression.EXTENSION_NAME]) encoded++;
  return { written: out, encoded };
}

/** A URI as the relative path of the file it names. */
function uriToPath(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

/** Packs JSON and the binary buffer into a GLB (glTF 2.0 §4.4: JSON padded with spaces, BIN with zeros). */
export function packGlb(json: JSONDocument['json'], bin: Uint8Array | undefined): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.byteLength);
  const binLength = bin && bin.byteLength > 0 ? pad4(bin.byteLength) : 0;
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (binLength && bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // 'BIN\0'
    out.set(bin, at + 8);
  }
  return out;
}

/**
 * Writes a (staged) document as a GLB or as `<fileName>` + resources, with glTF-Transform's
 * writer and near-default values put back exactly (see `patchNearDefaults`). The .gltf's JSON
 * is indented, as hand-inspected .gltf files usually are.
 */
export async function writeExport(
  document: Document,
  format: 'glb' | 'gltf',
  fileName: string,
  base: string,
  options: { meshopt?: boolean; draco?: boolean } = {},
): Promise<WrittenExport> {
  // Created for this write only (an extension the document holds is one the writer runs).
  document.createExtension(FastVertexWriter);
  let written: JSONDocument;
  try {
    written = await writer().writeJSON(document, {
      format: format === 'glb' ? Format.GLB : Format.GLTF,
      basename: base,
    });
  } finally {
    document.disposeExtension(FastVertexWriter.EXTENSION_NAME);
  }
  // meshopt: the written file read back and written again compressed (lossless QUANTIZE method:
  // byte-level, no filters), so the editor's document and its staged accessors never meet the
  // encoder's layout. Near-default values and source extensions are patched after either pass.
  if (options.meshopt) written = await compressWithMeshopt(written, format, base);
  let dracoEncoded = 0;
  if (options.draco) ({ written, encoded: dracoEncoded } = await compressWithDraco(written, format, base));
  const { json, resources } = written;
  patchNearDefaults(json, document);
  const extensions = restoreSourceExtensions(json as unknown as Record<string, unknown>, document);
  if (format === 'glb') {
    // A GLB's only resource is its BIN chunk (images live in buffer views).
    const bytes = packGlb(json, Object.values(resources)[0]);
    return { bytes, size: bytes.byteLength, extensions, dracoEncoded };
  }
  const files = new Map<string, Uint8Array>();
  files.set(fileName, new TextEncoder().encode(JSON.stringify(json, null, 2)));
  for (const [uri, data] of Object.entries(resources)) files.set(uriToPath(uri), data);
  let size = 0;
  for (const data of files.values()) size += data.byteLength;
  return { files, size, extensions, dracoEncoded };
}
