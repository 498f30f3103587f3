/**
 * `npm run bench:transfer` (first part of issue 14's measurement): on the mannequin, every garment
 * in both styles, robust transfer beside closest-point copy — other-leg bleed (vertices below the
 * hips, outside their leg's centre line, with > 0.01 of the other leg's joints), unweighted
 * vertices, matched/inpainted/seeded — then the median time of a ~50k-vertex coat from a 30k body.
 * Not yet here: follow under poses, re-meshed body deformation error, shared characters.
 */
import { buildGarment, buildMannequin, type GarmentKind } from '../src/character/index.ts';
import { SkinWeights } from '../src/skin/skin-weights.ts';
import { SourceSurface, transferWeights } from '../src/transfer/index.ts';
import { bleedCount } from '../test/transfer/fixtures.ts';

const body = buildMannequin({ targetVertices: 10_000 });
const weights = new SkinWeights(body.positions.length / 3, 4, body.joints, body.weights);
const surface = new SourceSurface([{ positions: body.positions, indices: body.indices, weights }]);
const J = body.jointNames.length;
const kinds: GarmentKind[] = ['shirt', 'jacket', 'trousers', 'skirt', 'coat'];
console.log(
  'garment            vertices | robust: bleed unweighted matched inpainted seeded | closest: bleed unweighted',
);
for (const style of ['offset', 'remeshed'] as const) {
  for (const kind of kinds) {
    const g = buildGarment(kind, body, { style });
    const row = [`${style} ${kind}`.padEnd(18), String(g.positions.length / 3).padStart(8)];
    for (const mode of ['robust', 'closest'] as const) {
      const r = transferWeights(surface, g, { jointCount: J, mode });
      let unweighted = 0;
      for (let v = 0; v < r.weights.vertexCount; v++) if (!(r.weights.weights[v * 4] > 0)) unweighted++;
      const bleed = bleedCount(g.positions, r.weights, body.jointNames);
      row.push(
        mode === 'robust'
          ? `| ${bleed} ${unweighted} ${r.matched} ${r.inpainted} ${r.seeded}`
          : `| ${bleed} ${unweighted}`,
      );
    }
    console.log(row.join(' '));
  }
}
const big = buildMannequin({ targetVertices: 30_000 });
const bigSource = [
  {
    positions: big.positions,
    indices: big.indices,
    weights: new SkinWeights(big.positions.length / 3, 4, big.joints, big.weights),
  },
];
const coat = buildGarment('coat', big, { style: 'remeshed', spacing: 0.007 });
const times: number[] = [];
for (let i = 0; i < 5; i++)
  times.push(transferWeights(bigSource, coat, { jointCount: big.jointNames.length }).ms);
times.sort((a, b) => a - b);
console.log(
  `coat ${coat.positions.length / 3} vertices from body ${big.positions.length / 3}: median ${times[2].toFixed(0)} ms (5 runs, BVH build included)`,
);
