import { Document, Logger, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRMeshQuantization } from '@gltf-transform/extensions';
import { describe, expect, it } from 'vitest';
import { writeExport } from '../../src/gltf/export/write-export.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import { diffDocuments } from './support/diff-documents.ts';

/** Vertex attributes of every width the writer has to pad and interleave. */
function oddLayouts(): Document {
  const doc = new Document();
  doc.createExtension(KHRMeshQuantization).setRequired(true);
  const buffer = doc.createBuffer();
  const n = 5;
  const acc = (type: 'VEC2' | 'VEC3' | 'VEC4', array: ArrayLike<number> & object, normalized = false) =>
    doc
      .createAccessor('', buffer)
      .setType(type)
      .setArray(array as Float32Array)
      .setNormalized(normalized);
  const position = new Int16Array(n * 3).map((_, i) => (i * 37) % 100);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', position))
    .setAttribute(
      'COLOR_0',
      acc(
        'VEC3',
        new Uint8Array(n * 3).map((_, i) => i * 11),
        true,
      ),
    )
    .setAttribute(
      'TEXCOORD_0',
      acc(
        'VEC2',
        new Uint16Array(n * 2).map((_, i) => i * 1000),
        true,
      ),
    )
    .setAttribute(
      'TEXCOORD_1',
      acc(
        'VEC2',
        new Float32Array(n * 2).map((_, i) => i / 7),
      ),
    )
    .setAttribute(
      '_FLAGS',
      acc(
        'VEC2',
        new Int8Array(n * 2).map((_, i) => i - 5),
      ),
    );
  const target = doc.createPrimitiveTarget('smile').setAttribute(
    'POSITION',
    acc(
      'VEC3',
      new Float32Array(n * 3).map((_, i) => (i % 4 === 0 ? 0.5 : 0)),
    ).setSparse(true),
  );
  prim.addTarget(target);
  doc.createScene().addChild(doc.createNode('n').setMesh(doc.createMesh('m').addPrimitive(prim)));
  return doc;
}

describe('writeExport (fast vertex layout)', () => {
  it('writes padded, interleaved attributes of every component type exactly', async () => {
    const doc = oddLayouts();
    const { bytes } = await writeExport(doc, 'glb', 'odd.glb', 'odd');
    const back = await readDocument({ name: 'odd.glb', bytes: bytes! });
    expect(diffDocuments(doc, back)).toEqual([]);
    const report = await validateGltf({ bytes: bytes! });
    expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
    // Same data as glTF-Transform's own writer.
    const reference = await new WebIO()
      .setLogger(new Logger(Logger.Verbosity.ERROR))
      .registerExtensions(ALL_EXTENSIONS)
      .writeBinary(doc);
    const viaReference = await readDocument({ name: 'ref.glb', bytes: reference });
    expect(diffDocuments(viaReference, back)).toEqual([]);
    expect(
      doc
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toEqual(['KHR_mesh_quantization']);
    const json = JSON.parse(
      new TextDecoder().decode(bytes!.subarray(20, 20 + new DataView(bytes!.buffer).getUint32(12, true))),
    );
    expect(json.extensionsUsed).toEqual(['KHR_mesh_quantization']);
  });
});
