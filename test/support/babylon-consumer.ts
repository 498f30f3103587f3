/**
 * Babylon.js's glTF loader, run in Node on a NullEngine, as a consumer of our files: what it reads
 * (nodes, bones and their inverse bind matrices, vertex data, animation groups) and where its CPU
 * skinning (`getPositionData(applySkeleton)`) puts the vertices at a clip time. Materials are
 * skipped (Node has no image decoder); a .gltf's resources are inlined as data: URIs (Babylon
 * fetches other URIs with XMLHttpRequest, which Node lacks).
 */
import '@babylonjs/loaders/glTF/2.0/index.js';
import type { AssetContainer } from '@babylonjs/core/assetContainer.js';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer.js';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { Logger } from '@babylonjs/core/Misc/logger.js';
import { Scene } from '@babylonjs/core/scene.js';
import type { ConsumerFile, ConsumerView, MeshView } from './consumer-view.ts';

Logger.LogLevels = Logger.ErrorLogLevel;

export interface BabylonLoaded {
  engine: NullEngine;
  scene: Scene;
  container: AssetContainer;
}

/** A .gltf's JSON with every buffer's external URI replaced by the resource as a data: URI. */
function inlinedGltf(file: ConsumerFile): string {
  const json = JSON.parse(new TextDecoder().decode(file.bytes)) as {
    buffers?: { uri?: string }[];
    images?: { uri?: string }[];
  };
  for (const buffer of json.buffers ?? []) {
    if (!buffer.uri || buffer.uri.startsWith('data:')) continue;
    const data = file.resources?.get(decodeURIComponent(buffer.uri));
    if (data) buffer.uri = `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}`;
  }
  return JSON.stringify(json);
}

export async function loadWithBabylon(file: ConsumerFile): Promise<BabylonLoaded> {
  const engine = new NullEngine();
  const scene = new Scene(engine);
  const glb = file.name.toLowerCase().endsWith('.glb');
  const container = await LoadAssetContainerAsync(glb ? file.bytes : `data:${inlinedGltf(file)}`, scene, {
    pluginExtension: glb ? '.glb' : '.gltf',
    pluginOptions: { gltf: { skipMaterials: true } },
  });
  container.addAllToScene();
  for (const group of container.animationGroups) group.stop();
  return { engine, scene, container };
}

const WEIGHT_KINDS = new Set<string>([
  VertexBuffer.MatricesIndicesKind,
  VertexBuffer.MatricesWeightsKind,
  VertexBuffer.MatricesIndicesExtraKind,
  VertexBuffer.MatricesWeightsExtraKind,
]);

const meshesOf = (loaded: BabylonLoaded): Mesh[] =>
  (loaded.container.meshes as Mesh[]).filter((m) => m.getTotalVertices() > 0);

/** What Babylon reads of the file: nodes in depth-first order from the root, meshes in load order. */
export function babylonView(loaded: BabylonLoaded): ConsumerView {
  const nodes: string[] = [];
  for (const root of loaded.container.rootNodes) {
    nodes.push(root.name);
    for (const n of root.getDescendants(false)) nodes.push(n.name);
  }
  const meshes: MeshView[] = meshesOf(loaded).map((mesh) => {
    const attributes: Record<string, ArrayLike<number>> = {};
    for (const kind of mesh.getVerticesDataKinds()) {
      if (WEIGHT_KINDS.has(kind)) continue;
      const data = mesh.getVerticesData(kind, false, true);
      if (data) attributes[kind] = data;
    }
    const indices = mesh.getIndices();
    if (indices) attributes.index = indices;
    const targets = mesh.morphTargetManager;
    for (let t = 0; t < (targets?.numTargets ?? 0); t++) {
      const target = targets!.getTarget(t);
      for (const [kind, data] of [
        ['positions', target.getPositions()],
        ['normals', target.getNormals()],
        ['tangents', target.getTangents()],
      ] as const)
        if (data) attributes[`morph.${kind}.${t}`] = data;
    }
    const skeleton = mesh.skeleton;
    return {
      name: mesh.name,
      skinned: skeleton !== null,
      bones: skeleton ? skeleton.bones.map((b) => b.name) : [],
      boneInverses: skeleton ? skeleton.bones.map((b) => [...b.getAbsoluteInverseBindMatrix().m]) : [],
      attributes,
    };
  });
  const clips = loaded.container.animationGroups.map((group) => ({
    name: group.name,
    duration: group.to - group.from,
    // Babylon adds a group's animations as their accessors finish loading, not in channel order.
    tracks: group.targetedAnimations
      .map(({ animation, target }) => {
        const keys = animation.getKeys();
        const values: number[] = [];
        for (const k of keys) {
          const v = k.value as number | { asArray(): number[] };
          if (typeof v === 'number') values.push(v);
          else values.push(...v.asArray());
        }
        return {
          name: `${(target as { name?: string }).name ?? '?'}.${animation.targetProperty}`,
          times: keys.map((k) => k.frame),
          values,
        };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  }));
  return { nodes, meshes, clips, textures: [] };
}

/**
 * Skinned vertex positions (mesh space, per skinned mesh in load order) with animation group
 * `clip` at `t` seconds (null: as loaded, the rest pose); `normalise` divides each vertex's weights
 * by their sum first (a source whose sums are off, which export repairs).
 */
export function babylonSkinnedPositions(
  loaded: BabylonLoaded,
  clip: number | null,
  t: number,
  normalise = false,
): Float32Array[] {
  const groups = loaded.container.animationGroups;
  for (const g of groups) g.stop();
  if (clip !== null) {
    const group = groups[clip];
    const fps = group.targetedAnimations[0]?.animation.framePerSecond ?? 60;
    group.start(false, 1, group.from, group.to);
    group.goToFrame(group.from + t * fps);
    group.pause();
  }
  for (const n of [...loaded.scene.transformNodes, ...loaded.scene.meshes]) n.computeWorldMatrix(true);
  for (const s of loaded.scene.skeletons) s.prepare(true);
  const out: Float32Array[] = [];
  for (const mesh of meshesOf(loaded)) {
    if (!mesh.skeleton) continue;
    const saved = normalise ? normaliseWeights(mesh) : null;
    out.push(Float32Array.from(mesh.getPositionData(true, false) ?? []));
    if (saved) mesh.setVerticesData(VertexBuffer.MatricesWeightsKind, saved, true);
  }
  if (clip !== null) groups[clip].stop();
  return out;
}

/** Normalises the first four weights of each vertex in place; returns what was there. */
function normaliseWeights(mesh: Mesh): Float32Array | null {
  const weights = mesh.getVerticesData(VertexBuffer.MatricesWeightsKind, true, true);
  if (!weights) return null;
  const saved = Float32Array.from(weights);
  const next = Float32Array.from(weights);
  for (let i = 0; i < next.length; i += 4) {
    const s = next[i] + next[i + 1] + next[i + 2] + next[i + 3];
    if (s > 0) for (let k = 0; k < 4; k++) next[i + k] /= s;
  }
  mesh.setVerticesData(VertexBuffer.MatricesWeightsKind, next, true);
  return saved;
}

export function disposeBabylon(loaded: BabylonLoaded): void {
  loaded.scene.dispose();
  loaded.engine.dispose();
}
