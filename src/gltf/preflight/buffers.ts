import { type JsonChecker, type JsonObject, show } from './json.ts';
import { formatBytes, formatCount } from './limits.ts';
import { ACCESSOR_TYPES } from './structure.ts';

/** Bytes per component, by glTF componentType (5131 and 5130: KHR_accessor_float16/64). */
export const COMPONENT_BYTES: Record<number, number> = {
  5120: 1,
  5121: 1,
  5122: 2,
  5123: 2,
  5125: 4,
  5126: 4,
  5131: 2,
  5130: 8,
};

/** Components per element, by accessor type. */
export const TYPE_COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};

const SPARSE_INDEX_TYPES = [5121, 5123, 5125];
const MESHOPT = 'EXT_meshopt_compression';
const MESHOPT_MODES = ['ATTRIBUTES', 'TRIANGLES', 'INDICES'];
const MESHOPT_FILTERS = ['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL'];

/** What the buffer checks learn, for the checks that read data (sparse indices, skins). */
export interface BufferLayout {
  /** Each buffer view's bytes, or null where an extension (meshopt) produces them while reading. */
  views: (Uint8Array | null)[];
  /** Each accessor's type and componentType, checked. */
  accessors: { type: string; componentType: number; count: number; bufferView?: number }[];
}

/** Float16 accessors need Float16Array and DataView.getFloat16, which not every engine has. */
const HAVE_FLOAT16 =
  typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function' &&
  typeof (DataView.prototype as { getFloat16?: unknown }).getFloat16 === 'function';

/** Buffer byteLength against the bytes given; a buffer with no bytes is `undefined`. */
function checkBuffers(c: JsonChecker, data: (Uint8Array | undefined)[]): number[] {
  return c.list('buffers').map((buffer, i) => {
    const path = `buffers[${i}]`;
    const byteLength = c.requiredInt(buffer, 'byteLength', path, 1);
    const bytes = data[i];
    if (bytes && bytes.byteLength < byteLength) {
      c.fail(
        'truncated',
        `buffer ${i} should hold ${formatBytes(byteLength)} but only ${formatBytes(bytes.byteLength)} are there; the file is truncated.`,
      );
    }
    return byteLength;
  });
}

function checkMeshoptView(
  c: JsonChecker,
  ext: JsonObject,
  path: string,
  data: (Uint8Array | undefined)[],
): number {
  const buffer = c.requiredRef(ext, 'buffer', path, 'buffers');
  const byteOffset = c.int(ext, 'byteOffset', path) ?? 0;
  const byteLength = c.requiredInt(ext, 'byteLength', path, 1);
  const byteStride = c.requiredInt(ext, 'byteStride', path, 1, 256);
  const count = c.requiredInt(ext, 'count', path, 1);
  c.string(ext, 'mode', path, MESHOPT_MODES);
  c.string(ext, 'filter', path, MESHOPT_FILTERS);
  if (ext.mode === undefined) c.invalid(`${path}.mode is missing.`);
  const bytes = data[buffer];
  if (!bytes) c.invalid(`${path} reads compressed data from buffer ${buffer}, which has no data.`);
  if (byteOffset + byteLength > bytes.byteLength) {
    c.invalid(`${path} reads past the end of buffer ${buffer} (${formatBytes(bytes.byteLength)}).`);
  }
  const decoded = count * byteStride;
  if (decoded > c.limits.maxAccessorBytes) {
    c.fail(
      'too-large',
      `${path} decompresses to ${formatBytes(decoded)}; the limit is ${formatBytes(c.limits.maxAccessorBytes)}.`,
    );
  }
  return decoded;
}

