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
import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, type Point, pointerAway } from './paint-helpers.ts';
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

async function load(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const b64 = Buffer.from(bytes).toString('base64');
  await page.evaluate(
    async ([n, b]) => {
      const bin = atob(b);
      const data = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
      await window.skinsmith.load(data, n);
    },
    [name, b64] as const,
  );
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
async function raisedOnPage(page: Page, before: number[][], after: number[][]): Promise<Point[]> {
  const raised: [number, number][] = [];
  after.forEach((a, p) => {
    a.forEach((w, v) => {
      if (w > before[p][v] + 1e-4) raised.push([p, v]);
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

/** A Draw stroke along a bone (20%…80%); returns the raised vertices' page points and the stroke. */
async function strokeAlong(page: Page, bone: Bone): Promise<{ raised: Point[]; a: Point; b: Point }> {
  const a = lerp(bone.head, bone.tail, 0.2);
  const b = lerp(bone.head, bone.tail, 0.8);
  await page.evaluate((id) => window.skinsmith.selectJoint(id), bone.id);
  const before = await weightsOf(page, bone.id);
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
    const side = withChild.find((j) => editor.paint.targets.mirrorJoint(j.id) !== j.id && j.parent >= 0);
    return {
      main,
      side: side?.id ?? null,
      sideMirror: side ? editor.paint.targets.mirrorJoint(side.id) : null,
    };
  });
}

async function runMatrix(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const results: Record<string, string> = {};
  await load(page, name, bytes);
  await page.evaluate(() =>
    window.skinsmith.brush({ brush: 'draw', strength: 1, weight: 1, radiusPx: 14, mirror: false }),
  );
  const { main, side, sideMirror } = await targets(page);
  const radius = 14;

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
  results.stroke = `ok (${main1.raised.length} vertices, ${mainBone.name})`;

  // The limb used for mirror, box, inspector and the posed stroke: a side joint, else the main one.
  const limb = (await boneOnPage(page, side ?? main))!;

  // mirror: X turns it on; a stroke on the side joint paints its partner too.
  if (side !== null && sideMirror !== null && sideMirror !== side) {
    await pointerAway(page);
    await page.keyboard.press('x');
    await expect.poll(() => page.evaluate(() => window.skinsmith.brush().mirror)).toBe(true);
    const before = await weightsOf(page, sideMirror);
    const s = await strokeAlong(page, limb);
    const after = await weightsOf(page, sideMirror);
    const mirrored = await raisedOnPage(page, before, after);
    expect(s.raised.length, 'the side stroke paints').toBeGreaterThan(0);
    expect(mirrored.length, 'mirror paints the partner joint').toBeGreaterThan(0);
    // On the other side of the body: farther from the stroke than the stroke's own vertices.
    expect(medianDistance(mirrored, s.a, s.b)).toBeGreaterThan(medianDistance(s.raised, s.a, s.b));
    await page.keyboard.press('x');
    results.mirror = `ok (${mirrored.length} vertices)`;
  } else results.mirror = 'n/a (no side joint)';

  // box: 50 px around the limb's bone.
  await pointerAway(page);
  await page.locator('[data-mode=select]').click();
  await expect(page.locator('[data-mode=select]')).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => window.skinsmith.editor.selection.none());
  const c = lerp(limb.head, limb.tail, 0.5);
  await drag(page, { x: c.x - 25, y: c.y - 25 }, { x: c.x + 25, y: c.y + 25 }, [], 6);
  const box = await page.evaluate((id) => {
    const { editor } = window.skinsmith;
    const model = editor.requireModel();
    const tally = new Map<number, number>();
    const vertices = editor.selection.vertices();
    for (const { primitive, vertex } of vertices) {
      const top = editor.influences(primitive, vertex)[0];
      if (top) tally.set(top.joint, (tally.get(top.joint) ?? 0) + 1);
    }
    const own = tally.get(id) ?? 0;
    // The joint and its bone's neighbours (parent, children) share the limb.
    const near = new Set([id, model.joints.get(id)!.parent, ...model.joints.get(id)!.children]);
    const neighbourhood = [...tally].filter(([j]) => near.has(j)).reduce((s, [, n]) => s + n, 0);
    return { count: vertices.length, own, neighbourhood };
  }, limb.id);
  expect(box.count, 'the box selects vertices').toBeGreaterThan(0);
  expect(
    box.neighbourhood / box.count,
    "mostly the limb's joint (and its bone's neighbours)",
  ).toBeGreaterThan(0.5);
  results.box = `ok (${box.count} vertices, ${Math.round((100 * box.own) / box.count)}% ${limb.name})`;

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
  expect(Math.hypot(at!.x - c.x, at!.y - c.y), 'the inspected vertex is under the pointer').toBeLessThan(30);
  results.inspector = 'ok';

  // posed: bend the limb's parent 60° about the view axis, then stroke at the limb's new place.
  await pointerAway(page);
  const parent = limb.parent >= 0 ? limb.parent : limb.id;
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
  await enterPaint(page);
  const bent = (await boneOnPage(page, limb.id))!;
  const moved = Math.hypot(bent.tail.x - limb.tail.x, bent.tail.y - limb.tail.y);
  const posed = await strokeAlong(page, bent);
  expect(posed.raised.length, 'a stroke on the bent limb paints').toBeGreaterThan(0);
  expect(medianDistance(posed.raised, posed.a, posed.b), 'where the bent limb is drawn').toBeLessThan(
    radius * 2.5,
  );
  results.posed = `ok (limb moved ${Math.round(moved)} px, ${posed.raised.length} vertices)`;
  await page.evaluate(() => window.skinsmith.pose.reset());
  record(name, results);
}

test.describe('real files: cursor, stroke, mirror, box, inspector, posed stroke', () => {
  test.setTimeout(120_000);
  for (const convention of EXPORTER_CONVENTIONS) {
    test(`${convention}`, async ({ editor }) => {
      await runMatrix(editor, `${convention}.glb`, await exportedGlb(convention, 3000));
    });
  }
  for (const model of SHARED_MODEL_FILES) {
    test(`${model.name}`, async ({ editor }) => {
      test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
      const { name, bytes } = readSharedModel(model.file);
      await runMatrix(editor, name, bytes);
    });
  }
});
