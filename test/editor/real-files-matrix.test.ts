/**
 * The Node version of e2e/real-files.spec.ts's interaction matrix, on every exporter convention
 * and every shared model (CI runs the browser matrix on a representative subset: e2e/matrix-scope.ts):
 *
 * - stroke: a Draw stroke over a limb's vertices, on the surface as drawn, raises that joint's
 *   weight under it; one undo step gives every weight back bit for bit;
 * - mirror: with mirror on, a stroke on a side joint raises its partner's weight on the other side;
 * - box: a small box around a limb vertex's projection (front view) selects it;
 * - inspector: the vertex's influences sum to 1, strongest first;
 * - posed: with the limb's parent bent 60°, a stroke where the limb is drawn now raises its weight.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

type V3 = [number, number, number];

function bits(model: SkinnedModel): string {
  return model.primitives
    .map(
      (p) =>
        `${Array.from(p.weights.joints)}|${Array.from(new Uint32Array(p.weights.weights.buffer, p.weights.weights.byteOffset, p.weights.weights.length))}`,
    )
    .join('/');
}

/** The joint's weight at a vertex. */
const weightOf = (editor: Editor, primitive: number, vertex: number, joint: number) =>
  editor.influences(primitive, vertex).find((i) => i.joint === joint)?.weight ?? 0;

/** The drawn position of (primitive, vertex): the paint surface's node of it. */
function drawn(editor: Editor, primitive: number, vertex: number): V3 {
  const s = editor.surfaces.forBody(primitive)!.surface;
  const p = s.parts.findIndex((part) => part.primitive === primitive);
  if (p < 0) throw new Error(`primitive ${primitive} is not on its body's surface`);
  const g = s.nodeOf[s.vertexOffset[p] + vertex];
  return [s.positions[g * 3], s.positions[g * 3 + 1], s.positions[g * 3 + 2]];
}

/** A limb: the joint with a mirror partner (else any) holding the most vertices at weight in (0.3, 0.9). */
function limbOf(editor: Editor, model: SkinnedModel) {
  let best: { joint: number; primitive: number; vertex: number; score: number } | null = null;
  const counts = new Map<number, number>();
  for (const prim of model.primitives) {
    const skin = model.skins[prim.skins[0]].joints;
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    for (let v = 0; v < vertexCount; v++) {
      const w = weights[v * K];
      if (!(w > 0.3 && w < 0.9)) continue;
      const j = skin[joints[v * K]];
      counts.set(j, (counts.get(j) ?? 0) + 1);
      const partner = editor.paint.mirrorJointOf(j) !== j ? 1 : 0;
      const score = partner * 1e9 + (counts.get(j) ?? 0);
      if (!best || score > best.score) best = { joint: j, primitive: prim.id, vertex: v, score };
    }
  }
  return best;
}

function diagonalOf(editor: Editor, model: SkinnedModel): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const prim of model.primitives) {
    const s = editor.surfaces.forBody(prim.id)!.surface;
    for (let g = 0; g < s.nodeCount; g++)
      for (let c = 0; c < 3; c++) {
        lo[c] = Math.min(lo[c], s.positions[g * 3 + c]);
        hi[c] = Math.max(hi[c], s.positions[g * 3 + c]);
      }
  }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** A two-sample stroke at `at` (a tiny drag), joint selected. Returns whether it began. */
function strokeAt(editor: Editor, primitive: number, at: V3, radius: number): boolean {
  editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius, falloff: 'constant' });
  if (!editor.paint.beginStroke({ primitive, point: at })) return false;
  editor.paint.strokeTo({ primitive, point: [at[0] + radius * 0.1, at[1], at[2]] });
  editor.paint.endStroke();
  return true;
}

