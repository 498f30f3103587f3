import type { BufferGeometry, Group, Material, Mesh, Object3D, SkinnedMesh, Texture } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { SkinnedModel, SkinnedPrimitive } from '../../src/gltf/skinned-model.ts';
import { bindSkinAttributes } from './skin-attributes.ts';

/** A SkinnedMesh that draws one of the model's skinned primitives. */
export interface SkinnedView {
  mesh: SkinnedMesh;
  prim: SkinnedPrimitive;
  /** Joint id (glTF node index) → index in this mesh's own skeleton (the value JOINTS_0 holds). */
  localIndex: Map<number, number>;
  /** The skin (index in the document) its node is skinned with: where its bone inverses come from. */
  skin: number;
}

/** The three.js scene of one model, with the objects mapped back to the editor's model. */
export interface ViewScene {
  model: SkinnedModel;
  root: Group;
  skinned: SkinnedView[];
  /** Every other mesh: unskinned ones, and skinned ones whose primitive the editor does not own. */
  plain: Mesh[];
  /** Joint id → the object of its node (for drawing bones at the joints). */
  jointObjects: Map<number, Object3D>;
  /** Document node index → its object, for every node (posing drives joints and their ancestors). */
  nodeObjects: Map<number, Object3D>;
  /** Primitive id → the geometries drawing it (several nodes may instance one mesh). */
  geometries: Map<number, Set<BufferGeometry>>;
  /**
   * Node index → its own rest TRS as the loader made them (position, quaternion, scale: 10
   * numbers): what the scene goes back to at the rest pose, bit for bit.
   */
  rest: ReadonlyMap<number, readonly number[]>;
}

type Associations = Map<object, { meshes?: number; primitives?: number; nodes?: number }>;

/**
 * Parses the editor's renderable GLB (JSON indices = the Document's order) with three's
 * GLTFLoader and maps each SkinnedMesh back to its skinned primitive through the parser's
 * associations; their skinning attributes are then bound to the editor's SkinWeights.
 */
export async function buildViewScene(model: SkinnedModel, bytes: Uint8Array): Promise<ViewScene> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gltf = await new GLTFLoader().parseAsync(buffer, '');
  const associations = gltf.parser.associations as Associations;
  const root = gltf.scene;
  root.updateMatrixWorld(true);

  const byKey = new Map<string, SkinnedPrimitive>();
  for (const prim of model.primitives) byKey.set(`${prim.meshIndex}:${prim.primitiveIndex}`, prim);

  const view: ViewScene = {
    model,
    root,
    skinned: [],
    plain: [],
    jointObjects: new Map(),
    nodeObjects: new Map(),
    geometries: new Map(),
    rest: new Map(),
  };
  root.traverse((object) => {
    const ref = associations.get(object);
    if (ref?.nodes !== undefined && model.joints.has(ref.nodes)) view.jointObjects.set(ref.nodes, object);
    // A node that is also a mesh gets a Group holding its primitives: the Group is the node.
    if (ref?.nodes !== undefined && !view.nodeObjects.has(ref.nodes)) view.nodeObjects.set(ref.nodes, object);
    if (!(object as Mesh).isMesh) return;
    const mesh = object as Mesh;
    const prim = ref ? byKey.get(`${ref.meshes}:${ref.primitives}`) : undefined;
    const skinned = mesh as SkinnedMesh;
    if (!prim || !skinned.isSkinnedMesh) {
      view.plain.push(mesh);
      return;
    }
    const localIndex = new Map<number, number>();
    skinned.skeleton.bones.forEach((bone, i) => {
      const id = associations.get(bone)?.nodes;
      if (id !== undefined && !localIndex.has(id)) localIndex.set(id, i);
    });
    let geometries = view.geometries.get(prim.id);
    if (!geometries) view.geometries.set(prim.id, (geometries = new Set()));
    if (!geometries.has(mesh.geometry)) bindSkinAttributes(mesh.geometry, prim.weights);
    geometries.add(mesh.geometry);
    // Skinned bounds move with the pose; culling on the bind-pose sphere would clip posed limbs.
    skinned.frustumCulled = false;
    view.skinned.push({ mesh: skinned, prim, localIndex, skin: skinOf(mesh, associations, model) });
  });
  view.rest = restOf(view.nodeObjects);
  return view;
}

/** Each node object's own TRS now (10 numbers). */
export function restOf(nodeObjects: ReadonlyMap<number, Object3D>): Map<number, number[]> {
  const rest = new Map<number, number[]>();
  for (const [id, o] of nodeObjects)
    rest.set(id, [...o.position.toArray(), ...o.quaternion.toArray(), ...o.scale.toArray()]);
  return rest;
}

/** The document skin of the node drawing `mesh` (the mesh itself, or the Group of its primitives). */
function skinOf(mesh: Object3D, associations: Associations, model: SkinnedModel): number {
  let object: Object3D | null = mesh;
  while (object && associations.get(object)?.nodes === undefined) object = object.parent;
  const index = object ? associations.get(object)!.nodes! : -1;
  const skin = model.document.getRoot().listNodes()[index]?.getSkin();
  return skin ? model.document.getRoot().listSkins().indexOf(skin) : -1;
}

/** Frees the GPU resources of a scene that is no longer shown. */
export function disposeViewScene(view: ViewScene): void {
  const materials = new Set<Material>();
  const textures = new Set<Texture>();
  view.root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry.dispose();
    for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) materials.add(m);
  });
  for (const material of materials) {
    for (const value of Object.values(material)) if ((value as Texture)?.isTexture) textures.add(value);
    material.dispose();
  }
  for (const texture of textures) texture.dispose();
  for (const s of view.skinned) s.mesh.skeleton.dispose();
}
