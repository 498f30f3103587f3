import { BufferGeometry, Float32BufferAttribute, type Matrix4, Quaternion, Vector3 } from 'three';
import { boneGlyphRadii, layoutBoneSegments, restGlyphRadii } from '../../src/pose/bone-glyphs.ts';
import { skeletonPreview } from '../skeleton/skeleton-preview.ts';
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
 * now: rest pose when the scene is built, posed later, moved by a Skeleton mode drag. Radii are the rest ones when given (the
 * glyph of a bone keeps its girth when posed), else length-based.
 */
export function layoutBones(
  view: ViewScene,
  modelRadius: number,
  radii: Float32Array | null = null,
): BoneShape[] {
  const world = new Map<number, [number, number, number]>();
  const p = new Vector3();
  // While a Skeleton mode drag runs, the dragged joints where the drag has them.
  for (const id of view.jointObjects.keys()) world.set(id, skeletonPreview.position(view, id, p)!.toArray());
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

/** Moves the bone shapes onto the joints as drawn now, in place (the overlay keeps its array). */
export function refreshBones(shapes: BoneShape[], view: ViewScene, modelRadius: number): void {
  const fresh = layoutBones(view, modelRadius);
  if (fresh.length !== shapes.length) return;
  for (let i = 0; i < shapes.length; i++) {
    shapes[i].head.copy(fresh[i].head);
    shapes[i].tail.copy(fresh[i].tail);
  }
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

/** A joint drawn as a ball you can grab (Skeleton mode): its centre, and its largest radius (world units). */
export interface JointMarker {
  owner: number;
  at: Vector3;
  radius: number;
}

/**
 * A ball per joint at its world position, at most a hundredth of the model and a third of the
 * joint's shortest bone, so the balls of a hand's finger joints stay apart.
 */
export function layoutJoints(
  view: ViewScene,
  shapes: readonly BoneShape[],
  modelRadius: number,
): JointMarker[] {
  const shortest = new Map<number, number>();
  const note = (id: number, length: number) => {
    if (length > 0) shortest.set(id, Math.min(shortest.get(id) ?? Number.POSITIVE_INFINITY, length));
  };
  for (const s of shapes) {
    const length = s.head.distanceTo(s.tail);
    note(s.owner, length);
    const joint = view.model.joints.get(s.owner);
    for (const child of joint?.children ?? []) {
      const at = skeletonPreview.position(view, child, _dir);
      if (at && s.tail.distanceTo(at) < 1e-9) note(child, length);
    }
  }
  const out: JointMarker[] = [];
  for (const id of view.jointObjects.keys()) {
    const limit = (shortest.get(id) ?? Number.POSITIVE_INFINITY) / 3;
    out.push({
      owner: id,
      at: skeletonPreview.position(view, id)!,
      radius: Math.min(modelRadius * 0.012, limit),
    });
  }
  return out;
}
