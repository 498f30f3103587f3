import { BufferGeometry, Float32BufferAttribute, type Matrix4, Quaternion, Vector3 } from 'three';
import { boneGlyphRadii, layoutBoneSegments, restGlyphRadii } from '../../src/pose/bone-glyphs.ts';
import type { ViewScene } from './view-scene.ts';

/** One drawn bone: from a joint (its owner, selected when clicked) towards a child or onward. */
export interface BoneShape {
  owner: number;
  head: Vector3;
  tail: Vector3;
  /** Radius of the glyph's widest ring, world units. */
  radius: number;
}

/** The unit octahedron's ring radius (its girth scale maps it to a shape's radius). */
const RING = 0.08;

/**
 * Blender's octahedral bone, pointing +Y from 0 to 1 with its widest ring at 0.1. Flat normals
 * (non-indexed) so the facets read under the lights.
 */
export function octahedronGeometry(): BufferGeometry {
  const w = RING;
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
 * The bones of the shown model (src/pose/bone-glyphs.ts lays them out) at its joints as drawn
 * now: rest pose when the scene is built, posed later. Radii are the rest ones when given (the
 * glyph of a bone keeps its girth when posed), else length-based.
 */
export function layoutBones(
  view: ViewScene,
  modelRadius: number,
  radii: Float32Array | null = null,
): BoneShape[] {
  const world = new Map<number, [number, number, number]>();
  const p = new Vector3();
  for (const [id, object] of view.jointObjects) world.set(id, object.getWorldPosition(p).toArray());
  const segments = layoutBoneSegments(view.model.joints.values(), (id) => world.get(id), modelRadius);
  const girth = radii ?? boneGlyphRadii(segments, [], modelRadius);
  return segments.map((s, i) => ({
    owner: s.owner,
    head: new Vector3().fromArray(s.head),
    tail: new Vector3().fromArray(s.tail),
    radius: girth[i] ?? 0,
  }));
}

/**
 * The glyph radii of `shapes` (laid out at rest) over the model's mesh as drawn at rest: thin
 * where the limb is (fingers), computed by the core (src/pose/bone-glyphs.ts).
 */
export function limbRadii(view: ViewScene, shapes: readonly BoneShape[], modelRadius: number): Float32Array {
  const segments = shapes.map((s) => ({
    owner: s.owner,
    head: s.head.toArray() as [number, number, number],
    tail: s.tail.toArray() as [number, number, number],
  }));
  return restGlyphRadii(view.model, segments, modelRadius);
}

const _up = new Vector3(0, 1, 0);
const _dir = new Vector3();
const _q = new Quaternion();
const _s = new Vector3();

/** The instance matrix that maps the unit octahedron onto head → tail with the shape's ring radius. */
export function boneMatrix(shape: BoneShape, out: Matrix4): Matrix4 {
  _dir.subVectors(shape.tail, shape.head);
  const length = _dir.length();
  _q.setFromUnitVectors(_up, _dir.divideScalar(length || 1));
  const girth = shape.radius / RING;
  return out.compose(shape.head, _q, _s.set(girth, length, girth));
}
