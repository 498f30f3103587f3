import { type JsonChecker, type JsonObject, show } from './json.ts';
import { checkTextureInfo } from './structure.ts';

const DRACO = 'KHR_draco_mesh_compression';
const LIGHTS = 'KHR_lights_punctual';
const VARIANTS = 'KHR_materials_variants';
const INSTANCING = 'EXT_mesh_gpu_instancing';
const VISIBILITY = 'KHR_node_visibility';

/**
 * Extensions whose data these checks cover, so that a failure while reading them is a bug and
 * not a bad file. The extension data of any other extension glTF-Transform reads (metadata,
 * XMP) is not checked here: a failure in it is reported as a damaged file naming the extension.
 */
export const CHECKED_EXTENSIONS: readonly string[] = [
  DRACO,
  'EXT_meshopt_compression',
  'KHR_mesh_quantization',
  LIGHTS,
  VARIANTS,
  INSTANCING,
  VISIBILITY,
  'KHR_texture_transform',
  'KHR_texture_basisu',
  'EXT_texture_webp',
  'EXT_texture_avif',
  'KHR_materials_anisotropy',
  'KHR_materials_clearcoat',
  'KHR_materials_diffuse_transmission',
  'KHR_materials_dispersion',
  'KHR_materials_emissive_strength',
  'KHR_materials_ior',
  'KHR_materials_iridescence',
  'KHR_materials_pbrSpecularGlossiness',
  'KHR_materials_sheen',
  'KHR_materials_specular',
  'KHR_materials_transmission',
  'KHR_materials_unlit',
  'KHR_materials_volume',
  'KHR_accessor_float16',
  'KHR_accessor_float64',
];

/** Component types a Draco decoder can produce. */
const DRACO_COMPONENT_TYPES = [5120, 5121, 5122, 5123, 5125, 5126];

/** The names in `extensionsUsed` / `extensionsRequired`, checked to be arrays of strings. */
export function extensionNames(c: JsonChecker, key: 'extensionsUsed' | 'extensionsRequired'): string[] {
  const list = c.array(c.json, key, 'the root') ?? [];
  list.forEach((name, i) => {
    if (typeof name !== 'string') c.invalid(`${key}[${i}] is ${show(name)}, not a string.`);
  });
  return list as string[];
}

function checkDraco(c: JsonChecker, views: (Uint8Array | null)[]): void {
  c.list('meshes').forEach((mesh, m) => {
    (mesh.primitives as JsonObject[]).forEach((prim, p) => {
      const path = `meshes[${m}].primitives[${p}].extensions.${DRACO}`;
      const draco = c.extensions(prim, `meshes[${m}].primitives[${p}]`)[DRACO] as JsonObject | undefined;
      if (!draco) return;
      const view = c.requiredRef(draco, 'bufferView', path, 'bufferViews');
      if (!views[view]) c.invalid(`${path}.bufferView points at compressed data that is not there.`);
      const attributes = c.object(draco, 'attributes', path) ?? {};
      const primAttributes = prim.attributes as Record<string, number>;
      for (const semantic of Object.keys(attributes)) {
        c.int(attributes, semantic, `${path}.attributes`);
        if (primAttributes[semantic] === undefined) {
          c.invalid(`${path} decodes ${semantic}, which the primitive does not list in its attributes.`);
        }
        const accessor = c.list('accessors')[primAttributes[semantic]];
        if (!DRACO_COMPONENT_TYPES.includes(accessor.componentType as number)) {
          c.invalid(
            `${path}: accessor ${primAttributes[semantic]} has a component type Draco cannot decode.`,
          );
        }
      }
    });
  });
}

