import { assemble, type Json, type ParsedBase } from './fuzz-glb.ts';
import type { Rng } from './fuzz-rng.ts';

/** Values a careless or hostile exporter writes where a number belongs. */
const ODD_VALUES: Json[] = [
  -1,
  0,
  1,
  2,
  3,
  4,
  255,
  256,
  65535,
  65536,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  1e308,
  -1e308,
  0.5,
  -0,
  1e-300,
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '',
  'x',
  null,
  true,
  false,
  [],
  {},
  [0],
  { index: 0 },
];

/** Strings that mean something somewhere in glTF. */
const ODD_STRINGS: Json[] = [
  'SCALAR',
  'VEC2',
  'VEC3',
  'VEC4',
  'MAT4',
  'VEC5',
  'image/png',
  'image/tga',
  'image/jpeg',
  '',
  'http://example.com/x.bin',
  'x.bin',
  '../x.bin',
  'data:',
  'data:application/octet-stream;base64,@@@',
  'data:image/png;base64,iVBORw0KGgo=',
  'perspective',
  'orthographic',
  'translation',
  'weights',
  'CUBICSPLINE',
  'KHR_draco_mesh_compression',
  'EXT_meshopt_compression',
  'KHR_unknown_extension',
  0,
  null,
];

/** One way to break a file; returns a short description of what it did. */
type Mutation = (m: Mutable, rng: Rng) => string;

/** The case being built: a copy of the base's JSON and BIN, edited in place. */
interface Mutable {
  base: ParsedBase;
  json: Json;
  bin: Uint8Array | undefined;
}

function getAt(json: Json, path: (string | number)[]): Json {
  let v = json;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[key];
  }
  return v;
}

function oddNumber(rng: Rng, v: number): Json {
  if (rng.chance(0.4)) return rng.pick([v + 1, v - 1, v * 2, Math.floor(v / 2), v + 4, v + 2 ** 31, -v]);
  return rng.pick(ODD_VALUES);
}

/** Edits one field anywhere in the JSON: an odd value, a deletion, a changed type. */
const jsonField: Mutation = (m, rng) => {
  const path = rng.pick(m.base.paths);
  const parent = getAt(m.json, path.slice(0, -1));
  const key = path[path.length - 1];
  if (parent === null || typeof parent !== 'object' || !(key in parent)) return 'json: (path gone)';
  const value = parent[key];
  const where = path.join('.');
  if (rng.chance(0.15)) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
    return `json: delete ${where}`;
  }
  let next: Json;
  if (typeof value === 'number') next = oddNumber(rng, value);
  else if (typeof value === 'string') next = rng.pick(ODD_STRINGS);
  else if (Array.isArray(value)) {
    next = rng.pick([
      () => [...value, rng.int(value.length + 3)],
      () => [...value, ...value.slice(0, 1)],
      () => value.slice(1),
      () => [],
      () => ({}),
      () => value.length,
    ])();
  } else if (value && typeof value === 'object') {
    next = rng.pick([
      () => [],
      () => null,
      () => 'x',
      () => ({ ...value, extensions: { KHR_unknown: {} } }),
    ])();
  } else next = rng.pick(ODD_VALUES);
  parent[key] = next;
  return `json: ${where} = ${JSON.stringify(next)?.slice(0, 40)}`;
};

const list = (m: Mutable, key: string): Json[] => (Array.isArray(m.json[key]) ? m.json[key] : []);

/** Count, offset, type and view edits on one accessor (or a sparse block added to it). */
const accessorEdit: Mutation = (m, rng) => {
  const accessors = list(m, 'accessors');
  if (accessors.length === 0) return 'accessor: none';
  const i = rng.int(accessors.length);
  const a = accessors[i];
  const views = list(m, 'bufferViews').length;
  const field = rng.pick([
    'count',
    'count',
    'byteOffset',
    'componentType',
    'type',
    'bufferView',
    'normalized',
    'sparse',
  ]);
  let value: Json;
  if (field === 'count')
    value = rng.pick([a.count + 1, a.count - 1, a.count * 2, 0, 2 ** 31, 1e9, 2 ** 32 + a.count]);
  else if (field === 'byteOffset')
    value = rng.pick([(a.byteOffset ?? 0) + 1, (a.byteOffset ?? 0) + 4, 2 ** 31, -4]);
  else if (field === 'componentType')
    value = rng.pick([5120, 5121, 5122, 5123, 5124, 5125, 5126, 5130, 5131]);
  else if (field === 'type') value = rng.pick(['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4']);
  else if (field === 'bufferView') value = rng.pick([undefined, rng.int(views + 1), views]);
  else if (field === 'normalized') value = !a.normalized;
  else
    value = {
      count: rng.pick([1, 2, 3, a.count, a.count + 1]),
      indices: {
        bufferView: rng.int(views + 1),
        byteOffset: rng.pick([0, 2, 4]),
        componentType: rng.pick([5121, 5123, 5125, 5126]),
      },
      values: { bufferView: rng.int(views + 1), byteOffset: rng.pick([0, 4, 12]) },
    };
  a[field] = value;
  return `accessors[${i}].${field} = ${JSON.stringify(value)?.slice(0, 60)}`;
};

