/**
 * A static character made of several meshes, as exporters write kit-bashed and game characters:
 * the static mannequin's triangles split into parts (head and torso, arms, legs), each on its own
 * mesh node with its own transform (at the scene root untouched, under a moved and turned group,
 * scaled, one mesh of two primitives), plus a small badge mesh drawn twice (one mesh, two nodes)
 * and an orphan mesh no node draws. Each part's vertices carry the inverse of its node's world
 * matrix, so the scene draws the mannequin where it was.
 */
import type { Document, Mesh, Node } from '@gltf-transform/core';
import { matInvert } from '../../../src/pose/matrix.ts';
import { staticMannequin } from './static-fixture.ts';

/** Triangle lists of the mesh's parts, by the region each triangle's centre lies in. */
function splitTriangles(
  positions: Float32Array,
  indices: Uint32Array,
  parts: number,
  partOf: (c: number[]) => number,
) {
  const lists: number[][] = Array.from({ length: parts }, () => []);
  for (let t = 0; t < indices.length; t += 3) {
    const c = [0, 0, 0];
    for (let k = 0; k < 3; k++) for (let a = 0; a < 3; a++) c[a] += positions[indices[t + k] * 3 + a] / 3;
    lists[partOf(c)].push(indices[t], indices[t + 1], indices[t + 2]);
  }
  return lists;
}

/** A primitive of the triangles `tris` (indices into `positions`), its points mapped by `m`. */
function primitiveOf(document: Document, positions: Float32Array, tris: number[], m: Float64Array) {
  const remap = new Map<number, number>();
  const local: number[] = [];
  const idx = tris.map((v) => {
    let i = remap.get(v);
    if (i === undefined) {
      i = remap.size;
      remap.set(v, i);
      const [x, y, z] = [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
      for (let a = 0; a < 3; a++) local.push(m[a] * x + m[4 + a] * y + m[8 + a] * z + m[12 + a]);
    }
    return i;
  });
  const buffer = document.getRoot().listBuffers()[0];
  return document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(Float32Array.from(local)).setBuffer(buffer),
    )
    .setIndices(
      document.createAccessor().setType('SCALAR').setArray(Uint32Array.from(idx)).setBuffer(buffer),
    );
}

function inverseWorld(node: Node): Float64Array {
  const inv = new Float64Array(16);
  if (!matInvert(node.getWorldMatrix(), 0, inv, 0)) throw new Error('singular node');
  return inv;
}

/** A small box (12 triangles) of half-size `r` around the origin. */
function boxMesh(document: Document, r: number): Mesh {
  const p: number[] = [];
  for (let i = 0; i < 8; i++) p.push(i & 1 ? r : -r, i & 2 ? r : -r, i & 4 ? r : -r);
  const faces = [
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7,
    5,
  ];
  const buffer = document.getRoot().listBuffers()[0];
  return document.createMesh('Badge').addPrimitive(
    document
      .createPrimitive()
      .setAttribute(
        'POSITION',
        document.createAccessor().setType('VEC3').setArray(Float32Array.from(p)).setBuffer(buffer),
      )
      .setIndices(
        document.createAccessor().setType('SCALAR').setArray(Uint32Array.from(faces)).setBuffer(buffer),
      ),
  );
}

/** See the module comment. */
export function multiMeshCharacter(targetVertices = 2500): Document {
  const document = staticMannequin({ build: 'average', pose: 'A' }, targetVertices);
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const [body] = root.listNodes().filter((n) => n.getMesh());
  const source = body.getMesh()!.listPrimitives()[0];
  const positions = source.getAttribute('POSITION')!.getArray() as Float32Array;
  const indices = Uint32Array.from(source.getIndices()!.getArray()!);
  let top = -Infinity;
  for (let i = 1; i < positions.length; i += 3) top = Math.max(top, positions[i]);
  const H = top;
  // 0: head and torso, 1: left arm, 2: right arm, 3: left leg, 4: right leg.
  const [trunk, armL, armR, legL, legR] = splitTriangles(positions, indices, 5, ([x, y]) =>
    y < 0.45 * H ? (x > 0 ? 3 : 4) : Math.abs(x) > 0.13 * H ? (x > 0 ? 1 : 2) : 0,
  );
  const whole = body.getMesh()!;
  body.dispose();
  whole.dispose();

  const identity = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  // The trunk: at the scene root, no transform (skinned in place).
  const trunkNode = document.createNode('Trunk');
  scene.addChild(trunkNode);
  trunkNode.setMesh(
    document.createMesh('Trunk').addPrimitive(primitiveOf(document, positions, trunk, identity)),
  );
  // The arms: under a group moved and turned, each with its own placement too.
  const group = document
    .createNode('Arms')
    .setTranslation([0.2, -0.1, 0.05])
    .setRotation([0, Math.sin(0.2), 0, Math.cos(0.2)]);
  scene.addChild(group);
  for (const [name, tris, t] of [
    ['ArmL', armL, [0.1, 0.3, 0]],
    ['ArmR', armR, [-0.1, 0.2, -0.05]],
  ] as const) {
    const node = document
      .createNode(name)
      .setTranslation([...t])
      .setScale([1.5, 1.5, 1.5]);
    group.addChild(node);
    node.setMesh(
      document.createMesh(name).addPrimitive(primitiveOf(document, positions, tris, inverseWorld(node))),
    );
  }
  // The legs: one mesh of two primitives on a scaled, moved node at the scene root.
  const legs = document.createNode('Legs').setTranslation([0, 0.1, 0]).setScale([2, 0.5, 2]);
  scene.addChild(legs);
  const inv = inverseWorld(legs);
  legs.setMesh(
    document
      .createMesh('Legs')
      .addPrimitive(primitiveOf(document, positions, legL, inv))
      .addPrimitive(primitiveOf(document, positions, legR, inv)),
  );
  // A badge drawn twice on the chest: one mesh, two nodes.
  const badge = boxMesh(document, 0.01 * H);
  for (const [name, x] of [
    ['BadgeL', 0.04 * H],
    ['BadgeR', -0.04 * H],
  ] as const) {
    const node = document
      .createNode(name)
      .setTranslation([x, 0.7 * H, 0.03 * H])
      .setMesh(badge);
    scene.addChild(node);
  }
  // An orphan: in the file, drawn by no node.
  boxMesh(document, 0.02 * H).setName('Orphan');
  return document;
}
