/**
 * A posed body made in code for the fitter's regression tests and the Rig panel's e2e, after
 * Mixamo's Y Bot as saved in a pose (the file itself is not in the repo): arms lowered and swung
 * forward until the hands meet in front of the chest, the hands and forearms then shifted toward
 * the character's left (so both hands lie left of the body's mid-plane, the right one just
 * across it), the whole body turned 6° about up and standing 4 units off the world origin.
 */
import type { Document } from '@gltf-transform/core';
import { mannequinToDocument } from '../../src/character/index.ts';
import { buildShapedMannequin, type MannequinShape } from '../../src/character/shaped.ts';
import { stripSkin } from '../../src/gltf/strip-skin.ts';
import { type RigCase, shapedRigCase } from './rig-quality.ts';

type Vec3 = [number, number, number];

/** Arms lowered 35° and swung 115° forward: the hands pressed together on the mid-plane, in front of the chest. */
export const HANDS_TOGETHER_SHAPE: MannequinShape = { armDrop: 35, armForward: 115 };

/** How far (m) the hands move toward the character's left, and where the world puts the body. */
const SHIFT = 0.06;
const TURN = (6 * Math.PI) / 180;
const OFFSET: Vec3 = [-4, 0, 0.4];

/** The posed body's own left in world space: +X turned as the body is. */
export const HANDS_TOGETHER_LEFT: Vec3 = [Math.cos(TURN), 0, -Math.sin(TURN)];

/**
 * A point of the symmetric shaped body where the posed body has it: what lies well in front of
 * the chest (forearms and hands) moves toward +x (the character's left: it faces +z) by up to
 * SHIFT, then all of it turns by TURN about up and moves by OFFSET.
 */
export function placeHandsTogether(p: ArrayLike<number>): Vec3 {
  const ahead = Math.min(1, Math.max(0, (p[2] - 0.18) / 0.15));
  const x = p[0] + SHIFT * ahead;
  const c = Math.cos(TURN);
  const s = Math.sin(TURN);
  return [c * x + s * p[2] + OFFSET[0], p[1] + OFFSET[1], -s * x + c * p[2] + OFFSET[2]];
}

/** The posed body as a rig case: its mesh and its built-in joints, both placed as above. */
export function handsTogetherRigCase(targetVertices = 6000): RigCase {
  const c = shapedRigCase('hands together, off the origin', HANDS_TOGETHER_SHAPE, targetVertices);
  const P = Float32Array.from(c.mesh.positions);
  for (let i = 0; i < P.length; i += 3) P.set(placeHandsTogether(P.subarray(i, i + 3)), i);
  return {
    ...c,
    mesh: { ...c.mesh, positions: P },
    artist: { ...c.artist, positions: c.artist.positions.map((q) => placeHandsTogether(q)) },
  };
}

/** The posed body as a static glTF document (no skin, no joints), and its joints by name (world). */
export function handsTogetherDocument(targetVertices = 3000): {
  document: Document;
  joints: Map<string, Vec3>;
} {
  const data = buildShapedMannequin(HANDS_TOGETHER_SHAPE, targetVertices);
  const document = mannequinToDocument(data);
  stripSkin(document);
  const turn = (n: Float32Array, i: number) => {
    const [x, z] = [n[i], n[i + 2]];
    n[i] = Math.cos(TURN) * x + Math.sin(TURN) * z;
    n[i + 2] = -Math.sin(TURN) * x + Math.cos(TURN) * z;
  };
  for (const mesh of document.getRoot().listMeshes())
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute('POSITION')!;
      const p = Float32Array.from(position.getArray()!);
      for (let i = 0; i < p.length; i += 3) p.set(placeHandsTogether(p.subarray(i, i + 3)), i);
      position.setArray(p);
      const normal = primitive.getAttribute('NORMAL');
      if (normal) {
        const n = Float32Array.from(normal.getArray()!);
        for (let i = 0; i < n.length; i += 3) turn(n, i);
        normal.setArray(n);
      }
    }
  const joints = new Map(
    data.jointNames.map((name, i) => [
      name,
      placeHandsTogether(data.jointPositions.subarray(i * 3, i * 3 + 3)),
    ]),
  );
  return { document, joints };
}
