/**
 * Files with a mesh and a node hierarchy but no skin, built in code: the built-in mannequin with
 * its skin (and JOINTS_0/WEIGHTS_0) stripped, its joint nodes kept, laid out as real files are.
 */
import type { Document } from '@gltf-transform/core';
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

/** The mannequin without a skin; see {@link SkinlessLayout}. */
export function makeSkinlessMannequin(options: SkinlessOptions = {}): Document {
  const { targetVertices = 2000, layout = 'placed' } = options;
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
