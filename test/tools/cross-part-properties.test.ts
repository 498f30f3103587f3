/**
 * Property tests of every weight tool on a body of several skins (random scenes whose parts
 * number their joints differently, welded at a hem; with `hemLacks` one side's skin lacks a joint
 * the other lists), random locks, selections and hems whose sides differ: invariants 1–2 in each
 * part's own numbering, locked joints (by node) bit for bit, a node whose vertices were equal by
 * joint stays equal — across parts and skins (invariant 4: the hem never opens) — unless a side's
 * skin cannot hold a joint of the result (then counted absent), the `changed` count and the
 * patches exact, undo and redo bit for bit; plus what each tool promises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchRecorder } from '../../src/history/patch-recorder.ts';
import { applyWeightPatch } from '../../src/history/weight-patch.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { limitTool } from '../../src/tools/limit-tool.ts';
import { mirrorTool } from '../../src/tools/mirror-tool.ts';
import { moveWeightTool } from '../../src/tools/move-weight-tool.ts';
import { normalizeTool } from '../../src/tools/normalize-tool.ts';
import { partLocked } from '../../src/tools/part-joints.ts';
import { pasteTool } from '../../src/tools/paste-tool.ts';
import { pruneTool } from '../../src/tools/prune-tool.ts';
import { setWeightTool } from '../../src/tools/set-weight-tool.ts';
import { smoothTool } from '../../src/tools/smooth-tool.ts';
import type { ToolResult, ToolTarget } from '../../src/tools/tool-target.ts';
import { weldSeamsTool } from '../../src/tools/weld-seams-tool.ts';
import {
  buildPartsScene,
  type PartsScene,
  rng,
  type SceneParams,
  sameBits,
  sceneParams,
  snapshot,
} from '../brush/random-scene.ts';
import { runs } from '../support/property-runs.ts';
import { randomMasks, redrawVertex } from './tool-scene.ts';

const RUNS = { numRuns: runs(Number(process.env.TOOL_RUNS ?? 50)) };

interface PartsCase {
  params: SceneParams;
  hemLacks: boolean;
  lockDensity: number;
  selectDensity: number;
  splitHems: boolean;
  seed: number;
}

const partsCase: fc.Arbitrary<PartsCase> = fc.record({
  params: sceneParams,
  hemLacks: fc.boolean(),
  lockDensity: fc.constantFrom(0, 0, 0.25, 0.5),
  selectDensity: fc.constantFrom(-1, -1, 0.3, 0.7, 1),
  splitHems: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

interface Built {
  scene: PartsScene;
  /** Locks by surface joint. */
  locked: Uint8Array | null;
  nodes: Uint8Array | null;
}

/** Part p's own joint count. */
function jointsOf(scene: PartsScene, p: number): number {
  return scene.skins.global[p]?.length ?? scene.jointCount;
}

function build(c: PartsCase): Built {
  const scene = buildPartsScene(c.params, { hemLacks: c.hemLacks });
  const random = rng(c.seed);
  const s = scene.surface;
  if (c.splitHems) {
    // Re-draw the last vertex of about half the multi-vertex nodes (seams and hems) in its own skin.
    for (let g = 0; g < s.nodeCount; g++) {
      if (s.nodeStart[g + 1] - s.nodeStart[g] < 2 || random() < 0.5) continue;
      const last = s.members[s.nodeStart[g + 1] - 1];
      const q = s.vertexPart[last];
      const sw = scene.weights[q];
      const u = last - s.vertexOffset[q];
      redrawVertex(sw, u, jointsOf(scene, q), random);
    }
  }
  return { scene, ...randomMasks(c, scene.jointCount, s.nodeCount, random) };
}

function targetOf(b: Built): ToolTarget {
  const { scene, locked, nodes } = b;
  const s = scene.surface;
  const recorder = new PatchRecorder({
    primitives: s.parts.map((p) => p.primitive),
    weights: scene.weights,
    vertexOffset: s.vertexOffset,
    vertexPart: s.vertexPart,
  });
  recorder.begin();
  const target: ToolTarget = {
    surface: s,
    weights: scene.weights,
    jointCount: scene.jointCount,
    skins: scene.skins,
    locked,
    nodes,
    recorder,
    fallback: (p) => {
      const bones = scene.skins.bones[p];
      bones.positions = s.parts[p].positions;
      bones.locked = partLocked(target, p);
      return bones.fn;
    },
  };
  return target;
}

