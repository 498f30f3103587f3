/**
 * Property-test support for the weight tools: random scenes (the brush tests' wavy, seamed,
 * mirror-symmetric grids), random locks and selections, and one checked tool run — invariants
 * 1–4, locks bit for bit, the result's counts, and undo / redo restoring every bit.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { PatchRecorder } from '../../src/history/patch-recorder.ts';
import { applyWeightPatch, type WeightPatch } from '../../src/history/weight-patch.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { normalizeVertex } from '../../src/skin/normalize.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import type { ToolResult, ToolTarget } from '../../src/tools/tool-target.ts';
import { buildScene, rng, type Scene, type SceneParams, sameBits, snapshot } from '../brush/random-scene.ts';

export { type Scene, sameBits, snapshot };

/** A scene, with locks, a selection and (optionally) seams whose sides differ. */
export interface ToolCase {
  params: SceneParams;
  /** Fraction of joints locked (0: none). */
  lockDensity: number;
  /** Fraction of nodes selected; -1: nothing selected (the tool works on everything). */
  selectDensity: number;
  /** Give some seams different sides (as a file may). */
  splitSeams: boolean;
  seed: number;
}

export const toolCase: fc.Arbitrary<ToolCase> = fc.record({
  params: fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    cols: fc.integer({ min: 2, max: 6 }).map((n) => n * 2),
    rows: fc.integer({ min: 2, max: 8 }),
    jointCount: fc.integer({ min: 2, max: 9 }),
    influences: fc.constantFrom(4 as const, 8 as const),
  }),
  lockDensity: fc.constantFrom(0, 0, 0.25, 0.5),
  selectDensity: fc.constantFrom(-1, -1, 0.3, 0.7, 1),
  splitSeams: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

/** A built case: the scene, its lock mask and its node selection (null: nothing selected). */
export interface BuiltCase {
  scene: Scene;
  locked: Uint8Array | null;
  nodes: Uint8Array | null;
}

export function buildCase(c: ToolCase): BuiltCase {
  const scene = buildScene(c.params);
  const random = rng(c.seed);
  const s = scene.surface;
  if (c.splitSeams) {
    // Re-draw one side of about half the seams: legal weights, different from the other side.
    for (let g = 0; g < s.nodeCount; g++) {
      if (s.nodeStart[g + 1] - s.nodeStart[g] < 2 || random() < 0.5) continue;
      const p = s.nodePart[g];
      const sw = scene.weights[p];
      const u = s.members[s.nodeStart[g + 1] - 1] - s.vertexOffset[p];
      redrawVertex(sw, u, scene.jointCount, random);
    }
  }
  return { scene, ...randomMasks(c, scene.jointCount, s.nodeCount, random) };
}

/** Gives vertex u two random legal influences among `jointCount` joints (one side of a split seam). */
export function redrawVertex(sw: SkinWeights, u: number, jointCount: number, random: () => number): void {
  const K = sw.influences;
  sw.joints.fill(0, u * K, u * K + K);
  sw.weights.fill(0, u * K, u * K + K);
  sw.joints[u * K] = Math.floor(random() * jointCount);
  sw.weights[u * K] = 0.25 + random();
  sw.joints[u * K + 1] = (sw.joints[u * K] + 1) % jointCount;
  sw.weights[u * K + 1] = random();
  normalizeVertex(sw, u);
}

/** A case's lock mask (by joint) and node selection (null: none), drawn from `random`. */
export function randomMasks(
  c: { lockDensity: number; selectDensity: number },
  jointCount: number,
  nodeCount: number,
  random: () => number,
): { locked: Uint8Array | null; nodes: Uint8Array | null } {
  let locked: Uint8Array | null = null;
  if (c.lockDensity > 0) {
    locked = new Uint8Array(jointCount);
    for (let j = 0; j < jointCount; j++) if (random() < c.lockDensity) locked[j] = 1;
  }
  let nodes: Uint8Array | null = null;
  if (c.selectDensity >= 0) {
    nodes = new Uint8Array(nodeCount);
    for (let g = 0; g < nodeCount; g++) if (random() < c.selectDensity) nodes[g] = 1;
  }
  return { locked, nodes };
}

