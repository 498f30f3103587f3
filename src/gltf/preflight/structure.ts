import { type JsonChecker, type JsonObject, TOP_LEVEL, type TopLevelKey } from './json.ts';
import { formatCount } from './limits.ts';

const ACCESSOR_TYPES = ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4'] as const;
const ALPHA_MODES = ['OPAQUE', 'MASK', 'BLEND'];
const INTERPOLATIONS = ['LINEAR', 'STEP', 'CUBICSPLINE'];
const CAMERA_TYPES = ['perspective', 'orthographic'];

/** Where core glTF material properties keep a texture reference (a textureInfo). */
const MATERIAL_TEXTURES: [string | null, string][] = [
  ['pbrMetallicRoughness', 'baseColorTexture'],
  ['pbrMetallicRoughness', 'metallicRoughnessTexture'],
  [null, 'normalTexture'],
  [null, 'occlusionTexture'],
  [null, 'emissiveTexture'],
];

/** What one item of a top-level array costs glTF-Transform, in objects (see maxProperties). */
const PROPERTY_COST: Partial<Record<TopLevelKey, number>> = { materials: 8, textures: 2 };

/** Objects counted so far against maxProperties, per checker. */
const counted = new WeakMap<JsonChecker, number>();

/** Counts `n` more objects glTF-Transform will create; too many is a too-large file. */
function countProperties(c: JsonChecker, n: number): void {
  const total = (counted.get(c) ?? 0) + n;
  counted.set(c, total);
  if (total > c.limits.maxProperties) {
    c.fail(
      'too-large',
      `it has more than ${formatCount(c.limits.maxProperties)} objects (nodes, accessors, materials, primitives, animation channels…).`,
    );
  }
}

/** Counts of top-level things against the limits, before any of them is looked at one by one. */
function checkCounts(c: JsonChecker): void {
  let total = 0;
  for (const key of Object.keys(TOP_LEVEL) as TopLevelKey[]) {
    const items = c.list(key);
    total += items.length * (PROPERTY_COST[key] ?? 1);
    for (const [i, item] of items.entries()) {
      if (item.name !== undefined && typeof item.name !== 'string')
        c.invalid(`${key}[${i}].name is not a string.`);
    }
  }
  const nodes = c.list('nodes').length;
  if (nodes > c.limits.maxNodes) {
    c.fail(
      'too-large',
      `it has ${formatCount(nodes)} nodes; the limit is ${formatCount(c.limits.maxNodes)}.`,
    );
  }
  countProperties(c, total);
}

/** A textureInfo: `{ index, texCoord }` pointing at a texture. */
export function checkTextureInfo(c: JsonChecker, info: JsonObject, path: string): void {
  c.requiredRef(info, 'index', path, 'textures');
  c.int(info, 'texCoord', path, 0, 255);
  c.number(info, 'scale', path);
  c.number(info, 'strength', path);
  const transform = c.extensions(info, path).KHR_texture_transform as JsonObject | undefined;
  if (transform) {
    const where = `${path}.extensions.KHR_texture_transform`;
    c.numbers(transform, 'offset', where, 2);
    c.numbers(transform, 'scale', where, 2);
    c.number(transform, 'rotation', where);
    c.int(transform, 'texCoord', where, 0, 255);
  }
}

function checkMaterials(c: JsonChecker): void {
  c.list('materials').forEach((material, i) => {
    const path = `materials[${i}]`;
    const pbr = c.object(material, 'pbrMetallicRoughness', path);
    if (pbr) {
      c.numbers(pbr, 'baseColorFactor', `${path}.pbrMetallicRoughness`, 4);
      c.number(pbr, 'metallicFactor', `${path}.pbrMetallicRoughness`);
      c.number(pbr, 'roughnessFactor', `${path}.pbrMetallicRoughness`);
    }
    c.numbers(material, 'emissiveFactor', path, 3);
    c.string(material, 'alphaMode', path, ALPHA_MODES);
    c.number(material, 'alphaCutoff', path);
    c.bool(material, 'doubleSided', path);
    for (const [group, key] of MATERIAL_TEXTURES) {
      const owner = group ? c.object(material, group, path) : material;
      const where = group ? `${path}.${group}` : path;
      const info = owner && c.object(owner, key, where);
      if (info) checkTextureInfo(c, info, `${where}.${key}`);
    }
  });
}

function checkTexturesAndSamplers(c: JsonChecker): void {
  c.list('samplers').forEach((sampler, i) => {
    for (const key of ['magFilter', 'minFilter', 'wrapS', 'wrapT']) c.int(sampler, key, `samplers[${i}]`);
  });
  c.list('textures').forEach((texture, i) => {
    const path = `textures[${i}]`;
    c.ref(texture, 'sampler', path, 'samplers');
    c.ref(texture, 'source', path, 'images');
    // A texture's image may come from an extension (KHR_texture_basisu, EXT_texture_webp, …),
    // which glTF-Transform copies into `source` before reading: check those indices the same way.
    const exts = c.extensions(texture, path);
    const used = Array.isArray(c.json.extensionsUsed) ? c.json.extensionsUsed : [];
    let sources = texture.source === undefined ? 0 : 1;
    for (const [name, ext] of Object.entries(exts)) {
      const source = c.ref(ext as JsonObject, 'source', `${path}.extensions.${name}`, 'images');
      if (source !== undefined && used.includes(name)) sources++;
    }
    if (sources === 0) c.invalid(`${path} has no image (no "source").`);
  });
}

