/**
 * Files with a mesh and a node hierarchy but no skin, built in code: the built-in mannequin with
 * its skin (and JOINTS_0/WEIGHTS_0) stripped, its joint nodes kept, laid out as real files are.
 */
import type { Document, Node } from '@gltf-transform/core';
import { buildMannequin, mannequinToDocument } from '../../../src/character/index.ts';

/** How the stripped mannequin is laid out. */
export type SkinlessLayout =
  /** Scene → Character (moved, turned, scaled) → [Mannequin → Hips…, MannequinBody (nudged)]. */
  | 'placed'
  /** Blender's: Scene → Mannequin (the armature, turned and scaled) → [Hips…, MannequinBody]. */
  | 'armature'
  /** As 'placed', with Character mirrored (scale x −1): a renderer flips the winding. */
  | 'mirrored';

export interface SkinlessOptions {
  targetVertices?: number;
  layout?: SkinlessLayout;
  /**
   * Adds a "Hat" box mesh on its own top-level node (outside the skeleton: it gets skinned too)
   * and a "Sword" box under LeftHand (a prop hanging from a joint: it stays rigid).
   */
  props?: boolean;
}

/** An axis-aligned box mesh of half-size `h` (24 vertices, flat normals, outward winding). */
function boxMesh(doc: Document, name: string, h: [number, number, number]) {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      const [u, w] = [(axis + 1) % 3, (axis + 2) % 3];
      const base = positions.length / 3;
      for (const [a, b] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        const p = [0, 0, 0];
        p[axis] = sign * h[axis];
        p[u] = a * h[u];
        p[w] = b * h[w] * sign;
        positions.push(...p);
        const n = [0, 0, 0];
        n[axis] = sign;
        normals.push(...n);
      }
      indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  const buffer = doc.getRoot().listBuffers()[0];
  const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', Float32Array.from(positions)))
    .setAttribute('NORMAL', accessor('VEC3', Float32Array.from(normals)))
    .setIndices(accessor('SCALAR', Uint16Array.from(indices)));
  return doc.createMesh(name).addPrimitive(prim);
}

const TURN = Math.PI / 6;
const Y_TURN: [number, number, number, number] = [0, Math.sin(TURN / 2), 0, Math.cos(TURN / 2)];

function strip(doc: Document): void {
  for (const node of doc.getRoot().listNodes()) node.setSkin(null);
  for (const skin of doc.getRoot().listSkins()) {
    const ibm = skin.getInverseBindMatrices();
    skin.dispose();
    ibm?.dispose();
  }
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      for (const semantic of ['JOINTS_0', 'WEIGHTS_0']) {
        const a = prim.getAttribute(semantic);
        prim.setAttribute(semantic, null);
        a?.dispose();
      }
    }
  }
}

/** Adds the "Hat" under `parent` and the "Sword" under LeftHand (see {@link SkinlessOptions.props}). */
function addProps(doc: Document, parent: Node, hand: Node): void {
  // On the head, in the same space as the character.
  const hat = doc
    .createNode('Hat')
    .setMesh(boxMesh(doc, 'Hat', [0.12, 0.04, 0.12]))
    .setTranslation([0, 1.82, 0])
    .setRotation([0, 0, Math.sin(0.1), Math.cos(0.1)]);
  parent.addChild(hat);
  hand.addChild(
    doc
      .createNode('Sword')
      .setMesh(boxMesh(doc, 'Sword', [0.3, 0.01, 0.03]))
      .setTranslation([0.35, 0, 0]),
  );
}

/** The mannequin without a skin; see {@link SkinlessLayout}. */
export function makeSkinlessMannequin(options: SkinlessOptions = {}): Document {
  const { targetVertices = 2000, layout = 'placed', props = false } = options;
  const doc = mannequinToDocument(buildMannequin({ targetVertices }));
  strip(doc);
  const node = (name: string) =>
    doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === name)!;
  const scene = doc.getRoot().listScenes()[0];
  const armature = node('Mannequin');
  const body = node('MannequinBody');
  if (layout === 'armature') {
    scene.removeChild(body);
    armature.addChild(body).setRotation(Y_TURN).setScale([1.5, 1.5, 1.5]).setTranslation([0.3, 0, -0.4]);
    if (props) addProps(doc, armature, node('LeftHand'));
    return doc;
  }
  scene.removeChild(armature).removeChild(body);
  const character = doc
    .createNode('Character')
    .setTranslation([0.5, 0.1, -1])
    .setRotation(Y_TURN)
    .setScale(layout === 'mirrored' ? [-1.2, 1.2, 1.2] : [1.2, 1.2, 1.2])
    .addChild(armature)
    .addChild(body.setTranslation([0, 0.01, 0]));
  scene.addChild(character);
  if (props) addProps(doc, character, node('LeftHand'));
  return doc;
}

/** World positions (float64) of every vertex of every mesh node, by node name. */
export function worldPositions(doc: Document): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    const parts: number[] = [];
    for (const prim of mesh.listPrimitives()) {
      const p = prim.getAttribute('POSITION')!.getArray()!;
      for (let i = 0; i < p.length; i += 3) {
        const [x, y, z] = [p[i], p[i + 1], p[i + 2]];
        parts.push(
          m[0] * x + m[4] * y + m[8] * z + m[12],
          m[1] * x + m[5] * y + m[9] * z + m[13],
          m[2] * x + m[6] * y + m[10] * z + m[14],
        );
      }
    }
    out.set(node.getName(), Float64Array.from(parts));
  }
  return out;
}
