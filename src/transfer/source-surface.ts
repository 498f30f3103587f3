/**
 * SourceSurface: the weighted surface weights are transferred from — one or more skinned
 * primitives joined into one triangle soup with a BVH (three-mesh-bvh), so a query returns the
 * closest surface point to any point in space with the weights and the normal interpolated there.
 *
 * Weights are read through a joint map into the target's joint space (a target skinned to
 * another skin, or another file's skeleton, names its joints differently); a source joint the
 * map sends to -1 is dropped and the rest renormalised where the weights are used.
 *
 * Normals: one per welded position, the sum of the unit normals of the triangles around it
 * (across parts, so seam copies agree), oriented outward per closed piece (weldedNormals).
 */
import { BufferAttribute, BufferGeometry, Vector3 } from 'three';
import { type HitPointInfo, MeshBVH } from 'three-mesh-bvh';
import { weldedNormals } from '../mesh/oriented-normals.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { InfluenceSum } from '../tools/assign-influences.ts';

/** One source part: positions in the space the transfer works in, its triangles and weights. */
export interface SourcePart {
  positions: Float32Array;
  /** Triangle list (null: non-indexed, every 3 vertices a triangle). */
  indices: Uint32Array | null;
  weights: SkinWeights;
  /** Source skin joint → target joint (-1: dropped); null when they are the same. */
  jointMap?: Int32Array | null;
}

const _p = new Vector3();
const _hit: HitPointInfo = { point: new Vector3(), distance: 0, faceIndex: 0 };

export class SourceSurface {
  readonly vertexCount: number;
  readonly triangleCount: number;
  /** Joined positions, xyz per vertex. */
  readonly positions: Float32Array;
  /** Unit normals per joined vertex. */
  readonly normals: Float32Array;
  /** Bounding-box diagonal of the joined positions. */
  readonly diagonal: number;
  private readonly parts: { start: number; part: SourcePart }[];
  private readonly bvh: MeshBVH;
  /** The BVH's reordered triangle list (its faceIndex indexes this). */
  private readonly index: ArrayLike<number>;
  private readonly partOf: Uint16Array;

  // The last query's result.
  distance = 0;
  face = -1;
  b0 = 0;
  b1 = 0;
  b2 = 0;
  nx = 0;
  ny = 0;
  nz = 0;

  constructor(parts: readonly SourcePart[]) {
    if (parts.length === 0) throw new Error('No source mesh to transfer weights from.');
    if (parts.length > 65535) throw new Error('Too many source meshes.');
    let vertices = 0;
    let corners = 0;
    this.parts = parts.map((part) => {
      const start = vertices;
      const n = Math.floor(part.positions.length / 3);
      vertices += n;
      corners += part.indices ? part.indices.length - (part.indices.length % 3) : n - (n % 3);
      return { start, part };
    });
    this.vertexCount = vertices;
    this.positions = new Float32Array(vertices * 3);
    this.partOf = new Uint16Array(vertices);
    const index = new Uint32Array(corners);
    let c = 0;
    this.parts.forEach(({ start, part }, p) => {
      const n = Math.floor(part.positions.length / 3);
      this.positions.set(part.positions.subarray(0, n * 3), start * 3);
      this.partOf.fill(p, start, start + n);
      const idx = part.indices;
      const count = idx ? idx.length - (idx.length % 3) : n - (n % 3);
      for (let k = 0; k < count; k++) {
        const v = idx ? idx[k] : k;
        // A corner past the end (a broken file) would read garbage: the part's first vertex.
        index[c++] = start + (v < n ? v : 0);
      }
    });
    this.triangleCount = corners / 3;
    if (this.triangleCount === 0) throw new Error('The source meshes have no triangles to transfer from.');
    const normalsPerPart = weldedNormals(
      parts.map((p) => p.positions),
      parts.map((p) => p.indices),
    );
    this.normals = new Float32Array(vertices * 3);
    this.parts.forEach(({ start }, p) => {
      this.normals.set(normalsPerPart[p], start * 3);
    });
    this.diagonal = diagonalOf(this.positions);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(this.positions, 3));
    geometry.setIndex(new BufferAttribute(index, 1));
    this.bvh = new MeshBVH(geometry, { targetLeafSize: 16 } as ConstructorParameters<typeof MeshBVH>[1]);
    this.index = geometry.index!.array;
  }

  /**
   * Finds the closest surface point to (x, y, z) no farther than `maxDistance`; on success sets
   * `distance`, `face`, the barycentric coordinates `b0..b2` and the interpolated unit normal.
   */
  closest(x: number, y: number, z: number, maxDistance = Number.POSITIVE_INFINITY): boolean {
    _p.set(x, y, z);
    const hit = this.bvh.closestPointToPoint(_p, _hit, 0, maxDistance);
    if (!hit) return false;
    this.distance = hit.distance;
    this.face = hit.faceIndex;
    const P = this.positions;
    const a = this.index[hit.faceIndex * 3];
    const b = this.index[hit.faceIndex * 3 + 1];
    const c = this.index[hit.faceIndex * 3 + 2];
    barycentric(P, a, b, c, hit.point.x, hit.point.y, hit.point.z, this);
    const N = this.normals;
    let nx = this.b0 * N[a * 3] + this.b1 * N[b * 3] + this.b2 * N[c * 3];
    let ny = this.b0 * N[a * 3 + 1] + this.b1 * N[b * 3 + 1] + this.b2 * N[c * 3 + 1];
    let nz = this.b0 * N[a * 3 + 2] + this.b1 * N[b * 3 + 2] + this.b2 * N[c * 3 + 2];
    let len = Math.hypot(nx, ny, nz);
    if (!(len > 1e-12)) {
      // Opposite normals cancelled (a thin sheet's two sides): use the face's own normal.
      faceNormal(P, a, b, c, this);
      nx = this.nx;
      ny = this.ny;
      nz = this.nz;
      len = Math.hypot(nx, ny, nz) || 1;
    }
    this.nx = nx / len;
    this.ny = ny / len;
    this.nz = nz / len;
    return true;
  }

  /** Adds `scale` × the last query's interpolated weights (in target joints) to `sum`. */
  addWeights(sum: InfluenceSum, scale = 1): void {
    const a = this.index[this.face * 3];
    const b = this.index[this.face * 3 + 1];
    const c = this.index[this.face * 3 + 2];
    this.addVertex(sum, a, this.b0 * scale);
    this.addVertex(sum, b, this.b1 * scale);
    this.addVertex(sum, c, this.b2 * scale);
  }

  private addVertex(sum: InfluenceSum, joined: number, scale: number): void {
    if (!(scale > 0)) return;
    const { start, part } = this.parts[this.partOf[joined]];
    const sw = part.weights;
    const K = sw.influences;
    const base = (joined - start) * K;
    if (base + K > sw.weights.length) return;
    const map = part.jointMap ?? null;
    for (let i = 0; i < K; i++) {
      const w = sw.weights[base + i];
      if (!(w > 0)) continue;
      const j = sw.joints[base + i];
      const t = map ? (j < map.length ? map[j] : -1) : j;
      if (t >= 0) sum.add(t, w * scale);
    }
  }
}

