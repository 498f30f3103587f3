/**
 * three.js's GLTFLoader, run in Node, as a consumer of our files: what it reads of a glTF (node and
 * bone names, bone inverses, attributes, clips) and where it puts skinned vertices at a clip time
 * (`SkinnedMesh.applyBoneTransform`, the CPU twin of its skinning shader). Images are not decoded
 * (Node has no image decoder): `createImageBitmap` gives a 1×1 stand-in, so GLTFLoader still makes
 * every texture with the file's name, extras (userData) and sampler settings.
 */

import { MeshoptDecoder } from 'meshoptimizer';
import {
  AnimationMixer,
  type BufferAttribute,
  type InterleavedBufferAttribute,
  LoadingManager,
  type Object3D,
  type SkinnedMesh,
  type Texture,
  Vector3,
} from 'three';
import { type GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ConsumerFile, ConsumerView, MeshView } from './consumer-view.ts';

// FileLoader (which fetches a .gltf's data: resources) reports progress with the DOM's ProgressEvent.
if (typeof globalThis.ProgressEvent === 'undefined') {
  class NodeProgressEvent extends Event {
    readonly lengthComputable: boolean;
    readonly loaded: number;
    readonly total: number;
    constructor(type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
      super(type);
      this.lengthComputable = init.lengthComputable ?? false;
      this.loaded = init.loaded ?? 0;
      this.total = init.total ?? 0;
    }
  }
  (globalThis as { ProgressEvent?: unknown }).ProgressEvent = NodeProgressEvent;
}

// GLTFLoader makes blob: URLs for embedded images through `self.URL` (Node has `URL` but no `self`).
if (typeof (globalThis as { self?: unknown }).self === 'undefined')
  (globalThis as { self?: unknown }).self = globalThis;
if (typeof globalThis.createImageBitmap === 'undefined') {
  (globalThis as { createImageBitmap?: unknown }).createImageBitmap = async () => ({
    width: 1,
    height: 1,
    close() {},
  });
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Loads a GLB, or a .gltf with its resources (served from memory as data: URLs). */
export async function loadWithThree(file: ConsumerFile): Promise<GLTF> {
  const manager = new LoadingManager();
  manager.setURLModifier((url) => {
    const data = file.resources?.get(decodeURIComponent(url));
    return data ? `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}` : url;
  });
  const loader = new GLTFLoader(manager);
  await MeshoptDecoder.ready;
  loader.setMeshoptDecoder(MeshoptDecoder);
  const data = file.name.toLowerCase().endsWith('.glb')
    ? arrayBufferOf(file.bytes)
    : new TextDecoder().decode(file.bytes);
  return loader.parseAsync(data, '');
}

const isMesh = (o: Object3D): o is SkinnedMesh =>
  (o as SkinnedMesh).isMesh === true || (o as SkinnedMesh).isSkinnedMesh === true;

/**
 * An attribute's values in vertex order (an interleaved attribute's `.array` is the whole
 * interleaved buffer), with the component type and normalisation in the name so a change shows.
 */
function values(a: BufferAttribute | InterleavedBufferAttribute): { key: string; data: Float64Array } {
  const data = new Float64Array(a.count * a.itemSize);
  for (let i = 0; i < a.count; i++)
    for (let k = 0; k < a.itemSize; k++) data[i * a.itemSize + k] = a.getComponent(i, k);
  return { key: `${a.array.constructor.name}${a.normalized ? ' normalized' : ''}`, data };
}

/** Attributes by three's names, weights left out (`skinIndex`, `skinWeight` are what export changes). */
function attributes(mesh: SkinnedMesh): Record<string, ArrayLike<number>> {
  const out: Record<string, ArrayLike<number>> = {};
  const g = mesh.geometry;
  for (const [name, a] of Object.entries(g.attributes)) {
    // skinIndex/skinWeight are JOINTS_0/WEIGHTS_0; three keeps further sets as joints_1/weights_1.
    if (/^(skinIndex|skinWeight|joints_|weights_)/.test(name)) continue;
    const v = values(a);
    out[`${name} (${v.key})`] = v.data;
  }
  for (const [name, list] of Object.entries(g.morphAttributes))
    list.forEach((a, i) => {
      const v = values(a);
      out[`morph.${name}.${i} (${v.key})`] = v.data;
    });
  if (g.index) out.index = g.index.array;
  return out;
}

/** Every material's textures (by slot) with what GLTFLoader sets from the file: name, userData, sampler. */
function textureList(gltf: GLTF): string[] {
  const out: string[] = [];
  const json = gltf.parser.json as { textures?: { source?: number }[]; images?: { uri?: string }[] };
  // An unnamed texture of a .gltf is named after its image's file (GLTFLoader's fallback): a GLB's
  // images have no file, so the same texture exported as .gltf would read as renamed. Not a name.
  const fileName = (t: Texture): string | undefined => {
    const index = gltf.parser.associations.get(t)?.textures;
    const source = index === undefined ? undefined : json.textures?.[index]?.source;
    return source === undefined ? undefined : json.images?.[source]?.uri;
  };
  gltf.scene.traverse((o) => {
    const mesh = o as SkinnedMesh;
    if (!mesh.isMesh) return;
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const m of materials)
      for (const [slot, value] of Object.entries(m)) {
        const t = value as Texture | null;
        if (!t?.isTexture) continue;
        out.push(
          `${m.name}.${slot}: ${JSON.stringify(t.name === fileName(t) ? '' : t.name)} ${JSON.stringify(t.userData)} ` +
            `wrap ${t.wrapS},${t.wrapT} filter ${t.magFilter},${t.minFilter}`,
        );
      }
  });
  return out;
}

