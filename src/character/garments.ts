/**
 * Garments for the mannequin, made in code: the test data of weight transfer (issue 14).
 *
 * Two styles, as riggers get them:
 * - 'offset': the body's own triangles in a region, each vertex pushed out along its normal —
 *   the garment a modeller makes by extruding the body (its `bodyVertex` says which body vertex
 *   each garment vertex came from, so the "true" weights are known);
 * - 'remeshed': the offset surface of the body's distance field (every primitive inflated by the
 *   offset: the quadratic smooth minimum shifts with them, so the field is exactly the body's
 *   minus the offset), meshed at its own spacing and cut to the region — its own topology, open
 *   at the neck, wrists, waist and ankles.
 *
 * The skirt, the coat's long skirt and the hood are their own shapes whatever the style: a skirt
 * hangs as a cone between the legs and a hood stands off the head, so parts of them are far from
 * any body surface — what transfer has to inpaint.
 */

import { computeNodeNormals } from '../mesh/normals.ts';
import { MANNEQUIN_PRIMITIVES, mannequinField } from './body.ts';
import type { MannequinData } from './index.ts';
import { meshField } from './mesher.ts';
import { compileField, evalField, type Field, type Primitive } from './sdf.ts';

export type GarmentKind = 'shirt' | 'jacket' | 'trousers' | 'skirt' | 'coat';

/** Every garment kind, in the order the tools list them. */
export const GARMENT_KINDS: readonly GarmentKind[] = ['shirt', 'jacket', 'trousers', 'skirt', 'coat'];

export interface GarmentOptions {
  style?: 'offset' | 'remeshed';
  /** Distance from the body (metres). */
  offset?: number;
  /** Grid spacing of remeshed garments and of the skirt and hood rings (metres). */
  spacing?: number;
}

export const GARMENT_DEFAULTS: Required<GarmentOptions> = { style: 'offset', offset: 0.015, spacing: 0.02 };

export interface Garment {
  kind: GarmentKind;
  name: string;
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  offset: number;
  /** Body vertex each garment vertex was pushed out from (-1: not made from a body vertex). */
  bodyVertex: Int32Array;
}

interface Part {
  positions: Float32Array;
  indices: Uint32Array;
  bodyVertex: Int32Array;
}

type Region = (x: number, y: number, z: number) => boolean;

const REGIONS: Record<'shirt' | 'jacket' | 'trousers' | 'coat', Region> = {
  shirt: (x, y) => y >= 1.0 && y <= 1.5 && Math.abs(x) <= 0.4,
  jacket: (x, y) => y >= 0.92 && y <= 1.5 && Math.abs(x) <= 0.68,
  trousers: (_x, y) => y >= 0.12 && y <= 1.05,
  coat: (x, y) => y >= 0.98 && y <= 1.5 && Math.abs(x) <= 0.68,
};

/**
 * Builds a garment on `body` (offset style: its triangles; remeshed: the mannequin's field).
 * Every garment is wound outward; the skirt, long skirt and hood are separate pieces.
 */
export function buildGarment(kind: GarmentKind, body: MannequinData, options: GarmentOptions = {}): Garment {
  const o = { ...GARMENT_DEFAULTS, ...options };
  if (!(o.offset > 0 && o.spacing > 0)) throw new RangeError('offset and spacing must be > 0');
  const parts: Part[] = [];
  const shell = (region: Region) =>
    o.style === 'offset' ? offsetPart(body, region, o.offset) : remeshedPart(region, o.offset, o.spacing);
  if (kind === 'skirt') parts.push(skirtPart(1.02, 0.48, 0.1, 0.2, o));
  else if (kind === 'coat') {
    parts.push(shell(REGIONS.coat));
    parts.push(skirtPart(1.04, 0.36, 0.12, 0.22, o));
    parts.push(hoodPart(o));
  } else parts.push(shell(REGIONS[kind]));
  return joinParts(kind, parts, o.offset);
}

