/**
 * Rig cases built from the mannequin the way some characters are assembled, for the fitter's
 * regression tests (the shared and extra characters these mimic are not in the repo):
 *
 * - {@link jointedRigCase}: Mixamo's X Bot / Y Bot convention: the body is shells with gaps at
 *   the joints, and balls filling the gaps (two meshes over one skeleton). The ball at the
 *   waist is as thin as the neck.
 * - {@link capedRigCase}: a chibi (big head, short arms, T-pose) with a thin cape hanging
 *   behind from the shoulders to the ankles or the floor, as KayKit's knight and mage wear.
 */
import { type FitMesh, mergeFitMeshes } from '../../src/skeleton/fit/fit-mesh.ts';
import { mannequinRigCase, type RigCase, shapedRigCase } from './rig-quality.ts';

type Vec3 = [number, number, number];

/** A UV sphere (closed, wound outward). */
export function sphereMesh(centre: Vec3, radius: number, rings = 12, segments = 20): FitMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const t = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      positions.push(
        centre[0] + radius * Math.sin(t) * Math.cos(a),
        centre[1] + radius * Math.cos(t),
        centre[2] + radius * Math.sin(t) * Math.sin(a),
      );
    }
  }
  for (let r = 0; r < rings; r++)
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      indices.push(a, c, b, b, c, d);
    }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

/** A gap cut through the surface: the triangles whose centre lies in the slab. */
interface Gap {
  /** A point of the cut plane and its normal (unit, along the limb). */
  at: Vec3;
  along: Vec3;
  /** Half the gap's width, and how far from `at` across the limb the cut reaches. */
  half: number;
  reach: number;
}

/** `mesh` with the triangles inside any of the gaps taken out. */
function cutGaps(mesh: FitMesh, gaps: readonly Gap[]): FitMesh {
  const P = mesh.positions;
  const kept: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const c = [0, 0, 0];
    for (let k = 0; k < 3; k++) for (let a = 0; a < 3; a++) c[a] += P[3 * mesh.indices[t + k] + a] / 3;
    const inGap = gaps.some((g) => {
      const d = [c[0] - g.at[0], c[1] - g.at[1], c[2] - g.at[2]];
      const along = d[0] * g.along[0] + d[1] * g.along[1] + d[2] * g.along[2];
      const across = Math.hypot(
        d[0] - along * g.along[0],
        d[1] - along * g.along[1],
        d[2] - along * g.along[2],
      );
      return Math.abs(along) < g.half && across < g.reach;
    });
    if (!inGap) kept.push(mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]);
  }
  return { positions: P, indices: Uint32Array.from(kept) };
}

/**
 * The average T-pose mannequin as shells and joint balls (see the module comment): gaps at the
 * waist, neck, shoulders, elbows and knees, each bridged by a ball narrower than the limb.
 */
export function jointedRigCase(targetVertices = 6000): RigCase {
  const c = mannequinRigCase({ build: 'average', pose: 'T' }, targetVertices);
  const joint = (name: string): Vec3 => c.artist.positions[c.artist.names.indexOf(name)];
  const X: Vec3 = [1, 0, 0];
  const Y: Vec3 = [0, 1, 0];
  const waist = joint('Spine');
  const neck = joint('Neck');
  const gaps: Gap[] = [
    { at: waist, along: Y, half: 0.04, reach: 0.3 },
    { at: neck, along: Y, half: 0.02, reach: 0.12 },
  ];
  const balls = [sphereMesh(waist, 0.05), sphereMesh(neck, 0.045)];
  for (const side of ['Left', 'Right']) {
    const shoulder = joint(`${side}Arm`);
    const elbow = joint(`${side}ForeArm`);
    const knee = joint(`${side}Leg`);
    gaps.push(
      { at: shoulder, along: X, half: 0.025, reach: 0.12 },
      { at: elbow, along: X, half: 0.02, reach: 0.1 },
      { at: knee, along: Y, half: 0.025, reach: 0.1 },
    );
    balls.push(sphereMesh(shoulder, 0.05), sphereMesh(elbow, 0.038), sphereMesh(knee, 0.048));
  }
  return {
    ...c,
    name: 'mannequin jointed (shells and balls)',
    mesh: mergeFitMeshes([cutGaps(c.mesh, gaps), ...balls]),
  };
}

/**
 * A cape: a sheet (both faces, `thickness` apart) hanging behind the body from the shoulders to
 * `hem`, following the back `gap` behind the body's deepest point at each height, swinging
 * back to `flare` farther at the hem, and widening from `top` to `bottom` half-widths.
 */
