/**
 * The interaction matrix on characters shaped like riggers' files — the mannequin as seven
 * exporters write it (always), and every shared model (skipped with a message when ../shared is
 * absent) — with the real mouse and keyboard:
 *
 * - cursor: the brush cursor shows on the limb under the pointer;
 * - stroke: a Draw stroke along the most weighted joint's bone raises that joint's weights at
 *   vertices drawn under the stroke;
 * - mirror: with X (mirror) on, a stroke on a side joint paints its partner on the other side;
 * - box: a 50-px box around a bone selects vertices mostly weighted to that joint;
 * - layer: the stroke again on a new layer (the Layers panel), undone and redone, hidden, shown and
 *   deleted;
 * - inspector: hovering a bone in Select mode inspects a vertex drawn under the pointer;
 * - posed: with the limb's parent bent 60°, a stroke at the limb's new place paints it.
 *
 * Each model's row is written to test-results/real-files-matrix.json (the closing notes' table).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../test/support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../test/support/shared-models.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';
import { inMatrix, OUT_OF_SCOPE } from './matrix-scope.ts';
import { changedBox, drag, enterPaint, type Point, pointerAway } from './paint-helpers.ts';
import { readAllWeights } from './persist-helpers.ts';
import { viewportPixels } from './pixels.ts';

test.use({ viewport: { width: 960, height: 640 } });

const MATRIX = join(import.meta.dirname, '..', 'test-results', 'real-files-matrix.json');

function record(model: string, results: Record<string, string>): void {
  mkdirSync(join(MATRIX, '..'), { recursive: true });
  let all: Record<string, Record<string, string>> = {};
  try {
    all = JSON.parse(readFileSync(MATRIX, 'utf8'));
  } catch {}
  all[model] = results;
  writeFileSync(MATRIX, JSON.stringify(all, null, 2));
}

interface Bone {
  id: number;
  name: string;
  parent: number;
  /** Page points of the joint and of the end of its bone (its busiest child, or along its bone). */
  head: Point;
  tail: Point;
}

/** A joint's bone on the page, from the shown joint positions. */
async function boneOnPage(page: Page, id: number): Promise<Bone | null> {
  return page.evaluate((joint) => {
    const { editor, paint } = window.skinsmith;
    const model = editor.requireModel();
    const info = model.joints.get(joint)!;
    const { nodeIds, world } = editor.pose.nodeTransforms();
    const at = (j: number) => {
      const s = nodeIds.indexOf(j);
      return [world[s * 16 + 12], world[s * 16 + 13], world[s * 16 + 14]];
    };
    const counts = editor.jointVertexCounts();
    const child = [...info.children].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
    const head = paint.toPage(at(joint));
    const tail = child !== undefined ? paint.toPage(at(child)) : window.skinsmith.boneScreenPoint(joint);
    if (!head || !tail) return null;
    return { id: joint, name: info.name, parent: info.parent, head, tail };
  }, id);
}

/** Each vertex's weight of `joint` (per primitive, by joint id). */
function weightsOf(page: Page, joint: number): Promise<number[][]> {
  return page.evaluate((id) => {
    const model = window.skinsmith.editor.requireModel();
    return model.primitives.map((prim) => {
      const local = model.skins[prim.skins[0]].joints.indexOf(id);
      const { joints, weights, influences: K, vertexCount } = prim.weights;
      const out = new Array<number>(vertexCount).fill(0);
      if (local < 0) return out;
      for (let v = 0; v < vertexCount; v++)
        for (let i = 0; i < K; i++) if (joints[v * K + i] === local) out[v] += weights[v * K + i];
      return out;
    });
  }, joint);
}

