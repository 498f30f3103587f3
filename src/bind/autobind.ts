/**
 * autobind: first weights for a skinned mesh from its skeleton in the bind pose.
 *
 * 1. Voxelise every primitive into one grid and fill the interior by an axis-ray vote (robust
 *    to holes, intersecting and nested shells, several parts).
 * 2. Bone segments fitted to that solid: bones outside the mesh left out, leaves stretched
 *    through their extremity (bind-segments.ts).
 * 3. Each vertex's nearest bones: 'voxel' measures geodesic distances through the solid
 *    (Dionne & de Lasa, SCA 2013), so an arm cannot reach the torso across the armpit;
 *    'closest' measures straight lines, faster and blind to gaps. A piece of the mesh with
 *    bones inside it only takes those (part-bones.ts). A vertex the solid does not connect to
 *    any bone falls back to straight lines, so every vertex gets weights, whatever the mesh.
 * 4. Weights: 'heat' solves bone heat over the welded surface with those distances (what
 *    artists' weights often come from, without bone heat's failures: heat-weights.ts);
 *    'falloff' uses distance^−falloff. Optional Laplacian smoothing; then K per vertex,
 *    normalised to DESIGN.md's invariants (or merged into the existing weights when only some
 *    joints are rebound).
 *
 * Pure: no DOM, no workers; `autobind.worker.ts` wraps it.
 */

import { weldedNormals } from '../mesh/oriented-normals.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { autoResolution, measureMesh } from './auto-resolution.ts';
import { type BindReportItem, bindReport } from './bind-report.ts';
import { chooseSegments, filterSegments } from './bind-segments.ts';
import { scaleByBoneRadius } from './bone-radius.ts';
import type { BindJoint } from './bone-segments.ts';
import { solidGrid } from './fill-interior.ts';
import { abortError, geodesicLabels } from './geodesic-labels.ts';
import { heatWeights } from './heat-weights.ts';
import { falloffWeights, InfluenceTable } from './influence-table.ts';
import { PART_BONES_DEFAULTS, type PartBones, partBones } from './part-bones.ts';
import { type Bounds, positionBounds, transformedPositions } from './positions.ts';
import { bindPropsRigidly } from './rigid-props.ts';
import { smoothInfluences } from './smooth-influences.ts';
import { collectCandidates } from './vertex-candidates.ts';
import type { VoxelGrid } from './voxel-grid.ts';
import { scatterTable, type WeldedMesh, weldMesh } from './welded-mesh.ts';
import { writeSkinWeights } from './write-weights.ts';

export type { BindJoint } from './bone-segments.ts';

/** One primitive to bind: positions (xyz per vertex) and triangle indices (null: non-indexed). */
export interface AutobindPrimitive {
  positions: Float32Array;
  indices: Uint32Array | null;
}

/** What {@link autobind} binds. */
export interface AutobindInput {
  primitives: readonly AutobindPrimitive[];
  /** Joints in bind pose, in the space the (transformed) positions are in. */
  joints: readonly BindJoint[];
  /** Per primitive, a column-major 4×4 from its positions to the joints' space (null: identity). */
  meshToWorld?: readonly (ArrayLike<number> | null | undefined)[] | null;
}

