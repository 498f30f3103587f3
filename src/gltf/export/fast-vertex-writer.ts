/**
 * FastVertexWriter: writes vertex attribute data for glTF-Transform's writer with typed-array
 * copies instead of its per-component DataView loop.
 *
 * Why: glTF-Transform 4.5 interleaves vertex attributes one component at a time through a
 * DataView with a switch and accessor getters per vertex; for the 300k-vertex character that is
 * most of an export's time (DESIGN budget `export/300k` ≤ 250 ms). This is a write-only
 * glTF-Transform Extension using the writer's documented extension hooks, as
 * EXT_meshopt_compression does: in `prewrite('Buffer')` it lays out each primitive's vertex
 * accessors itself (interleaved, same layout as glTF-Transform: 4-byte aligned elements, one
 * buffer view per primitive with byteStride and target ARRAY_BUFFER) and hands the bytes over as
 * "other buffer views"; in `write` it points the accessors at those views and removes its own
 * name from extensionsUsed, so the file never mentions it. Accessors it cannot handle
 * (components wider than 4 bytes, mismatched counts) are left to glTF-Transform.
 */
import {
  type Accessor,
  type Buffer,
  Extension,
  type GLTF,
  type Property,
  PropertyType,
  type ReaderContext,
  WriterContext,
} from '@gltf-transform/core';

const NAME = 'SKINSMITH_fast_vertex_writer';

interface Pending {
  data: Uint8Array;
  stride: number;
  accessors: { def: GLTF.IAccessor; byteOffset: number }[];
}

const pad4 = (n: number) => (n + 3) & ~3;

type ComponentArray = Float32Array | Uint32Array | Uint16Array | Int16Array | Uint8Array | Int8Array;

/** A typed view of `bytes` with the accessor's component type (offsets are 4-byte aligned). */
function viewLike(array: ComponentArray, bytes: Uint8Array): ComponentArray {
  const Ctor = array.constructor as new (
    buffer: ArrayBufferLike,
    offset: number,
    length: number,
  ) => ComponentArray;
  return new Ctor(bytes.buffer, bytes.byteOffset, bytes.byteLength / array.BYTES_PER_ELEMENT);
}

/** Copies whole 32-bit words: one monomorphic loop for every element that is a multiple of 4 bytes. */
function copyWords(
  src: Uint32Array,
  dst: Uint32Array,
  count: number,
  words: number,
  step: number,
  at: number,
): void {
  for (let v = 0, s = 0, d = at; v < count; v++, d += step) {
    for (let w = 0; w < words; w++) dst[d + w] = src[s++];
  }
}

/** Copies components (elements of 1 or 2 bytes that are not a multiple of 4, e.g. VEC3 of uint8). */
function copyComponents(
  src: ComponentArray,
  dst: ComponentArray,
  count: number,
  size: number,
  step: number,
  at: number,
): void {
  for (let v = 0, s = 0, d = at; v < count; v++, d += step) {
    for (let c = 0; c < size; c++) dst[d + c] = src[s++];
  }
}

/** Interleaves `accessors` (same count) into one strided block; returns it with element offsets. */
function interleave(accessors: Accessor[]): { data: Uint8Array; stride: number; offsets: number[] } {
  const count = accessors[0].getCount();
  const offsets: number[] = [];
  let stride = 0;
  for (const a of accessors) {
    offsets.push(stride);
    stride += pad4(a.getElementSize() * a.getComponentSize());
  }
  const only = accessors[0].getArray() as ComponentArray;
  if (accessors.length === 1 && stride === accessors[0].getElementSize() * accessors[0].getComponentSize()) {
    // Tightly packed already: the writer copies it into the buffer, no need to copy here.
    return { data: new Uint8Array(only.buffer, only.byteOffset, count * stride), stride, offsets };
  }
  const data = new Uint8Array(count * stride);
  const dst32 = new Uint32Array(data.buffer);
  accessors.forEach((a, k) => {
    const src = a.getArray() as ComponentArray;
    const bytes = a.getElementSize() * a.getComponentSize();
    if (bytes % 4 === 0 && src.byteOffset % 4 === 0) {
      const src32 = new Uint32Array(src.buffer, src.byteOffset, (count * bytes) / 4);
      copyWords(src32, dst32, count, bytes / 4, stride / 4, offsets[k] / 4);
    } else {
      const n = src.BYTES_PER_ELEMENT;
      copyComponents(src, viewLike(src, data), count, a.getElementSize(), stride / n, offsets[k] / n);
    }
  });
  return { data, stride, offsets };
}

/** See the module comment. Register it on the WebIO and create it on the document being written. */
export class FastVertexWriter extends Extension {
  static override readonly EXTENSION_NAME = NAME;
  public override readonly extensionName = NAME;
  public override readonly prewriteTypes = [PropertyType.BUFFER];
  private pending: Pending[] = [];

  /** Write-only: files never carry this name. */
  read(_context: ReaderContext): this {
    return this;
  }

  override prewrite(context: WriterContext, _type: PropertyType): this {
    const groups = new Map<Buffer, Map<Property | undefined, Accessor[]>>();
    for (const accessor of this.document.getRoot().listAccessors()) {
      const buffer = accessor.getBuffer();
      const array = accessor.getArray();
      if (!buffer || !array || context.accessorIndexMap.has(accessor)) continue;
      if (context.getAccessorUsage(accessor) !== WriterContext.BufferViewUsage.ARRAY_BUFFER) continue;
      if (accessor.getComponentSize() > 4) continue;
      const byParent = groups.get(buffer) ?? new Map<Property | undefined, Accessor[]>();
      groups.set(buffer, byParent);
      const parent = context.accessorParents.get(accessor);
      byParent.set(parent, [...(byParent.get(parent) ?? []), accessor]);
    }
    const json = context.jsonDoc.json;
    json.accessors ??= [];
    for (const [buffer, byParent] of groups) {
      for (const accessors of byParent.values()) {
        if (accessors.some((a) => a.getCount() !== accessors[0].getCount())) continue;
        const { data, stride, offsets } = interleave(accessors);
        const pending: Pending = { data, stride, accessors: [] };
        accessors.forEach((accessor, k) => {
          const def = context.createAccessorDef(accessor);
          context.accessorIndexMap.set(accessor, json.accessors!.length);
          json.accessors!.push(def);
          pending.accessors.push({ def, byteOffset: offsets[k] });
        });
        const views = context.otherBufferViews.get(buffer) ?? [];
        views.push(data);
        context.otherBufferViews.set(buffer, views);
        this.pending.push(pending);
      }
    }
    return this;
  }

  override write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const { data, stride, accessors } of this.pending) {
      const index = context.otherBufferViewsIndexMap.get(data)!;
      const view = json.bufferViews![index];
      view.byteStride = stride;
      view.target = WriterContext.BufferViewTarget.ARRAY_BUFFER;
      for (const { def, byteOffset } of accessors) {
        def.bufferView = index;
        def.byteOffset = byteOffset;
      }
    }
    this.pending = [];
    json.extensionsUsed = json.extensionsUsed?.filter((n) => n !== NAME);
    json.extensionsRequired = json.extensionsRequired?.filter((n) => n !== NAME);
    return this;
  }
}
