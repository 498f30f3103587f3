/**
 * FitMesh: the surface a skeleton is fitted to, as one triangle soup in world space. Every
 * triangle primitive of every mesh node in the scene counts (a body split into head, torso and
 * shoes; eyes; clothes): the fitter looks at the volume they enclose together.
 */
import type { Document } from '@gltf-transform/core';
import { readIndices, readPositions } from '../../gltf/accessor-data.ts';

/** World-space triangles: positions xyz per vertex, indices 3 per triangle. */
export interface FitMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

const TRIANGLES = 4;

/** Applies the column-major 4×4 `m` to the points of `p` into `out` at `offset` (points). */
function transformInto(p: Float32Array, m: ArrayLike<number>, out: Float32Array, offset: number): void {
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i];
    const y = p[i + 1];
    const z = p[i + 2];
    const o = offset * 3 + i;
    out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
}

/** Merges triangle lists (positions already in one space) into one FitMesh. */
export function mergeFitMeshes(
  parts: readonly { positions: Float32Array; indices: Uint32Array | null }[],
): FitMesh {
  let vertices = 0;
  let corners = 0;
  for (const part of parts) {
    const n = part.positions.length / 3;
    vertices += n;
    corners += part.indices ? part.indices.length - (part.indices.length % 3) : n - (n % 3);
  }
  const positions = new Float32Array(vertices * 3);
  const indices = new Uint32Array(corners);
  let v = 0;
  let c = 0;
  for (const part of parts) {
    const n = part.positions.length / 3;
    positions.set(part.positions, v * 3);
    if (part.indices) {
      const m = part.indices.length - (part.indices.length % 3);
      for (let i = 0; i < m; i++) indices[c++] = part.indices[i] + v;
    } else {
      for (let i = 0; i < n - (n % 3); i++) indices[c++] = i + v;
    }
    v += n;
  }
  return { positions, indices };
}

/**
 * The triangles of every mesh node of the document's scenes, in world space (each node's world
 * matrix applied; a skinned node's too, so call it on a file without skins). Points and lines
 * are left out.
 */
export function fitMeshOfDocument(document: Document): FitMesh {
  const parts: { positions: Float32Array; indices: Uint32Array | null }[] = [];
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const nodes = new Set(scene ? [] : root.listNodes());
  if (scene) scene.traverse((n) => void nodes.add(n));
  for (const node of nodes) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== TRIANGLES) continue;
      const position = primitive.getAttribute('POSITION');
      if (position?.getType() !== 'VEC3') continue;
      const local = readPositions(position);
      const world = new Float32Array(local.length);
      transformInto(local, m, world, 0);
      parts.push({ positions: world, indices: readIndices(primitive.getIndices()) });
    }
  }
  return mergeFitMeshes(parts);
}
