/**
 * Per-primitive vertex masks ↔ surface node masks. The editor keeps the selection as one flag per
 * vertex of each skinned primitive (what the viewport draws and the painter reads); the select
 * operations work on a SkinSurface's nodes, so a seam's vertices are always picked together.
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';

/** Vertex flags by SkinnedModel primitive id. */
export type VertexMasks = Map<number, Uint8Array>;

/**
 * One flag per node of `surface`: set when any vertex of the node is set in `masks` (a primitive
 * missing from `masks` counts as unselected). A new array.
 */
export function nodeMaskOf(surface: SkinSurface, masks: ReadonlyMap<number, Uint8Array>): Uint8Array {
  const out = new Uint8Array(surface.nodeCount);
  surface.parts.forEach((part, p) => {
    const m = masks.get(part.primitive);
    if (!m) return;
    const v0 = surface.vertexOffset[p];
    const n = Math.min(m.length, surface.vertexOffset[p + 1] - v0);
    for (let v = 0; v < n; v++) if (m[v]) out[surface.nodeOf[v0 + v]] = 1;
  });
  return out;
}

/**
 * Writes a node mask back to the vertex masks of the surface's primitives (creating missing
 * ones): every vertex gets its node's flag. Returns the primitives whose flags changed.
 */
export function scatterNodeMask(surface: SkinSurface, nodeMask: Uint8Array, masks: VertexMasks): number[] {
  const changed: number[] = [];
  surface.parts.forEach((part, p) => {
    const v0 = surface.vertexOffset[p];
    const n = surface.vertexOffset[p + 1] - v0;
    let m = masks.get(part.primitive);
    if (!m || m.length !== n) {
      m = new Uint8Array(n);
      masks.set(part.primitive, m);
    }
    let diff = false;
    for (let v = 0; v < n; v++) {
      const f = nodeMask[surface.nodeOf[v0 + v]] ? 1 : 0;
      if (m[v] !== f) {
        m[v] = f;
        diff = true;
      }
    }
    if (diff) changed.push(part.primitive);
  });
  return changed;
}

/**
 * Local vertex indices of part `part` whose node is set in `nodeMask`, ascending (a new array);
 * null for "every vertex" when `nodeMask` is null.
 */
export function partVertices(
  surface: SkinSurface,
  nodeMask: Uint8Array | null,
  part: number,
): Uint32Array | null {
  if (!nodeMask) return null;
  const v0 = surface.vertexOffset[part];
  const n = surface.vertexOffset[part + 1] - v0;
  let count = 0;
  for (let v = 0; v < n; v++) if (nodeMask[surface.nodeOf[v0 + v]]) count++;
  const out = new Uint32Array(count);
  count = 0;
  for (let v = 0; v < n; v++) if (nodeMask[surface.nodeOf[v0 + v]]) out[count++] = v;
  return out;
}
