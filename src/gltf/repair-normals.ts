/**
 * repairZeroNormals: a mesh joining a skin (Create a skin, Add to this character) must export
 * validator-clean, and a zero-length normal (an unused or degenerate vertex of a modeller's
 * file, or one a simplifier left behind) cannot be made unit by renormalising: the validator
 * rejects it (ACCESSOR_VECTOR3_NON_UNIT). It takes its faces' normal instead.
 */
import type { Primitive } from '@gltf-transform/core';
import { readAccessorAsFloat } from './accessor-data.ts';

const TRIANGLES = 4;

/**
 * Replaces the zero-length (or non-finite) normals of a baked triangle primitive by the
 * area-weighted normal of the triangles that use the vertex, or +Z for a vertex no triangle
 * with an area uses. Returns how many were replaced (0: the accessor is left as it was).
 */
export function repairZeroNormals(primitive: Primitive): number {
  const normal = primitive.getAttribute('NORMAL');
  const position = primitive.getAttribute('POSITION');
  if (!normal || !position || normal.getElementSize() !== 3) return 0;
  const N = normal.getArray();
  if (!(N instanceof Float32Array) || normal.getNormalized()) return 0;
  const bad: number[] = [];
  for (let v = 0; v * 3 < N.length; v++) {
    const l = Math.hypot(N[v * 3], N[v * 3 + 1], N[v * 3 + 2]);
    if (!(l > 1e-12) || !Number.isFinite(l)) bad.push(v);
  }
  if (bad.length === 0) return 0;
  const P = readAccessorAsFloat(position);
  const count = position.getCount();
  const sum = new Float64Array(count * 3);
  if (primitive.getMode() === TRIANGLES) {
    const idx = primitive.getIndices()?.getArray() ?? null;
    const corners = idx ? idx.length : count;
    for (let t = 0; t + 2 < corners; t += 3) {
      const a = idx ? idx[t] : t;
      const b = idx ? idx[t + 1] : t + 1;
      const c = idx ? idx[t + 2] : t + 2;
      if (a >= count || b >= count || c >= count) continue;
      const ux = P[b * 3] - P[a * 3];
      const uy = P[b * 3 + 1] - P[a * 3 + 1];
      const uz = P[b * 3 + 2] - P[a * 3 + 2];
      const wx = P[c * 3] - P[a * 3];
      const wy = P[c * 3 + 1] - P[a * 3 + 1];
      const wz = P[c * 3 + 2] - P[a * 3 + 2];
      // The cross product's length is twice the area: larger faces count more.
      const nx = uy * wz - uz * wy;
      const ny = uz * wx - ux * wz;
      const nz = ux * wy - uy * wx;
      for (const v of [a, b, c]) {
        sum[v * 3] += nx;
        sum[v * 3 + 1] += ny;
        sum[v * 3 + 2] += nz;
      }
    }
  }
  const out = N.slice();
  for (const v of bad) {
    const l = Math.hypot(sum[v * 3], sum[v * 3 + 1], sum[v * 3 + 2]);
    const ok = l > 0 && Number.isFinite(l);
    out[v * 3] = ok ? sum[v * 3] / l : 0;
    out[v * 3 + 1] = ok ? sum[v * 3 + 1] / l : 0;
    out[v * 3 + 2] = ok ? sum[v * 3 + 2] / l : 1;
  }
  // The accessor may be shared with another primitive: a new one, never an edit in place.
  primitive.setAttribute('NORMAL', normal.clone().setArray(out));
  if (normal.listParents().every((p) => p.propertyType === 'Root')) normal.dispose();
  return bad.length;
}
