/**
 * bindPropsRigidly: props held in the hands (a sword, a spear, a staff: long, thin, separate
 * pieces standing out of the body; src/skeleton/fit/props.ts) move as one with the bone that
 * holds them. Left to the bones' distances, a spear standing on the floor beside a leg took its
 * foot end from the foot and bent when the knee did; a rigger binds a prop wholly to the hand.
 * The bone is the one with the most weight over the prop (its grip is in the hand).
 */
import { separateProps } from '../skeleton/fit/props.ts';
import type { InfluenceTable } from './influence-table.ts';
import type { WeldedMesh } from './welded-mesh.ts';

/** Finds the props of `mesh` and rebinds each wholly to its strongest bone in `tables` (per primitive). */
export function bindPropsRigidly(mesh: WeldedMesh, tables: readonly InfluenceTable[]): number {
  const { props } = separateProps({ positions: mesh.positions, indices: mesh.triangles });
  if (props.length === 0) return 0;
  const propOf = new Int32Array(mesh.count).fill(-1);
  props.forEach((p, k) => {
    for (const v of p.vertices) propOf[v] = k;
  });
  // Per prop, the weight each bone holds over its vertices.
  const totals = props.map(() => new Map<number, number>());
  tables.forEach((table, i) => {
    const ids = mesh.ids[i];
    for (let v = 0; v < table.vertexCount; v++) {
      const k = ids[v] >= 0 ? propOf[ids[v]] : -1;
      if (k < 0) continue;
      for (let s = v * table.width; s < (v + 1) * table.width; s++) {
        const label = table.labels[s];
        if (label >= 0) totals[k].set(label, (totals[k].get(label) ?? 0) + table.weights[s]);
      }
    }
  });
  const bone = totals.map((t) => {
    let best = -1;
    let most = 0;
    for (const [label, w] of t)
      if (w > most) {
        best = label;
        most = w;
      }
    return best;
  });
  tables.forEach((table, i) => {
    const ids = mesh.ids[i];
    for (let v = 0; v < table.vertexCount; v++) {
      const k = ids[v] >= 0 ? propOf[ids[v]] : -1;
      if (k < 0 || bone[k] < 0) continue;
      const base = v * table.width;
      table.labels.fill(-1, base, base + table.width);
      table.weights.fill(0, base, base + table.width);
      table.labels[base] = bone[k];
      table.weights[base] = 1;
    }
  });
  return props.length;
}
