/**
 * Property tests of every weight tool on random seamed, mirror-symmetric meshes with
 * random locks and selections: invariants 1–4, locked joints bit for bit, only the selection
 * changes, undo and redo bit for bit (all in `runChecked`), plus what each tool promises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitTool } from '../../src/tools/limit-tool.ts';
import { mirrorTool } from '../../src/tools/mirror-tool.ts';
import { moveWeightTool } from '../../src/tools/move-weight-tool.ts';
import { normalizeTool } from '../../src/tools/normalize-tool.ts';
import { pasteTool } from '../../src/tools/paste-tool.ts';
import { pruneTool } from '../../src/tools/prune-tool.ts';
import { quantizePreviewTool } from '../../src/tools/quantize-preview-tool.ts';
import { setWeightTool } from '../../src/tools/set-weight-tool.ts';
import { smoothTool } from '../../src/tools/smooth-tool.ts';
import { seamIsEqual, weldSeamsTool } from '../../src/tools/weld-seams-tool.ts';
import { runs } from '../support/property-runs.ts';
import {
  type BuiltCase,
  buildCase,
  runChecked,
  sameBits,
  selected,
  snapshot,
  targetOf,
  toolCase,
} from './tool-scene.ts';

// TOOL_RUNS=1000 for a longer hunt.
const RUNS = { numRuns: runs(Number(process.env.TOOL_RUNS ?? 60)) };

/** Global vertices of the nodes that are not selected (they must not change). */
function outside(b: BuiltCase, changed: Set<number>): number[] {
  const s = b.scene.surface;
  return [...changed].filter((gv) => !selected(b, s.nodeOf[gv]));
}

/** Influence count of a vertex. */
function countOf(sw: { influences: number; weights: Float32Array }, v: number): number {
  let n = 0;
  for (let i = 0; i < sw.influences; i++) if (sw.weights[v * sw.influences + i] > 0) n++;
  return n;
}