/** Buffer views inside their buffers; returns each view's bytes (null when meshopt makes them). */
function checkBufferViews(c: JsonChecker, data: (Uint8Array | undefined)[], byteLengths: number[]) {
  const meshoptUsed = Array.isArray(c.json.extensionsUsed) && c.json.extensionsUsed.includes(MESHOPT);
  let decoded = 0;
  const views = c.list('bufferViews').map((view, i) => {
    const path = `bufferViews[${i}]`;
    const buffer = c.requiredRef(view, 'buffer', path, 'buffers');
    const byteOffset = c.int(view, 'byteOffset', path) ?? 0;
    const byteLength = c.requiredInt(view, 'byteLength', path, 1);
    const stride = c.int(view, 'byteStride', path, 4, 252);
    if (stride !== undefined && stride % 4 !== 0)
      c.invalid(`${path}.byteStride is ${stride}; it must be a multiple of 4.`);
    c.int(view, 'target', path);
    const meshopt = c.extensions(view, path)[MESHOPT] as JsonObject | undefined;
    if (meshopt && meshoptUsed) {
      const size = checkMeshoptView(c, meshopt, `${path}.extensions.${MESHOPT}`, data);
      if (size < byteLength)
        c.invalid(`${path} is ${formatBytes(byteLength)} but decompresses to only ${formatBytes(size)}.`);
      decoded += size;
      return null;
    }
    if (byteOffset + byteLength > byteLengths[buffer]) {
      c.invalid(
        `${path} (bytes ${formatCount(byteOffset)} to ${formatCount(byteOffset + byteLength)}) reaches past the end of buffer ${buffer} (${formatCount(byteLengths[buffer])} bytes).`,
      );
    }
    const bytes = data[buffer];
    if (!bytes) {
      const uri = (c.list('buffers')[buffer] as { uri?: unknown }).uri;
      c.fail(
        uri === undefined && buffer === 0 ? 'truncated' : 'missing-file',
        uri === undefined
          ? `buffer ${buffer} has no data: it has no "uri" and is not the binary chunk of a .glb.`
          : `buffer ${buffer} (${show(uri)}) was not given.`,
      );
    }
    return bytes.subarray(byteOffset, byteOffset + byteLength);
  });
  return { views, decoded };
}

/** The bytes an accessor-like range needs inside a view, with its stride. */
function rangeEnd(byteOffset: number, count: number, elementBytes: number, stride: number): number {
  return byteOffset + (count - 1) * stride + elementBytes;
}

function checkSparse(
  c: JsonChecker,
  sparse: JsonObject,
  path: string,
  accessor: { count: number; elementBytes: number },
  views: (Uint8Array | null)[],
): number {
  const count = c.requiredInt(sparse, 'count', path, 1, accessor.count);
  const indices = c.object(sparse, 'indices', path);
  const values = c.object(sparse, 'values', path);
  if (!indices || !values) c.invalid(`${path} needs both "indices" and "values".`);
  const indexType = c.requiredInt(indices, 'componentType', `${path}.indices`);
  if (!SPARSE_INDEX_TYPES.includes(indexType)) {
    c.invalid(`${path}.indices.componentType is ${indexType}; it must be 5121, 5123 or 5125.`);
  }
  let decoded = 0;
  for (const [part, bytesPer] of [
    [indices, COMPONENT_BYTES[indexType]],
    [values, accessor.elementBytes],
  ] as const) {
    const where = `${path}.${part === indices ? 'indices' : 'values'}`;
    const view = c.requiredRef(part, 'bufferView', where, 'bufferViews');
    // glTF-Transform spreads the accessor under these objects, so an absent offset would take the
    // accessor's: make it explicit.
    part.byteOffset = c.int(part, 'byteOffset', where) ?? 0;
    const viewDef = c.list('bufferViews')[view];
    if (viewDef.byteStride !== undefined)
      c.invalid(`${where} uses bufferViews[${view}], which has a byteStride.`);
    const end = (part.byteOffset as number) + count * bytesPer;
    if (end > (viewDef.byteLength as number))
      c.invalid(`${where} reads past the end of bufferViews[${view}].`);
    decoded += count * bytesPer;
  }
  // Sparse indices past the accessor's end would be dropped without a word: say so instead.
  const bytes = views[indices.bufferView as number];
  if (bytes) {
    const dv = new DataView(
      bytes.buffer,
      bytes.byteOffset + (indices.byteOffset as number),
      count * COMPONENT_BYTES[indexType],
    );
    for (let i = 0; i < count; i++) {
      const index =
        indexType === 5121
          ? dv.getUint8(i)
          : indexType === 5123
            ? dv.getUint16(i * 2, true)
            : dv.getUint32(i * 4, true);
      if (index >= accessor.count) {
        c.invalid(
          `${path}.indices[${i}] is ${index}, past the accessor's ${formatCount(accessor.count)} elements.`,
        );
      }
    }
  }
  return decoded;
}