/** Page points of the vertices whose weight rose between two readings. */
async function raisedOnPage(
  page: Page,
  before: number[][],
  after: number[][],
  changed = false,
): Promise<Point[]> {
  const raised: [number, number][] = [];
  after.forEach((a, p) => {
    a.forEach((w, v) => {
      if (changed ? Math.abs(w - before[p][v]) > 1e-4 : w > before[p][v] + 1e-4) raised.push([p, v]);
    });
  });
  return page.evaluate((list) => {
    const { editor, paint } = window.skinsmith;
    return list.flatMap(([p, v]) => {
      const x = editor.pose.positions(p);
      const q = paint.toPage([x[v * 3], x[v * 3 + 1], x[v * 3 + 2]]);
      return q ? [q] : [];
    });
  }, raised);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/**
 * A Draw stroke along a bone (20%…80%); returns the raised vertices' page points and the stroke.
 * Rigid parts are often weighted 1 to their joint already, where nothing can rise: a first stroke
 * there paints a neighbouring joint (the parent, else a child) at half strength, so the joint's
 * own stroke has something to raise.
 */
async function strokeAlong(
  page: Page,
  bone: Bone,
  beforeStroke: () => Promise<void> = async () => {},
): Promise<{ raised: Point[]; a: Point; b: Point }> {
  const a = lerp(bone.head, bone.tail, 0.2);
  const b = lerp(bone.head, bone.tail, 0.8);
  const neighbour = await page.evaluate((id) => {
    const joint = window.skinsmith.editor.requireModel().joints.get(id)!;
    return joint.parent >= 0 ? joint.parent : (joint.children[0] ?? null);
  }, bone.id);
  if (neighbour !== null) {
    await page.evaluate((id) => {
      window.skinsmith.selectJoint(id);
      window.skinsmith.brush({ strength: 0.5 });
    }, neighbour);
    await drag(page, a, b, [], 10);
    await page.evaluate(() => window.skinsmith.brush({ strength: 1 }));
  }
  await page.evaluate((id) => window.skinsmith.selectJoint(id), bone.id);
  const before = await weightsOf(page, bone.id);
  await beforeStroke();
  await drag(page, a, b, [], 10);
  await page.evaluate(() => window.skinsmith.frame());
  const after = await weightsOf(page, bone.id);
  return { raised: await raisedOnPage(page, before, after), a, b };
}

/** The median of the raised points' distance to the stroke, in page pixels. */
function medianDistance(points: Point[], a: Point, b: Point): number {
  const d = points.map((p) => distanceToSegment(p, a, b)).sort((x, y) => x - y);
  return d[Math.floor(d.length / 2)];
}

/** The joint with the most vertices, and the busiest one with a left/right partner. */
async function targets(
  page: Page,
): Promise<{ main: number; side: number | null; sideMirror: number | null }> {
  return page.evaluate(() => {
    const { editor } = window.skinsmith;
    const joints = window.skinsmith.joints().filter((j) => j.vertexCount > 0);
    joints.sort((a, b) => b.vertexCount - a.vertexCount);
    const model = editor.requireModel();
    const withChild = joints.filter((j) => model.joints.get(j.id)!.children.length > 0);
    const main = (withChild[0] ?? joints[0]).id;
    const side = withChild.find((j) => editor.surfaces.mirrorJoint(j.id) !== j.id && j.parent >= 0);
    return {
      main,
      side: side?.id ?? null,
      sideMirror: side ? editor.surfaces.mirrorJoint(side.id) : null,
    };
  });
}

/** Bends the bone's parent 60° about the view axis, strokes along the bone where it is drawn now, resets. */
async function bendAndStroke(page: Page, bone: Bone, radius: number): Promise<string> {
  await pointerAway(page);
  const parent = bone.parent >= 0 ? bone.parent : bone.id;
  await page.evaluate(async (id) => {
    const back = [0.35, 0.2, 1];
    const l = Math.hypot(...back);
    const s = Math.sin(Math.PI / 6) / l;
    window.skinsmith.editor.pose.rotateJointInWorld(id, [
      back[0] * s,
      back[1] * s,
      back[2] * s,
      Math.cos(Math.PI / 6),
    ]);
    await window.skinsmith.frame();
  }, parent);
  if ((await page.locator('[data-mode=paint]').getAttribute('aria-pressed')) !== 'true')
    await enterPaint(page);
  const bent = (await boneOnPage(page, bone.id))!;
  const moved = Math.hypot(bent.tail.x - bone.tail.x, bent.tail.y - bone.tail.y);
  const posed = await strokeAlong(page, bent);
  expect(posed.raised.length, `a stroke on the bent ${bone.name} paints`).toBeGreaterThan(0);
  expect(medianDistance(posed.raised, posed.a, posed.b), `where the bent ${bone.name} is drawn`).toBeLessThan(
    radius * 2.5,
  );
  await page.evaluate(() => window.skinsmith.pose.reset());
  return `ok (${bone.name} moved ${Math.round(moved)} px, ${posed.raised.length} vertices)`;
}

async function runMatrix(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const results: Record<string, string> = {};
  await loadInPage(page, bytes, name);
  // A brush a rigger would pick: 3% of the character, and wider than its edges (low-poly files).
  const { radius, edge } = await page.evaluate(() => {
    const { editor } = window.skinsmith;
    const model = editor.requireModel();
    let edges = 0;
    let length = 0;
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (const prim of model.primitives) {
      const { surface } = editor.surfaces.forPrimitive(prim.id)!;
      const P = surface.positions;
      for (let g = 0; g < surface.nodeCount; g++)
        for (let c = 0; c < 3; c++) {
          lo[c] = Math.min(lo[c], P[g * 3 + c]);
          hi[c] = Math.max(hi[c], P[g * 3 + c]);
        }
      const C = surface.corners;
      for (let t = 0; t + 2 < C.length; t += 3) {
        const [a, b] = [C[t], C[t + 1]];
        length += Math.hypot(P[a * 3] - P[b * 3], P[a * 3 + 1] - P[b * 3 + 1], P[a * 3 + 2] - P[b * 3 + 2]);
        edges++;
      }
    }
    const diagonal = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    const world = Math.max(0.03 * diagonal, 1.5 * (length / Math.max(1, edges)));
    window.skinsmith.brush({ brush: 'draw', strength: 1, weight: 1, radius: world, mirror: false });
    // In page pixels, at the middle of the character.
    const mid = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
    const a = window.skinsmith.paint.toPage(mid)!;
    const b = window.skinsmith.paint.toPage([mid[0] + world, mid[1], mid[2]])!;
    const px = Math.hypot(a.x - b.x, a.y - b.y) / world;
    return { radius: Math.max(8, world * px), edge: (px * length) / Math.max(1, edges) };
  });
  const { main, side, sideMirror } = await targets(page);

  // cursor + stroke on the most weighted joint's bone.
  await enterPaint(page);
  const mainBone = (await boneOnPage(page, main))!;
  expect(mainBone, 'the main joint is on screen').toBeTruthy();
  const mid = lerp(mainBone.head, mainBone.tail, 0.5);
  await pointerAway(page);
  const still = await viewportPixels(page);
  await page.mouse.move(mid.x, mid.y);
  // The surface answers under the pointer, at the pointer, and the brush circle is drawn there.
  const hit = await page.evaluate(
    ([x, y]) => {
      const h = window.skinsmith.paint.pick(x, y);
      return h && window.skinsmith.paint.toPage(h.point);
    },
    [mid.x, mid.y] as const,
  );
  expect(hit, 'the surface under the pointer answers').toBeTruthy();
  expect(Math.hypot(hit!.x - mid.x, hit!.y - mid.y)).toBeLessThan(2);
  const cursor = (await changedBox(page, still, await viewportPixels(page)))!;
  expect(cursor, 'the brush cursor is drawn').toBeTruthy();
  expect(Math.abs((cursor.x0 + cursor.x1) / 2 - mid.x)).toBeLessThan(radius * 2);
  expect(Math.abs((cursor.y0 + cursor.y1) / 2 - mid.y)).toBeLessThan(radius * 2);
  results.cursor = 'ok';
  const main1 = await strokeAlong(page, mainBone);
  expect(main1.raised.length, `a stroke on ${mainBone.name} raises its weights`).toBeGreaterThan(0);
  expect(medianDistance(main1.raised, main1.a, main1.b), 'raised where the stroke was').toBeLessThan(
    radius * 2.5,
  );
  results.stroke = `ok (${main1.raised.length} vertices, ${mainBone.name}, brush ${Math.round(radius)} px)`;

  // layer: the same stroke on a new layer from the panel; its eye hides it (the weights are the
  // flat ones again, bit for bit) and shows it; deleting it leaves the flat weights.
  const flat = await readAllWeights(page);
  const rows = page.getByTestId('layer-row');
  await page.getByTestId('layer-add').click();
  await expect(rows).toHaveCount(2);
  // The steps after the new layer's are the strokes on it.
  const stepsBeforeLayer = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  const onLayer = await strokeAlong(page, mainBone);
  expect(onLayer.raised.length, `a stroke on a layer raises ${mainBone.name}`).toBeGreaterThan(0);
  const layered = await readAllWeights(page);
  expect(layered).not.toEqual(flat);
  // Ctrl+Z takes the strokes off the layer (strokeAlong makes two where the joint has a
  // neighbour), coverage included; redo gives both back.
  const meta = rows.first().locator('.layer-meta');
  const covered = await meta.textContent();
  expect(covered).not.toBe('0 v');
  const strokes = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  const layerSteps = strokes - stepsBeforeLayer;
  expect(layerSteps).toBeGreaterThan(0);
  for (let i = 0; i < layerSteps; i++) await page.keyboard.press('Control+z');
  await expect(meta).toHaveText('0 v');
  expect(await readAllWeights(page), 'undo of the layer strokes gives the weights below it').toEqual(flat);
  for (let i = 0; i < layerSteps; i++) await page.keyboard.press('Control+Shift+z');
  await expect(meta).toHaveText(covered!);
  expect(await readAllWeights(page)).toEqual(layered);
  await rows.first().getByTestId('layer-eye').click();
  expect(await readAllWeights(page), 'hiding the layer gives the weights below it').toEqual(flat);
  await rows.first().getByTestId('layer-eye').click();
  expect(await readAllWeights(page)).toEqual(layered);
  await page.getByTestId('layer-delete').click();
  await expect(rows).toHaveCount(1);
  expect(await readAllWeights(page)).toEqual(flat);
  results.layer = `ok (${onLayer.raised.length} vertices raised on a layer, ${covered} covered; undone, redone, hidden, shown, deleted)`;

  // The limb used for mirror, box, inspector and the posed stroke: a side joint, else the main one.
  const limb = (await boneOnPage(page, side ?? main))!;

  // mirror: X turns it on; a stroke on the side joint paints its partner too, where the mesh has a
  // mirror image (in its own skin, or — modular characters — in another).
  if (side !== null && sideMirror !== null && sideMirror !== side) {
    // The share of the side joint's vertices (weight ≥ 0.3) that have a mirror image.
    const partnered = await page.evaluate((id) => {
      const { editor } = window.skinsmith;
      const model = editor.requireModel();
      const axis = editor.paint.settings.mirrorAxis;
      const a = axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
      const mid = editor.surfaces.mirrorJoint(id, axis);
      let matched = 0;
      let all = 0;
      for (const prim of model.primitives) {
        const t = editor.surfaces.forPrimitive(prim.id)!;
        const map = t.surface.mirror(axis);
        const others = model.primitives
          .filter((p) => p.skins[0] !== t.skin && model.skins[p.skins[0]].joints.includes(mid))
          .map((p) => editor.surfaces.forPrimitive(p.id)!.surface);
        const part = t.surface.partOf(prim.id);
        const v0 = t.surface.vertexOffset[part];
        for (let v = 0; v < prim.weights.vertexCount; v++) {
          if (!editor.influences(prim.id, v).some((i) => i.joint === id && i.weight >= 0.3)) continue;
          all++;
          const g = t.surface.nodeOf[v0 + v];
          // A partner in its own skin counts where that skin has the mirror joint to paint it with.
          if (map.partner[g] >= 0 && t.jointIndex.has(mid)) {
            matched++;
            continue;
          }
          const P = t.surface.positions;
          const q = [P[g * 3], P[g * 3 + 1], P[g * 3 + 2]];
          q[a] = -q[a];
          if (others.some((o) => o.grid.nearest(q[0], q[1], q[2], map.tolerance * 4) >= 0)) matched++;
        }
      }
      return { share: all ? matched / all : 0, all, name: model.joints.get(id)!.name };
    }, side);
    if (partnered.share >= 0.5) {
      await pointerAway(page);
      await page.keyboard.press('x');
      await expect.poll(() => page.evaluate(() => window.skinsmith.brush().mirror)).toBe(true);
      // One Draw stroke to weight 0.5: both sides change, whatever they weighed (rigid parts too).
      const a = lerp(limb.head, limb.tail, 0.2);
      const b = lerp(limb.head, limb.tail, 0.8);
      await page.evaluate((id) => {
        window.skinsmith.selectJoint(id);
        window.skinsmith.brush({ weight: 0.5 });
      }, limb.id);
      const ownBefore = await weightsOf(page, limb.id);
      const before = await weightsOf(page, sideMirror);
      await drag(page, a, b, [], 10);
      await page.evaluate(() => window.skinsmith.brush({ weight: 1 }));
      const own = await raisedOnPage(page, ownBefore, await weightsOf(page, limb.id), true);
      const mirrored = await raisedOnPage(page, before, await weightsOf(page, sideMirror), true);
      expect(own.length, 'the side stroke paints').toBeGreaterThan(0);
      expect(mirrored.length, 'mirror paints the partner joint').toBeGreaterThan(0);
      // On the other side of the body: farther from the stroke than the stroke's own vertices.
      expect(medianDistance(mirrored, a, b)).toBeGreaterThan(medianDistance(own, a, b));
      await page.keyboard.press('x');
      results.mirror = `ok (${mirrored.length} vertices)`;
    } else
      results.mirror = partnered.all
        ? `n/a (${Math.round(100 * (1 - partnered.share))}% of ${partnered.name}'s vertices have no mirror image)`
        : `n/a (no vertex weighs ${partnered.name} 0.3 or more)`;
  } else results.mirror = 'n/a (no side joint)';

  // box: 50 px around the limb's bone.
  await pointerAway(page);
  await page.locator('[data-mode=select]').click();
  await expect(page.locator('[data-mode=select]')).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => window.skinsmith.editor.selection.none());
  // Where to box: along a limb's bone (side joints first, busiest first), a 50-px box — larger on
  // a low-poly mesh — where the drawn vertices are mostly that limb's, not a body part beside it.
  const spot = await page.evaluate(
    ({ first, main, fallback }) => {
      const { editor, paint } = window.skinsmith;
      const model = editor.requireModel();
      const counts = editor.jointVertexCounts();
      const side = [...model.joints.keys()]
        .filter((id) => model.joints.get(id)!.children.length > 0 && editor.surfaces.mirrorJoint(id) !== id)
        .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))
        .slice(0, 8);
      const candidates = [...new Set([first, ...side, main])];
      const points: { x: number; y: number; joint: number }[] = [];
      for (const prim of model.primitives) {
        const P = editor.pose.positions(prim.id);
        for (let v = 0; v < prim.weights.vertexCount; v++) {
          const q = paint.toPage([P[v * 3], P[v * 3 + 1], P[v * 3 + 2]]);
          const inf = editor.influences(prim.id, v);
          if (q && inf.length)
            points.push({ ...q, joint: inf.reduce((b, i) => (i.weight > b.weight ? i : b)).joint });
        }
      }
      const { nodeIds, world } = editor.pose.nodeTransforms();
      const at = (j: number) => {
        const k = nodeIds.indexOf(j);
        return paint.toPage([world[k * 16 + 12], world[k * 16 + 13], world[k * 16 + 14]]);
      };
      // Nothing qualifies (a handful of vertices): the middle of the first candidate's bone.
      let best = { joint: first, x: fallback.x, y: fallback.y, half: 25, share: -1 };
      for (const joint of candidates) {
        const info = model.joints.get(joint)!;
        const near = new Set([joint, info.parent, ...info.children]);
        const child = [...info.children].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
        const head = at(joint);
        const tail = child !== undefined ? at(child) : null;
        if (!head || !tail) continue;
        for (const half of [25, 50, 100])
          for (const t of [0.5, 0.35, 0.65, 0.2, 0.8]) {
            const x = head.x + (tail.x - head.x) * t;
            const y = head.y + (tail.y - head.y) * t;
            const inside = points.filter((q) => Math.abs(q.x - x) < half && Math.abs(q.y - y) < half);
            if (inside.length < 3) continue;
            const share = inside.filter((q) => near.has(q.joint)).length / inside.length;
            if (share > best.share) best = { joint, x, y, half, share };
            if (share >= 0.75) return best;
          }
      }
      return best;
    },
    { first: limb.id, main, fallback: lerp(limb.head, limb.tail, 0.5) },
  );
  const c = { x: spot.x, y: spot.y };
  // Only vertices facing the camera are boxed: on a low-poly mesh, widen until some are.
  let half = spot.half;
  for (;;) {
    await drag(page, { x: c.x - half, y: c.y - half }, { x: c.x + half, y: c.y + half }, [], 6);
    const count = await page.evaluate(() => window.skinsmith.editor.selection.count);
    if (count > 0 || half >= 400) break;
    // A sheet seen from behind faces away everywhere: a rigger ticks "Through" (X-ray) then.
    if (half >= 200) await page.getByText('Through', { exact: true }).click();
    half *= 2;
  }
  const box = await page.evaluate((id) => {
    const { editor } = window.skinsmith;
    const model = editor.requireModel();
    const tally = new Map<number, number>();
    const vertices = editor.selection.vertices();
    for (const { primitive, vertex } of vertices) {
      const top = editor
        .influences(primitive, vertex)
        .reduce<{ joint: number; weight: number } | null>(
          (best, i) => (!best || i.weight > best.weight ? i : best),
          null,
        );
      if (top) tally.set(top.joint, (tally.get(top.joint) ?? 0) + 1);
    }
    const own = tally.get(id) ?? 0;
    // The joint and its bone's neighbours (parent, children) share the limb.
    const near = new Set([id, model.joints.get(id)!.parent, ...model.joints.get(id)!.children]);
    const neighbourhood = [...tally].filter(([j]) => near.has(j)).reduce((s, [, n]) => s + n, 0);
    const names = [...tally].map(([j, n]) => `${model.joints.get(j)?.name}: ${n}`).join(', ');
    return { count: vertices.length, own, neighbourhood, names, name: model.joints.get(id)!.name };
  }, spot.joint);
  expect(box.count, 'the box selects vertices').toBeGreaterThan(0);
  expect(
    box.neighbourhood / box.count,
    `mostly ${box.name} (and its bone's neighbours); selected by strongest joint: ${box.names}`,
  ).toBeGreaterThan(0.5);
  results.box = `ok (${2 * half}-px box, ${box.count} vertices, ${Math.round((100 * box.own) / box.count)}% ${box.name})`;

  // inspector: hover the limb, the inspected vertex is drawn under the pointer.
  await page.evaluate(() => window.skinsmith.editor.selection.none());
  await pointerAway(page);
  await page.mouse.move(c.x, c.y);
  const label = page.getByTestId('inspected-vertex');
  await expect(label).toContainText('under the pointer');
  const text = (await label.textContent()) ?? '';
  const m = /Vertex (\d+) \(primitive (\d+)\)/.exec(text)!;
  const at = await page.evaluate(
    ([v, p]) => {
      const x = window.skinsmith.editor.pose.positions(p);
      return window.skinsmith.paint.toPage([x[v * 3], x[v * 3 + 1], x[v * 3 + 2]]);
    },
    [Number(m[1]), Number(m[2])] as const,
  );
  expect(Math.hypot(at!.x - c.x, at!.y - c.y), 'the inspected vertex is under the pointer').toBeLessThan(
    Math.max(30, 1.5 * edge),
  );
  results.inspector = 'ok';

  // posed: bend the limb's parent 60° about the view axis, then stroke at the limb's new place;
  // the same for the most weighted joint.
  results.posed = await bendAndStroke(page, limb, radius);
  if (main !== limb.id)
    results['posed (main)'] = await bendAndStroke(page, (await boneOnPage(page, main))!, radius);
  record(name, results);
}

test.describe('real files: cursor, stroke, mirror, box, inspector, posed stroke', () => {
  test.setTimeout(120_000);
  for (const convention of EXPORTER_CONVENTIONS) {
    test(`${convention}`, async ({ editor }) => {
      test.skip(!inMatrix(convention), OUT_OF_SCOPE);
      await runMatrix(editor, `${convention}.glb`, await exportedGlb(convention, 3000));
    });
  }
  for (const model of SHARED_MODEL_FILES) {
    test(`${model.name}`, async ({ editor }) => {
      test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
      test.skip(!inMatrix(model.name), OUT_OF_SCOPE);
      const { name, bytes } = readSharedModel(model.file);
      await runMatrix(editor, name, bytes);
    });
  }
});
