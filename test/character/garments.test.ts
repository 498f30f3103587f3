import { describe, expect, it } from 'vitest';
import {
  buildGarment,
  buildMannequin,
  type GarmentKind,
  garmentToDocument,
} from '../../src/character/index.ts';
import { connectedComponents } from '../../src/mesh/adjacency.ts';
import { weldedNeighbours } from '../../src/mesh/welded-neighbours.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { SourceSurface } from '../../src/transfer/index.ts';

const body = buildMannequin({ targetVertices: 6000 });
const surface = new SourceSurface([
  {
    positions: body.positions,
    indices: body.indices,
    weights: new SkinWeights(body.positions.length / 3, 4, body.joints, body.weights),
  },
]);
const kinds: GarmentKind[] = ['shirt', 'jacket', 'trousers', 'skirt', 'coat'];

function pieces(positions: Float32Array, indices: Uint32Array): number {
  const g = weldedNeighbours(positions, indices);
  return connectedComponents({
    nodeCount: g.weldedCount,
    start: new Uint32Array(g.offsets),
    neighbors: new Uint32Array(g.adjacency),
  }).count;
}

/** Edges used by one triangle only: the garment's openings. */
function boundaryEdges(indices: Uint32Array): number {
  const count = new Map<string, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e];
      const b = indices[t + ((e + 1) % 3)];
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  let open = 0;
  for (const c of count.values()) if (c === 1) open++;
  return open;
}

describe('garments on the mannequin', () => {
  for (const style of ['offset', 'remeshed'] as const) {
    for (const kind of kinds) {
      it(`${style} ${kind}: wound outward, open at its ends, outside the body`, () => {
        const g = buildGarment(kind, body, { style });
        const n = g.positions.length / 3;
        expect(n).toBeGreaterThan(300);
        expect(g.indices.length % 3).toBe(0);
        expect(boundaryEdges(g.indices)).toBeGreaterThan(0);
        let outward = 0;
        let outside = 0;
        for (let v = 0; v < n; v++) {
          surface.closest(g.positions[v * 3], g.positions[v * 3 + 1], g.positions[v * 3 + 2]);
          const dot =
            g.normals[v * 3] * surface.nx +
            g.normals[v * 3 + 1] * surface.ny +
            g.normals[v * 3 + 2] * surface.nz;
          if (dot > 0) outward++;
          if (surface.distance > 0.5 * g.offset) outside++;
        }
        expect(outward / n).toBeGreaterThan(0.97);
        expect(outside / n).toBeGreaterThan(0.97);
      });
    }
  }

  it('offset garments record the body vertex each vertex was pushed from, at the offset', () => {
    const g = buildGarment('jacket', body, { style: 'offset', offset: 0.02 });
    for (let v = 0; v < g.positions.length / 3; v++) {
      const b = g.bodyVertex[v];
      expect(b).toBeGreaterThanOrEqual(0);
      const d = Math.hypot(
        g.positions[v * 3] - body.positions[b * 3],
        g.positions[v * 3 + 1] - body.positions[b * 3 + 1],
        g.positions[v * 3 + 2] - body.positions[b * 3 + 2],
      );
      expect(d).toBeCloseTo(0.02, 5);
    }
  });

  it('remeshed garments have their own topology: not the body vertices', () => {
    const g = buildGarment('shirt', body, { style: 'remeshed', spacing: 0.025 });
    expect(Array.from(g.bodyVertex).every((b) => b === -1)).toBe(true);
    expect(g.positions.length / 3).not.toBe(
      buildGarment('shirt', body, { style: 'offset' }).positions.length / 3,
    );
  });

  it('trousers are two leg tubes below the crotch; the coat is body, long skirt and hood', () => {
    const trousers = buildGarment('trousers', body, { style: 'remeshed' });
    let nearMid = 0;
    for (let v = 0; v < trousers.positions.length / 3; v++) {
      const y = trousers.positions[v * 3 + 1];
      if (y < 0.6 && y > 0.2 && Math.abs(trousers.positions[v * 3]) < 0.01) nearMid++;
    }
    expect(nearMid).toBe(0);
    expect(pieces(trousers.positions, trousers.indices)).toBe(1);
    const coat = buildGarment('coat', body, { style: 'remeshed' });
    expect(pieces(coat.positions, coat.indices)).toBe(3);
  });

  it('writes a standalone glTF document with one unskinned mesh', () => {
    const doc = garmentToDocument(buildGarment('jacket', body));
    const nodes = doc.getRoot().listNodes();
    expect(nodes.map((n) => n.getName())).toEqual(['Jacket']);
    expect(nodes[0].getSkin()).toBeNull();
    expect(nodes[0].getMesh()?.listPrimitives()[0].getAttribute('POSITION')?.getCount()).toBeGreaterThan(300);
  });
});
