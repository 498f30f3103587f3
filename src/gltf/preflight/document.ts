import type { Accessor, Document } from '@gltf-transform/core';
import { LoadError } from '../load-error.ts';
import { formatCount, LOAD_LIMITS, type LoadLimits } from './limits.ts';

/** Below this |determinant| an inverse bind matrix has no usable inverse (the bind pose is lost). */
const SINGULAR_DETERMINANT = 1e-12;

/** Determinant of the upper-left 3×3 of a column-major 4×4 at offset o (the affine part). */
function det3(m: ArrayLike<number>, o: number): number {
  return (
    m[o] * (m[o + 5] * m[o + 10] - m[o + 9] * m[o + 6]) -
    m[o + 4] * (m[o + 1] * m[o + 10] - m[o + 9] * m[o + 2]) +
    m[o + 8] * (m[o + 1] * m[o + 6] - m[o + 5] * m[o + 2])
  );
}

function allFinite(array: ArrayLike<number>): boolean {
  for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i])) return false;
  return true;
}

/** The largest value of an index array (a plain loop: spreading millions of arguments overflows). */
function maxIndex(array: ArrayLike<number>): number {
  let max = -1;
  for (let i = 0; i < array.length; i++) if (array[i] > max) max = array[i];
  return max;
}

function checkPrimitiveData(name: string, document: Document, limits: LoadLimits): void {
  const fail = (where: string, what: string): never => {
    throw new LoadError('invalid', `${name} is not a valid glTF file: ${where}: ${what}`);
  };
  let total = 0;
  document
    .getRoot()
    .listMeshes()
    .forEach((mesh, m) => {
      mesh.listPrimitives().forEach((prim, p) => {
        const where = `mesh ${m}${mesh.getName() ? ` ("${mesh.getName().slice(0, 40)}")` : ''}, primitive ${p}`;
        let count = -1;
        const attributes: [string, Accessor][] = prim.listSemantics().map((s) => [s, prim.getAttribute(s)!]);
        for (const [semantic, accessor] of attributes) {
          // Compressed primitives get their lengths from the decoder, not the JSON: check again.
          const n = accessor.getCount();
          if (count < 0) count = n;
          else if (n !== count)
            fail(where, `its attributes have different lengths after decoding (${semantic}).`);
        }
        const position = prim.getAttribute('POSITION');
        const vertices = position ? position.getCount() : 0;
        if (vertices > limits.maxVerticesPerPrimitive) {
          throw new LoadError(
            'too-large',
            `${name} is too large to open: ${where} has ${formatCount(vertices)} vertices; the limit is ${formatCount(limits.maxVerticesPerPrimitive)} per primitive.`,
          );
        }
        total += vertices;
        const positions = position?.getArray();
        if (positions && !allFinite(positions)) fail(where, 'some vertex positions are not finite numbers.');
        const indices = prim.getIndices()?.getArray();
        if (indices && indices.length > 0 && count >= 0) {
          const max = maxIndex(indices);
          if (max >= count) {
            fail(
              where,
              `an index refers to vertex ${formatCount(max)}, but the primitive has ${formatCount(count)} vertices.`,
            );
          }
        }
      });
    });
  if (total > limits.maxTotalVertices) {
    throw new LoadError(
      'too-large',
      `${name} is too large to open: it has ${formatCount(total)} vertices; the limit is ${formatCount(limits.maxTotalVertices)}.`,
    );
  }
}

function checkInverseBindMatrices(name: string, document: Document, warnings: string[]): void {
  document
    .getRoot()
    .listSkins()
    .forEach((skin, s) => {
      const data = skin.getInverseBindMatrices()?.getArray();
      if (!data) return;
      const joints = skin.listJoints();
      const singular: string[] = [];
      for (let j = 0; j < joints.length && (j + 1) * 16 <= data.length; j++) {
        const label = joints[j].getName() || `joint ${j}`;
        for (let k = 0; k < 16; k++) {
          if (!Number.isFinite(data[j * 16 + k])) {
            throw new LoadError(
              'invalid',
              `${name} is not a valid glTF file: skin ${s}'s inverse bind matrix for "${label}" holds NaN or infinite numbers.`,
            );
          }
        }
        if (Math.abs(det3(data, j * 16)) < SINGULAR_DETERMINANT) singular.push(label);
      }
      if (singular.length > 0) {
        const names = singular
          .slice(0, 3)
          .map((n) => `"${n}"`)
          .join(', ');
        warnings.push(
          `Skin ${s} has ${singular.length} singular inverse bind matrices (${names}${singular.length > 3 ? ', …' : ''}): those joints have no bind position and are drawn at the origin.`,
        );
      }
    });
}

/**
 * Checks that need the data as read (after Draco or meshopt decoding, sparse substitution):
 * attribute lengths, vertex limits, indices within the vertex count, finite positions, and
 * inverse bind matrices that are finite (an error) and invertible (a warning: the file still
 * opens, but those joints' bind positions are unknown). Cheap: one pass over indices and positions.
 * Throws LoadError; returns warnings for the user.
 */
export function checkReadDocument(
  name: string,
  document: Document,
  limits: LoadLimits = LOAD_LIMITS,
): string[] {
  const warnings: string[] = [];
  checkPrimitiveData(name, document, limits);
  checkInverseBindMatrices(name, document, warnings);
  return warnings;
}
