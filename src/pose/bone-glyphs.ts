/**
 * Bone glyphs: where the viewport draws the skeleton's octahedral bones and how thick, so that a
 * bone reads as the limb's axis and never hides the limb — a finger's glyph no wider than the
 * finger, a spine's as Blender draws it.
 *
 * - Layout: a bone from each joint to each child joint; a joint with no child (or whose children
 *   sit on it) gets one continuing its parent's direction for half the parent bone's length, so
 *   every joint has something to click, without a fingertip's bone poking far past the finger.
 * - Girth: the radius of the glyph's widest ring is Blender's `GIRTH_PER_LENGTH` × the bone's
 *   length (capped for long bones), and at most `LIMB_SHARE` × the limb's radius there: the
 *   distance from the bone to the nearest point of the mesh as drawn at rest (a BVH query), the
 *   least along the bone. So fingers, toes and tails get thin glyphs, a torso keeps its usual ones.
 */
import { BufferAttribute, BufferGeometry, Vector3 } from 'three';
import { type HitPointInfo, MeshBVH } from 'three-mesh-bvh';
import { lineageOf } from '../gltf/model-lineage.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { triangleCorners } from '../mesh/triangles.ts';
import { restPositions } from './rest-positions.ts';

type V3 = [number, number, number];

/** One drawn bone: from a joint (its owner, selected when clicked) towards a child or onward. */
export interface BoneSegment {
  owner: number;
  head: V3;
  tail: V3;
}

/** The joints a layout needs: ids, parent joint (-1: none) and child joints. */
export interface BoneJoint {
  id: number;
  parent: number;
  children: readonly number[];
}

/** Ring radius per unit of bone length (the octahedron's widest ring, as Blender draws it). */
export const GIRTH_PER_LENGTH = 0.08;
/** Long bones (a root to the hips) stop thickening at this share of the model's radius. */
export const MAX_GIRTH_OF_RADIUS = 0.02;
/** Share of the limb's radius (bone to surface) a glyph may fill. */
export const LIMB_SHARE = 0.5;
/** Thinnest glyph, per unit of length: a needle still shows and can be clicked. */
export const MIN_GIRTH_PER_LENGTH = 0.015;

/**
 * The bones of `joints` with heads and tails at `worldOf` (null: not drawn), in joint order
 * (a joint's bones together). `modelRadius` scales the bones of joints with no parent or child.
 */
export function layoutBoneSegments(
  joints: Iterable<BoneJoint>,
  worldOf: (id: number) => V3 | null | undefined,
  modelRadius: number,
): BoneSegment[] {
  const eps = modelRadius * 1e-4;
  const out: BoneSegment[] = [];
  for (const joint of joints) {
    const head = worldOf(joint.id);
    if (!head) continue;
    let drawn = false;
    for (const child of joint.children) {
      const tail = worldOf(child);
      if (tail && distance(head, tail) > eps) {
        out.push({ owner: joint.id, head, tail });
        drawn = true;
      }
    }
    if (drawn) continue;
    const parent = joint.parent >= 0 ? worldOf(joint.parent) : null;
    let dir: V3 = [0, 1, 0];
    let length = modelRadius * 0.08;
    const span = parent ? distance(parent, head) : 0;
    if (parent && span > eps) {
      dir = [(head[0] - parent[0]) / span, (head[1] - parent[1]) / span, (head[2] - parent[2]) / span];
      // Half the parent bone: a fingertip's bone stays about a fingertip long.
      length = Math.min(span * 0.5, modelRadius * 0.2);
    }
    out.push({
      owner: joint.id,
      head,
      tail: [head[0] + dir[0] * length, head[1] + dir[1] * length, head[2] + dir[2] * length],
    });
  }
  return out;
}

/** The segments of `model`'s joints at their rest positions (what the viewport shows unposed). */
export function restBoneSegments(model: SkinnedModel, modelRadius: number): BoneSegment[] {
  return layoutBoneSegments(model.joints.values(), (id) => model.joints.get(id)?.restPosition, modelRadius);
}

/** Sample points along a bone where the limb's radius is measured (its ends are joints: inside). */
const ALONG = [0.15, 0.5, 0.85];

/** A triangle mesh as drawn: xyz per vertex, 3 vertex indices per triangle. */
export interface GlyphSurface {
  positions: Float32Array;
  triangles: Uint32Array;
}

/**
 * The ring radius of each segment's glyph (see the module comment): length-based, at most
 * {@link LIMB_SHARE} of the distance from the bone to the nearest point of `surfaces` (the
 * skinned mesh as drawn at rest), never below {@link MIN_GIRTH_PER_LENGTH}. Without surfaces,
 * length-based alone.
 */
