/**
 * Mannequin variants with known joints, for measuring skeleton fitting: thin, average or heavy
 * (the limbs' and torso's girth scaled; head, hands and feet kept), in the T-pose or in an
 * A-pose (arms lowered 45° at the shoulder joints by linear blend skinning with the mannequin's
 * own weights, so the joints are exactly where the posed mesh has them).
 */

import { MANNEQUIN_PRIMITIVES } from './body.ts';
import { type MannequinData, mannequinOfField } from './index.ts';
import { compileField, type Primitive } from './sdf.ts';
import { MANNEQUIN_JOINTS } from './skeleton.ts';

/** One variant: build and pose. */
export interface MannequinVariant {
  build: 'thin' | 'average' | 'heavy';
  pose: 'T' | 'A';
}

/** The variants `bench:rig` measures. */
export const MANNEQUIN_VARIANTS: readonly MannequinVariant[] = [
  { build: 'thin', pose: 'T' },
  { build: 'heavy', pose: 'T' },
  { build: 'thin', pose: 'A' },
  { build: 'heavy', pose: 'A' },
];

/** Girth of limbs and torso per build. */
export const GIRTH: Record<MannequinVariant['build'], number> = { thin: 0.8, average: 1, heavy: 1.3 };

/** True for the head, hands and feet, which keep their size in every build. */
function keepsSize(centre: readonly number[]): boolean {
  return centre[1] > 1.52 || centre[1] < 0.06 || centre[0] > 0.69;
}

/** A primitive with its girth scaled by `s` (head, hands and feet kept). */
export function scaledPrimitive(p: Primitive, s: number): Primitive {
  if (p.kind === 'roundCone') {
    const mid = [(p.a[0] + p.b[0]) / 2, (p.a[1] + p.b[1]) / 2, (p.a[2] + p.b[2]) / 2];
    return keepsSize(mid) ? p : { ...p, ra: p.ra * s, rb: p.rb * s };
  }
  if (p.kind === 'ellipsoid') {
    if (keepsSize(p.center)) return p;
    // Girth only: wider and deeper, not taller.
    return { ...p, radii: [p.radii[0] * s, p.radii[1], p.radii[2] * s] };
  }
  return p;
}

/** Rotation about z by `angle` applied to (x, y) around (cx, cy). */
function turn(x: number, y: number, cx: number, cy: number, c: number, s: number): [number, number] {
  const dx = x - cx;
  const dy = y - cy;
  return [cx + c * dx - s * dy, cy + s * dx + c * dy];
}

/**
 * Builds a variant (about `targetVertices` vertices). The returned data's positions, normals and
 * joint positions are in the variant's pose; its weights are the mannequin's.
 */
export function buildMannequinVariant(variant: MannequinVariant, targetVertices = 8000): MannequinData {
  const s = GIRTH[variant.build];
  const prims = MANNEQUIN_PRIMITIVES.map((p) => scaledPrimitive(p, s));
  const data = mannequinOfField(
    compileField(prims, { floor: 0, floorBlend: 0.008 }),
    MANNEQUIN_JOINTS,
    targetVertices,
  );
  if (variant.pose === 'A') lowerArms(data, Math.PI / 4);
  return data;
}

/** Lowers both arms by `angle` at the upper-arm joints, skinning the mesh with its weights. */
function lowerArms(data: MannequinData, angle: number): void {
  const names = data.jointNames;
  const n = names.length;
  // Per joint: rotation (cos, sin about z) and pivot; identity where not under an arm.
  const cos = new Float64Array(n).fill(1);
  const sin = new Float64Array(n);
  const pivot = new Float64Array(n * 2);
  for (const [side, sign] of [
    ['Left', -1],
    ['Right', 1],
  ] as const) {
    const arm = names.indexOf(`${side}Arm`);
    const px = data.jointPositions[arm * 3];
    const py = data.jointPositions[arm * 3 + 1];
    for (let j = 0; j < n; j++) {
      let a = j;
      while (a >= 0 && a !== arm) a = data.jointParents[a];
      if (a !== arm) continue;
      cos[j] = Math.cos(angle);
      sin[j] = sign * Math.sin(angle);
      pivot[j * 2] = px;
      pivot[j * 2 + 1] = py;
    }
  }
  const P = data.positions;
  const N = data.normals;
  for (let v = 0; v < P.length / 3; v++) {
    let x = 0;
    let y = 0;
    let nx = 0;
    let ny = 0;
    for (let k = 0; k < 4; k++) {
      const w = data.weights[v * 4 + k];
      if (!(w > 0)) continue;
      const j = data.joints[v * 4 + k];
      const [tx, ty] = turn(P[v * 3], P[v * 3 + 1], pivot[j * 2], pivot[j * 2 + 1], cos[j], sin[j]);
      x += w * tx;
      y += w * ty;
      nx += w * (cos[j] * N[v * 3] - sin[j] * N[v * 3 + 1]);
      ny += w * (sin[j] * N[v * 3] + cos[j] * N[v * 3 + 1]);
    }
    P[v * 3] = x;
    P[v * 3 + 1] = y;
    const nz = N[v * 3 + 2];
    const l = Math.hypot(nx, ny, nz) || 1;
    N[v * 3] = nx / l;
    N[v * 3 + 1] = ny / l;
    N[v * 3 + 2] = nz / l;
  }
  for (let j = 0; j < n; j++) {
    if (sin[j] === 0) continue;
    const [tx, ty] = turn(
      data.jointPositions[j * 3],
      data.jointPositions[j * 3 + 1],
      pivot[j * 2],
      pivot[j * 2 + 1],
      cos[j],
      sin[j],
    );
    data.jointPositions[j * 3] = tx;
    data.jointPositions[j * 3 + 1] = ty;
  }
}