describe('tools keep the invariants, the locks and the selection, and undo exactly', () => {
  it('normalize: legal weights stay bit for bit', () => {
    fc.assert(
      fc.property(toolCase, (c) => {
        const b = buildCase(c);
        const run = runChecked(b, (t) => normalizeTool(t));
        expect(run.changed.size).toBe(0);
      }),
      RUNS,
    );
  });

  it('prune: drops influences (without locks), only inside the selection', () => {
    fc.assert(
      fc.property(toolCase, fc.constantFrom(0.05, 0.2, 0.45), (c, threshold) => {
        const b = buildCase(c);
        const run = runChecked(b, (t) => pruneTool(t, { threshold }));
        expect(outside(b, run.changed)).toEqual([]);
        // With locks, a vertex left with only locked weight gets the nearest bone instead.
        if (b.locked) return;
        const s = b.scene.surface;
        for (const gv of run.changed) {
          const p = s.vertexPart[gv];
          const v = gv - s.vertexOffset[p];
          expect(countOf(run.after[p], v)).toBeLessThan(countOf(run.before[p], v));
        }
      }),
      RUNS,
    );
  });

  it('limit: selected vertices end with at most N influences (unless more are locked)', () => {
    fc.assert(
      fc.property(toolCase, fc.integer({ min: 1, max: 4 }), (c, max) => {
        const b = buildCase(c);
        const run = runChecked(b, (t) => limitTool(t, { maxInfluences: max }));
        expect(outside(b, run.changed)).toEqual([]);
        if (run.result.refused > 0) return;
        const s = b.scene.surface;
        b.scene.weights.forEach((sw, p) => {
          for (let v = 0; v < sw.vertexCount; v++)
            if (selected(b, s.nodeOf[s.vertexOffset[p] + v])) expect(countOf(sw, v)).toBeLessThanOrEqual(max);
        });
      }),
      RUNS,
    );
  });

  it('smooth: only the selection changes; a seam gets one value', () => {
    fc.assert(
      fc.property(
        toolCase,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(0.25, 0.5, 1),
        (c, iterations, strength) => {
          const b = buildCase(c);
          const run = runChecked(b, (t) => smoothTool(t, { iterations, strength }));
          expect(outside(b, run.changed)).toEqual([]);
          if (b.locked) return;
          const s = b.scene.surface;
          for (let g = 0; g < s.nodeCount; g++)
            if (selected(b, g) && s.adjacency.start[g + 1] > s.adjacency.start[g])
              expect(seamIsEqual({ surface: s, weights: b.scene.weights }, g)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('mirror: writes a selected node or a selected node’s partner; left→right copies the left side', () => {
    fc.assert(
      fc.property(
        toolCase,
        fc.constantFrom('left-to-right' as const, 'right-to-left' as const, 'flip' as const),
        fc.constantFrom('keep' as const, 'symmetrize' as const),
        (c, direction, center) => {
          const b = buildCase(c);
          const { scene } = b;
          const s = scene.surface;
          const jointMirror = scene.jointMirror;
          const run = runChecked(b, (t) => mirrorTool(t, { direction, center, jointMirror }));
          const partner = s.mirror('x').partner;
          for (const gv of run.changed) {
            const g = s.nodeOf[gv];
            expect(selected(b, g) || (partner[g] >= 0 && selected(b, partner[g]))).toBe(true);
          }
          if (b.locked || run.result.refused > 0) return;
          // Every written destination holds its partner's weights with joints swapped.
          const dest = direction === 'left-to-right' ? -1 : 1;
          for (let g = 0; g < s.nodeCount; g++) {
            const p = partner[g];
            if (p < 0 || p === g || !(selected(b, g) || selected(b, p))) continue;
            const x = s.restPositions[g * 3];
            if (direction !== 'flip' && Math.sign(x) !== dest) continue;
            const src = run.before[s.nodePart[p]];
            const sv = s.nodeVertex[p];
            const out = scene.weights[s.nodePart[g]];
            for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
              const v = s.members[k] - s.vertexOffset[s.nodePart[g]];
              for (let j = 0; j < scene.jointCount; j++)
                expect(out.weightOf(v, jointMirror[j])).toBeCloseTo(src.weightOf(sv, j), 6);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it('move weight: the source joint is emptied into the target, sums unchanged', () => {
    fc.assert(
      fc.property(toolCase, fc.nat(), fc.nat(), (c, a, z) => {
        const b = buildCase(c);
        const J = b.scene.jointCount;
        const from = a % J;
        const to = (from + 1 + (z % (J - 1))) % J;
        const run = runChecked(b, (t) => moveWeightTool(t, { from, to }));
        expect(outside(b, run.changed)).toEqual([]);
        const s = b.scene.surface;
        b.scene.weights.forEach((sw, p) => {
          for (let v = 0; v < sw.vertexCount; v++) {
            if (!selected(b, s.nodeOf[s.vertexOffset[p] + v])) continue;
            const was = run.before[p];
            if (b.locked?.[from] || b.locked?.[to]) {
              expect(sw.weightOf(v, from)).toBe(was.weightOf(v, from));
              continue;
            }
            expect(sw.weightOf(v, from)).toBe(0);
            expect(sw.weightOf(v, to)).toBeCloseTo(was.weightOf(v, to) + was.weightOf(v, from), 6);
          }
        });
      }),
      RUNS,
    );
  });

  it('paste: the selection takes the pasted proportions (no locks)', () => {
    fc.assert(
      fc.property(
        toolCase,
        fc.array(fc.record({ joint: fc.nat(), weight: fc.double({ min: 0.01, max: 1, noNaN: true }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (c, copied) => {
          const b = buildCase(c);
          const J = b.scene.jointCount;
          const joints = copied.map((x) => x.joint % J);
          const weights = copied.map((x) => x.weight);
          const run = runChecked(b, (t) => pasteTool(t, { joints, weights }));
          expect(outside(b, run.changed)).toEqual([]);
          const K = b.scene.weights[0].influences;
          const sums = new Map<number, number>();
          for (const [k, j] of joints.entries()) sums.set(j, (sums.get(j) ?? 0) + weights[k]);
          if (b.locked || sums.size > K) return;
          const total = [...sums.values()].reduce((x, y) => x + y, 0);
          const s = b.scene.surface;
          b.scene.weights.forEach((sw, p) => {
            for (let v = 0; v < sw.vertexCount; v++) {
              if (!selected(b, s.nodeOf[s.vertexOffset[p] + v])) continue;
              for (const [j, w] of sums) expect(sw.weightOf(v, j)).toBeCloseTo(w / total, 6);
            }
          });
        },
      ),
      RUNS,
    );
  });

  it('set weight: the joint gets the value on the selection (no locks)', () => {
    fc.assert(
      fc.property(toolCase, fc.nat(), fc.constantFrom(0, 0.3, 0.5, 1), (c, a, value) => {
        const b = buildCase(c);
        const joint = a % b.scene.jointCount;
        const run = runChecked(b, (t) => setWeightTool(t, { joint, value }));
        expect(outside(b, run.changed)).toEqual([]);
        if (b.locked?.[joint]) expect(run.result.locked).toBe(true);
        if (b.locked || run.result.refused > 0) return;
        const s = b.scene.surface;
        b.scene.weights.forEach((sw, p) => {
          for (let v = 0; v < sw.vertexCount; v++)
            if (selected(b, s.nodeOf[s.vertexOffset[p] + v]))
              expect(sw.weightOf(v, joint)).toBeCloseTo(value, 6);
        });
      }),
      RUNS,
    );
  });

  it('weld seams: every selected seam ends equal (no locks), averaging its sides', () => {
    fc.assert(
      fc.property(toolCase, (c) => {
        const b = buildCase({ ...c, splitSeams: true });
        const run = runChecked(b, (t) => weldSeamsTool(t));
        expect(outside(b, run.changed)).toEqual([]);
        if (b.locked) return;
        const s = b.scene.surface;
        for (let g = 0; g < s.nodeCount; g++) {
          if (!selected(b, g)) continue;
          const target = { surface: s, weights: b.scene.weights };
          expect(seamIsEqual(target, g)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe('quantize preview', () => {
  it('returns unorm8 copies of the selection and leaves the weights alone', () => {
    fc.assert(
      fc.property(toolCase, (c) => {
        const b = buildCase(c);
        const before = snapshot(b.scene);
        const preview = quantizePreviewTool(targetOf(b), { bits: 8 });
        b.scene.weights.forEach((sw, p) => {
          expect(sameBits(sw, before[p])).toBe(true);
          const q = preview[p];
          const K = sw.influences;
          const s = b.scene.surface;
          for (let v = 0; v < sw.vertexCount; v++) {
            const inside = selected(b, s.nodeOf[s.vertexOffset[p] + v]);
            let sum = 0;
            for (let i = 0; i < K; i++) {
              const w = q.weights[v * K + i];
              sum += Math.round(w * 255);
              if (inside) expect(Math.abs(w * 255 - Math.round(w * 255))).toBeLessThan(1e-4);
              else expect(Object.is(w, sw.weights[v * K + i])).toBe(true);
            }
            if (inside) expect(sum).toBe(255);
          }
        });
      }),
      RUNS,
    );
  });
});