export function boneGlyphRadii(
  segments: readonly BoneSegment[],
  surfaces: readonly GlyphSurface[],
  modelRadius: number,
): Float32Array {
  return glyphRadii(segments, closestDistance(surfaces), modelRadius);
}

type Closest = (x: number, y: number, z: number) => number;

function glyphRadii(
  segments: readonly BoneSegment[],
  closest: Closest | null,
  modelRadius: number,
): Float32Array {
  const out = new Float32Array(segments.length);
  segments.forEach(({ head, tail }, i) => {
    const length = distance(head, tail);
    let radius = GIRTH_PER_LENGTH * Math.min(length, (MAX_GIRTH_OF_RADIUS / GIRTH_PER_LENGTH) * modelRadius);
    if (closest) {
      let limb = Number.POSITIVE_INFINITY;
      for (const t of ALONG)
        limb = Math.min(
          limb,
          closest(
            head[0] + (tail[0] - head[0]) * t,
            head[1] + (tail[1] - head[1]) * t,
            head[2] + (tail[2] - head[2]) * t,
          ),
        );
      radius = Math.min(radius, LIMB_SHARE * limb);
    }
    out[i] = Math.max(radius, MIN_GIRTH_PER_LENGTH * length);
  });
  return out;
}

/** Distances already measured per point, kept per mesh: a skeleton edit re-measures only its bones. */
const MEMO_POINTS = 20_000;

/**
 * The distance field of a model's mesh at rest, per lineage (src/gltf/model-lineage.ts): a joint
 * moved leaves the mesh where it was, so the BVH (about 0.5 s at 300k vertices) is built once
 * for every model of that shape, and each bone's samples are measured once where they are.
 */
const fields = new WeakMap<object, Closest | null>();

function restField(model: SkinnedModel): Closest | null {
  const key = lineageOf(model);
  if (fields.has(key)) return fields.get(key)!;
  const rest = restPositions(model);
  const surfaces = model.primitives.map((p) => ({
    positions: rest[p.id],
    triangles: triangleCorners(p.indices, p.positions.length / 3, p.primitive.getMode()),
  }));
  const closest = closestDistance(surfaces);
  let memo = new Map<string, number>();
  const field: Closest | null =
    closest &&
    ((x, y, z) => {
      const k = `${x},${y},${z}`;
      let d = memo.get(k);
      if (d === undefined) {
        if (memo.size >= MEMO_POINTS) memo = new Map();
        d = closest(x, y, z);
        memo.set(k, d);
      }
      return d;
    });
  fields.set(key, field);
  return field;
}

/** The glyph radii of `segments` over `model`'s skinned mesh as drawn at rest. */
export function restGlyphRadii(
  model: SkinnedModel,
  segments: readonly BoneSegment[],
  modelRadius: number,
): Float32Array {
  return glyphRadii(segments, restField(model), modelRadius);
}

const _p = new Vector3();
const _hit: HitPointInfo = { point: new Vector3(), distance: 0, faceIndex: 0 };

/** Distance from a point to the nearest triangle of `surfaces` (one BVH over all), or null without triangles. */
function closestDistance(surfaces: readonly GlyphSurface[]): Closest | null {
  let vertices = 0;
  let corners = 0;
  for (const s of surfaces) {
    vertices += Math.floor(s.positions.length / 3);
    corners += s.triangles.length - (s.triangles.length % 3);
  }
  if (corners === 0) return null;
  const positions = new Float32Array(vertices * 3);
  const index = new Uint32Array(corners);
  let v0 = 0;
  let c = 0;
  for (const s of surfaces) {
    const n = Math.floor(s.positions.length / 3);
    positions.set(s.positions.subarray(0, n * 3), v0 * 3);
    for (let k = 0; k + 2 < s.triangles.length; k += 3) {
      const a = s.triangles[k];
      const b = s.triangles[k + 1];
      const d = s.triangles[k + 2];
      if (a >= n || b >= n || d >= n) continue; // a broken index: no triangle
      index[c++] = v0 + a;
      index[c++] = v0 + b;
      index[c++] = v0 + d;
    }
    v0 += n;
  }
  if (c === 0) return null;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(new BufferAttribute(index.subarray(0, c), 1));
  const bvh = new MeshBVH(geometry);
  return (x, y, z) => {
    const hit = bvh.closestPointToPoint(_p.set(x, y, z), _hit);
    return hit ? hit.distance : Number.POSITIVE_INFINITY;
  };
}

function distance(a: V3, b: V3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
