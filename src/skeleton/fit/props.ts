/**
 * Props held in the hands: a sword, a spear, a staff modelled with the character (game
 * characters often carry their weapon in the mesh). Seen as volume, a prop is a limb: the hand's
 * farthest point runs out along the blade, a spear reaching the floor beside the body stands in
 * for a leg. So the humanoid fit looks at the body without them.
 *
 * A prop is a separate piece of the surface (connected through shared positions) that is long,
 * straight and thin: its length at least {@link PROP_MIN_LENGTH} of the body's size (the box of
 * the pieces that are not props), and along most of that length much thinner than long (a
 * forearm is about a third as thick as it is long, a blade or a shaft a tenth or less; a knob or
 * a guard on it is the short part that is not). Its thickness is measured across its thinnest
 * side: a blade is wide but flat.
 *
 * A piece collinear with a prop and short beside it (a sword's grip and pommel, its guard, a
 * spear's head made separately) goes with it.
 */
import { weldPositions } from '../../mesh/weld-positions.ts';
import type { FitMesh } from './fit-mesh.ts';
import { eigenvectors } from './hand-fit.ts';

type Vec3 = [number, number, number];

/** A prop found in the mesh. */
export interface MeshProp {
  /** The mesh's vertices (indices into its positions) that belong to the prop. */
  vertices: Uint32Array;
  /** The prop's axis: its two ends (world). */
  ends: [Vec3, Vec3];
  /** Its thickness across the thinnest side, typical along its length (world units). */
  thickness: number;
}

/** A prop is at least this share of the body's size long. */
export const PROP_MIN_LENGTH = 0.2;

/** Along most of its length a prop is at most this share of its length thick (a forearm: ~1/3). */
export const PROP_MAX_THICKNESS = 0.1;

/** A prop's span across (its second axis) is at most this share of its length: a blade, a staff's knob. */
export const PROP_MAX_WIDTH = 0.35;

/** At least this share of a prop's length stands away from the body (cloth, straps and hair lie on it). */
export const PROP_MIN_OUTSIDE = 0.5;

/** How near the body's surface a point of a prop's axis counts as lying on it, in body sizes. */
const PROP_CLEARANCE = 0.03;

/** Slices along a piece's length measured for its thickness. */
const SLICES = 16;

/** One connected piece of the mesh. */
interface Piece {
  triangles: number[];
  vertices: number[];
  centre: Vec3;
  /** Principal axes, longest first, and the piece's span along each. */
  axes: Vec3[];
  min: number[];
  max: number[];
}

const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The mesh's pieces: triangles joined through vertices at the same position. */
function pieces(mesh: FitMesh): Piece[] {
  const P = mesh.positions;
  const I = mesh.indices;
  const { ids } = weldPositions([P]);
  const weld = ids[0];
  const parent = Int32Array.from({ length: weld.length }, (_, i) => i);
  const find = (x: number) => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (let t = 0; t + 2 < I.length; t += 3) {
    const a = find(weld[I[t]]);
    for (let k = 1; k < 3; k++) {
      const b = find(weld[I[t + k]]);
      if (b !== a) parent[b] = a;
    }
  }
  const byRoot = new Map<number, Piece>();
  const seen = new Uint8Array(P.length / 3);
  for (let t = 0; t + 2 < I.length; t += 3) {
    const root = find(weld[I[t]]);
    let piece = byRoot.get(root);
    if (!piece) {
      piece = { triangles: [], vertices: [], centre: [0, 0, 0], axes: [], min: [], max: [] };
      byRoot.set(root, piece);
    }
    piece.triangles.push(t);
    for (let k = 0; k < 3; k++) {
      const v = I[t + k];
      if (!seen[v]) {
        seen[v] = 1;
        piece.vertices.push(v);
      }
    }
  }
  for (const piece of byRoot.values()) {
    const n = piece.vertices.length;
    const c: Vec3 = [0, 0, 0];
    for (const v of piece.vertices) for (let a = 0; a < 3; a++) c[a] += P[3 * v + a] / n;
    const C = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const v of piece.vertices)
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) C[a * 3 + b] += (P[3 * v + a] - c[a]) * (P[3 * v + b] - c[b]);
    piece.centre = c;
    piece.axes = eigenvectors(C)
      .sort((x, y) => y.value - x.value)
      .map((e) => e.v);
    for (const axis of piece.axes) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of piece.vertices) {
        const d =
          (P[3 * v] - c[0]) * axis[0] + (P[3 * v + 1] - c[1]) * axis[1] + (P[3 * v + 2] - c[2]) * axis[2];
        lo = Math.min(lo, d);
        hi = Math.max(hi, d);
      }
      piece.min.push(lo);
      piece.max.push(hi);
    }
  }
  return [...byRoot.values()];
}

