/**
 * triangleCorners: the triangles of a glTF primitive as a flat list of vertex indices,
 * whatever its draw mode (lists, strips and fans; points and lines have none).
 */

/** glTF primitive modes. */
export const TRIANGLES = 4;
export const TRIANGLE_STRIP = 5;
export const TRIANGLE_FAN = 6;

/** 3 vertex indices per triangle (a new array; `indices` null means 0..vertexCount-1). */
export function triangleCorners(
  indices: Uint32Array | null,
  vertexCount: number,
  mode = TRIANGLES,
): Uint32Array {
  const count = indices ? indices.length : vertexCount;
  const at = (i: number) => (indices ? indices[i] : i);
  if (mode === TRIANGLES) {
    const n = count - (count % 3);
    if (indices) return indices.slice(0, n);
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = i;
    return out;
  }
  if (mode !== TRIANGLE_STRIP && mode !== TRIANGLE_FAN) return new Uint32Array(0);
  const triangles = Math.max(0, count - 2);
  const out = new Uint32Array(triangles * 3);
  for (let t = 0; t < triangles; t++) {
    if (mode === TRIANGLE_FAN) {
      out[t * 3] = at(0);
      out[t * 3 + 1] = at(t + 1);
      out[t * 3 + 2] = at(t + 2);
    } else {
      // Odd strip triangles swap two corners to keep the winding.
      out[t * 3] = at(t);
      out[t * 3 + 1] = at(t % 2 ? t + 2 : t + 1);
      out[t * 3 + 2] = at(t % 2 ? t + 1 : t + 2);
    }
  }
  return out;
}
