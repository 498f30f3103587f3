/**
 * Garments as glTF: a standalone file holding only the garment (what a modeller hands a rigger:
 * "here is the jacket"), or a node added to a character's Document as an unskinned mesh.
 */
import { type Document, Document as GltfDocument, type Node, type TypedArray } from '@gltf-transform/core';
import type { Garment } from './garments.ts';

export interface AddGarmentOptions {
  /** Node name (default: the garment's name). */
  name?: string;
  /** Node translation and uniform scale — what an exporter leaves on a mesh node. */
  translation?: [number, number, number];
  scale?: number;
  /** Base colour (linear RGB). */
  color?: readonly [number, number, number];
}

const GARMENT_COLORS: Record<string, readonly [number, number, number]> = {
  Shirt: [0.2, 0.35, 0.65],
  Jacket: [0.35, 0.22, 0.12],
  Trousers: [0.12, 0.14, 0.22],
  Skirt: [0.55, 0.12, 0.2],
  Coat: [0.25, 0.3, 0.18],
};

/**
 * Adds `garment` to `document`'s default scene as an unskinned mesh node. With a translation or
 * scale the stored positions are the inverse of it, so the garment still sits on the body in the
 * world. Returns the node.
 */
export function addGarmentNode(document: Document, garment: Garment, options: AddGarmentOptions = {}): Node {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const accessor = (name: string, type: 'SCALAR' | 'VEC3', array: TypedArray) =>
    document.createAccessor(name).setType(type).setArray(array).setBuffer(buffer);
  const t = options.translation ?? [0, 0, 0];
  const s = options.scale ?? 1;
  const positions = new Float32Array(garment.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) positions[i + k] = (garment.positions[i + k] - t[k]) / s;
  }
  const color = options.color ?? GARMENT_COLORS[garment.name] ?? [0.5, 0.5, 0.5];
  const material = document
    .createMaterial(`${garment.name}Cloth`)
    .setBaseColorFactor([color[0], color[1], color[2], 1])
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0)
    .setDoubleSided(true);
  const vertexCount = positions.length / 3;
  const indices = vertexCount < 65536 ? new Uint16Array(garment.indices) : garment.indices;
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(`${garment.name}POSITION`, 'VEC3', positions))
    .setAttribute('NORMAL', accessor(`${garment.name}NORMAL`, 'VEC3', garment.normals.slice()))
    .setIndices(accessor(`${garment.name}Indices`, 'SCALAR', indices))
    .setMaterial(material);
  const mesh = document.createMesh(garment.name).addPrimitive(primitive);
  const node = document.createNode(options.name ?? garment.name).setMesh(mesh);
  if (options.translation) node.setTranslation(t);
  if (options.scale !== undefined) node.setScale([s, s, s]);
  const scene =
    document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0] ?? document.createScene();
  scene.addChild(node);
  return node;
}

/** A Document holding only the garment, as one unskinned mesh node. */
export function garmentToDocument(garment: Garment, options: AddGarmentOptions = {}): Document {
  const document = new GltfDocument();
  document.getRoot().getAsset().generator = 'Skinsmith garment';
  document.createBuffer('GarmentBuffer');
  document.getRoot().setDefaultScene(document.createScene('Scene'));
  addGarmentNode(document, garment, options);
  return document;
}