async function runMatrix(file: { name: string; bytes: Uint8Array }): Promise<void> {
  const editor = new Editor();
  const model = await editor.load(file);
  const limb = limbOf(editor, model);
  if (!limb) return; // every vertex rigidly bound: nothing to blend (RecursiveSkeletons)
  const radius = 0.03 * diagonalOf(editor, model);
  const { joint, primitive, vertex } = limb;

  // inspector
  const inf = editor.influences(primitive, vertex);
  expect(Math.abs(inf.reduce((s, i) => s + i.weight, 0) - 1)).toBeLessThan(1e-5);
  for (let i = 1; i < inf.length; i++) expect(inf[i].weight).toBeLessThanOrEqual(inf[i - 1].weight);

  // stroke
  const before = bits(model);
  const w0 = weightOf(editor, primitive, vertex, joint);
  editor.selectJoint(joint);
  expect(strokeAt(editor, primitive, drawn(editor, primitive, vertex), radius), file.name).toBe(true);
  expect(weightOf(editor, primitive, vertex, joint)).toBeGreaterThan(w0);
  editor.undo();
  expect(bits(model)).toBe(before);

  // mirror
  const partner = editor.paint.mirrorJointOf(joint);
  if (partner !== joint) {
    const partnerWeight = () =>
      model.primitives.reduce((sum, p) => {
        const skin = model.skins[p.skins[0]].joints;
        const { joints, weights } = p.weights;
        for (let i = 0; i < weights.length; i++) if (skin[joints[i]] === partner) sum += weights[i];
        return sum;
      }, 0);
    const p0 = partnerWeight();
    editor.paint.setSettings({ mirror: true });
    strokeAt(editor, primitive, drawn(editor, primitive, vertex), radius);
    editor.paint.setSettings({ mirror: false });
    expect(partnerWeight(), `${file.name}: the mirrored dab paints ${partner}`).toBeGreaterThan(p0);
    editor.undo();
    expect(bits(model)).toBe(before);
  }

  // box: a front orthographic view of the drawn positions, a 6-px box around the vertex
  const at = drawn(editor, primitive, vertex);
  const scale = 2 / (2 * diagonalOf(editor, model));
  const matrix = [scale, 0, 0, 0, 0, scale, 0, 0, 0, 0, -scale, 0, -at[0] * scale, -at[1] * scale, 0, 1];
  const view = { matrix, width: 800, height: 800 };
  const n = editor.selection.box({ x0: 397, y0: 397, x1: 403, y1: 403 }, view, { facing: 'through' });
  expect(n).toBeGreaterThan(0);
  expect(editor.selection.vertices().some((r) => r.primitive === primitive && r.vertex === vertex)).toBe(
    true,
  );
  editor.selection.none();

  // posed: the limb's parent joint bent 60° about the view axis, a stroke where the vertex is drawn now
  const parent = model.joints.get(joint)?.parent ?? -1;
  if (parent >= 0) {
    const rest = drawn(editor, primitive, vertex);
    const h = Math.sin(Math.PI / 6);
    editor.pose.rotateJointInWorld(parent, [0, 0, h, Math.cos(Math.PI / 6)]);
    const posed = drawn(editor, primitive, vertex);
    expect(Math.hypot(posed[0] - rest[0], posed[1] - rest[1], posed[2] - rest[2])).toBeGreaterThan(0);
    const wBefore = weightOf(editor, primitive, vertex, joint);
    expect(strokeAt(editor, primitive, posed, radius)).toBe(true);
    expect(weightOf(editor, primitive, vertex, joint)).toBeGreaterThan(wBefore);
    editor.undo();
    expect(bits(model)).toBe(before);
  }
}

describe('real files in Node: stroke, mirror, box, inspector, posed stroke', () => {
  it.each(EXPORTER_CONVENTIONS)('%s', async (convention) => {
    await runMatrix({ name: `${convention}.glb`, bytes: await exportedGlb(convention, 3000) });
  });
  it.skipIf(!HAVE_SHARED_MODELS).each(SHARED_MODEL_FILES.map((m) => m.name))('%s', async (name) => {
    const model = SHARED_MODEL_FILES.find((m) => m.name === name)!;
    await runMatrix(readSharedModel(model.file));
  });
});
