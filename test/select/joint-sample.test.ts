/**
 * Picking a joint from the surface (issue 26 item 4): the joint with the most weight at a point
 * of the drawn surface — the hit triangle's weights interpolated there, as the heat map draws
 * them — on a finger of the fingered mannequin, on the bent (posed) arm, across the skins of
 * multi-part characters and on every exporter convention and shared model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMannequin,
  LEFT_FINGERS,
  type MannequinData,
  mannequinToDocument,
} from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { surfaceHitOnRay } from '../../src/editor/joint-sample.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';
import { PROPERTY_SEED, runs } from '../support/property-runs.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

// 20k vertices: enough that every phalanx has vertices of its own (10k merges the fingertips).
let hand: MannequinData | null = null;

function fingered(): Editor {
  hand ??= buildMannequin({ targetVertices: 20_000, fingers: true });
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(hand), 'Hand.glb');
  return editor;
}

/** The interpolated weight of each joint id at a triangle point, brute force from the weight arrays. */
function bruteForce(editor: Editor, primitive: number, nodes: readonly number[], bary: readonly number[]) {
  const model = editor.requireModel();
  const target = editor.surfaces.forPrimitive(primitive)!;
  const s = target.surface;
  const out = new Map<number, number>();
  nodes.forEach((node, k) => {
    const prim = model.primitives[s.parts[s.nodePart[node]].primitive];
    const joints = model.skins[prim.skins[0]].joints;
    const v = s.nodeVertex[node];
    const K = prim.weights.influences;
    for (let i = 0; i < K; i++) {
      const w = prim.weights.weights[v * K + i];
      if (w > 0) {
        const id = joints[prim.weights.joints[v * K + i]];
        out.set(id, (out.get(id) ?? 0) + bary[k] * w);
      }
    }
  });
  return out;
}

const name = (model: SkinnedModel, id: number | null) => (id === null ? null : model.joints.get(id)!.name);

describe('Ctrl+click on a finger', () => {
  it('selects the finger joint under the point, not the hand (each phalanx from straight above it)', () => {
    const editor = fingered();
    const model = editor.requireModel();
    for (const f of LEFT_FINGERS) {
      // The middle of the finger's middle phalanx, seen from above (the mannequin's fingers lie along +x, palm down).
      const t = (f.joints[0] + f.joints[1]) / 2;
      const x = f.knuckle[0] + (f.tip[0] - f.knuckle[0]) * t;
      const z = f.knuckle[2] + (f.tip[2] - f.knuckle[2]) * t;
      const hit = surfaceHitOnRay(editor, [x, 3, z], [0, -1, 0]);
      expect(hit, f.name).not.toBeNull();
      const picked = editor.sampleJoint(hit!);
      expect(name(model, picked), f.name).toMatch(new RegExp(`^LeftHand${f.name}[123]$`));
      expect(editor.selectedJoint).toBe(picked);
      // The menu lists the same, strongest first, summing to 1.
      const list = editor.influencesAt(hit!);
      expect(list[0].joint).toBe(picked);
      expect(list.reduce((a, i) => a + i.weight, 0)).toBeCloseTo(1, 5);
      for (let i = 1; i < list.length; i++) expect(list[i].weight).toBeLessThanOrEqual(list[i - 1].weight);
    }
  });

  it('is the hit triangle’s weights interpolated at the point, and a vertex’s own weights on a vertex', () => {
    const editor = fingered();
    const hit = surfaceHitOnRay(editor, [0.85, 3, 0.01], [0, -1, 0])!;
    const { nodes, bary } = hit.triangle!;
    const expected = bruteForce(editor, hit.primitive, nodes, bary);
    const got = editor.influencesAt(hit);
    expect(got.length).toBe(expected.size);
    for (const i of got) expect(i.weight).toBeCloseTo(expected.get(i.joint)!, 6);
    // At a corner: that vertex's influences, as the Inspector lists them.
    const s = editor.surfaces.forPrimitive(hit.primitive)!.surface;
    const corner = editor.influencesAt({ ...hit, triangle: { nodes, bary: [1, 0, 0] } });
    const vertex = editor.influences(s.parts[s.nodePart[nodes[0]]].primitive, s.nodeVertex[nodes[0]]);
    expect(corner.map((i) => i.joint)).toEqual(vertex.map((i) => i.joint));
    corner.forEach((i, k) => {
      expect(i.weight).toBeCloseTo(vertex[k].weight, 6);
    });
    // Without the triangle (a script naming a point), the nearest one is found: the same answer.
    const byPoint = editor.influencesAt({ primitive: hit.primitive, point: hit.point });
    byPoint.forEach((i, k) => {
      expect(i.joint).toBe(got[k].joint);
      expect(i.weight).toBeCloseTo(got[k].weight, 5);
    });
  });

  it('a point with no weight selects nothing and keeps the selection', () => {
    const editor = fingered();
    const before = editor.selectedJoint;
    expect(editor.sampleJoint({ primitive: 99, point: [0, 0, 0] })).toBeNull();
    expect(editor.selectedJoint).toBe(before);
  });
});