/** Body triangles whose corners all lie in the region, pushed out along the body's normals. */
function offsetPart(body: MannequinData, region: Region, offset: number): Part {
  const P = body.positions;
  const N = body.normals;
  const n = P.length / 3;
  const inside = new Uint8Array(n);
  for (let v = 0; v < n; v++) inside[v] = region(P[v * 3], P[v * 3 + 1], P[v * 3 + 2]) ? 1 : 0;
  const positions: number[] = [];
  const from: number[] = [];
  const remap = new Int32Array(n).fill(-1);
  const indices: number[] = [];
  const idx = body.indices;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t];
    const b = idx[t + 1];
    const c = idx[t + 2];
    if (!(inside[a] && inside[b] && inside[c])) continue;
    for (const v of [a, b, c]) {
      if (remap[v] < 0) {
        remap[v] = from.length;
        from.push(v);
        for (let k = 0; k < 3; k++) positions.push(P[v * 3 + k] + N[v * 3 + k] * offset);
      }
      indices.push(remap[v]);
    }
  }
  return {
    positions: new Float32Array(positions),
    indices: new Uint32Array(indices),
    bodyVertex: Int32Array.from(from),
  };
}

/** The offset surface of the body's field at its own spacing, cut to the region. */
function remeshedPart(region: Region, offset: number, spacing: number): Part {
  const inflated = MANNEQUIN_PRIMITIVES.map((p) => inflate(p, offset));
  const field = compileField(inflated, { floor: 0, floorBlend: 0.008 });
  const mesh = meshField(field, spacing);
  const n = mesh.positions.length / 3;
  const inside = new Uint8Array(n);
  const P = mesh.positions;
  for (let v = 0; v < n; v++) inside[v] = region(P[v * 3], P[v * 3 + 1], P[v * 3 + 2]) ? 1 : 0;
  const remap = new Int32Array(n).fill(-1);
  const positions: number[] = [];
  const indices: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const tri = [mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]];
    if (!tri.every((v) => inside[v])) continue;
    for (const v of tri) {
      if (remap[v] < 0) {
        remap[v] = positions.length / 3;
        positions.push(P[v * 3], P[v * 3 + 1], P[v * 3 + 2]);
      }
      indices.push(remap[v]);
    }
  }
  const count = positions.length / 3;
  return {
    positions: new Float32Array(positions),
    indices: new Uint32Array(indices),
    bodyVertex: new Int32Array(count).fill(-1),
  };
}

function inflate(p: Primitive, o: number): Primitive {
  if (p.kind === 'roundCone') return { ...p, ra: p.ra + o, rb: p.rb + o };
  if (p.kind === 'ellipsoid') return { ...p, radii: [p.radii[0] + o, p.radii[1] + o, p.radii[2] + o] };
  return { ...p, radius: p.radius + o };
}

/**
 * A skirt: rings from `top` down to `hem` around the body's axis, each point at the larger of
 * the body's extent along its ray plus the offset and a cone widening from `r0` to `r1` — it
 * hugs the hips and hangs free across the gap between the legs.
 */
function skirtPart(top: number, hem: number, r0: number, r1: number, o: Required<GarmentOptions>): Part {
  const field = mannequinField();
  const segments = Math.max(12, Math.ceil((2 * Math.PI * r1) / o.spacing));
  const rings = Math.max(2, Math.ceil((top - hem) / o.spacing) + 1);
  const positions = new Float32Array(segments * rings * 3);
  for (let r = 0; r < rings; r++) {
    const y = top + ((hem - top) * r) / (rings - 1);
    const cone = r0 + ((r1 - r0) * r) / (rings - 1);
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      const dx = Math.sin(a);
      const dz = Math.cos(a);
      const radius = Math.max(bodyExtent(field, y, dx, dz) + o.offset, cone);
      const i = (r * segments + s) * 3;
      positions[i] = dx * radius;
      positions[i + 1] = y;
      positions[i + 2] = dz * radius;
    }
  }
  return {
    positions,
    indices: ringIndices(rings, segments, true),
    bodyVertex: new Int32Array(segments * rings).fill(-1),
  };
}

/** How far out from the body's axis (x = z = 0) the body reaches at height y along (dx, dz). */
function bodyExtent(field: Field, y: number, dx: number, dz: number): number {
  const step = 0.004;
  for (let r = 0.5; r > 0; r -= step) {
    if (evalField(field, dx * r, y, dz * r) <= 0) {
      // Bisect the crossing between r and r + step.
      let lo = r;
      let hi = r + step;
      for (let k = 0; k < 12; k++) {
        const mid = (lo + hi) / 2;
        if (evalField(field, dx * mid, y, dz * mid) <= 0) lo = mid;
        else hi = mid;
      }
      return lo;
    }
  }
  return 0;
}

/**
 * A hood: part of a sphere around the head (centre a little behind it, radius `HOOD_RADIUS`),
 * open at the face and at the neck, standing off the head by several centimetres.
 */