/**
 * Buffers, buffer views and accessors: every range inside the bytes it reads, every size within
 * the limits, so that reading copies only what is there and nothing unbounded is allocated.
 */
export function checkBuffersAndAccessors(
  c: JsonChecker,
  data: (Uint8Array | undefined)[],
  inputBytes: number,
): BufferLayout {
  const byteLengths = checkBuffers(c, data);
  const { views, decoded: viewBytes } = checkBufferViews(c, data, byteLengths);
  let decoded = viewBytes;
  const accessors = c.list('accessors').map((accessor, i) => {
    const path = `accessors[${i}]`;
    const type = c.string(accessor, 'type', path, ACCESSOR_TYPES);
    if (type === undefined) c.invalid(`${path}.type is missing.`);
    const componentType = c.requiredInt(accessor, 'componentType', path);
    const componentBytes = COMPONENT_BYTES[componentType];
    if (!componentBytes)
      c.invalid(`${path}.componentType is ${componentType}, which is not a glTF component type.`);
    if (componentType === 5131 && !HAVE_FLOAT16) {
      c.fail('unsupported', `${path} holds 16-bit floats, which this browser cannot read.`);
    }
    const count = c.requiredInt(accessor, 'count', path, 1);
    c.bool(accessor, 'normalized', path);
    c.numbers(accessor, 'min', path);
    c.numbers(accessor, 'max', path);
    const elementBytes = TYPE_COMPONENTS[type] * componentBytes;
    const bytes = count * elementBytes;
    if (bytes > c.limits.maxAccessorBytes) {
      c.fail(
        'too-large',
        `${path} holds ${formatCount(count)} ${type} values (${formatBytes(bytes)}); the limit is ${formatBytes(c.limits.maxAccessorBytes)} per accessor.`,
      );
    }
    decoded += bytes;
    const view = c.ref(accessor, 'bufferView', path, 'bufferViews');
    const byteOffset = c.int(accessor, 'byteOffset', path) ?? 0;
    if (view !== undefined) {
      const viewDef = c.list('bufferViews')[view];
      const stride = (viewDef.byteStride as number | undefined) ?? elementBytes;
      if (stride < elementBytes) {
        c.invalid(
          `${path} needs ${elementBytes} bytes per element but bufferViews[${view}] has a byteStride of ${stride}.`,
        );
      }
      const end = rangeEnd(byteOffset, count, elementBytes, stride);
      if (end > (viewDef.byteLength as number)) {
        c.invalid(
          `${path} (${formatCount(count)} × ${type}) needs ${formatCount(end)} bytes of bufferViews[${view}], which has ${formatCount(viewDef.byteLength as number)}.`,
        );
      }
    }
    const sparse = c.object(accessor, 'sparse', path);
    if (sparse) decoded += checkSparse(c, sparse, `${path}.sparse`, { count, elementBytes }, views);
    return { type, componentType, count, bufferView: view };
  });
  if (decoded > c.limits.maxDecodedBytes) {
    c.fail(
      'too-large',
      `its accessors decode to ${formatBytes(decoded)}; the limit is ${formatBytes(c.limits.maxDecodedBytes)}.`,
    );
  }
  // A few hundred bytes of JSON must not allocate gigabytes.
  if (decoded > c.limits.expansionFloorBytes && decoded > inputBytes * c.limits.maxExpansion) {
    c.fail(
      'too-large',
      `its accessors decode to ${formatBytes(decoded)}, ${formatCount(decoded / inputBytes)} times the size of the file; a file may grow at most ${c.limits.maxExpansion} times.`,
    );
  }
  return { views, accessors };
}
