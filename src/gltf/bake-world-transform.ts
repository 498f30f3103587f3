/**
 * bakeWorldTransform: a copy of a mesh with a node's world matrix baked into its vertices.
 *
 * glTF ignores a skinned mesh node's own transform (and its parents'): skinning places the
 * vertices through the joints alone. So a mesh that was placed by its node must carry that
 * placement in its vertices before it is skinned, or the character would jump when bound.
 * POSITION is transformed as points, NORMAL by the inverse transpose (renormalised), TANGENT's
 * xyz by the linear part (w flips with a mirroring matrix), morph target deltas likewise; a
 * mirroring matrix also reverses the triangles' winding, as a renderer would have.
 * New accessors are made for what changes; the source mesh and its accessors are not touched.
 */
import type { Accessor, Document, Mesh, Primitive, PrimitiveTarget } from '@gltf-transform/core';
import { readAccessorAsFloat } from './accessor-data.ts';

const TRIANGLES = 4;

/** The 3×3 linear part, its inverse transpose (for normals) and determinant, from a column-major 4×4. */
function linearParts(m: ArrayLike<number>) {
  const a = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const [a00, a01, a02, a10, a11, a12, a20, a21, a22] = a;
  const det = a00 * (a11 * a22 - a12 * a21) - a10 * (a01 * a22 - a02 * a21) + a20 * (a01 * a12 - a02 * a11);
  const d = det !== 0 ? 1 / det : 0;
  // Inverse transpose of a (column-major): the cofactor matrix / det.
  const n = [
    (a11 * a22 - a12 * a21) * d,
    (a12 * a20 - a10 * a22) * d,
    (a10 * a21 - a11 * a20) * d,
    (a02 * a21 - a01 * a22) * d,
    (a00 * a22 - a02 * a20) * d,
    (a01 * a20 - a00 * a21) * d,
    (a01 * a12 - a02 * a11) * d,
    (a02 * a10 - a00 * a12) * d,
    (a00 * a11 - a01 * a10) * d,
  ];
  return { linear: a, normal: n, det };
}

/** A float VEC3/VEC4 accessor like `like` (same buffer and name) holding `array`. */
function floatAccessor(document: Document, like: Accessor, array: Float32Array): Accessor {
  return document
    .createAccessor(like.getName())
    .setType(like.getType())
    .setArray(array)
    .setBuffer(like.getBuffer());
}

/** Applies the 3×3 `m` (column-major) to each `stride`-wide element's xyz; `unit` renormalises. */
function transformVectors(
  values: Float64Array,
  stride: number,
  m: number[],
  translate: ArrayLike<number> | null,
  unit: boolean,
  flipW: boolean,
): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += stride) {
    const x = values[i];
    const y = values[i + 1];
    const z = values[i + 2];
    let X = m[0] * x + m[3] * y + m[6] * z;
    let Y = m[1] * x + m[4] * y + m[7] * z;
    let Z = m[2] * x + m[5] * y + m[8] * z;
    if (translate) {
      X += translate[12];
      Y += translate[13];
      Z += translate[14];
    }
    if (unit) {
      const len = Math.hypot(X, Y, Z);
      if (len > 0) {
        X /= len;
        Y /= len;
        Z /= len;
      }
    }
    out[i] = X;
    out[i + 1] = Y;
    out[i + 2] = Z;
    if (stride === 4) out[i + 3] = flipW ? -values[i + 3] : values[i + 3];
  }
  return out;
}

type Parts = ReturnType<typeof linearParts>;

/** The transformed copy of one attribute (or target delta), or null for attributes that keep. */
function bakeAttribute(
  document: Document,
  semantic: string,
  accessor: Accessor,
  matrix: ArrayLike<number>,
  parts: Parts,
  delta: boolean,
): Accessor | null {
  const stride = accessor.getElementSize();
  const values = readAccessorAsFloat(accessor);
  const flip = parts.det < 0;
  // Normal matrix scaled back to unit size, so target normal deltas keep their length under a uniform scale.
  const scale = Math.cbrt(Math.abs(parts.det)) || 1;
  if (semantic === 'POSITION')
    return floatAccessor(
      document,
      accessor,
      transformVectors(values, 3, parts.linear, delta ? null : matrix, false, false),
    );
  if (semantic === 'NORMAL') {
    const m = delta ? parts.normal.map((x) => x * scale) : parts.normal;
    return floatAccessor(document, accessor, transformVectors(values, 3, m, null, !delta, false));
  }
  if (semantic === 'TANGENT') {
    const m = delta ? parts.linear.map((x) => x / scale) : parts.linear;
    return floatAccessor(document, accessor, transformVectors(values, stride, m, null, !delta, flip));
  }
  return null;
}

/** Triangle indices with the second and third corner swapped (made for a non-indexed primitive). */
function reversedIndices(document: Document, primitive: Primitive, vertexCount: number): Accessor {
  const old = primitive.getIndices();
  const source = old?.getArray() ?? Uint32Array.from({ length: vertexCount }, (_, i) => i);
  const out = vertexCount < 65536 ? new Uint16Array(source.length) : new Uint32Array(source.length);
  out.set(source);
  for (let t = 0; t + 2 < out.length; t += 3) {
    const b = out[t + 1];
    out[t + 1] = out[t + 2];
    out[t + 2] = b;
  }
  const buffer = old?.getBuffer() ?? primitive.getAttribute('POSITION')?.getBuffer() ?? null;
  return document
    .createAccessor(old?.getName() ?? '')
    .setType('SCALAR')
    .setArray(out)
    .setBuffer(buffer);
}

function bakeTarget(document: Document, target: PrimitiveTarget, matrix: ArrayLike<number>, parts: Parts) {
  const copy = target.clone();
  for (const semantic of target.listSemantics()) {
    const baked = bakeAttribute(document, semantic, target.getAttribute(semantic)!, matrix, parts, true);
    if (baked) copy.setAttribute(semantic, baked);
  }
  return copy;
}

/**
 * A new Mesh (same name, materials, other attributes and weights) whose vertices are `matrix`
 * (column-major world matrix) applied to `mesh`'s. See the module comment.
 */
export function bakeWorldTransform(document: Document, mesh: Mesh, matrix: ArrayLike<number>): Mesh {
  const parts = linearParts(matrix);
  // A clone keeps the mesh's name, morph weights, extras and extensions; its primitives are replaced.
  const copy = mesh.clone();
  for (const primitive of copy.listPrimitives()) copy.removePrimitive(primitive);
  for (const primitive of mesh.listPrimitives()) {
    const baked = primitive.clone();
    for (const semantic of primitive.listSemantics()) {
      const accessor = bakeAttribute(
        document,
        semantic,
        primitive.getAttribute(semantic)!,
        matrix,
        parts,
        false,
      );
      if (accessor) baked.setAttribute(semantic, accessor);
    }
    for (const target of primitive.listTargets()) {
      baked.removeTarget(target);
      baked.addTarget(bakeTarget(document, target, matrix, parts));
    }
    const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
    if (parts.det < 0 && primitive.getMode() === TRIANGLES)
      baked.setIndices(reversedIndices(document, primitive, count));
    copy.addPrimitive(baked);
  }
  return copy;
}