/** Surface joint of part p's joint j. */
function surfaceJoint(scene: PartsScene, p: number, j: number): number {
  const g = scene.skins.global[p];
  return g ? g[j] : j;
}

/** A vertex's non-zero weights by surface joint (`joint:bits`, sorted), optionally only locked ones. */
function byJoint(
  scene: PartsScene,
  w: SkinWeights[],
  p: number,
  v: number,
  only?: Uint8Array | null,
): string {
  const sw = w[p];
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  const out: string[] = [];
  for (let i = v * K; i < v * K + K; i++) {
    if (sw.weights[i] === 0) continue;
    const j = surfaceJoint(scene, p, sw.joints[i]);
    if (only === undefined || only?.[j]) out.push(`${j}:${bits[i]}`);
  }
  return out.sort().join(' ');
}

/** Surface joints weighted at a vertex. */
function jointsAt(scene: PartsScene, w: SkinWeights[], p: number, v: number): number[] {
  const sw = w[p];
  const K = sw.influences;
  const out: number[] = [];
  for (let i = v * K; i < v * K + K; i++)
    if (sw.weights[i] !== 0) out.push(surfaceJoint(scene, p, sw.joints[i]));
  return out;
}

/** True when part q's skin lists surface joint j. */
function lists(scene: PartsScene, q: number, j: number): boolean {
  const local = scene.skins.local[q];
  return !local || local[j] >= 0;
}

function selected(b: Built, g: number): boolean {
  return b.nodes === null || b.nodes[g] !== 0;
}

interface Run<R extends ToolResult> {
  result: R;
  before: SkinWeights[];
  changed: Set<number>;
}

/** Runs `tool` and checks what every tool must guarantee on a body of several skins. */
function runChecked<R extends ToolResult>(b: Built, tool: (t: ToolTarget) => R): Run<R> {
  const { scene, locked } = b;
  const s = scene.surface;
  const before = snapshot(scene);
  const target = targetOf(b);
  const result = tool(target);
  const patches = target.recorder.finish();
  const after = snapshot(scene);
  const changed = new Set<number>();
  scene.weights.forEach((sw, p) => {
    expect(findInvariantViolations(sw, { jointCount: jointsOf(scene, p) })).toEqual([]);
    const K = sw.influences;
    for (let v = 0; v < sw.vertexCount; v++) {
      for (let i = v * K; i < v * K + K; i++)
        if (sw.joints[i] !== before[p].joints[i] || !Object.is(sw.weights[i], before[p].weights[i])) {
          changed.add(s.vertexOffset[p] + v);
          break;
        }
      if (locked) expect(byJoint(scene, after, p, v, locked)).toBe(byJoint(scene, before, p, v, locked));
    }
  });
  expect(result.changed).toBe(changed.size);
  expect(patches.reduce((n, patch) => n + patch.vertices.length, 0)).toBe(changed.size);
  // Invariant 4 across parts: equal sides stay equal, unless a side cannot hold the result.
  for (let g = 0; g < s.nodeCount; g++) {
    const rep = s.members[s.nodeStart[g]];
    const rp = s.vertexPart[rep];
    const rv = rep - s.vertexOffset[rp];
    for (let k = s.nodeStart[g] + 1; k < s.nodeStart[g + 1]; k++) {
      const q = s.vertexPart[s.members[k]];
      const u = s.members[k] - s.vertexOffset[q];
      if (byJoint(scene, before, q, u) !== byJoint(scene, before, rp, rv)) continue;
      if (byJoint(scene, after, q, u) === byJoint(scene, after, rp, rv)) continue;
      expect(
        jointsAt(scene, after, rp, rv).some((j) => !lists(scene, q, j)),
        `node ${g}: its sides were equal and differ now`,
      ).toBe(true);
      expect(result.absent ?? 0).toBeGreaterThan(0);
    }
  }
  for (const patch of [...patches].reverse())
    applyWeightPatch(patch, scene.weights[patch.primitive], 'before');
  scene.weights.forEach((sw, p) => {
    expect(sameBits(sw, before[p])).toBe(true);
  });
  for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'after');
  scene.weights.forEach((sw, p) => {
    expect(sameBits(sw, after[p])).toBe(true);
  });
  return { result, before, changed };
}

