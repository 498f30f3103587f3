/**
 * Properties of the selection operations on node masks: combine modes, grow / shrink
 * along the welded adjacency, mirror through the mirror map, select by joint, and the
 * vertex-mask ↔ node-mask round trip (a seam's vertices together).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growNodeMask, shrinkNodeMask } from '../../src/select/grow-shrink.ts';
import { nodeMaskOf, partVertices, scatterNodeMask } from '../../src/select/node-mask.ts';
import { selectByJoint } from '../../src/select/select-by-joint.ts';
import { mirrorNodeMask } from '../../src/select/select-mirror.ts';
import { combineMask, countMask, type SelectMode } from '../../src/select/select-mode.ts';
import { buildScene, rng, type SceneParams } from '../brush/random-scene.ts';

const params: fc.Arbitrary<SceneParams> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  cols: fc.integer({ min: 2, max: 7 }).map((n) => n * 2),
  rows: fc.integer({ min: 2, max: 9 }),
  jointCount: fc.integer({ min: 2, max: 9 }),
  influences: fc.constantFrom(4 as const, 8 as const),
});

/** A scene and a random node mask of the given density. */
const sceneAndMask = fc
  .record({ params, seed: fc.integer(), density: fc.constantFrom(0, 0.1, 0.4, 0.8, 1) })
  .map(({ params: p, seed, density }) => {
    const scene = buildScene(p);
    const random = rng(seed);
    const mask = new Uint8Array(scene.surface.nodeCount);
    for (let g = 0; g < mask.length; g++) if (random() < density) mask[g] = 1;
    return { scene, mask };
  });

const subset = (a: Uint8Array, b: Uint8Array) => a.every((x, i) => !x || b[i]);

describe('combineMask', () => {
  it('replace, add, subtract and intersect are the set operations', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 50 }),
        fc.constantFrom<SelectMode>('replace', 'add', 'subtract', 'intersect'),
        (pairs, mode) => {
          const a = Uint8Array.from(pairs, ([x]) => +x);
          const b = Uint8Array.from(pairs, ([, y]) => +y);
          const out = a.slice();
          const changed = combineMask(out, b, mode);
          const op = {
            replace: (_: boolean, y: boolean) => y,
            add: (x: boolean, y: boolean) => x || y,
            subtract: (x: boolean, y: boolean) => x && !y,
            intersect: (x: boolean, y: boolean) => x && y,
          }[mode];
          expect(Array.from(out)).toEqual(pairs.map(([x, y]) => +op(x, y)));
          expect(changed).toBe(pairs.some(([x, y]) => op(x, y) !== x));
        },
      ),
    );
  });
});

describe('grow and shrink', () => {
  it('grow adds exactly the neighbours; shrink removes exactly the border', () => {
    fc.assert(
      fc.property(sceneAndMask, ({ scene, mask }) => {
        const { start, neighbors } = scene.surface.adjacency;
        const nbrs = (g: number) => Array.from(neighbors.subarray(start[g], start[g + 1]));
        const grown = mask.slice();
        const added = growNodeMask(scene.surface.adjacency, grown);
        const shrunk = mask.slice();
        const removed = shrinkNodeMask(scene.surface.adjacency, shrunk);
        for (let g = 0; g < mask.length; g++) {
          expect(grown[g]).toBe(mask[g] || nbrs(g).some((n) => mask[n]) ? 1 : 0);
          expect(shrunk[g]).toBe(mask[g] && nbrs(g).every((n) => mask[n]) ? 1 : 0);
        }
        expect(added).toBe(countMask(grown) - countMask(mask));
        expect(removed).toBe(countMask(mask) - countMask(shrunk));
      }),
    );
  });

  it('shrink(grow(S)) ⊇ S ⊇ grow(shrink(S)), for any number of steps', () => {
    fc.assert(
      fc.property(sceneAndMask, fc.integer({ min: 0, max: 3 }), ({ scene, mask }, steps) => {
        const adj = scene.surface.adjacency;
        const a = mask.slice();
        growNodeMask(adj, a, { steps });
        expect(subset(mask, a)).toBe(true);
        shrinkNodeMask(adj, a, { steps });
        expect(subset(mask, a)).toBe(true);
        const b = mask.slice();
        shrinkNodeMask(adj, b, { steps });
        expect(subset(b, mask)).toBe(true);
        growNodeMask(adj, b, { steps });
        expect(subset(b, mask)).toBe(true);
      }),
    );
  });
});

describe('mirror selection', () => {
  it('maps through the partners; twice is the identity where the map pairs both ways', () => {
    fc.assert(
      fc.property(sceneAndMask, ({ scene, mask }) => {
        const partner = scene.surface.mirror('x').partner;
        const once = mirrorNodeMask(partner, mask);
        const twice = mirrorNodeMask(partner, once.mask).mask;
        for (let g = 0; g < mask.length; g++) {
          if (partner[g] >= 0) expect(once.mask[partner[g]] >= mask[g]).toBe(true);
          if (partner[g] >= 0 && partner[partner[g]] === g) expect(twice[g]).toBe(mask[g]);
        }
        expect(once.unmatched).toBe([...mask.keys()].filter((g) => mask[g] && partner[g] < 0).length);
        const extended = mirrorNodeMask(partner, mask, { extend: true }).mask;
        expect(subset(mask, extended) && subset(once.mask, extended)).toBe(true);
      }),
    );
  });
});

describe('select by joint and vertex masks', () => {
  it('picks the nodes where the joint weighs more than the threshold, seams together', () => {
    fc.assert(
      fc.property(sceneAndMask, fc.nat(), fc.constantFrom(0, 0.2, 0.5), ({ scene }, j, threshold) => {
        const s = scene.surface;
        const joint = j % scene.jointCount;
        const out = new Uint8Array(s.nodeCount);
        const n = selectByJoint(s, scene.weights, joint, out, { threshold });
        expect(n).toBe(countMask(out));
        for (let g = 0; g < s.nodeCount; g++) {
          const p = s.nodePart[g];
          const any = Array.from(s.members.subarray(s.nodeStart[g], s.nodeStart[g + 1])).some(
            (gv) => scene.weights[p].weightOf(gv - s.vertexOffset[p], joint) > threshold,
          );
          expect(out[g]).toBe(any ? 1 : 0);
        }
      }),
    );
  });

  it('node masks scatter to every vertex of a seam and gather back unchanged', () => {
    fc.assert(
      fc.property(sceneAndMask, ({ scene, mask }) => {
        const s = scene.surface;
        const masks = new Map<number, Uint8Array>();
        scatterNodeMask(s, mask, masks);
        for (let gv = 0; gv < s.vertexCount; gv++) {
          const p = s.vertexPart[gv];
          expect(masks.get(s.parts[p].primitive)![gv - s.vertexOffset[p]]).toBe(mask[s.nodeOf[gv]]);
        }
        expect(Array.from(nodeMaskOf(s, masks))).toEqual(Array.from(mask));
        expect(scatterNodeMask(s, mask, masks)).toEqual([]);
        const listed = s.parts.reduce((n, _, p) => n + partVertices(s, mask, p)!.length, 0);
        expect(listed).toBe([...masks.values()].reduce((n, m) => n + countMask(m), 0));
      }),
    );
  });
});
