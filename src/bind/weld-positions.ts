/**
 * weldPositions: ids that are equal exactly for vertices at bit-identical positions (+0 and −0
 * alike), across one or more position arrays, with an open-addressing hash (no string keys).
 */

/** Result of {@link weldPositions}: `ids[a][v]` is the welded id of vertex v of array a. */
export interface Welded {
  count: number;
  ids: Int32Array[];
}

/** The position's float bits with −0 read as +0. */
function bitsOf(u: Uint32Array, i: number): number {
  const b = u[i];
  return b === 0x80000000 ? 0 : b;
}

/** Welds the vertices of `arrays` (xyz per vertex); see the module comment. */
export function weldPositions(arrays: readonly Float32Array[]): Welded {
  const views = arrays.map((p) => new Uint32Array(p.buffer, p.byteOffset, Math.floor(p.length / 3) * 3));
  const total = views.reduce((n, u) => n + u.length / 3, 0);
  let size = 16;
  while (size < total * 2) size *= 2;
  const mask = size - 1;
  // Slot → (array, vertex) of the first vertex with that position, and its id.
  const slotArray = new Int32Array(size).fill(-1);
  const slotVertex = new Int32Array(size);
  const slotId = new Int32Array(size);
  let count = 0;
  const ids = views.map((u, a) => {
    const out = new Int32Array(u.length / 3);
    for (let v = 0; v < out.length; v++) {
      const x = bitsOf(u, v * 3);
      const y = bitsOf(u, v * 3 + 1);
      const z = bitsOf(u, v * 3 + 2);
      let h = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d)) >>> 0;
      h = (h ^ (h >>> 15)) & mask;
      for (;;) {
        const sa = slotArray[h];
        if (sa < 0) {
          slotArray[h] = a;
          slotVertex[h] = v;
          slotId[h] = count;
          out[v] = count++;
          break;
        }
        const su = views[sa];
        const sv = slotVertex[h] * 3;
        if (bitsOf(su, sv) === x && bitsOf(su, sv + 1) === y && bitsOf(su, sv + 2) === z) {
          out[v] = slotId[h];
          break;
        }
        h = (h + 1) & mask;
      }
    }
    return out;
  });
  return { count, ids };
}
