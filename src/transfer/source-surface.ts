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
import { BufferAttribute, BufferGeometry, Triangle, Vector3 } from 'three';
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
const _a = new Vector3();
const _b = new Vector3();
const _c = new Vector3();
const _bary = new Vector3();
const _n = new Vector3();
const _q = new Vector3();
const _best = new Vector3();

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
    this.interpolateAt(hit.point);
    return true;
  }

  /**
   * Finds the closest surface point to (x, y, z), no farther than `maxDistance`, whose
   * interpolated normal makes a cosine of at least `minCos` with the unit vector (nx, ny, nz):
   * the nearest surface that faces the way a target vertex does. Where two limbs press together
   * (thighs at rest), a garment vertex of one thigh pushed out lies nearer the other thigh, which
   * faces back at it; the surface of its own thigh, a little farther, faces its way. Sets the
   * same fields as {@link closest}.
   */
  closestFacing(
    x: number,
    y: number,
    z: number,
    nx: number,
    ny: number,
    nz: number,
    minCos: number,
    maxDistance = Number.POSITIVE_INFINITY,
  ): boolean {
    _p.set(x, y, z);
    let best = maxDistance;
    let bestFace = -1;
    this.bvh.shapecast({
      boundsTraverseOrder: (box) => box.distanceToPoint(_p),
      intersectsBounds: (box, _isLeaf, score) => (score ?? box.distanceToPoint(_p)) <= best,
      intersectsTriangle: (triangle, face) => {
        triangle.closestPointToPoint(_p, _q);
        const d = _q.distanceTo(_p);
        if (d > best) return false;
        this.face = face;
        this.interpolateAt(_q);
        if (nx * this.nx + ny * this.ny + nz * this.nz < minCos) return false;
        best = d;
        bestFace = face;
        _best.copy(_q);
        return false;
      },
    });
    if (bestFace < 0) return false;
    this.distance = best;
    this.face = bestFace;
    this.interpolateAt(_best);
    return true;
  }

  /** Barycentric coordinates and the interpolated unit normal of `point` on triangle `face`. */
  private interpolateAt(point: Vector3): void {
    const P = this.positions;
    const a = this.index[this.face * 3];
    const b = this.index[this.face * 3 + 1];
    const c = this.index[this.face * 3 + 2];
    _a.fromArray(P, a * 3);
    _b.fromArray(P, b * 3);
    _c.fromArray(P, c * 3);
    // A degenerate triangle (null) is stood for by its first corner.
    if (Triangle.getBarycoord(point, _a, _b, _c, _bary)) {
      // The point is on the triangle up to rounding: clamp what rounding made negative.
      const u = Math.max(0, _bary.x);
      const v = Math.max(0, _bary.y);
      const w = Math.max(0, _bary.z);
      const total = u + v + w || 1;
      this.b0 = u / total;
      this.b1 = v / total;
      this.b2 = w / total;
    } else {
      this.b0 = 1;
      this.b1 = 0;
      this.b2 = 0;
    }
    const N = this.normals;
    let nx = this.b0 * N[a * 3] + this.b1 * N[b * 3] + this.b2 * N[c * 3];
    let ny = this.b0 * N[a * 3 + 1] + this.b1 * N[b * 3 + 1] + this.b2 * N[c * 3 + 1];
    let nz = this.b0 * N[a * 3 + 2] + this.b1 * N[b * 3 + 2] + this.b2 * N[c * 3 + 2];
    let len = Math.hypot(nx, ny, nz);
    if (!(len > 1e-12)) {
      // Opposite normals cancelled (a thin sheet's two sides): use the face's own normal.
      Triangle.getNormal(_a, _b, _c, _n);
      nx = _n.x;
      ny = _n.y;
      nz = _n.z;
      len = Math.hypot(nx, ny, nz) || 1;
    }
    this.nx = nx / len;
    this.ny = ny / len;
    this.nz = nz / len;
  }

  /** The source part (index into the parts given) of the last query's triangle. */
  get part(): number {
    return this.partOf[this.index[this.face * 3]];
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
