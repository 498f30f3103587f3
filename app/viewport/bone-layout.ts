import { BufferGeometry, Float32BufferAttribute, type Matrix4, Quaternion, Vector3 } from 'three';
import type { ViewScene } from './view-scene.ts';

/** One drawn bone: from a joint (its owner, selected when clicked) towards a child or onward. */
export interface BoneShape {
  owner: number;
  head: Vector3;
  tail: Vector3;
}

/**
 * Blender's octahedral bone, pointing +Y from 0 to 1 with its widest ring at 0.1. Flat normals
 * (non-indexed) so the facets read under the lights.
 */
export function octahedronGeometry(): BufferGeometry {
  const w = 0.08;
  const h = [0, 0, 0];
  const t = [0, 1, 0];
  const ring = [
    [w, 0.1, 0],
    [0, 0.1, w],
    [-w, 0.1, 0],
    [0, 0.1, -w],
  ];
  const positions: number[] = [];
  for (let i = 0; i < 4; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % 4];
    positions.push(...h, ...b, ...a, ...a, ...b, ...t);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

/**
 * Bones from each joint to each child joint; a joint with no child (or whose children sit on it)
 * gets a short bone continuing its parent's direction, so every joint can be clicked.
 * Positions are the joints' nodes as drawn (rest pose), so the bones sit where the mesh is.
 */
export function layoutBones(view: ViewScene, modelRadius: number): BoneShape[] {
  const world = new Map<number, Vector3>();
  for (const [id, object] of view.jointObjects) world.set(id, object.getWorldPosition(new Vector3()));
  const eps = modelRadius * 1e-4;
  const minLength = modelRadius * 0.05;
  const shapes: BoneShape[] = [];
  for (const joint of view.model.joints.values()) {
    const head = world.get(joint.id);
    if (!head) continue;
    let drawn = false;
    for (const child of joint.children) {
      const tail = world.get(child);
      if (tail && tail.distanceTo(head) > eps) {
        shapes.push({ owner: joint.id, head, tail });
        drawn = true;
      }
    }
    if (drawn) continue;
    const parent = world.get(joint.parent);
    const dir = new Vector3(0, 1, 0);
    let length = modelRadius * 0.08;
    if (parent && parent.distanceTo(head) > eps) {
      dir.subVectors(head, parent);
      length = dir.length() * 0.5;
      dir.normalize();
    }
    length = Math.min(Math.max(length, minLength), modelRadius * 0.2);
    shapes.push({ owner: joint.id, head, tail: head.clone().addScaledVector(dir, length) });
  }
  return shapes;
}

const _up = new Vector3(0, 1, 0);
const _dir = new Vector3();
const _q = new Quaternion();
const _s = new Vector3();

/**
 * The instance matrix that maps the unit octahedron onto head → tail. Its girth follows the
 * length (as in Blender) up to `maxGirth`, so a long root-to-hip bone does not hide the mesh.
 */
export function boneMatrix(shape: BoneShape, maxGirth: number, out: Matrix4): Matrix4 {
  _dir.subVectors(shape.tail, shape.head);
  const length = _dir.length();
  _q.setFromUnitVectors(_up, _dir.divideScalar(length || 1));
  const girth = Math.min(length, maxGirth);
  return out.compose(shape.head, _q, _s.set(girth, length, girth));
}