/** Offset, length, stride and buffer edits on one buffer view, or a buffer's byteLength. */
const bufferViewEdit: Mutation = (m, rng) => {
  const views = list(m, 'bufferViews');
  if (views.length === 0 || rng.chance(0.1)) {
    const buffers = list(m, 'buffers');
    if (buffers.length === 0) return 'buffer: none';
    const b = buffers[rng.int(buffers.length)];
    b.byteLength = rng.pick([b.byteLength + 1, b.byteLength - 4, b.byteLength * 2, 0, 2 ** 32]);
    return `buffer.byteLength = ${b.byteLength}`;
  }
  const i = rng.int(views.length);
  const v = views[i];
  const field = rng.pick(['byteOffset', 'byteLength', 'byteLength', 'byteStride', 'buffer']);
  const value =
    field === 'byteOffset'
      ? rng.pick([
          (v.byteOffset ?? 0) + 1,
          (v.byteOffset ?? 0) + 4,
          (v.byteOffset ?? 0) - 4,
          v.byteLength,
          2 ** 31,
        ])
      : field === 'byteLength'
        ? rng.pick([
            v.byteLength + 1,
            v.byteLength - 1,
            v.byteLength + 4,
            v.byteLength - 4,
            v.byteLength * 2,
            0,
            2 ** 31,
          ])
        : field === 'byteStride'
          ? rng.pick([undefined, 0, 1, 4, 8, 12, 16, 20, 252, 256])
          : rng.pick([0, 1, list(m, 'buffers').length]);
  v[field] = value;
  return `bufferViews[${i}].${field} = ${value}`;
};

/** Node graph and skin edits: extra children (cycles, two parents), odd joints, odd roots. */
const graphEdit: Mutation = (m, rng) => {
  const nodes = list(m, 'nodes');
  if (nodes.length === 0) return 'graph: no nodes';
  const n = rng.int(nodes.length);
  const other = rng.pick([rng.int(nodes.length), n, nodes.length, 0]);
  const kind = rng.pick(['child', 'child', 'joint', 'scene', 'mesh', 'skin', 'attribute', 'ibm']);
  if (kind === 'child') {
    const node = nodes[n];
    node.children = [...(Array.isArray(node.children) ? node.children : []), other];
    return `nodes[${n}].children += ${other}`;
  }
  if (kind === 'joint' || kind === 'ibm') {
    const skins = list(m, 'skins');
    if (skins.length === 0) return 'graph: no skins';
    const s = skins[rng.int(skins.length)];
    if (kind === 'ibm') {
      s.inverseBindMatrices = rng.pick([undefined, rng.int(list(m, 'accessors').length + 1)]);
      return `skin.inverseBindMatrices = ${s.inverseBindMatrices}`;
    }
    if (!Array.isArray(s.joints)) return 'graph: joints not an array';
    const action = rng.pick(['dup', 'push', 'pop', 'swap']);
    if (action === 'dup' && s.joints.length) s.joints.push(s.joints[0]);
    else if (action === 'push') s.joints.push(other);
    else if (action === 'pop') s.joints.pop();
    else if (s.joints.length > 1) [s.joints[0], s.joints[1]] = [s.joints[1], s.joints[0]];
    return `skin.joints ${action} ${other}`;
  }
  if (kind === 'scene') {
    const scenes = list(m, 'scenes');
    if (scenes.length === 0) return 'graph: no scenes';
    scenes[0].nodes = [...(scenes[0].nodes ?? []), other];
    return `scenes[0].nodes += ${other}`;
  }
  if (kind === 'mesh' || kind === 'skin') {
    const count = list(m, kind === 'mesh' ? 'meshes' : 'skins').length;
    nodes[n][kind] = rng.pick([rng.int(count + 1), undefined]);
    return `nodes[${n}].${kind} = ${nodes[n][kind]}`;
  }
  const meshes = list(m, 'meshes');
  if (meshes.length === 0) return 'graph: no meshes';
  const prim: Json = rng.pick(meshes[rng.int(meshes.length)].primitives ?? [{}]) ?? {};
  const semantic = rng.pick([
    'POSITION',
    'JOINTS_0',
    'WEIGHTS_0',
    'JOINTS_1',
    'WEIGHTS_1',
    'NORMAL',
    'indices',
  ]);
  const accessor = rng.int(list(m, 'accessors').length + 1);
  if (semantic === 'indices') prim.indices = accessor;
  else if (prim.attributes && typeof prim.attributes === 'object') prim.attributes[semantic] = accessor;
  return `primitive ${semantic} = accessor ${accessor}`;
};