/** Options of {@link autobind}. */
export interface AutobindOptions {
  /** 'voxel' (geodesic, default) or 'closest' (straight-line to the bone segments). */
  method?: 'voxel' | 'closest';
  /**
   * Voxels along the longest axis of the bounding box; 0 (default): from the mesh, so the work
   * follows its size (auto-resolution.ts).
   */
  resolution?: number;
  /** Auto resolution: surface voxels per vertex aimed at. */
  voxelsPerVertex?: number;
  /** Past this many solid voxels the grid is rebuilt coarser (bounds the geodesic pass's time). */
  maxSolidVoxels?: number;
  /** 'heat' (bone heat on auto-bind's distances) or 'falloff' (distance^−falloff). */
  weighting?: 'heat' | 'falloff';
  /** Heat: H = strength / d²; higher gives sharper borders between bones. */
  strength?: number;
  /** Falloff: weight ∝ distance^−falloff; higher is sharper. */
  falloff?: number;
  /** Extra Laplacian smoothing iterations over the welded mesh. */
  smoothing?: number;
  /** Influences per vertex in the result: 4 or 8. */
  maxInfluences?: 4 | 8;
  /** A leaf joint's bone length as a fraction of its parent bone's, before stretching. */
  leafLength?: number;
  /** Stretch leaf bones to this fraction of the way through the extremity they end in (0: off). */
  leafReach?: number;
  /**
   * Aim leaf bones the rig gives no axis at the solid ahead of them, looking this many times
   * their length around the joint (0: keep the parent's direction).
   */
  leafAim?: number;
  /**
   * Bind end joints too (Mixamo's `HeadTop_End`, finger tips, `Toe_End`: BindJoint.end). Off,
   * they get no weight and only end their parents' bones, as an artist weights them.
   */
  bindEndJoints?: boolean;
  /**
   * Props held in the hands (long, thin, separate pieces standing out of the body: a sword, a
   * spear) bind wholly to their strongest bone (rigid-props.ts). The rig of a static mesh asks
   * for it; off by default (a plain auto-bind weights every piece by distance).
   */
  rigidProps?: boolean;
  /** Where a joint with several children points (see BoneSegmentsOptions). */
  multiChild?: 'centroid' | 'aligned';
  /** Fraction cut from the start of the bones that branch off a joint (see BoneSegmentsOptions). */
  branchTrim?: number;
  /**
   * Joints whose bone lies less than this fraction inside the mesh (roots on the floor, IK and
   * pole targets, bones of parts not being bound) are left out, as an artist leaves them
   * unweighted. 0 keeps every joint. Never leaves out every joint.
   */
  minInside?: number;
  /** Distances are divided by (bone radius / median radius)^radiusScaling (bone-radius.ts). */
  radiusScaling?: number;
  /**
   * A bone's radius scaling counts in proportion n / (n + radiusSamples), n the vertices it is
   * nearest to: on a low-poly part the radius is noise (0: always in full).
   */
  radiusSamples?: number;
  /**
   * Where a bone's geodesic distance is within this factor (plus 1.5 voxels) of the straight
   * one, the straight distance is used: exact, where voxels are blocky (0: off).
   */
  straightRatio?: number;
  /** Count bones behind the surface as far (see CandidateSources.normals). */
  facing?: boolean;
  /** Bind each closed piece that has bones inside it to those bones only (part-bones.ts). */
  respectParts?: boolean;
  /**
   * Rebind only these joints: they share out, among themselves, the weight they hold in
   * `existing`; every other joint (and every locked joint) keeps its weight.
   */
  onlyJoints?: Iterable<number> | null;
  /** Current weights per primitive (joint indices into `input.joints`); needed by `onlyJoints`. */
  existing?: readonly SkinWeights[] | null;
  /** Lock flags indexed by joint (non-zero = locked); used with `onlyJoints`. */
  locked?: Uint8Array | null;
  /** Check the weights afterwards for what looks wrong (AutobindResult.report). */
  report?: boolean;
  /** Progress in [0, 1], called at most every ~10 ms. */
  onProgress?: ((fraction: number) => void) | null;
  /** Checked during the work; when set, autobind throws an error named 'AbortError'. */
  signal?: { readonly aborted: boolean } | null;
}

/** Defaults of {@link AutobindOptions}. */
export const AUTOBIND_DEFAULTS = {
  method: 'voxel',
  resolution: 0,
  voxelsPerVertex: 1,
  maxSolidVoxels: 600_000,
  weighting: 'heat',
  strength: 4,
  falloff: 8,
  smoothing: 0,
  maxInfluences: 4,
  leafLength: 0.5,
  leafReach: 0.8,
  leafAim: 2,
  bindEndJoints: false,
  rigidProps: false,
  multiChild: 'aligned',
  branchTrim: 0.07,
  minInside: 0.25,
  respectParts: true,
  radiusScaling: 0.1,
  radiusSamples: 300,
  straightRatio: 1.2,
  facing: true,
  report: true,
} as const satisfies AutobindOptions;

