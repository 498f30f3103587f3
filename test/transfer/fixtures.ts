/** Shared fixtures of the transfer tests: the mannequin as a source, leg joints, bleed counts. */
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { type SourcePart, SourceSurface } from '../../src/transfer/index.ts';

let cached: { body: MannequinData; part: SourcePart; surface: SourceSurface } | null = null;

/** A 6k-vertex mannequin, its weights as a source part and the surface (built once). */
export function mannequinSource() {
  if (!cached) {
    const body = buildMannequin({ targetVertices: 6000 });
    const weights = new SkinWeights(body.positions.length / 3, 4, body.joints.slice(), body.weights.slice());
    const part: SourcePart = { positions: body.positions, indices: body.indices, weights };
    cached = { body, part, surface: new SourceSurface([part]) };
  }
  return cached;
}

/** The joints of one leg (thigh down to the toes) by name prefix. */
export function legJoints(names: readonly string[], side: 'Left' | 'Right'): Set<number> {
  const re = new RegExp(`^${side}(UpLeg|Leg|Foot|Toe)`);
  return new Set(names.flatMap((n, j) => (re.test(n) ? [j] : [])));
}

/**
 * Vertices below the hips and outside their leg's centre line (|x| ≥ 0.09) that carry more than
 * 0.01 of the other leg's joints: weight that bled across.
 */
export function bleedCount(positions: Float32Array, weights: SkinWeights, names: readonly string[]): number {
  const left = legJoints(names, 'Left');
  const right = legJoints(names, 'Right');
  const K = weights.influences;
  let bled = 0;
  for (let v = 0; v < weights.vertexCount; v++) {
    const x = positions[v * 3];
    if (positions[v * 3 + 1] > 0.9 || Math.abs(x) < 0.09) continue;
    const other = x > 0 ? right : left;
    for (let i = 0; i < K; i++) {
      if (other.has(weights.joints[v * K + i]) && weights.weights[v * K + i] > 0.01) {
        bled++;
        break;
      }
    }
  }
  return bled;
}
