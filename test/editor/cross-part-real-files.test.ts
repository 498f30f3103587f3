/**
 * "A dab paints every skinned surface inside its radius", on every exporter-convention fixture
 * and every shared model: a Draw dab (weight 1, constant falloff) where the most parts and skins
 * meet gives the joint weight 1 to every vertex within the radius whose skin lists the joint —
 * whatever primitive or skin it is in — leaves every vertex beyond it bit for bit, and one undo
 * step gives every primitive back bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

function bits(model: SkinnedModel): string[] {
  return model.primitives.map(
    (p) =>
      `${Array.from(p.weights.joints)}|${Array.from(new Uint32Array(p.weights.weights.buffer, p.weights.weights.byteOffset, p.weights.weights.length))}`,
  );
}

async function check(file: { name: string; bytes: Uint8Array }): Promise<void> {
  const editor = new Editor();
  const model = await editor.load(file);
  const body = editor.surfaces.forBody(0)!;
  const s = body.surface;
  let diagonal = 0;
  {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let g = 0; g < s.nodeCount; g++)
      for (let c = 0; c < 3; c++) {
        lo[c] = Math.min(lo[c], s.positions[g * 3 + c]);
        hi[c] = Math.max(hi[c], s.positions[g * 3 + c]);
      }
    diagonal = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  }
  const r = 0.05 * diagonal;
  // Scored on a smaller sphere than the dab's: what it finds is well inside the brush.
  const scoreRadius = 0.8 * r;
  // The node whose sphere holds the most skins, then the most parts.
  const ids = new Uint32Array(s.nodeCount);
  const d2 = new Float32Array(s.nodeCount);
  let best = { g: 0, score: -1 };
  for (let g = 0; g < s.nodeCount; g += Math.max(1, Math.floor(s.nodeCount / 400))) {
    const n = s.grid.querySphere(
      s.positions[g * 3],
      s.positions[g * 3 + 1],
      s.positions[g * 3 + 2],
      scoreRadius,
      ids,
      d2,
    );
    const parts = new Set<number>();
    for (let k = 0; k < n; k++)
      for (let m = s.nodeStart[ids[k]]; m < s.nodeStart[ids[k] + 1]; m++)
        parts.add(s.vertexPart[s.members[m]]);
    const skins = new Set([...parts].map((p) => model.primitives[s.parts[p].primitive].skins[0]));
    const score = skins.size * 1000 + parts.size;
    if (score > best.score) best = { g, score };
  }
  const point: [number, number, number] = [
    s.positions[best.g * 3],
    s.positions[best.g * 3 + 1],
    s.positions[best.g * 3 + 2],
  ];
  const under = s.parts[s.nodePart[best.g]].primitive;
  // A joint every skin of the body lists (any of the first skin's if none is shared) that the
  // vertex under the pointer has little of: the dab changes something.
  const lists = body.skins.map((k) => new Set(model.skins[k].joints));
  const own = model.skins[body.skin].joints;
  const shared = own.filter((id) => lists.every((l) => l.has(id)));
  const rep = s.nodeVertex[best.g];
  const has = (id: number) =>
    editor
      .influences(under, rep)
      .filter((i) => i.joint === id)
      .reduce((sum, i) => sum + i.weight, 0);
  const joint = (shared.length ? shared : own).find((id) => has(id) < 0.5) ?? own[0];
  const skinHas = (prim: number) => model.skins[model.primitives[prim].skins[0]].joints.includes(joint);

  const before = bits(model);
  // Where each vertex is drawn before the dab (with rest ≠ bind, new weights move it).
  const shown = model.primitives.map((p) => editor.pose.positions(p.id).slice());
  editor.selectJoint(joint);
  editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: r, falloff: 'constant' });
  expect(editor.paint.beginStroke({ primitive: under, point })).toBe(true);
  editor.paint.endStroke();
  const after = bits(model);
  let inside = 0;
  const reached = new Set<number>();
  for (const prim of model.primitives) {
    if (!s.parts.some((p) => p.primitive === prim.id)) continue;
    const P = shown[prim.id];
    for (let v = 0; v < prim.weights.vertexCount; v++) {
      const d = Math.hypot(P[v * 3] - point[0], P[v * 3 + 1] - point[1], P[v * 3 + 2] - point[2]);
      if (d < 0.9 * r) {
        reached.add(prim.id);
        if (!skinHas(prim.id)) continue;
        inside++;
        const w = editor
          .influences(prim.id, v)
          .filter((i) => i.joint === joint)
          .reduce((sum, i) => sum + i.weight, 0);
        expect(w, `${prim.name} vertex ${v}, ${d / r} radii from the dab`).toBe(1);
      }
    }
  }
  expect(inside).toBeGreaterThan(0);
  // Where parts of several skins meet, the dab reached several of them.
  if (best.score >= 2000)
    expect(new Set([...reached].map((id) => model.primitives[id].skins[0])).size).toBeGreaterThan(1);
  expect(after).not.toEqual(before);
  // Beyond the radius, bit for bit: compare per vertex.
  for (const prim of model.primitives) {
    const P = shown[prim.id];
    const K = prim.weights.influences;
    const old = before[prim.id].split('|');
    const oldJ = old[0].split(',').map(Number);
    const oldW = old[1].split(',').map(Number);
    const wb = new Uint32Array(
      prim.weights.weights.buffer,
      prim.weights.weights.byteOffset,
      prim.weights.weights.length,
    );
    for (let v = 0; v < prim.weights.vertexCount; v++) {
      const d = Math.hypot(P[v * 3] - point[0], P[v * 3 + 1] - point[1], P[v * 3 + 2] - point[2]);
      if (d <= 1.1 * r) continue;
      for (let i = v * K; i < v * K + K; i++) {
        expect(prim.weights.joints[i], `${prim.name} ${v}`).toBe(oldJ[i]);
        expect(wb[i], `${prim.name} ${v}`).toBe(oldW[i]);
      }
    }
  }
  editor.undo();
  expect(bits(model)).toEqual(before);
}

describe('a dab paints every skinned surface inside its radius: exporter conventions', () => {
  it.each(EXPORTER_CONVENTIONS)('%s', async (convention) => {
    await check({ name: `${convention}.glb`, bytes: await exportedGlb(convention, 2000) });
  });
});

describe.skipIf(!HAVE_SHARED_MODELS)(
  'a dab paints every skinned surface inside its radius: shared models',
  () => {
    it.each(SHARED_MODEL_FILES.map((m) => [m.name, m.file]))('%s', async (_name, file) => {
      await check(readSharedModel(file));
    });
  },
);

describe.skipIf(!HAVE_SHARED_MODELS)('the bodies of the multi-skin shared models', () => {
  it.each([
    ['QuaterniusPlatformerCharacter/Character.glb', 4, 11],
    ['RobotExpressive/RobotExpressive.glb', 2, 4],
  ] as const)('%s: one body of %i skins and %i primitives', async (file, skins, parts) => {
    const editor = new Editor();
    const model = await editor.load(readSharedModel(file));
    const body = editor.surfaces.forBody(0)!;
    expect(body.skins.length).toBe(skins);
    expect(body.surface.parts.length).toBe(parts);
    for (const p of model.primitives) expect(editor.surfaces.forBody(p.id)).toBe(body);
    // Its joints are every skin's, each part reading its own skin's numbering.
    for (const k of body.skins)
      for (const id of model.skins[k].joints) expect(body.jointIndex.has(id)).toBe(true);
  });
});