/**
 * Calls `visit` with points spread over the triangles (first-index offsets into mesh.indices) no
 * farther apart than about `step` (at most 64 along an edge): a long triangle's middle, not only
 * its corners (a shaft of two rings has vertices only at its ends).
 */
function spreadOverTriangles(
  mesh: FitMesh,
  triangles: readonly number[],
  step: number,
  visit: (x: number, y: number, z: number) => void,
): void {
  const P = mesh.positions;
  const I = mesh.indices;
  for (const t of triangles) {
    const a = 3 * I[t];
    const b = 3 * I[t + 1];
    const c = 3 * I[t + 2];
    const edge = Math.max(
      Math.hypot(P[a] - P[b], P[a + 1] - P[b + 1], P[a + 2] - P[b + 2]),
      Math.hypot(P[b] - P[c], P[b + 1] - P[c + 1], P[b + 2] - P[c + 2]),
      Math.hypot(P[c] - P[a], P[c + 1] - P[a + 1], P[c + 2] - P[a + 2]),
    );
    const n = Math.min(64, Math.max(1, Math.ceil(edge / step)));
    for (let i = 0; i <= n; i++)
      for (let j = 0; j <= n - i; j++) {
        const u = i / n;
        const v = j / n;
        const w = 1 - u - v;
        visit(
          u * P[a] + v * P[b] + w * P[c],
          u * P[a + 1] + v * P[b + 1] + w * P[c + 1],
          u * P[a + 2] + v * P[b + 2] + w * P[c + 2],
        );
      }
  }
}

const length = (p: Piece) => p.max[0] - p.min[0];

/**
 * The piece's thickness across its thinnest side, the median over {@link SLICES} slices along
 * its length, measured on points spread over its triangles (a shaft of two rings has vertices
 * only at its ends).
 */
function typicalThickness(mesh: FitMesh, piece: Piece): number {
  const L = length(piece);
  const step = L / (2 * SLICES);
  const [a0, a1, a2] = piece.axes;
  const lo = new Float64Array(SLICES * 2).fill(Infinity);
  const hi = new Float64Array(SLICES * 2).fill(-Infinity);
  const add = (x: number, y: number, z: number) => {
    const q = [x - piece.centre[0], y - piece.centre[1], z - piece.centre[2]];
    const s = Math.min(SLICES - 1, Math.max(0, Math.floor(((dot(q, a0) - piece.min[0]) / L) * SLICES)));
    const u = dot(q, a1);
    const w = dot(q, a2);
    lo[2 * s] = Math.min(lo[2 * s], u);
    hi[2 * s] = Math.max(hi[2 * s], u);
    lo[2 * s + 1] = Math.min(lo[2 * s + 1], w);
    hi[2 * s + 1] = Math.max(hi[2 * s + 1], w);
  };
  spreadOverTriangles(mesh, piece.triangles, step, add);
  const thick: number[] = [];
  for (let s = 0; s < SLICES; s++)
    if (hi[2 * s] >= lo[2 * s]) thick.push(Math.min(hi[2 * s] - lo[2 * s], hi[2 * s + 1] - lo[2 * s + 1]));
  thick.sort((x, y) => x - y);
  return thick.length ? thick[Math.floor(thick.length / 2)] : Infinity;
}

/** Box size (largest side) of the pieces' vertices. */
function sizeOf(mesh: FitMesh, list: readonly Piece[]): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const p of list)
    for (const v of p.vertices)
      for (let a = 0; a < 3; a++) {
        lo[a] = Math.min(lo[a], mesh.positions[3 * v + a]);
        hi[a] = Math.max(hi[a], mesh.positions[3 * v + a]);
      }
  return Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], 0);
}

/**
 * A test for points within about `cell` (one to two cells) of the pieces' surface: the cells of
 * a grid that points spread over their triangles fall in.
 */
function nearSurface(mesh: FitMesh, list: readonly Piece[], cell: number): (p: Vec3) => boolean {
  const P = mesh.positions;
  // The grid starts at the pieces' box, so where the mesh stands does not move its cells.
  const o = [Infinity, Infinity, Infinity];
  for (const q of list)
    for (const v of q.vertices) for (let a = 0; a < 3; a++) o[a] = Math.min(o[a], P[3 * v + a]);
  const key = (x: number, y: number, z: number) =>
    `${Math.floor((x - o[0]) / cell)},${Math.floor((y - o[1]) / cell)},${Math.floor((z - o[2]) / cell)}`;
  const occupied = new Set<string>();
  for (const q of list)
    spreadOverTriangles(mesh, q.triangles, cell, (x, y, z) => {
      occupied.add(key(x, y, z));
    });
  return ([x, y, z]) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          if (occupied.has(key(x + dx * cell, y + dy * cell, z + dz * cell))) return true;
    return false;
  };
}

