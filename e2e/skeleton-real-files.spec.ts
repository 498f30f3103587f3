import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { HAVE_SHARED_MODELS, SHARED_MODELS } from '../test/support/shared-models.ts';
import { expect, test } from './fixtures.ts';
import { drag } from './paint-helpers.ts';

/**
 * Skeleton mode by hand on the shared models (not in the normal run: SKINSMITH_SKELETON_MATRIX=1):
 * on each, a joint's ball is clicked, its gizmo arrow dragged, then the ball itself dragged; the
 * joint moves, every skinned primitive stays where it was drawn, and Ctrl+Z gives it back. The
 * screenshots land in tmp/look-skeleton/.
 */
const MODELS = [
  'QuaterniusPlatformerCharacter/Character.glb',
  'RobotExpressive/RobotExpressive.glb',
  'CesiumMan/CesiumMan.glb',
  'Fox/Fox.glb',
  'RiggedFigure/RiggedFigure.glb',
];

async function drawnAll(page: Page): Promise<number[]> {
  await page.evaluate(() => window.skinsmith.frame());
  return page.evaluate(() => window.skinsmith.shownMesh().flatMap((p) => p.drawn));
}

function maxDistance(a: number[], b: number[]): number {
  let max = 0;
  for (let i = 0; i < a.length; i += 3)
    max = Math.max(max, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return max;
}

for (const file of MODELS) {
  test(`Skeleton mode on ${file}: grab, move, mesh stays, undo`, async ({ editor: page }) => {
    test.skip(!process.env.SKINSMITH_SKELETON_MATRIX, 'set SKINSMITH_SKELETON_MATRIX=1');
    test.skip(!HAVE_SHARED_MODELS || !existsSync(join(SHARED_MODELS, file)), 'the shared models are absent');
    const b64 = readFileSync(join(SHARED_MODELS, file)).toString('base64');
    const name = file.split('/').pop()!;
    await page.evaluate(
      async ([data, n]) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        await window.skinsmith.load(bytes, n);
      },
      [b64, name] as const,
    );
    const rest = await drawnAll(page);
    const diag = await page.evaluate(() => {
      const p = window.skinsmith.shownMesh().flatMap((m) => m.drawn);
      const lo = [Infinity, Infinity, Infinity];
      const hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < p.length; i++) {
        lo[i % 3] = Math.min(lo[i % 3], p[i]);
        hi[i % 3] = Math.max(hi[i % 3], p[i]);
      }
      return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    });
    await page.mouse.click(5, 5);
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
    // The joint with a child whose ball is furthest from the others on screen: easy to click.
    const joint = await page.evaluate(() => {
      const s = window.skinsmith;
      const joints = s.skeleton.joints().filter((j) => j.children.length > 0 && j.parent >= 0);
      const points = joints.map((j) => ({ j, p: s.skeleton.jointPoint(j.id) }));
      const all = s.skeleton.joints().map((j) => ({ id: j.id, p: s.skeleton.jointPoint(j.id) }));
      let best = points[0];
      let bestGap = -1;
      for (const c of points) {
        const p = c.p;
        if (!p || p.x < 300 || p.x > 980 || p.y < 60 || p.y > 680) continue;
        const gap = Math.min(
          ...all.filter((q) => q.id !== c.j.id && q.p).map((q) => Math.hypot(q.p!.x - p.x, q.p!.y - p.y)),
        );
        if (gap > bestGap) {
          bestGap = gap;
          best = c;
        }
      }
      return { id: best.j.id, name: best.j.name, point: best.p! };
    });
    await page.evaluate(() => window.skinsmith.selectJoint(null));
    await page.mouse.click(joint.point.x, joint.point.y);
    await expect(page.getByTestId('skeleton-name')).toHaveValue(joint.name);
    const before = await page.evaluate((id) => window.skinsmith.skeleton.joint(id).position, joint.id);
    const g = (await page.evaluate(() => window.skinsmith.skeleton.gizmo()))!;
    const [axis, arrow] = Object.entries(g.arrows).sort((a, b) => a[1].facing - b[1].facing)[0];
    const grab = { x: (arrow.from.x + arrow.tip.x) / 2, y: (arrow.from.y + arrow.tip.y) / 2 };
    const len = Math.hypot(arrow.tip.x - arrow.from.x, arrow.tip.y - arrow.from.y);
    await drag(page, grab, {
      x: grab.x + ((arrow.tip.x - arrow.from.x) / len) * 25,
      y: grab.y + ((arrow.tip.y - arrow.from.y) / len) * 25,
    });
    await page.waitForFunction(() => window.skinsmith.stats().drawn);
    const after = await page.evaluate((id) => window.skinsmith.skeleton.joint(id).position, joint.id);
    const k = 'xyz'.indexOf(axis);
    expect(Math.abs(after[k] - before[k])).toBeGreaterThan(diag * 1e-3);
    const moved = maxDistance(rest, await drawnAll(page));
    expect(moved).toBeLessThan(diag * 1e-5);
    await page.screenshot({
      path: join(import.meta.dirname, '..', 'tmp', 'look-skeleton', `real-${name}.png`),
    });
    // Drag the ball itself, in the screen plane.
    const ball = (await page.evaluate((id) => window.skinsmith.skeleton.jointPoint(id), joint.id))!;
    await page.mouse.move(5, 5);
    await drag(page, ball, { x: ball.x + 12, y: ball.y - 9 });
    await page.waitForFunction(() => window.skinsmith.stats().drawn);
    expect(maxDistance(rest, await drawnAll(page))).toBeLessThan(diag * 1e-5);
    const screen = await page.evaluate((id) => window.skinsmith.skeleton.jointPoint(id), joint.id);
    expect(Math.hypot(screen!.x - ball.x - 12, screen!.y - ball.y + 9)).toBeLessThan(2);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => window.skinsmith.stats().drawn);
    const back = await page.evaluate((id) => window.skinsmith.skeleton.joint(id).position, joint.id);
    expect(back).toEqual(before);
    expect(maxDistance(rest, await drawnAll(page))).toBe(0);
    console.log(
      `${name}: ${joint.name} moved ${axis} by ${Math.abs(after[k] - before[k]).toExponential(2)}, mesh moved ${moved.toExponential(2)} (diag ${diag.toFixed(3)})`,
    );
  });
}