/** Resolution of the coarse solids: the 'closest' method's, and the part test's. */
const COARSE_RESOLUTION = 64;
/** Candidate bones kept per vertex (≥ 8, the most influences a result can have). */
const CANDIDATES = 8;
/** Labels kept per voxel by the geodesic pass (a vertex gathers them from 8 voxels). */
const FIELD_LABELS = 6;

/** What {@link autobind} did. */
export interface AutobindStats {
  method: 'voxel' | 'closest';
  vertices: number;
  /** Bone segments bound (joints not excluded, and selected when rebinding). */
  bones: number;
  /** Joints left out because their bone lies outside the mesh (see `minInside`). */
  outsideJoints: number[];
  /** Grid dimensions and the resolution used (below the asked one past `maxSolidVoxels`). */
  grid: [number, number, number];
  resolution: number;
  solidVoxels: number;
  /**
   * Vertices the geodesic distances did not reach from any bone (of their own piece, where it
   * has bones): bound by straight-line distance instead.
   */
  fallbackVertices: number;
  /** Vertices a selected-joints rebind left as they were (no selected weight, or only locks). */
  unchangedVertices: number;
  /** Milliseconds per phase and in total; `steps` splits them finer (for benchmarks). */
  timings: {
    voxelize: number;
    distances: number;
    weights: number;
    total: number;
    steps: Record<string, number>;
  };
}

/** The result: one SkinWeights per input primitive, joint indices into `input.joints`. */
export interface AutobindResult {
  weights: SkinWeights[];
  stats: AutobindStats;
  /** What looks wrong in the weights (bind-report.ts); empty when nothing does or `report` is off. */
  report: BindReportItem[];
}

/** `options` over the defaults, ignoring undefined values. */
function resolveOptions(options: AutobindOptions): AutobindOptions & typeof AUTOBIND_DEFAULTS {
  const o: Record<string, unknown> = { ...AUTOBIND_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) o[k] = v;
  return o as unknown as AutobindOptions & typeof AUTOBIND_DEFAULTS;
}

/**
 * What {@link autobindDistances} measured: everything {@link autobindWeights} needs, so that
 * weighting options (falloff, strength, K, smoothing) can change without measuring again.
 */
export interface BindDistances {
  positions: Float32Array[];
  indices: (Uint32Array | null)[];
  /** The primitives welded: candidates are per welded vertex. */
  mesh: WeldedMesh;
  /** One table: each welded vertex's nearest bone segments (distances in world units). */
  candidates: InfluenceTable[];
  /** The bound segments (labels of `candidates`) and the joint of each. */
  segmentJoints: Int32Array;
  diagonal: number;
  /** The joints bound (the input's) and the solid they were fitted to (for the report). */
  joints: readonly BindJoint[];
  grid: VoxelGrid;
  stats: AutobindStats;
}

/** Makes the progress and cancellation helpers of one run. */
function runControl(o: AutobindOptions) {
  const signal = o.signal ?? null;
  let lastReport = Number.NEGATIVE_INFINITY;
  return {
    check: () => {
      if (signal?.aborted) throw abortError();
    },
    progress: (fraction: number, force = false) => {
      const now = performance.now();
      if (!o.onProgress || (!force && now - lastReport < 10)) return;
      lastReport = now;
      o.onProgress(Math.min(1, Math.max(0, fraction)));
    },
  };
}