function checkMeshes(c: JsonChecker): void {
  let primitives = 0;
  c.list('meshes').forEach((mesh, m) => {
    const path = `meshes[${m}]`;
    const list = c.objects(mesh, 'primitives', path);
    if (list.length === 0) c.invalid(`${path} has no primitives.`);
    primitives += list.length;
    countProperties(c, list.length);
    if (primitives > c.limits.maxPrimitives) {
      c.fail('too-large', `it has more than ${formatCount(c.limits.maxPrimitives)} mesh primitives.`);
    }
    c.numbers(mesh, 'weights', path);
    list.forEach((prim, p) => {
      const where = `${path}.primitives[${p}]`;
      const attributes = c.object(prim, 'attributes', where);
      if (!attributes) c.invalid(`${where}.attributes is missing.`);
      for (const key of Object.keys(attributes))
        c.requiredRef(attributes, key, `${where}.attributes`, 'accessors');
      c.ref(prim, 'indices', where, 'accessors');
      c.ref(prim, 'material', where, 'materials');
      c.int(prim, 'mode', where, 0, 6);
      const targets = c.objects(prim, 'targets', where);
      countProperties(c, targets.length);
      targets.forEach((target, t) => {
        for (const key of Object.keys(target))
          c.requiredRef(target, key, `${where}.targets[${t}]`, 'accessors');
      });
    });
  });
}

function checkCameras(c: JsonChecker): void {
  c.list('cameras').forEach((camera, i) => {
    const path = `cameras[${i}]`;
    const type = c.string(camera, 'type', path, CAMERA_TYPES);
    if (!type) c.invalid(`${path}.type is missing.`);
    const params = c.object(camera, type, path);
    if (!params) c.invalid(`${path} is a ${type} camera without "${type}" settings.`);
    const keys =
      type === 'perspective' ? ['yfov', 'znear', 'zfar', 'aspectRatio'] : ['xmag', 'ymag', 'znear', 'zfar'];
    for (const key of keys) c.number(params, key, `${path}.${type}`);
  });
}

function checkNodeFields(c: JsonChecker): void {
  c.list('nodes').forEach((node, i) => {
    const path = `nodes[${i}]`;
    c.ref(node, 'mesh', path, 'meshes');
    c.ref(node, 'camera', path, 'cameras');
    c.ref(node, 'skin', path, 'skins');
    c.numbers(node, 'translation', path, 3);
    c.numbers(node, 'rotation', path, 4);
    c.numbers(node, 'scale', path, 3);
    c.numbers(node, 'matrix', path, 16);
    c.numbers(node, 'weights', path);
    for (const [k, child] of (c.array(node, 'children', path) ?? []).entries()) {
      c.refValue(child, `${path}.children[${k}]`, 'nodes');
    }
  });
}

function checkAnimations(c: JsonChecker): void {
  c.list('animations').forEach((animation, a) => {
    const path = `animations[${a}]`;
    const samplers = c.objects(animation, 'samplers', path);
    const channels = c.objects(animation, 'channels', path);
    countProperties(c, samplers.length + channels.length);
    samplers.forEach((sampler, s) => {
      const where = `${path}.samplers[${s}]`;
      c.requiredRef(sampler, 'input', where, 'accessors');
      c.requiredRef(sampler, 'output', where, 'accessors');
      c.string(sampler, 'interpolation', where, INTERPOLATIONS);
    });
    channels.forEach((channel, k) => {
      const where = `${path}.channels[${k}]`;
      if (channel.sampler === undefined) c.invalid(`${where}.sampler is missing.`);
      c.indexValue(channel.sampler, `${where}.sampler`, samplers.length, 'samplers in this animation');
      const target = c.object(channel, 'target', where);
      if (!target) c.invalid(`${where}.target is missing.`);
      c.ref(target, 'node', `${where}.target`, 'nodes');
      if (typeof target.path !== 'string') c.invalid(`${where}.target.path is missing or not a string.`);
    });
  });
}

function checkScenes(c: JsonChecker): void {
  c.ref(c.json, 'scene', 'the root', 'scenes');
  c.list('scenes').forEach((scene, i) => {
    for (const [k, node] of (c.array(scene, 'nodes', `scenes[${i}]`) ?? []).entries()) {
      c.refValue(node, `scenes[${i}].nodes[${k}]`, 'nodes');
    }
  });
}

/**
 * Every core field glTF-Transform reads: present where required, of the right type, and every
 * index in range, so that reading never meets `undefined` where it expects an object.
 * Buffers, accessors, images and skins have their own files (sizes and data need more checks).
 */
export function checkStructure(c: JsonChecker): void {
  checkCounts(c);
  checkMaterials(c);
  checkTexturesAndSamplers(c);
  checkMeshes(c);
  checkCameras(c);
  checkNodeFields(c);
  checkAnimations(c);
  checkScenes(c);
}

export { ACCESSOR_TYPES };