/** A ToolTarget over a built case, with a begun recorder and the scene's nearest-bone fallback. */
export function targetOf(b: BuiltCase): ToolTarget {
  const { scene, locked, nodes } = b;
  const s = scene.surface;
  const recorder = new PatchRecorder({
    primitives: s.parts.map((p) => p.primitive),
    weights: scene.weights,
    vertexOffset: s.vertexOffset,
    vertexPart: s.vertexPart,
  });
  recorder.begin();
  return {
    surface: s,
    weights: scene.weights,
    jointCount: scene.jointCount,
    locked,
    nodes,
    recorder,
    fallback: (p) => {
      scene.bones.positions = s.parts[p].positions;
      scene.bones.locked = locked;
      return scene.bones.fn;
    },
  };
}

/** The slots of vertex v as a comparable string (bits of the weights). */
export function vertexKey(sw: SkinWeights, v: number): string {
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  return `${Array.from(sw.joints.subarray(v * K, v * K + K))}|${Array.from(bits.subarray(v * K, v * K + K))}`;
}

/** The locked influences of vertex v (joint → weight bits), as a string. */
function lockedKey(sw: SkinWeights, v: number, locked: Uint8Array): string {
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  const out: string[] = [];
  for (let i = 0; i < K; i++) {
    const j = sw.joints[v * K + i];
    if (sw.weights[v * K + i] > 0 && locked[j]) out.push(`${j}:${bits[v * K + i]}`);
  }
  return out.sort().join(',');
}

/** What {@link runChecked} returns. */
export interface CheckedRun<R extends ToolResult> {
  result: R;
  before: SkinWeights[];
  after: SkinWeights[];
  patches: WeightPatch[];
  /** Global vertices whose slots changed. */
  changed: Set<number>;
}

/**
 * Runs `tool` on the case and checks what every tool must guarantee: invariants 1–2 on every
 * vertex, locked influences bit for bit (3), a seam whose sides were equal stays equal (4), the
 * result's `changed` count, the patches covering exactly the changed vertices, and undo (then
 * redo) restoring every bit.
 */
export function runChecked<R extends ToolResult>(b: BuiltCase, tool: (t: ToolTarget) => R): CheckedRun<R> {
  const { scene, locked } = b;
  const s = scene.surface;
  const before = snapshot(scene);
  const target = targetOf(b);
  const result = tool(target);
  const patches = target.recorder.finish();
  const after = snapshot(scene);

  const changed = new Set<number>();
  scene.weights.forEach((sw, p) => {
    expect(findInvariantViolations(sw, { jointCount: scene.jointCount })).toEqual([]);
    for (let v = 0; v < sw.vertexCount; v++) {
      if (vertexKey(sw, v) !== vertexKey(before[p], v)) changed.add(s.vertexOffset[p] + v);
      if (locked) expect(lockedKey(sw, v, locked)).toBe(lockedKey(before[p], v, locked));
    }
  });
  expect(result.changed).toBe(changed.size);
  expect(patches.reduce((n, patch) => n + patch.vertices.length, 0)).toBe(changed.size);
  for (let g = 0; g < s.nodeCount; g++) {
    const p = s.nodePart[g];
    const v0 = s.vertexOffset[p];
    const first = s.members[s.nodeStart[g]] - v0;
    for (let k = s.nodeStart[g] + 1; k < s.nodeStart[g + 1]; k++) {
      const u = s.members[k] - v0;
      if (vertexKey(before[p], u) === vertexKey(before[p], first))
        expect(vertexKey(scene.weights[p], u), `seam of node ${g}`).toBe(vertexKey(scene.weights[p], first));
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
  return { result, before, after, patches, changed };
}

/** True when node g is selected (or nothing is). */
export function selected(b: BuiltCase, g: number): boolean {
  return b.nodes === null || b.nodes[g] !== 0;
}
