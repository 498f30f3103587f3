/** Meshes and skeletons built in code for the auto-bind tests. */
import type { AutobindInput, BindJoint } from '../../src/bind/autobind.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';

/** A triangle mesh as plain arrays. */
export interface TestMesh {
  positions: number[];
  indices: number[];
}

type V3 = [number, number, number];

/** Appends `b` to `a` (indices offset). */
export function merge(...meshes: TestMesh[]): TestMesh {
  const out: TestMesh = { positions: [], indices: [] };
  for (const m of meshes) {
    const base = out.positions.length / 3;
    out.positions.push(...m.positions);
    out.indices.push(...m.indices.map((i) => i + base));
  }
  return out;
}

/**
 * A tube around segment a→b of radius r, `sides` around and `rings` along, optionally capped
 * (fan to a centre vertex at each end). Outward-wound.
 */
export function tube(
  a: V3,
  b: V3,
  r: number,
  options: { sides?: number; rings?: number; caps?: boolean } = {},
): TestMesh {
  const sides = options.sides ?? 12;
  const rings = options.rings ?? 8;
  const axis = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len = Math.hypot(axis[0], axis[1], axis[2]);
  const w = axis.map((x) => x / len);
  const helper = Math.abs(w[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = [
    w[1] * helper[2] - w[2] * helper[1],
    w[2] * helper[0] - w[0] * helper[2],
    w[0] * helper[1] - w[1] * helper[0],
  ];
  const ul = Math.hypot(u[0], u[1], u[2]);
  for (let i = 0; i < 3; i++) u[i] /= ul;
  const v = [w[1] * u[2] - w[2] * u[1], w[2] * u[0] - w[0] * u[2], w[0] * u[1] - w[1] * u[0]];
  const m: TestMesh = { positions: [], indices: [] };
  for (let k = 0; k <= rings; k++) {
    const t = k / rings;
    for (let s = 0; s < sides; s++) {
      const ang = (2 * Math.PI * s) / sides;
      for (let i = 0; i < 3; i++) {
        m.positions.push(a[i] + axis[i] * t + r * (Math.cos(ang) * u[i] + Math.sin(ang) * v[i]));
      }
    }
  }
  for (let k = 0; k < rings; k++) {
    for (let s = 0; s < sides; s++) {
      const i0 = k * sides + s;
      const i1 = k * sides + ((s + 1) % sides);
      const i2 = i0 + sides;
      const i3 = i1 + sides;
      m.indices.push(i0, i1, i3, i0, i3, i2);
    }
  }
  if (options.caps ?? true) {
    const c0 = m.positions.length / 3;
    m.positions.push(...a);
    const c1 = c0 + 1;
    m.positions.push(...b);
    for (let s = 0; s < sides; s++) {
      m.indices.push(c0, (s + 1) % sides, s);
      m.indices.push(c1, rings * sides + s, rings * sides + ((s + 1) % sides));
    }
  }
  return m;
}

/** A UV sphere (closed, outward-wound). */
export function sphere(c: V3, r: number, segments = 10): TestMesh {
  const m: TestMesh = { positions: [], indices: [] };
  for (let i = 0; i <= segments; i++) {
    const th = (Math.PI * i) / segments;
    for (let j = 0; j < segments; j++) {
      const ph = (2 * Math.PI * j) / segments;
      m.positions.push(
        c[0] + r * Math.sin(th) * Math.cos(ph),
        c[1] + r * Math.cos(th),
        c[2] + r * Math.sin(th) * Math.sin(ph),
      );
    }
  }
  for (let i = 0; i < segments; i++) {
    for (let j = 0; j < segments; j++) {
      const a = i * segments + j;
      const b = i * segments + ((j + 1) % segments);
      m.indices.push(a, b, b + segments, a, b + segments, a + segments);
    }
  }
  return m;
}

/** Reverses the winding of every triangle. */
export function flipped(m: TestMesh): TestMesh {
  const indices: number[] = [];
  for (let t = 0; t < m.indices.length; t += 3)
    indices.push(m.indices[t], m.indices[t + 2], m.indices[t + 1]);
  return { positions: m.positions, indices };
}

/**
 * A little character: a torso along y, a head, two arms (T-pose) and two legs, as separate
 * closed tubes pushed into each other; with its skeleton (hips, spine, chest, neck, head,
 * upper/lower arms, upper/lower legs).
 */
export function stickFigure(): { mesh: TestMesh; joints: BindJoint[] } {
  const mesh = merge(
    tube([0, 0.9, 0], [0, 1.5, 0], 0.15),
    sphere([0, 1.68, 0], 0.12),
    tube([0.1, 1.42, 0], [0.75, 1.42, 0], 0.05),
    tube([-0.1, 1.42, 0], [-0.75, 1.42, 0], 0.05),
    tube([0.09, 0.95, 0], [0.09, 0.05, 0], 0.07),
    tube([-0.09, 0.95, 0], [-0.09, 0.05, 0], 0.07),
  );
  const joints: BindJoint[] = [
    { position: [0, 0.95, 0], parent: -1 }, // 0 hips
    { position: [0, 1.2, 0], parent: 0 }, // 1 spine
    { position: [0, 1.42, 0], parent: 1 }, // 2 chest
    { position: [0, 1.52, 0], parent: 2 }, // 3 neck
    { position: [0, 1.6, 0], parent: 3 }, // 4 head
    { position: [0.15, 1.42, 0], parent: 2 }, // 5 upper arm L
    { position: [0.45, 1.42, 0], parent: 5 }, // 6 lower arm L
    { position: [-0.15, 1.42, 0], parent: 2 }, // 7 upper arm R
    { position: [-0.45, 1.42, 0], parent: 7 }, // 8 lower arm R
    { position: [0.09, 0.9, 0], parent: 0 }, // 9 upper leg L
    { position: [0.09, 0.5, 0], parent: 9 }, // 10 lower leg L
    { position: [-0.09, 0.9, 0], parent: 0 }, // 11 upper leg R
    { position: [-0.09, 0.5, 0], parent: 11 }, // 12 lower leg R
  ];
  return { mesh, joints };
}

/** Auto-bind input of one or more meshes and a skeleton. */
export function bindInput(meshes: TestMesh[], joints: BindJoint[]): AutobindInput {
  return {
    primitives: meshes.map((m) => ({
      positions: new Float32Array(m.positions),
      indices: new Uint32Array(m.indices),
    })),
    joints,
  };
}

/** Scales a mesh and joints about the origin. */
export function scaled(
  meshes: TestMesh[],
  joints: BindJoint[],
  s: number,
): { meshes: TestMesh[]; joints: BindJoint[] } {
  return {
    meshes: meshes.map((m) => ({ positions: m.positions.map((x) => x * s), indices: m.indices })),
    joints: joints.map((j) => ({ ...j, position: j.position.map((x) => x * s) as V3 })),
  };
}

/** The invariant violations of each result, and the vertices whose weights sum to 0. */
export function problems(weights: SkinWeights[], jointCount: number): string[] {
  const out: string[] = [];
  weights.forEach((sw, p) => {
    for (const v of findInvariantViolations(sw, { jointCount, limit: 5 }))
      out.push(`p${p} v${v.vertex}: ${v.reason}`);
    for (let v = 0; v < sw.vertexCount; v++) {
      let sum = 0;
      for (let i = 0; i < sw.influences; i++) sum += sw.weights[v * sw.influences + i];
      if (!(sum > 0.99)) out.push(`p${p} v${v}: unweighted`);
    }
  });
  return out;
}
