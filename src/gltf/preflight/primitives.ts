import type { BufferLayout } from './buffers.ts';
import type { JsonChecker, JsonObject } from './json.ts';
import { formatCount } from './limits.ts';

const UNSIGNED_INT_TYPES = [5121, 5123, 5125];
const JOINT_TYPES = [5121, 5123];

function fail(c: JsonChecker, where: string, what: string): never {
  return c.invalid(`${where}: ${what}`);
}

/**
 * Mesh primitives as the editor reads them: every attribute (and morph target) the same length,
 * within the vertex limits; POSITION three numbers per vertex; JOINTS_n four unsigned byte or
 * short indices; WEIGHTS_n four floats or normalized unsigned integers; indices unsigned integers.
 * The editor's weight arrays assume these shapes; the spec requires them.
 */
export function checkPrimitives(c: JsonChecker, layout: BufferLayout): void {
  const accessors = layout.accessors;
  const normalized = (i: number) => c.list('accessors')[i].normalized === true;
  let total = 0;
  c.list('meshes').forEach((mesh, m) => {
    (mesh.primitives as JsonObject[]).forEach((prim, p) => {
      const where = `mesh ${m}${typeof mesh.name === 'string' && mesh.name ? ` ("${mesh.name.slice(0, 40)}")` : ''}, primitive ${p}`;
      const attributes = prim.attributes as Record<string, number>;
      let count = -1;
      for (const [semantic, index] of Object.entries(attributes)) {
        const a = accessors[index];
        if (count < 0) count = a.count;
        else if (a.count !== count) {
          fail(
            c,
            where,
            `its attributes have different lengths (${semantic} has ${formatCount(a.count)}, not ${formatCount(count)}).`,
          );
        }
        if (semantic === 'POSITION' && a.type !== 'VEC3') fail(c, where, `POSITION is ${a.type}, not VEC3.`);
        if (/^JOINTS_\d+$/.test(semantic) && (a.type !== 'VEC4' || !JOINT_TYPES.includes(a.componentType))) {
          fail(c, where, `${semantic} must be four unsigned bytes or shorts per vertex.`);
        }
        if (/^WEIGHTS_\d+$/.test(semantic)) {
          const ok = a.componentType === 5126 || (JOINT_TYPES.includes(a.componentType) && normalized(index));
          if (a.type !== 'VEC4' || !ok) {
            fail(c, where, `${semantic} must be four floats or normalized unsigned integers per vertex.`);
          }
        }
      }
      for (const [t, target] of ((prim.targets as JsonObject[] | undefined) ?? []).entries()) {
        for (const [semantic, index] of Object.entries(target as Record<string, number>)) {
          if (count >= 0 && accessors[index].count !== count) {
            fail(
              c,
              where,
              `morph target ${t}'s ${semantic} has ${formatCount(accessors[index].count)} values for ${formatCount(count)} vertices.`,
            );
          }
        }
      }
      if (prim.indices !== undefined) {
        const a = accessors[prim.indices as number];
        if (a.type !== 'SCALAR' || !UNSIGNED_INT_TYPES.includes(a.componentType)) {
          fail(c, where, 'its indices must be unsigned integers.');
        }
      }
      const vertices = attributes.POSITION !== undefined ? accessors[attributes.POSITION].count : 0;
      if (vertices > c.limits.maxVerticesPerPrimitive) {
        c.fail(
          'too-large',
          `${where} has ${formatCount(vertices)} vertices; the limit is ${formatCount(c.limits.maxVerticesPerPrimitive)} per primitive.`,
        );
      }
      total += vertices;
    });
  });
  if (total > c.limits.maxTotalVertices) {
    c.fail(
      'too-large',
      `it has ${formatCount(total)} vertices; the limit is ${formatCount(c.limits.maxTotalVertices)}.`,
    );
  }
}