function checkLights(c: JsonChecker): void {
  const root = c.extensions(c.json, 'the root')[LIGHTS] as JsonObject | undefined;
  const lights = root ? c.objects(root, 'lights', `extensions.${LIGHTS}`) : [];
  lights.forEach((light, i) => {
    const path = `extensions.${LIGHTS}.lights[${i}]`;
    if (c.string(light, 'type', path, ['directional', 'point', 'spot']) === undefined)
      c.invalid(`${path}.type is missing.`);
    c.numbers(light, 'color', path, 3);
    c.number(light, 'intensity', path);
    c.number(light, 'range', path);
    const spot = c.object(light, 'spot', path);
    if (spot) for (const key of ['innerConeAngle', 'outerConeAngle']) c.number(spot, key, `${path}.spot`);
  });
  // glTF-Transform reads `json.nodes!` here without a default.
  c.json.nodes ??= [];
  c.list('nodes').forEach((node, n) => {
    const ext = c.extensions(node, `nodes[${n}]`)[LIGHTS] as JsonObject | undefined;
    if (ext) c.indexValue(ext.light, `nodes[${n}].extensions.${LIGHTS}.light`, lights.length, 'lights');
  });
}

function checkVariants(c: JsonChecker): void {
  const root = c.extensions(c.json, 'the root')[VARIANTS] as JsonObject | undefined;
  const variants = root ? c.objects(root, 'variants', `extensions.${VARIANTS}`) : [];
  c.list('meshes').forEach((mesh, m) => {
    (mesh.primitives as JsonObject[]).forEach((prim, p) => {
      const path = `meshes[${m}].primitives[${p}].extensions.${VARIANTS}`;
      const ext = c.extensions(prim, `meshes[${m}].primitives[${p}]`)[VARIANTS] as JsonObject | undefined;
      if (!ext) return;
      const mappings = c.objects(ext, 'mappings', path);
      if (ext.mappings === undefined) c.invalid(`${path}.mappings is missing.`);
      mappings.forEach((mapping, k) => {
        c.ref(mapping, 'material', `${path}.mappings[${k}]`, 'materials');
        for (const [v, variant] of (c.array(mapping, 'variants', `${path}.mappings[${k}]`) ?? []).entries()) {
          c.indexValue(
            variant,
            `${path}.mappings[${k}].variants[${v}]`,
            variants.length,
            'material variants',
          );
        }
      });
    });
  });
}

function checkNodeExtensions(c: JsonChecker, used: string[]): void {
  c.list('nodes').forEach((node, n) => {
    const exts = c.extensions(node, `nodes[${n}]`);
    const instancing = exts[INSTANCING] as JsonObject | undefined;
    if (instancing && used.includes(INSTANCING)) {
      const attributes = c.object(instancing, 'attributes', `nodes[${n}].extensions.${INSTANCING}`) ?? {};
      for (const key of Object.keys(attributes)) {
        c.requiredRef(attributes, key, `nodes[${n}].extensions.${INSTANCING}.attributes`, 'accessors');
      }
    }
    const visibility = exts[VISIBILITY] as JsonObject | undefined;
    if (visibility) c.bool(visibility, 'visible', `nodes[${n}].extensions.${VISIBILITY}`);
  });
}

/** Texture references inside material extensions: every `…Texture` object is a textureInfo. */
function checkMaterialExtensions(c: JsonChecker): void {
  c.list('materials').forEach((material, i) => {
    for (const [name, ext] of Object.entries(c.extensions(material, `materials[${i}]`))) {
      for (const [key, value] of Object.entries(ext as JsonObject)) {
        if (!key.endsWith('Texture')) continue;
        const path = `materials[${i}].extensions.${name}.${key}`;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          c.invalid(`${path} is ${show(value)}, not an object.`);
        }
        checkTextureInfo(c, value as JsonObject, path);
      }
    }
  });
}

/**
 * The extension data glTF-Transform reads, for the extensions in CHECKED_EXTENSIONS. Required
 * extensions glTF-Transform cannot read are refused up front with their names.
 */
export function checkExtensions(
  c: JsonChecker,
  known: readonly string[],
  views: (Uint8Array | null)[],
): void {
  const used = extensionNames(c, 'extensionsUsed');
  const required = extensionNames(c, 'extensionsRequired');
  const missing = required.filter((name) => !known.includes(name));
  if (missing.length > 0) {
    c.fail(
      'unsupported',
      `it requires the glTF extension${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
    );
  }
  c.extensions(c.json, 'the root');
  if (used.includes(DRACO)) checkDraco(c, views);
  if (used.includes(LIGHTS)) checkLights(c);
  if (used.includes(VARIANTS)) checkVariants(c);
  checkNodeExtensions(c, used);
  checkMaterialExtensions(c);
}