/** Steps 1–3 of the module comment: the solid, the segments and each vertex's candidates. */
export function autobindDistances(input: AutobindInput, options: AutobindOptions = {}): BindDistances {
  const t0 = performance.now();
  const o = resolveOptions(options);
  const { check, progress } = runControl(o);
  const timings = { voxelize: 0, distances: 0, weights: 0, total: 0, steps: {} as Record<string, number> };
  let lap = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    timings.steps[name] = (timings.steps[name] ?? 0) + now - lap;
    lap = now;
  };

  // 1. Positions in the joints' space, welded once (everything below is measured per welded
  // vertex), and the solid (coarse for 'closest').
  const positions = input.primitives.map((p, i) => transformedPositions(p.positions, input.meshToWorld?.[i]));
  const indices = input.primitives.map((p) => p.indices);
  const mesh = weldMesh(positions, indices);
  const meshPositions = [mesh.positions];
  const meshTriangles = [mesh.triangles];
  const bounds = positionBounds(meshPositions);
  step('weld');
  const voxel = o.method === 'voxel';
  let t = performance.now();
  // The geodesic pass costs in proportion to the solid voxels: a chunky character (a big
  // cartoon head) fills far more of its box than a slim one, so past `maxSolidVoxels` the grid
  // is rebuilt coarser (solid voxels scale with the cube of the resolution).
  const auto = !(o.resolution > 0)
    ? autoResolution(
        measureMesh(meshPositions, meshTriangles),
        Math.max(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]),
        { voxelsPerVertex: o.voxelsPerVertex, maxSolidVoxels: o.maxSolidVoxels },
      )
    : o.resolution;
  let resolution = voxel ? auto : Math.min(auto, COARSE_RESOLUTION);
  let grid = solidGrid(meshPositions, meshTriangles, bounds, resolution, check);
  for (let round = 0; round < 2 && voxel && grid.solidCount > o.maxSolidVoxels; round++) {
    resolution = Math.max(16, Math.floor(resolution * Math.cbrt(o.maxSolidVoxels / grid.solidCount) * 0.97));
    grid = solidGrid(meshPositions, meshTriangles, bounds, resolution, check);
  }
  timings.voxelize = performance.now() - t;
  step('voxelize');
  progress(0.15, true);

  // 2. The bone segments, fitted to the solid; only the selected (unlocked) ones when rebinding.
  const { segments, outside } = chooseSegments(input.joints, grid, o);
  const selected = o.onlyJoints ? new Set(o.onlyJoints) : null;
  const locked = o.locked ?? null;
  const bound = filterSegments(segments, (j) => !selected || (selected.has(j) && !(locked && locked[j] > 0)));
  if (bound.count === 0 && !selected) throw new RangeError('auto-bind needs at least one joint to bind');
  const worldEnds = bound.ends.map((x, i) => x * grid.h + grid.origin[i % 3]);
  step('segments');

  // 3. Candidate bones per vertex.
  t = performance.now();
  const candidates = [new InfluenceTable(mesh.count, CANDIDATES)];
  let fallbackVertices = 0;
  if (bound.count > 0) {
    const field = voxel
      ? geodesicLabels(grid, bound.ends, bound.count, {
          labelsPerVoxel: FIELD_LABELS,
          // One voxel past the cutoff: voxels are coarse where the mesh is (auto resolution).
          cutoffMargin: 1,
          signal: o.signal,
          onProgress: (f) => progress(0.15 + 0.55 * f),
        })
      : null;
    step('geodesic');
    const parts = o.respectParts ? partsOf(mesh, bounds, worldEnds, bound.count, bound.leaf) : null;
    step('parts');
    // Angle-weighted: a rim vertex's normal (and so its facing) does not depend on how the faces
    // around it were triangulated (a cylinder's cap fan).
    const normals = o.facing ? weldedNormals(meshPositions, meshTriangles, mesh.self, 'angle') : null;
    step('normals');
    fallbackVertices = collectCandidates(meshPositions, candidates, {
      worldEnds,
      count: bound.count,
      grid: voxel ? grid : null,
      field,
      parts,
      normals,
      straightRatio: voxel ? o.straightRatio : 0,
      check,
    });
    step('candidates');
  }
  timings.distances = performance.now() - t;
  timings.total = performance.now() - t0;
  progress(0.7, true);
  return {
    positions,
    indices,
    mesh,
    candidates,
    segmentJoints: bound.joint,
    joints: input.joints,
    grid,
    diagonal: Math.hypot(
      bounds.max[0] - bounds.min[0],
      bounds.max[1] - bounds.min[1],
      bounds.max[2] - bounds.min[2],
    ),
    stats: {
      method: o.method,
      vertices: positions.reduce((n, p) => n + Math.floor(p.length / 3), 0),
      bones: bound.count,
      outsideJoints: outside,
      grid: [grid.nx, grid.ny, grid.nz],
      resolution,
      solidVoxels: grid.solidCount,
      fallbackVertices,
      unchangedVertices: 0,
      timings,
    },
  };
}