describe('on the surface as drawn', () => {
  it('picks the forearm where the bent forearm is drawn, not where it was at rest', () => {
    const editor = fingered();
    const model = editor.requireModel();
    // At rest, straight down the view through where the raised forearm will be: only air.
    expect(surfaceHitOnRay(editor, [0.455, 1.62, 5], [0, 0, -1])).toBeNull();
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const hit = surfaceHitOnRay(editor, [0.455, 1.62, 5], [0, 0, -1]);
    expect(hit).not.toBeNull();
    expect(name(model, editor.sampleJoint(hit!))).toBe('LeftForeArm');
  });
});

describe('across the skins of a multi-part character', () => {
  it('picks from whichever skin is hit (four skins over one skeleton)', () => {
    const editor = new Editor();
    editor.loadDocument(exportedAs('multi-skin', 3000), 'Modular.glb');
    const model = editor.requireModel();
    const skinsHit = new Set<number>();
    const cases: [number[], RegExp][] = [
      [[0.45, 1.45, 5], /^LeftForeArm|^LeftArm/],
      [[-0.45, 1.45, 5], /^RightForeArm|^RightArm/],
      [[0.1, 0.5, 5], /^LeftLeg|^LeftUpLeg/],
      [[0, 1.2, 5], /^Spine/],
    ];
    for (const [origin, expected] of cases) {
      const hit = surfaceHitOnRay(editor, origin as [number, number, number], [0, 0, -1])!;
      expect(hit, String(origin)).not.toBeNull();
      skinsHit.add(model.primitives[hit.primitive].skins[0]);
      expect(name(model, editor.sampleJoint(hit)), String(origin)).toMatch(expected);
    }
    expect(skinsHit.size).toBe(4);
  });
});

/** On any model: rays at random points of its surfaces pick the brute-force strongest joint. */
function checkModel(editor: Editor, seed: number) {
  const model = editor.requireModel();
  let n = 0;
  for (const prim of model.primitives) {
    const s = editor.surfaces.forPrimitive(prim.id)!.surface;
    const C = s.corners;
    const triangles = C.length / 3;
    if (triangles === 0) continue;
    for (let k = 0; k < 5; k++) {
      const t = (seed * 7919 + k * 104729 + prim.id * 31) % triangles;
      const nodes = [C[t * 3], C[t * 3 + 1], C[t * 3 + 2]] as const;
      const bary = [0.5, 0.3, 0.2] as const;
      const hit = {
        primitive: s.parts[s.nodePart[nodes[0]]].primitive,
        point: [0, 0, 0] as const,
        triangle: { nodes, bary },
      };
      const expected = bruteForce(editor, hit.primitive, nodes, bary);
      const got = editor.influencesAt(hit);
      const top = Math.max(...expected.values());
      expect(expected.get(got[0].joint)).toBeCloseTo(top, 6);
      expect(got.reduce((a, i) => a + i.weight, 0)).toBeCloseTo(1, 5);
      n++;
    }
  }
  expect(n).toBeGreaterThan(0);
}

describe('on the exporter conventions and shared models', () => {
  it.each(EXPORTER_CONVENTIONS.map((c) => [c]))('%s', (convention) => {
    const editor = new Editor();
    editor.loadDocument(exportedAs(convention, 2000), `${convention}.glb`);
    checkModel(editor, 1);
  });
  it.skipIf(!HAVE_SHARED_MODELS).each(SHARED_MODEL_FILES.map((m) => [m.name, m.file]))(
    '%s',
    async (_n, file) => {
      const editor = new Editor();
      await editor.load(readSharedModel(file));
      checkModel(editor, 2);
    },
  );
});

describe('properties', () => {
  it('the interpolated influences sum to 1, come strongest first, and name the brute-force strongest', () => {
    const editor = fingered();
    const s = editor.surfaces.forPrimitive(0)!.surface;
    const triangles = s.corners.length / 3;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: triangles - 1 }),
        fc.tuple(fc.nat(1000), fc.nat(1000), fc.nat(1000)).filter(([a, b, c]) => a + b + c > 0),
        (t, [a, b, c]) => {
          const total = a + b + c;
          const bary = [a / total, b / total, c / total] as const;
          const nodes = [s.corners[t * 3], s.corners[t * 3 + 1], s.corners[t * 3 + 2]] as const;
          const got = editor.influencesAt({ primitive: 0, point: [0, 0, 0], triangle: { nodes, bary } });
          const expected = bruteForce(editor, 0, nodes, bary);
          expect(got.reduce((x, i) => x + i.weight, 0)).toBeCloseTo(1, 5);
          for (let i = 1; i < got.length; i++) expect(got[i].weight).toBeLessThanOrEqual(got[i - 1].weight);
          expect(expected.get(got[0].joint)).toBeCloseTo(Math.max(...expected.values()), 9);
        },
      ),
      { seed: PROPERTY_SEED, numRuns: runs(100) },
    );
  });
});
