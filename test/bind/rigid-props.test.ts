/**
 * Props held in the hands bind wholly to the hand (AutobindOptions.rigidProps, asked for by the
 * rig of a static mesh): by distance alone a spear's ends went to other bones (a low-poly
 * paladin's to the foot, bending with the knee).
 */
import { describe, expect, it } from 'vitest';
import { autobind } from '../../src/bind/autobind.ts';
import { mergeFitMeshes } from '../../src/skeleton/fit/fit-mesh.ts';
import { fitSkeleton } from '../../src/skeleton/fit/fit-skeleton.ts';
import { separateProps } from '../../src/skeleton/fit/props.ts';
import { prismMesh } from '../support/held-props.ts';
import { mannequinRigCase } from '../support/rig-quality.ts';

/**
 * The A-pose mannequin with a spear standing on the floor beside its right foot, held in front
 * of the palm (the hand's joint not inside the shaft, as in a low-poly paladin's fist).
 */
function spearBesideHand() {
  const c = mannequinRigCase({ build: 'average', pose: 'A' }, 6000);
  const H = c.height;
  const wrist = c.artist.positions[c.artist.names.indexOf('RightHand')];
  const r = 0.009 * H;
  const at = [wrist[0], 0, wrist[2] + 0.04 * H] as [number, number, number];
  const shaft = prismMesh(at, [at[0], 1.15 * H, at[2]], r, r);
  return { ...c, mesh: mergeFitMeshes([c.mesh, shaft]) };
}

describe('props bound rigidly', () => {
  it('binds a spear standing beside the foot wholly to the hand that holds it, and only with rigidProps', () => {
    const c = spearBesideHand();
    const fitted = fitSkeleton(c.mesh);
    const [prop] = separateProps(c.mesh).props;
    expect(prop).toBeDefined();
    const joints = fitted.joints.map((j) => ({ position: j.position, parent: j.parent, excluded: j.end }));
    const input = { primitives: [{ positions: c.mesh.positions, indices: c.mesh.indices }], joints };
    const names = fitted.joints.map((j) => j.name);
    const onProp = (rigid: boolean) => {
      const w = autobind(input, { rigidProps: rigid }).weights[0];
      const held = new Map<string, number>();
      for (const v of prop.vertices)
        for (let k = 0; k < w.influences; k++) {
          const weight = w.weights[v * w.influences + k];
          if (weight > 0) {
            const n = names[w.joints[v * w.influences + k]];
            held.set(n, (held.get(n) ?? 0) + weight);
          }
        }
      return held;
    };
    // By distance, the shaft is shared between bones (its ends nearer other bones than the hand).
    const plain = onProp(false);
    expect(plain.size).toBeGreaterThan(1);
    // Rigid: every vertex of the prop wholly on one joint, the hand.
    const rigid = onProp(true);
    expect([...rigid.keys()]).toEqual(['RightHand']);
    expect(rigid.get('RightHand')).toBeCloseTo(prop.vertices.length, 3);
  });
});