/** Changed vertices outside the selection. */
function outside(b: Built, changed: Set<number>): number[] {
  return [...changed].filter((gv) => !selected(b, b.scene.surface.nodeOf[gv]));
}

function checkSetWeight(c: PartsCase, a: number, value: number): void {
  const b = build(c);
  const { scene } = b;
  const joint = a % scene.jointCount;
  const run = runChecked(b, (t) => setWeightTool(t, { joint, value }));
  expect(outside(b, run.changed)).toEqual([]);
  const s = scene.surface;
  for (let gv = 0; gv < s.vertexCount; gv++) {
    const q = s.vertexPart[gv];
    const u = gv - s.vertexOffset[q];
    if (!lists(scene, q, joint))
      expect(byJoint(scene, scene.weights, q, u)).toBe(byJoint(scene, run.before, q, u));
    else if (!b.locked && selected(b, s.nodeOf[gv]) && run.result.refused === 0)
      expect(scene.weights[q].weightOf(u, scene.skins.local[q]?.[joint] ?? joint)).toBeCloseTo(value, 6);
  }
}

function checkPaste(c: PartsCase, pairs: [number, number][]): void {
  const b = build(c);
  const J = b.scene.jointCount;
  const run = runChecked(b, (t) =>
    pasteTool(t, { joints: pairs.map(([j]) => j % J), weights: pairs.map(([, w]) => w) }),
  );
  expect(outside(b, run.changed)).toEqual([]);
}