/** Share of points along the piece's axis that `near` says are away from the body. */
function farShare(piece: Piece, near: (p: Vec3) => boolean): number {
  const samples = 40;
  let far = 0;
  for (let s = 0; s < samples; s++) {
    const t = piece.min[0] + ((s + 0.5) / samples) * (piece.max[0] - piece.min[0]);
    const p: Vec3 = [0, 1, 2].map((a) => piece.centre[a] + t * piece.axes[0][a]) as Vec3;
    if (!near(p)) far++;
  }
  return far / samples;
}

/** The mesh's props (see the module comment) and the mesh without them. */
export function separateProps(mesh: FitMesh): { body: FitMesh; props: MeshProp[] } {
  const all = pieces(mesh);
  if (all.length < 2) return { body: mesh, props: [] };
  // Slender pieces first (scale-free), then those long against the body the rest makes, and
  // standing out of it (cloth, hair and straps lie along the body).
  const thickness = new Map<Piece, number>();
  for (const p of all) {
    const L = length(p);
    // A cheap test first: a piece much wider than a blade is no prop (a T-posed body's slices
    // through the arms are thin).
    if (!(L > 0) || p.max[1] - p.min[1] > PROP_MAX_WIDTH * L) continue;
    const t = typicalThickness(mesh, p);
    if (t <= PROP_MAX_THICKNESS * L) thickness.set(p, t);
  }
  if (thickness.size === 0) return { body: mesh, props: [] };
  const rest = all.filter((p) => !thickness.has(p));
  if (rest.length === 0) return { body: mesh, props: [] };
  const size = sizeOf(mesh, rest);
  const long = [...thickness.keys()].filter((p) => length(p) >= PROP_MIN_LENGTH * size);
  if (long.length === 0) return { body: mesh, props: [] };
  const near = nearSurface(mesh, rest, PROP_CLEARANCE * size);
  const found = long.filter((p) => farShare(p, near) >= PROP_MIN_OUTSIDE);
  if (found.length === 0) return { body: mesh, props: [] };
  const taken = new Set<Piece>(found);
  const props: MeshProp[] = found.map((p) => {
    const members = [p];
    // Short pieces centred on the prop's line (within its thickness), at or near its ends: a
    // grip, a guard, a separate head. A hand around the grip is centred off the line.
    const reach = thickness.get(p)!;
    for (const q of all) {
      if (taken.has(q) || length(q) > 0.5 * length(p)) continue;
      const d = [q.centre[0] - p.centre[0], q.centre[1] - p.centre[1], q.centre[2] - p.centre[2]];
      const t = dot(d, p.axes[0]);
      const off = Math.hypot(d[0] - t * p.axes[0][0], d[1] - t * p.axes[0][1], d[2] - t * p.axes[0][2]);
      if (off > reach) continue;
      // Its span along the prop's axis meets the prop's, or nearly (a grip past the blade's end).
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of q.vertices) {
        const s = dot(
          [
            mesh.positions[3 * v] - p.centre[0],
            mesh.positions[3 * v + 1] - p.centre[1],
            mesh.positions[3 * v + 2] - p.centre[2],
          ],
          p.axes[0],
        );
        lo = Math.min(lo, s);
        hi = Math.max(hi, s);
      }
      const gap = 0.25 * length(p);
      if (hi >= p.min[0] - gap && lo <= p.max[0] + gap) {
        members.push(q);
        taken.add(q);
      }
    }
    const vertices = Uint32Array.from(members.flatMap((m) => m.vertices)).sort();
    const at = (s: number): Vec3 => [
      p.centre[0] + s * p.axes[0][0],
      p.centre[1] + s * p.axes[0][1],
      p.centre[2] + s * p.axes[0][2],
    ];
    return { vertices, ends: [at(p.min[0]), at(p.max[0])], thickness: thickness.get(p)! };
  });
  // The body alone, its vertices renumbered: the solid's box is the body's, not the spear's.
  const kept: number[] = [];
  for (const p of all) if (!taken.has(p)) for (const t of p.triangles) kept.push(t);
  kept.sort((a, b) => a - b);
  const renumber = new Int32Array(mesh.positions.length / 3).fill(-1);
  const indices = new Uint32Array(kept.length * 3);
  let count = 0;
  kept.forEach((t, i) => {
    for (let k = 0; k < 3; k++) {
      const v = mesh.indices[t + k];
      if (renumber[v] < 0) renumber[v] = count++;
      indices[3 * i + k] = renumber[v];
    }
  });
  const positions = new Float32Array(count * 3);
  renumber.forEach((n, v) => {
    if (n >= 0) positions.set(mesh.positions.subarray(3 * v, 3 * v + 3), 3 * n);
  });
  return { body: { positions, indices }, props };
}