/** Bounding-box diagonal of xyz positions (0 when empty or not finite). */
export function diagonalOf(positions: Float32Array): number {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = x0;
  let z0 = x0;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = x1;
  let z1 = x1;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  const d = Math.hypot(x1 - x0, y1 - y0, z1 - z0);
  return Number.isFinite(d) ? d : 0;
}

/** Barycentric coordinates of point (px, py, pz) (on the triangle) in triangle a b c. */
function barycentric(
  P: Float32Array,
  a: number,
  b: number,
  c: number,
  px: number,
  py: number,
  pz: number,
  out: { b0: number; b1: number; b2: number },
): void {
  const ax = P[a * 3];
  const ay = P[a * 3 + 1];
  const az = P[a * 3 + 2];
  const e1x = P[b * 3] - ax;
  const e1y = P[b * 3 + 1] - ay;
  const e1z = P[b * 3 + 2] - az;
  const e2x = P[c * 3] - ax;
  const e2y = P[c * 3 + 1] - ay;
  const e2z = P[c * 3 + 2] - az;
  const qx = px - ax;
  const qy = py - ay;
  const qz = pz - az;
  const d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d12 = e1x * e2x + e1y * e2y + e1z * e2z;
  const d22 = e2x * e2x + e2y * e2y + e2z * e2z;
  const q1 = qx * e1x + qy * e1y + qz * e1z;
  const q2 = qx * e2x + qy * e2y + qz * e2z;
  const det = d11 * d22 - d12 * d12;
  if (!(Math.abs(det) > 1e-30)) {
    // A degenerate triangle: its first corner stands for it.
    out.b0 = 1;
    out.b1 = 0;
    out.b2 = 0;
    return;
  }
  let u = (d22 * q1 - d12 * q2) / det;
  let v = (d11 * q2 - d12 * q1) / det;
  u = Math.min(1, Math.max(0, u));
  v = Math.min(1 - u, Math.max(0, v));
  out.b0 = 1 - u - v;
  out.b1 = u;
  out.b2 = v;
}

function faceNormal(
  P: Float32Array,
  a: number,
  b: number,
  c: number,
  out: { nx: number; ny: number; nz: number },
): void {
  const e1x = P[b * 3] - P[a * 3];
  const e1y = P[b * 3 + 1] - P[a * 3 + 1];
  const e1z = P[b * 3 + 2] - P[a * 3 + 2];
  const e2x = P[c * 3] - P[a * 3];
  const e2y = P[c * 3 + 1] - P[a * 3 + 1];
  const e2z = P[c * 3 + 2] - P[a * 3 + 2];
  out.nx = e1y * e2z - e1z * e2y;
  out.ny = e1z * e2x - e1x * e2z;
  out.nz = e1x * e2y - e1y * e2x;
}
