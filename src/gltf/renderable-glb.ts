import { type Document, type Extension, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

/** Extensions that only compress geometry: the viewport gets the decoded data instead. */
const COMPRESSION = ['KHR_draco_mesh_compression', 'EXT_meshopt_compression', 'KHR_meshopt_compression'];

/**
 * The document as an uncompressed GLB for the viewport's three.js loader. Its JSON indices are
 * the Document's list order, so viewport objects map back to document meshes and primitives.
 * Compression extensions are set aside while writing (they need encoders and add nothing the
 * viewport needs) and put back afterwards, so the document itself is unchanged.
 */
export async function writeRenderableGlb(document: Document): Promise<Uint8Array> {
  const root = document.getRoot();
  const removed = root
    .listExtensionsUsed()
    .filter((ext) => COMPRESSION.includes(ext.extensionName))
    .map((ext) => ({ name: ext.extensionName, required: ext.isRequired() }));
  for (const { name } of removed) document.disposeExtension(name);
  try {
    return await new WebIO().registerExtensions(ALL_EXTENSIONS).writeBinary(document);
  } finally {
    for (const { name, required } of removed) {
      const ctor = ALL_EXTENSIONS.find((e) => e.EXTENSION_NAME === name);
      if (ctor)
        document.createExtension(ctor as unknown as new (doc: Document) => Extension).setRequired(required);
    }
  }
}
