/**
 * weldPositions: ids that are equal exactly for vertices at bit-identical positions (+0 and −0
 * alike) across one or more position arrays (the primitives of a skin, for auto-bind): the
 * arrays' vertices welded as one list by {@link buildWeldMap}, ids numbered in order of first
 * appearance.
 */
import { buildWeldMap } from './weld-map.ts';

/** Result of {@link weldPositions}: `ids[a][v]` is the welded id of vertex v of array a. */
export interface Welded {
  count: number;
  ids: Int32Array[];
}

/** Welds the vertices of `arrays` (xyz per vertex); see the module comment. */
export function weldPositions(arrays: readonly Float32Array[]): Welded {
  const counts = arrays.map((p) => Math.floor(p.length / 3));
  const total = counts.reduce((n, c) => n + c, 0);
  const all = arrays.length === 1 ? arrays[0] : new Float32Array(total * 3);
  if (arrays.length !== 1) {
    let at = 0;
    arrays.forEach((p, a) => {
      all.set(p.subarray(0, counts[a] * 3), at);
      at += counts[a] * 3;
    });
  }
  const map = buildWeldMap(all, total);
  let at = 0;
  const ids = counts.map((c) => {
    const out = new Int32Array(map.groupOf.subarray(at, at + c));
    at += c;
    return out;
  });
  return { count: map.groupCount, ids };
}
