/**
 * A small skinned Document with UV-style seams, built in code for the editor-level tool and
 * selection tests: a flat grid in z = 0, exactly symmetric about x = 0, with two columns of
 * duplicated vertices (x = ±0.5), bound to Hips / LeftLeg (+x) / RightLeg (-x) / Spine.
 */
import { Document } from '@gltf-transform/core';

export interface SeamDocumentOptions {
  /** Cells across (even). */
  cols?: number;
  rows?: number;
  /** Give the seam duplicates of the left (+x) column different weights from their twins. */
  splitSeam?: boolean;
}

/** Joint names, in skin order. */
export const SEAM_JOINTS = ['Hips', 'LeftLeg', 'RightLeg', 'Spine'] as const;
const JOINT_AT: [number, number, number][] = [
  [0, 0, 0],
  [0.5, 0.5, 0],
  [-0.5, 0.5, 0],
  [0, 1.5, 0],
];

/** Weights of a point: legs by side, spine by height, hips the rest (4 influences, sum 1). */
function weightsAt(x: number, y: number): number[] {
  const left = Math.max(0, x) * 0.5;
  const right = Math.max(0, -x) * 0.5;
  const spine = (y / 2) * 0.4;
  return [1 - left - right - spine, left, right, spine];
}

export function makeSeamDocument(options: SeamDocumentOptions = {}): Document {
  const cols = options.cols ?? 8;
  const rows = options.rows ?? 6;
  const positions: number[] = [];
  const index = new Map<string, number>();
  const seams = new Set([cols / 4, (3 * cols) / 4]); // the columns at x = -0.5 and x = +0.5
  const vertex = (i: number, j: number, split: boolean): number => {
    const key = `${i},${j},${split && seams.has(i) ? 1 : 0}`;
    let v = index.get(key);
    if (v === undefined) {
      v = positions.length / 3;
      index.set(key, v);
      positions.push((2 * i - cols) / cols, (2 * j) / rows, 0);
    }
    return v;
  };
  const indices: number[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      // Cells right of a seam column use its duplicate.
      const a = vertex(i, j, true);
      const b = vertex(i + 1, j, false);
      const c = vertex(i + 1, j + 1, false);
      const d = vertex(i, j + 1, true);
      indices.push(a, b, c, a, c, d);
    }
  }
  const n = positions.length / 3;
  const joints = new Uint16Array(n * 4);
  const weights = new Float32Array(n * 4);
  for (let v = 0; v < n; v++) {
    const w = weightsAt(positions[v * 3], positions[v * 3 + 1]);
    const order = [0, 1, 2, 3].sort((a, b) => w[b] - w[a] || a - b);
    order.forEach((j, k) => {
      joints[v * 4 + k] = w[j] > 0 ? j : 0;
      weights[v * 4 + k] = w[j];
    });
  }
  if (options.splitSeam) {
    // The duplicates of the +x seam column: all Spine.
    for (const [key, v] of index) {
      if (!key.endsWith(',1') || positions[v * 3] < 0) continue;
      joints.fill(0, v * 4, v * 4 + 4);
      weights.fill(0, v * 4, v * 4 + 4);
      joints[v * 4] = 3;
      weights[v * 4] = 1;
    }
  }

  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  const nodes = SEAM_JOINTS.map((name, j) => doc.createNode(name).setTranslation(JOINT_AT[j]));
  // Hips sits at the origin, so the children's local translations are their world positions.
  for (const node of nodes.slice(1)) nodes[0].addChild(node);
  scene.addChild(nodes[0]);
  const skin = doc.createSkin('Skin');
  for (const node of nodes) skin.addJoint(node);
  const ibm = new Float32Array(nodes.length * 16);
  JOINT_AT.forEach(([x, y, z], j) => {
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], j * 16);
  });
  skin.setInverseBindMatrices(doc.createAccessor('IBM', buffer).setType('MAT4').setArray(ibm));
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor('position', buffer).setType('VEC3').setArray(Float32Array.from(positions)),
    )
    .setAttribute('JOINTS_0', doc.createAccessor('joints', buffer).setType('VEC4').setArray(joints))
    .setAttribute('WEIGHTS_0', doc.createAccessor('weights', buffer).setType('VEC4').setArray(weights))
    .setIndices(doc.createAccessor('indices', buffer).setType('SCALAR').setArray(Uint16Array.from(indices)));
  const mesh = doc.createMesh('Grid').addPrimitive(prim);
  scene.addChild(doc.createNode('GridMesh').setMesh(mesh).setSkin(skin));
  return doc;
}