/** Writes odd numbers into the data of one accessor (NaN matrices, huge indices, bad joints). */
const dataEdit: Mutation = (m, rng) => {
  if (!m.bin) return 'data: no BIN';
  const accessors = list(m, 'accessors');
  const a = accessors[rng.int(accessors.length)];
  const view = a && list(m, 'bufferViews')[a.bufferView];
  if (view?.buffer !== 0) return 'data: no view';
  const start = (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
  const end = Math.min(m.bin.byteLength, (view.byteOffset ?? 0) + view.byteLength);
  if (end - start < 4) return 'data: too short';
  const dv = new DataView(m.bin.buffer, m.bin.byteOffset, m.bin.byteLength);
  const words = rng.int(4) + 1;
  for (let k = 0; k < words; k++) {
    const at = start + (rng.int((end - start) >> 2) << 2);
    dv.setUint32(at, rng.pick([0x7fc00000, 0x7f800000, 0xffffffff, 0, 0x00010000, 0x3f800000]), true);
  }
  return `data: ${words} words in accessor ${accessors.indexOf(a)}`;
};

/** The first mutations work on JSON and BIN; the byte-level ones on the assembled file. */
const STRUCTURED: [Mutation, number][] = [
  [jsonField, 30],
  [accessorEdit, 15],
  [bufferViewEdit, 10],
  [graphEdit, 12],
  [dataEdit, 6],
];

/**
 * One fuzz case from a base: 1–3 structured edits (JSON fields, accessors, buffer views, the
 * node graph, data words), then sometimes a byte-level one (bit flips, truncation, header edits).
 * Deterministic for a given Rng.
 */
export function mutateBase(base: ParsedBase, rng: Rng): { bytes: Uint8Array; steps: string[] } {
  const m: Mutable = { base, json: structuredClone(base.json), bin: base.bin?.slice() };
  const steps: string[] = [];
  const byteLevel = rng.chance(0.3);
  const structured = byteLevel && rng.chance(0.5) ? 0 : 1 + rng.int(3);
  for (let k = 0; k < structured; k++) {
    const mutation = rng.weighted(STRUCTURED);
    try {
      steps.push(mutation(m, rng));
    } catch {
      // An earlier edit left nothing this one can work on (a string where an object was): the
      // fuzzer's own limit, not a finding.
      steps.push(`${mutation.name}: not applicable`);
    }
  }
  let bytes = structured > 0 || !byteLevel ? assemble(base, m.json, m.bin) : originalBytes(base, m);
  if (byteLevel) {
    const kind = rng.weighted([
      ['flip', 55],
      ['truncate', 25],
      ['header', 20],
    ] as const);
    if (kind === 'flip') {
      bytes = bytes.slice();
      const flips = 1 + rng.int(16);
      const inJson = rng.chance(0.35);
      for (let k = 0; k < flips; k++) {
        const at = inJson
          ? base.jsonStart + rng.int(Math.max(1, base.jsonEnd - base.jsonStart))
          : rng.int(bytes.length);
        if (at < bytes.length) bytes[at] ^= 1 << rng.int(8);
      }
      steps.push(`flip ${flips} bits${inJson ? ' in JSON' : ''}`);
    } else if (kind === 'truncate') {
      const at = rng.chance(0.5) ? rng.int(bytes.length) : Math.max(0, bytes.length - 1 - rng.int(16));
      bytes = bytes.slice(0, at);
      steps.push(`truncate at ${at}`);
    } else if (base.kind === 'glb' && bytes.length >= 24) {
      bytes = bytes.slice();
      const dv = new DataView(bytes.buffer);
      const field = rng.pick([4, 8, 12, 16]);
      dv.setUint32(field, rng.pick([0, 1, 3, dv.getUint32(field, true) + 4, 0xffffffff, 0x7fffffff]), true);
      steps.push(`header word ${field}`);
    }
  }
  return { bytes, steps };
}

/** The unedited file (for byte-level-only cases), rebuilt from the parsed base. */
function originalBytes(base: ParsedBase, m: Mutable): Uint8Array {
  return assemble(base, m.json, m.bin);
}