describe('the weight tools on a body of several skins keep invariants 1–4 across the hem', () => {
  it('normalize, prune, limit', () => {
    fc.assert(
      fc.property(partsCase, fc.constantFrom('normalize', 'prune', 'limit'), (c, which) => {
        const b = build(c);
        const run = runChecked(b, (t) =>
          which === 'normalize'
            ? normalizeTool(t)
            : which === 'prune'
              ? pruneTool(t, { threshold: 0.2 })
              : limitTool(t, { maxInfluences: 2 }),
        );
        expect(outside(b, run.changed)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('smooth: only the selection changes; with no locks a selected node ends one point across the hem', () => {
    fc.assert(
      fc.property(
        partsCase,
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0.5, 1),
        (c, iterations, strength) => {
          const b = build(c);
          const run = runChecked(b, (t) => smoothTool(t, { iterations, strength }));
          expect(outside(b, run.changed)).toEqual([]);
          if (b.locked) return;
          const { scene } = b;
          const s = scene.surface;
          for (let g = 0; g < s.nodeCount; g++) {
            if (!selected(b, g) || s.adjacency.start[g + 1] === s.adjacency.start[g]) continue;
            const rep = s.members[s.nodeStart[g]];
            const rp = s.vertexPart[rep];
            const first = byJoint(scene, scene.weights, rp, rep - s.vertexOffset[rp]);
            for (let k = s.nodeStart[g] + 1; k < s.nodeStart[g + 1]; k++) {
              const q = s.vertexPart[s.members[k]];
              const u = s.members[k] - s.vertexOffset[q];
              const lacks = jointsAt(scene, scene.weights, rp, rep - s.vertexOffset[rp]).some(
                (j) => !lists(scene, q, j),
              );
              if (!lacks) expect(byJoint(scene, scene.weights, q, u)).toBe(first);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it('weld seams: every selected seam and hem ends equal by joint (no locks) where each side can hold it', () => {
    fc.assert(
      fc.property(partsCase, (c) => {
        const b = build(c);
        const run = runChecked(b, (t) => weldSeamsTool(t));
        expect(outside(b, run.changed)).toEqual([]);
        if (b.locked) return;
        const { scene } = b;
        const s = scene.surface;
        let lacking = 0;
        for (let g = 0; g < s.nodeCount; g++) {
          if (!selected(b, g)) continue;
          const rep = s.members[s.nodeStart[g]];
          const rp = s.vertexPart[rep];
          const rv = rep - s.vertexOffset[rp];
          for (let k = s.nodeStart[g] + 1; k < s.nodeStart[g + 1]; k++) {
            const q = s.vertexPart[s.members[k]];
            const u = s.members[k] - s.vertexOffset[q];
            if (jointsAt(scene, scene.weights, rp, rv).some((j) => !lists(scene, q, j))) lacking++;
            else
              expect(byJoint(scene, scene.weights, q, u), `node ${g}`).toBe(
                byJoint(scene, scene.weights, rp, rv),
              );
          }
        }
        if (lacking) expect(run.result.absent ?? 0).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('mirror: writes a selected node or a selected node’s partner, in any part', () => {
    fc.assert(
      fc.property(
        partsCase,
        fc.constantFrom('left-to-right' as const, 'right-to-left' as const, 'flip' as const),
        fc.constantFrom('keep' as const, 'symmetrize' as const),
        (c, direction, center) => {
          const b = build(c);
          const s = b.scene.surface;
          const run = runChecked(b, (t) =>
            mirrorTool(t, { direction, center, jointMirror: b.scene.jointMirror }),
          );
          const partner = s.mirror('x').partner;
          for (const gv of run.changed) {
            const g = s.nodeOf[gv];
            expect(selected(b, g) || (partner[g] >= 0 && selected(b, partner[g]))).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('set weight: the joint gets the value where a selected vertex’s skin lists it; elsewhere nothing changes', () => {
    fc.assert(fc.property(partsCase, fc.nat(), fc.constantFrom(0, 0.3, 1), checkSetWeight), RUNS);
  });

  it('set weight, regression: 0 on a hem whose one side’s skin lacks the other’s fallback joint', () => {
    checkSetWeight(
      {
        params: { seed: 0, cols: 4, rows: 2, jointCount: 3, influences: 8 },
        hemLacks: true,
        lockDensity: 0,
        selectDensity: -1,
        splitHems: false,
        seed: 0,
      },
      0,
      0,
    );
  });

  it('move weight: sums unchanged; with no locks the source is emptied wherever the skin lists the target', () => {
    fc.assert(
      fc.property(partsCase, fc.nat(), fc.nat(), (c, x, y) => {
        const b = build(c);
        const { scene } = b;
        const from = x % scene.jointCount;
        const to = y % scene.jointCount;
        const run = runChecked(b, (t) => moveWeightTool(t, { from, to }));
        expect(outside(b, run.changed)).toEqual([]);
        if (b.locked || from === to) return;
        const s = scene.surface;
        for (let gv = 0; gv < s.vertexCount; gv++) {
          const q = s.vertexPart[gv];
          const u = gv - s.vertexOffset[q];
          const local = scene.skins.local[q];
          if (!selected(b, s.nodeOf[gv]) || !lists(scene, q, from) || !lists(scene, q, to)) continue;
          expect(scene.weights[q].weightOf(u, local ? local[from] : from)).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('paste: every selected node ends one point where each side can hold the paste', () => {
    fc.assert(
      fc.property(
        partsCase,
        fc.array(fc.tuple(fc.nat(), fc.double({ min: 0.05, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 5,
        }),
        checkPaste,
      ),
      RUNS,
    );
  });

  it('paste, regression: a locked joint pasted, the rest to a fallback the hem’s other skin lacks', () => {
    checkPaste(
      {
        params: { seed: 0, cols: 10, rows: 2, jointCount: 5, influences: 4 },
        hemLacks: true,
        lockDensity: 0.25,
        selectDensity: -1,
        splitHems: true,
        seed: 757852519,
      },
      [[2020554653, 0.05]],
    );
  });
});
