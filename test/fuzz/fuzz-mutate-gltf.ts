/** Mutations that know glTF: accessors, buffer views, the node graph, accessor data. */
import type { Json } from './fuzz-glb.ts';
import type { Mutable, Mutation } from './fuzz-mutate-json.ts';

const list = (m: Mutable, key: string): Json[] => (Array.isArray(m.json[key]) ? m.json[key] : []);

/** Count, offset, type and view edits on one accessor (or a sparse block added to it). */
export const accessorEdit: Mutation = (m, rng) => {
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
export const bufferViewEdit: Mutation = (m, rng) => {
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
export const graphEdit: Mutation = (m, rng) => {
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
export const dataEdit: Mutation = (m, rng) => {
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
