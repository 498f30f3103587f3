/**
 * Position helpers for auto-bind: moving a primitive's positions into the joints' space and
 * the bounds of everything bound together.
 */

/** An axis-aligned box. */
export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** True when `m` is absent or the identity. */
function isIdentity(m: ArrayLike<number> | null | undefined): boolean {
  if (!m) return true;
  for (let i = 0; i < 16; i++) if (m[i] !== (i % 5 === 0 ? 1 : 0)) return false;
  return true;
}

/**
 * `positions` transformed by the column-major 4×4 `m` (affine part), or the same array when
 * `m` is absent or the identity (never modified in place).
 */
export function transformedPositions(
  positions: Float32Array,
  m: ArrayLike<number> | null | undefined,
): Float32Array {
  if (isIdentity(m) || !m) return positions;
  const out = new Float32Array(positions.length);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}

/** Bounds of the finite positions of every array (a unit box at the origin when there are none). */
export function positionBounds(arrays: readonly Float32Array[]): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const p of arrays) {
    for (let i = 0; i + 2 < p.length; i += 3) {
      const x = p[i];
      const y = p[i + 1];
      const z = p[i + 2];
      if (!Number.isFinite(x + y + z)) continue;
      if (x < min[0]) min[0] = x;
      if (y < min[1]) min[1] = y;
      if (z < min[2]) min[2] = z;
      if (x > max[0]) max[0] = x;
      if (y > max[1]) max[1] = y;
      if (z > max[2]) max[2] = z;
    }
  }
  if (!(min[0] <= max[0])) return { min: [0, 0, 0], max: [1, 1, 1] };
  return { min, max };
}