function capeMesh(
  body: FitMesh,
  from: number,
  hem: number,
  top: number,
  bottom: number,
  gap: number,
  flare: number,
): FitMesh {
  const P = body.positions;
  const rows = 40;
  const cols = 16;
  // The back's depth per height band (behind the torso and legs, |x| within the cape).
  const backAt = (y: number, half: number) => {
    let z = 0;
    for (let i = 0; i < P.length; i += 3)
      if (Math.abs(P[i + 1] - y) < 0.03 && Math.abs(P[i]) < half) z = Math.min(z, P[i + 2]);
    return z;
  };
  const positions: number[] = [];
  const indices: number[] = [];
  let back = 0;
  for (let r = 0; r <= rows; r++) {
    const t = r / rows;
    const y = from + t * (hem - from);
    const half = top + t * (bottom - top);
    // Hangs straight down below the body's most backward point above (a cape falls free).
    back = Math.min(back, backAt(y, half) - gap);
    for (let s = 0; s <= cols; s++) positions.push(-half + (2 * half * s) / cols, y, back - t * flare);
  }
  const w = cols + 1;
  for (let r = 0; r < rows; r++)
    for (let s = 0; s < cols; s++) {
      const a = r * w + s;
      indices.push(a, a + 1, a + w, a + 1, a + w + 1, a + w);
    }
  // The other face, a hair behind, wound the other way.
  const n = positions.length / 3;
  for (let i = 0; i < n; i++)
    positions.push(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2] - 0.004);
  for (let t = 0, m = indices.length; t < m; t += 3)
    indices.push(indices[t] + n, indices[t + 2] + n, indices[t + 1] + n);
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

/** How {@link capedRigCase} dresses its body. */
export interface CapeOptions {
  /** The body: a chibi in a T-pose (head 1.8×, arms 0.6×), or the mannequin in an A-pose. */
  body?: 'chibi' | 'adult';
  /** Share of the height above the floor the hem hangs (0: it trails on the floor). */
  hem?: number;
  /** How far back (m) the hem swings from the body (0: it falls along the back). */
  flare?: number;
  /** Half the hem's width (m): 0.26 as wide as the hips; wider, it hangs out past the legs. */
  spread?: number;
}

/**
 * A body with a cape behind it from the shoulders down (see {@link CapeOptions}), as KayKit's
 * knight (to the ankles) and mage (to the floor) and a paladin (swinging free) wear.
 */
export function capedRigCase(
  { body = 'chibi', hem = 0.06, flare = 0, spread = 0.26 }: CapeOptions = {},
  targetVertices = 6000,
): RigCase {
  const c =
    body === 'chibi'
      ? shapedRigCase('chibi', { armDrop: 0, armLength: 0.6, headScale: 1.8 }, targetVertices)
      : mannequinRigCase({ build: 'average', pose: 'A' }, targetVertices);
  const shoulder = c.artist.positions[c.artist.names.indexOf('LeftArm')];
  const cape = capeMesh(c.mesh, shoulder[1], hem * c.height, 0.16, spread, 0.02, flare);
  const name = `${c.name} in a ${spread > 0.26 ? 'wide ' : ''}cape to ${hem > 0 ? `${hem * 100}% of the height` : 'the floor'}${flare ? ', swinging back' : ''}`;
  return { ...c, name, mesh: mergeFitMeshes([c.mesh, cape]) };
}

/**
 * The A-pose mannequin with long hair: a closed ellipsoid behind the head and neck down to the
 * chest (as a VRoid avatar's hair), a separate mesh over the body. Seen in section, the hair
 * fills the neck out as wide and deep as the head.
 */
export function longHairRigCase(build: 'thin' | 'average' = 'average', targetVertices = 6000): RigCase {
  const c = mannequinRigCase({ build, pose: 'A' }, targetVertices);
  const joint = (name: string): Vec3 => c.artist.positions[c.artist.names.indexOf(name)];
  const H = c.height;
  const head = joint('Head');
  const neck = joint('Neck');
  const top = head[1] + 0.08 * H;
  const bottom = joint('Spine2')[1];
  const hair = sphereMesh([0, 0, 0], 1);
  const P = hair.positions;
  for (let i = 0; i < P.length; i += 3) {
    P[i] *= 0.075 * H;
    P[i + 1] = (top + bottom) / 2 + P[i + 1] * ((top - bottom) / 2);
    P[i + 2] = neck[2] - 0.035 * H + P[i + 2] * 0.05 * H;
  }
  return { ...c, name: `mannequin ${build} A-pose with long hair`, mesh: mergeFitMeshes([c.mesh, hair]) };
}
