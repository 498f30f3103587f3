import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { changedBox, type Point, pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

/** The gizmo ring that faces the camera most squarely (the easiest to turn by dragging round it). */
async function faceOnRing(page: Page) {
  const info = (await page.evaluate(() => window.skinsmith.pose.gizmo()))!;
  expect(info).not.toBeNull();
  const [axis, ring] = Object.entries(info.rings).sort((a, b) => b[1].facing - a[1].facing)[0];
  return { info, axis, ring };
}

/** A left drag along an arc around `c` from the angle of `from`, sweeping `degrees` on the page. */
async function dragAround(page: Page, c: Point, from: Point, degrees: number, steps = 16): Promise<void> {
  const r = Math.hypot(from.x - c.x, from.y - c.y);
  const a0 = Math.atan2(from.y - c.y, from.x - c.x);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const a = a0 + (((degrees * Math.PI) / 180) * i) / steps;
    await page.mouse.move(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }
  await page.mouse.up();
}

test('Pose mode: R, a click on a bone selects its joint, and dragging a gizmo ring bends it; Reset all returns the bind-pose pixels exactly', async ({
  editor: page,
}) => {
  await page.keyboard.press('r');
  await expect(page.locator('[data-mode=pose]')).toHaveAttribute('aria-pressed', 'true');
  // The Pose section leads the side panel in Pose mode.
  await expect(page.getByTestId('pose-joint').or(page.getByText('Select a joint to bend it.'))).toBeVisible();

  // A click on the forearm's bone selects it, and the gizmo sits on the elbow.
  await page.evaluate(() => window.skinsmith.selectJoint('Hips'));
  const bone = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm')))!;
  await page.mouse.click(bone.x, bone.y);
  await expect(page.getByTestId('selected-joint')).toHaveText('LeftForeArm');
  const { info, ring } = await faceOnRing(page);
  expect(info.joint).toBe(await page.evaluate(() => window.skinsmith.editor.resolveJoint('LeftForeArm')));
  const elbow = await page.evaluate(() => {
    const { nodeIds, world } = window.skinsmith.editor.pose.nodeTransforms();
    const s = nodeIds.indexOf(window.skinsmith.editor.resolveJoint('LeftForeArm'));
    return window.skinsmith.paint.toPage([world[s * 16 + 12], world[s * 16 + 13], world[s * 16 + 14]])!;
  });
  expect(Math.hypot(info.center.x - elbow.x, info.center.y - elbow.y)).toBeLessThan(2);
  // A sensible size on screen: tens of pixels, not the whole view.
  const radius = Math.max(...ring.points.map((p) => Math.hypot(p.x - info.center.x, p.y - info.center.y)));
  expect(radius).toBeGreaterThan(30);
  expect(radius).toBeLessThan(150);

  await pointerAway(page);
  const bind = await viewportPixels(page);
  const wrist = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand')))!;
  const otherHand = (await page.evaluate(() => window.skinsmith.boneScreenPoint('RightHand')))!;

  // Grab the ring at its top and drag a quarter turn round it.
  const top = ring.points.reduce((a, b) => (b.y < a.y ? b : a));
  await dragAround(page, info.center, top, -70);
  const rotation = await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'));
  expect(Math.max(...rotation.map(Math.abs))).toBeGreaterThan(30);
  // The sliders follow the gizmo (they show the rotation to one decimal).
  for (const [i, axis] of ['x', 'y', 'z'].entries())
    await expect(page.getByTestId(`pose-${axis}`).locator('input.number')).toHaveValue(
      rotation[i].toFixed(1),
    );
  // Posing is no edit of the weights: nothing to undo, as after a slider drag.
  expect(await page.evaluate(() => window.skinsmith.editor.history.canUndo)).toBeFalsy();

  await pointerAway(page);
  const bent = await viewportPixels(page);
  expect(difference(bind, bent)).toBeGreaterThan(0.002);
  // The change is the arm (where the hand was), not an orbit of the whole view.
  const box = (await changedBox(page, bind, bent))!;
  expect(box.x0).toBeLessThan(wrist.x + 10);
  expect(box.x1).toBeGreaterThan(wrist.x - 10);
  expect(otherHand.x < box.x0 || otherHand.x > box.x1).toBe(true);
  // The gizmo stays on the joint.
  const after = (await page.evaluate(() => window.skinsmith.pose.gizmo()))!;
  expect(Math.hypot(after.center.x - info.center.x, after.center.y - info.center.y)).toBeLessThan(2);

  await page.getByTestId('pose-reset-all').click();
  await pointerAway(page);
  expect((await viewportPixels(page)).rgb).toEqual(bind.rgb);

  // Back in Inspect mode (R again) there is no gizmo.
  await page.keyboard.press('r');
  await expect(page.locator('[data-mode=inspect]')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.skinsmith.pose.gizmo())).toBeNull();
});
