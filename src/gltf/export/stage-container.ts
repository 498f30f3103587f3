import { Accessor, type Document, type Extension, ImageUtils } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { ExportStage } from './export-stage.ts';

/** Draco mesh compression: lossy (quantised), so never re-encoded unless asked for. */
export const DRACO = 'KHR_draco_mesh_compression';
/** Extensions that only compress geometry or buffers. */
const COMPRESSION = [DRACO, 'EXT_meshopt_compression', 'KHR_meshopt_compression'];

/**
 * Export writes geometry uncompressed. Re-encoding Draco would re-quantise positions and reorder
 * vertices (so the weights would no longer line up with a re-import's vertices and "decoded
 * content equal" would fail), and meshopt needs its encoder in every client; an uncompressed
 * file holds exactly the decoded content. The extensions are set aside for the write and put
 * back afterwards. Returns the names of the extensions set aside.
 */
export function stageWithoutCompression(stage: ExportStage, document: Document): string[] {
  const removed = document
    .getRoot()
    .listExtensionsUsed()
    .filter((ext) => COMPRESSION.includes(ext.extensionName))
    .map((ext) => ({ name: ext.extensionName, required: ext.isRequired() }));
  for (const { name } of removed) document.disposeExtension(name);
  stage.onRestore(() => {
    for (const { name, required } of removed) {
      // ALL_EXTENSIONS is typed as the abstract base class; its members are concrete.
      const ctor = ALL_EXTENSIONS.find((e) => e.EXTENSION_NAME === name) as
        | (new (
            doc: Document,
          ) => Extension)
        | undefined;
      if (ctor) document.createExtension(ctor).setRequired(required);
    }
  });
  return removed.map((r) => r.name);
}

/** Compression that gives back exactly what it was given: meshopt without filters. */
export const EXACT_COMPRESSION = ['EXT_meshopt_compression'];

/** True when something other than the Root (a primitive, skin, sampler…) uses the accessor. */
export function isAccessorUsed(accessor: Accessor): boolean {
  return accessor.listParents().some((p) => p.propertyType !== 'Root');
}

/**
 * Makes the document writable with one buffer: a GLB holds at most one (a .gltf such as
 * SimpleSkin may have several), and accessors made in code may have none. Accessors of the other
 * buffers move to the first; those buffers are disposed for the write and recreated (same name,
 * URI, extras, extensions, in the same order) with their accessors afterwards. Call before staging weights.
 */
export function stageSingleBuffer(stage: ExportStage, document: Document, single: boolean): void {
  const root = document.getRoot();
  let buffers = root.listBuffers();
  if (buffers.length === 0) {
    const created = document.createBuffer();
    stage.onRestore(() => created.dispose());
    buffers = [created];
  }
  const first = buffers[0];
  // Referenced accessors without a buffer would make the writer emit an undefined index.
  const homeless = root.listAccessors().filter((a) => !a.getBuffer() && isAccessorUsed(a));
  for (const a of homeless) a.setBuffer(first);
  stage.onRestore(() => {
    for (const a of homeless) a.setBuffer(null);
  });
  if (!single || buffers.length < 2) return;
  const moved = buffers.slice(1).map((buffer) => {
    const accessors = buffer.listParents().filter((p): p is Accessor => p instanceof Accessor);
    return {
      name: buffer.getName(),
      uri: buffer.getURI(),
      extras: buffer.getExtras(),
      // e.g. EXT_meshopt_compression's fallback flag: outlives the buffer, re-attached below.
      extensions: buffer.listExtensions(),
      buffer,
      accessors,
    };
  });
  for (const m of moved) {
    for (const a of m.accessors) a.setBuffer(first);
    m.buffer.dispose();
  }
  stage.onRestore(() => {
    for (const m of moved) {
      const buffer = document.createBuffer(m.name).setURI(m.uri).setExtras(m.extras);
      for (const ext of m.extensions) buffer.setExtension(ext.extensionName, ext);
      for (const a of m.accessors) a.setBuffer(buffer);
    }
  });
}

/** A URI we are willing to write a file for: relative, no scheme, no `..`, tame characters. */
function isSafeRelativeUri(uri: string): boolean {
  if (!uri || uri.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(uri)) return false;
  if (!/^[\w\-. /]+$/.test(uri)) return false;
  return uri.split('/').every((part) => part !== '..' && part !== '.' && part !== '');
}

/**
 * For a .gltf: gives every image a safe, unique file name. A source URI that is a plain relative
 * path is kept; others (none, data: URIs, `..`, duplicates) become `<base>_<n>.<ext>`. Without
 * this, glTF-Transform would reuse a duplicate URI for two different images and drop one.
 */