const HOOD_CENTRE = [0, 1.665, -0.02] as const;
const HOOD_RADIUS = 0.16;
function hoodPart(o: Required<GarmentOptions>): Part {
  // Rings around the +z axis (the face), from 70° off it to the back pole.
  const segments = Math.max(12, Math.ceil((2 * Math.PI * HOOD_RADIUS) / o.spacing));
  const first = (70 * Math.PI) / 180;
  const rings = Math.max(3, Math.ceil(((Math.PI - first) * HOOD_RADIUS) / o.spacing));
  const points: number[] = [];
  const grid: number[] = [];
  for (let r = 0; r < rings; r++) {
    const phi = first + ((Math.PI - first) * r) / rings;
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      const dx = Math.sin(phi) * Math.cos(a);
      const dy = Math.sin(phi) * Math.sin(a);
      const dz = Math.cos(phi);
      points.push(
        HOOD_CENTRE[0] + dx * HOOD_RADIUS,
        HOOD_CENTRE[1] + dy * HOOD_RADIUS,
        HOOD_CENTRE[2] + dz * HOOD_RADIUS,
      );
      grid.push(dy);
    }
  }
  const pole = points.length / 3;
  points.push(HOOD_CENTRE[0], HOOD_CENTRE[1], HOOD_CENTRE[2] - HOOD_RADIUS);
  grid.push(0);
  const tri: number[] = [];
  const ring = ringIndices(rings, segments, true);
  for (let t = 0; t < ring.length; t++) tri.push(ring[t]);
  for (let s = 0; s < segments; s++) {
    const a = (rings - 1) * segments + s;
    const b = (rings - 1) * segments + ((s + 1) % segments);
    tri.push(b, a, pole);
  }
  // Open at the neck: drop triangles reaching below the jaw (well under the centre).
  const keep: number[] = [];
  for (let t = 0; t < tri.length; t += 3) {
    if (grid[tri[t]] < -0.55 || grid[tri[t + 1]] < -0.55 || grid[tri[t + 2]] < -0.55) continue;
    keep.push(tri[t], tri[t + 1], tri[t + 2]);
  }
  return compact(new Float32Array(points), keep);
}

/**
 * Triangles of a grid of `rings` closed rings of `segments` points (ring-major), wound outward
 * when the rings run down +y with the angle turning from +z to +x (`outward`; the hood's rings
 * around +z, running back, wind the same way), inward otherwise.
 */
function ringIndices(rings: number, segments: number, outward: boolean): Uint32Array {
  const out = new Uint32Array((rings - 1) * segments * 6);
  let k = 0;
  for (let r = 0; r + 1 < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      if (outward) out.set([a, c, b, b, c, d], k);
      else out.set([a, b, c, b, d, c], k);
      k += 6;
    }
  }
  return out;
}

function compact(positions: Float32Array, triangles: number[]): Part {
  const n = positions.length / 3;
  const remap = new Int32Array(n).fill(-1);
  const out: number[] = [];
  const idx: number[] = [];
  for (const v of triangles) {
    if (remap[v] < 0) {
      remap[v] = out.length / 3;
      out.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    idx.push(remap[v]);
  }
  return {
    positions: new Float32Array(out),
    indices: new Uint32Array(idx),
    bodyVertex: new Int32Array(out.length / 3).fill(-1),
  };
}

function joinParts(kind: GarmentKind, parts: Part[], offset: number): Garment {
  const vertices = parts.reduce((s, p) => s + p.positions.length / 3, 0);
  const corners = parts.reduce((s, p) => s + p.indices.length, 0);
  const positions = new Float32Array(vertices * 3);
  const indices = new Uint32Array(corners);
  const bodyVertex = new Int32Array(vertices);
  let v0 = 0;
  let c0 = 0;
  for (const p of parts) {
    positions.set(p.positions, v0 * 3);
    bodyVertex.set(p.bodyVertex, v0);
    for (let i = 0; i < p.indices.length; i++) indices[c0 + i] = p.indices[i] + v0;
    v0 += p.positions.length / 3;
    c0 += p.indices.length;
  }
  const name = kind[0].toUpperCase() + kind.slice(1);
  return {
    kind,
    name,
    positions,
    normals: computeNodeNormals(positions, indices, new Float32Array(positions.length)),
    indices,
    offset,
    bodyVertex,
  };
}