/** Step 4 of the module comment: weights from measured distances. Does not modify `d`. */
export function autobindWeights(d: BindDistances, options: AutobindOptions = {}): AutobindResult {
  const t = performance.now();
  const o = resolveOptions(options);
  const K = o.maxInfluences;
  if (K !== 4 && K !== 8) throw new RangeError(`maxInfluences must be 4 or 8, not ${K}`);
  if (o.onlyJoints && !o.existing) throw new RangeError('onlyJoints needs the existing weights');
  const { check, progress } = runControl(o);
  const steps: Record<string, number> = {};
  let lap = t;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (steps[name] ?? 0) + now - lap;
    lap = now;
  };
  const count = d.segmentJoints.length;
  const { mesh } = d;
  const welded = [new InfluenceTable(mesh.count, CANDIDATES)];
  let tables = d.positions.map((p) => new InfluenceTable(Math.floor(p.length / 3), CANDIDATES));
  if (count > 0) {
    let candidates = d.candidates;
    if (o.radiusScaling > 0) {
      candidates = candidates.map((c) => {
        const copy = new InfluenceTable(c.vertexCount, c.width);
        copy.labels.set(c.labels);
        copy.weights.set(c.weights);
        return copy;
      });
      scaleByBoneRadius(candidates, count, o.radiusScaling, o.radiusSamples);
    }
    step('radius');
    const minDistance = d.diagonal * 1e-3;
    if (o.weighting === 'heat') {
      heatWeights(
        [mesh.positions],
        [mesh.triangles],
        candidates,
        count,
        welded,
        { strength: o.strength, minDistance, check },
        mesh.self,
      );
    } else {
      falloffWeights(candidates[0], welded[0], { falloff: o.falloff, minDistance, cutoffRatio: 4 });
    }
    tables = scatterTable(welded[0], mesh.ids);
    if (o.smoothing > 0) {
      tables.forEach((table, i) => {
        smoothInfluences(table, d.positions[i], d.indices[i], o.smoothing);
      });
    }
    if (o.rigidProps && !o.onlyJoints) bindPropsRigidly(mesh, tables);
    step('heat');
  }
  progress(0.9, true);
  const selected = o.onlyJoints ? new Set(o.onlyJoints) : null;
  let unchangedVertices = 0;
  const weights = tables.map((table, i) => {
    check();
    const out = writeSkinWeights(table, d.segmentJoints, K, {
      existing: selected ? o.existing?.[i] : null,
      selected,
      locked: o.locked,
    });
    unchangedVertices += out.unchanged;
    return out.weights;
  });
  step('write');
  const report = o.report
    ? bindReport({
        positions: d.positions,
        indices: d.indices,
        weights,
        joints: d.joints,
        outside: d.stats.outsideJoints,
        bindEndJoints: o.bindEndJoints,
        onlyJoints: selected,
        grid: d.grid,
        welded: d.mesh.ids,
      })
    : [];
  step('report');
  const weightsMs = performance.now() - t;
  progress(1, true);
  const timings = {
    ...d.stats.timings,
    weights: weightsMs,
    total: d.stats.timings.total + weightsMs,
    steps: { ...d.stats.timings.steps, ...steps },
  };
  return { weights, stats: { ...d.stats, unchangedVertices, timings }, report };
}

/** Binds `input`'s primitives to its joints; see the module comment. */
export function autobind(input: AutobindInput, options: AutobindOptions = {}): AutobindResult {
  return autobindWeights(autobindDistances(input, options), options);
}

/**
 * The mesh's parts and the bones inside each (see part-bones.ts), voxelised as coarse as a
 * 64-voxel grid over the whole mesh (the part test needs the shape of a piece, not its detail).
 */
function partsOf(
  mesh: WeldedMesh,
  bounds: Bounds,
  worldEnds: Float64Array,
  count: number,
  leaves: Uint8Array,
): PartBones {
  const longest = Math.max(
    bounds.max[0] - bounds.min[0],
    bounds.max[1] - bounds.min[1],
    bounds.max[2] - bounds.min[2],
  );
  const h = longest > 0 ? longest / (COARSE_RESOLUTION - 2.5) : 1;
  return partBones(
    [mesh.positions],
    [mesh.triangles],
    h,
    worldEnds,
    count,
    { ...PART_BONES_DEFAULTS, leaves },
    mesh.self,
  );
}