/** What three.js reads of the file, in its traversal order. */
export function threeView(gltf: GLTF): ConsumerView {
  const nodes: string[] = [];
  const meshes: MeshView[] = [];
  // A track of an unnamed node is named by the node's uuid, new on every load: name it by its place.
  const place = new Map<string, string>();
  gltf.scene.traverse((o) => {
    place.set(o.uuid, `#${nodes.length}`);
    nodes.push(o.name);
    if (!isMesh(o)) return;
    const skinned = o.isSkinnedMesh === true;
    meshes.push({
      name: o.name,
      skinned,
      bones: skinned ? o.skeleton.bones.map((b) => b.name) : [],
      boneInverses: skinned ? o.skeleton.boneInverses.map((m) => [...m.elements]) : [],
      attributes: attributes(o),
    });
  });
  const clips = gltf.animations.map((clip) => ({
    name: clip.name,
    duration: clip.duration,
    tracks: clip.tracks.map((t) => {
      const dot = t.name.indexOf('.');
      const target = t.name.slice(0, dot);
      return { name: (place.get(target) ?? target) + t.name.slice(dot), times: t.times, values: t.values };
    }),
  }));
  return { nodes, meshes, clips, textures: textureList(gltf) };
}

/**
 * Skinned vertex positions (mesh space, one Float32Array per skinned mesh in traversal order) with
 * `clip` at time `t` (null: the rest pose). `normalise` divides each vertex's weights by their sum
 * first (a source whose sums are off, which export repairs).
 */
export function threeSkinnedPositions(
  gltf: GLTF,
  clip: number | null,
  t: number,
  normalise = false,
): Float32Array[] {
  const mixer = new AnimationMixer(gltf.scene);
  if (clip !== null) {
    mixer.clipAction(gltf.animations[clip]).play();
    mixer.setTime(t);
  }
  gltf.scene.updateMatrixWorld(true);
  const out: Float32Array[] = [];
  const v = new Vector3();
  gltf.scene.traverse((o) => {
    const mesh = o as SkinnedMesh;
    if (!mesh.isSkinnedMesh) return;
    const g = mesh.geometry;
    const position = g.getAttribute('position');
    const weights = g.getAttribute('skinWeight');
    const saved = normalise ? (weights.array as Float32Array).slice() : null;
    if (normalise) {
      for (let i = 0; i < weights.count; i++) {
        const s = weights.getX(i) + weights.getY(i) + weights.getZ(i) + weights.getW(i);
        if (s > 0)
          weights.setXYZW(
            i,
            weights.getX(i) / s,
            weights.getY(i) / s,
            weights.getZ(i) / s,
            weights.getW(i) / s,
          );
      }
    }
    const p = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) {
      v.fromBufferAttribute(position, i);
      mesh.applyBoneTransform(i, v);
      p.set([v.x, v.y, v.z], i * 3);
    }
    if (saved) (weights.array as Float32Array).set(saved);
    out.push(p);
  });
  mixer.stopAllAction();
  mixer.uncacheRoot(gltf.scene);
  return out;
}
