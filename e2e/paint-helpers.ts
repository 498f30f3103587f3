import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { Pixels } from './pixels.ts';

export type Point = { x: number; y: number };

/** Switches to Paint mode with the P key and waits for the toolbar to say so. */
export async function enterPaint(page: Page): Promise<void> {
  await page.keyboard.press('p');
  await expect(page.locator('[data-mode=paint]')).toHaveAttribute('aria-pressed', 'true');
}

/** Page points along the left forearm's bone, elbow to wrist (on the surface seen from the front). */
export async function forearm(page: Page): Promise<{ elbow: Point; wrist: Point }> {
  const elbow = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm'));
  const wrist = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand'));
  expect(elbow && wrist).toBeTruthy();
  return { elbow: elbow!, wrist: wrist! };
}

/**
 * The left elbow's joint on screen, where upper arm and forearm share every vertex. The bone
 * points are 30 % along each bone (shoulder→elbow, elbow→wrist; the mannequin's two bones are
 * about as long), so the joint lies 70 % of the way from the upper arm's point to the forearm's.
 */
export async function elbowJoint(page: Page): Promise<Point> {
  const upper = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftArm'));
  const fore = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm'));
  expect(upper && fore).toBeTruthy();
  return { x: upper!.x + 0.7 * (fore!.x - upper!.x), y: upper!.y + 0.7 * (fore!.y - upper!.y) };
}

/** A left-button drag from `a` to `b` in `steps` moves, with held keys (Shift, Control). */
export async function drag(page: Page, a: Point, b: Point, keys: string[] = [], steps = 12): Promise<void> {
  for (const k of keys) await page.keyboard.down(k);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(a.x + ((b.x - a.x) * i) / steps, a.y + ((b.y - a.y) * i) / steps);
  await page.mouse.up();
  for (const k of keys) await page.keyboard.up(k);
}

/** Moves the pointer to an empty corner of the view: the brush circle hides, pixels compare cleanly. */
export async function pointerAway(page: Page): Promise<void> {
  const box = (await page.locator('.viewport canvas').boundingBox())!;
  await page.mouse.move(box.x + 12, box.y + box.height - 12);
}

/** The weight of `joint` at every vertex of primitive 0 (read through window.skinsmith's editor). */
export function jointWeights(page: Page, joint: string): Promise<number[]> {
  return page.evaluate((name) => {
    const { editor } = window.skinsmith;
    const model = editor.requireModel();
    const prim = model.primitives[0];
    const local = model.skins[prim.skins[0]].joints.indexOf(editor.resolveJoint(name));
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    const out: number[] = [];
    for (let v = 0; v < vertexCount; v++) {
      let w = 0;
      for (let i = 0; i < K; i++) if (joints[v * K + i] === local) w += weights[v * K + i];
      out.push(w);
    }
    return out;
  }, joint);
}

/**
 * The page-pixel box around the sampled pixels that differ visibly between `a` and `b` (null when
 * none do), for "the change is where the stroke was".
 */
export async function changedBox(
  page: Page,
  a: Pixels,
  b: Pixels,
): Promise<{ x0: number; y0: number; x1: number; y1: number; count: number } | null> {
  const box = (await page.locator('.viewport canvas').boundingBox())!;
  const step = box.width / a.width;
  let out: { x0: number; y0: number; x1: number; y1: number; count: number } | null = null;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      const d =
        Math.abs(a.rgb[i] - b.rgb[i]) +
        Math.abs(a.rgb[i + 1] - b.rgb[i + 1]) +
        Math.abs(a.rgb[i + 2] - b.rgb[i + 2]);
      if (d <= 24) continue;
      const px = box.x + x * step;
      const py = box.y + y * step;
      out ??= { x0: px, y0: py, x1: px, y1: py, count: 0 };
      out.x0 = Math.min(out.x0, px);
      out.y0 = Math.min(out.y0, py);
      out.x1 = Math.max(out.x1, px);
      out.y1 = Math.max(out.y1, py);
      out.count++;
    }
  }
  return out;
}