export function stageTextureUris(
  stage: ExportStage,
  document: Document,
  base: string,
  reserved: Set<string>,
): void {
  const taken = new Set([...reserved].map((n) => n.toLowerCase()));
  document
    .getRoot()
    .listTextures()
    .forEach((texture, index) => {
      const before = texture.getURI();
      let uri = before;
      if (!isSafeRelativeUri(uri) || taken.has(uri.toLowerCase())) {
        const ext = ImageUtils.mimeTypeToExtension(texture.getMimeType()) || 'bin';
        let n = index;
        do uri = `${base}_${n++}.${ext}`;
        while (taken.has(uri.toLowerCase()));
      }
      taken.add(uri.toLowerCase());
      if (uri !== before) {
        texture.setURI(uri);
        stage.onRestore(() => texture.setURI(before));
      }
    });
}

/**
 * For a .gltf: names the buffers after the export (`Fox.bin`, then `Fox_1.bin`…), whatever the
 * source called them, so the files written beside the .gltf are predictable. Returns the names.
 */
export function stageBufferUris(stage: ExportStage, document: Document, base: string): Set<string> {
  const names = new Set<string>();
  document
    .getRoot()
    .listBuffers()
    .forEach((buffer, index) => {
      const before = buffer.getURI();
      const uri = index === 0 ? `${base}.bin` : `${base}_${index}.bin`;
      names.add(uri);
      buffer.setURI(uri);
      stage.onRestore(() => buffer.setURI(before));
    });
  return names;
}

/**
 * Gives animation samplers their own copy of any input/output accessor that is also used
 * elsewhere (a vertex attribute, say): glTF-Transform writes vertex attributes in strided views,
 * and a sampler reading one is ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE. Malformed sources do
 * this; the export must not add the error. Undone after the write.
 */
export function stageAnimationAccessorsApart(stage: ExportStage, document: Document): number {
  let copies = 0;
  const shared = (a: Accessor) =>
    a.listParents().some((p) => p.propertyType !== 'Root' && p.propertyType !== 'AnimationSampler');
  for (const animation of document.getRoot().listAnimations()) {
    for (const sampler of animation.listSamplers()) {
      for (const [get, set] of [
        [() => sampler.getInput(), (a: Accessor | null) => sampler.setInput(a)],
        [() => sampler.getOutput(), (a: Accessor | null) => sampler.setOutput(a)],
      ] as const) {
        const original = get();
        if (!original || !shared(original)) continue;
        const copy = original.clone();
        set(copy);
        copies++;
        stage.onRestore(() => {
          set(original);
          copy.dispose();
        });
      }
    }
  }
  return copies;
}

/**
 * Decoded Draco and meshopt normals and tangents are quantised: they come back up to ~1e-3 off
 * unit length, which the validator reports (ACCESSOR_VECTOR3_NON_UNIT, ACCESSOR_VECTOR4_NON_UNIT…)
 * on the uncompressed export while the compressed source hid them from it. The glTF spec requires
 * them unit, so export normalises float NORMAL and TANGENT (xyz; w is the handedness) of every
 * primitive for the write — zero vectors are left as they are — and puts the arrays back after.
 * Returns how many accessors it normalised.
 */
export function stageUnitVectors(stage: ExportStage, document: Document): number {
  const done = new Set<Accessor>();
  let normalised = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      for (const semantic of ['NORMAL', 'TANGENT'] as const) {
        const accessor = prim.getAttribute(semantic);
        if (!accessor || done.has(accessor)) continue;
        done.add(accessor);
        const array = accessor.getArray();
        if (!(array instanceof Float32Array) || accessor.getNormalized()) continue;
        const size = accessor.getElementSize();
        if (size < 3) continue;
        const unit = unitVectors(array, size);
        if (!unit) continue;
        accessor.setArray(unit);
        normalised++;
        stage.onRestore(() => accessor.setArray(array));
      }
    }
  }
  return normalised;
}

/** A copy of `array` with every xyz of `size`-wide elements at unit length, or null if all are already. */
function unitVectors(array: Float32Array, size: number): Float32Array | null {
  let out: Float32Array | null = null;
  for (let i = 0; i + 2 < array.length; i += size) {
    const x = array[i];
    const y = array[i + 1];
    const z = array[i + 2];
    const l = Math.hypot(x, y, z);
    if (!(l > 0) || Math.abs(l - 1) <= 1e-6) continue;
    out ??= array.slice();
    out[i] = x / l;
    out[i + 1] = y / l;
    out[i + 2] = z / l;
  }
  return out;
}
