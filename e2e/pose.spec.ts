import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

const CESIUM_MAN = resolve(import.meta.dirname, '../../shared/models/CesiumMan/CesiumMan.glb');

test('the forearm slider bends the arm on screen, and Reset all returns the bind-pose pixels exactly', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await pointerAway(page);
  const bind = await viewportPixels(page);
  const { wrist } = await forearm(page);

  // The Z slider of the Pose panel, moved with the keyboard as a user would with the mouse.
  const slider = page.getByTestId('pose-z').locator('input[type=range]');
  await slider.fill('90');
  await expect(page.getByTestId('pose-z').locator('input.number')).toHaveValue('90.0');
  expect(await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'))).toEqual([
    0, 0, 90,
  ]);
  const bent = await viewportPixels(page);
  expect(difference(bind, bent)).toBeGreaterThan(0.002);
  // Pixels changed where the hand was (it left) and elsewhere (where it went).
  const box = (await changedBox(page, bind, bent))!;
  expect(box.x0).toBeLessThan(wrist.x + 10);
  expect(box.x1).toBeGreaterThan(wrist.x - 10);
  // The bones overlay follows: the hand's bone is no longer where it was.
  const movedWrist = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand'));
  expect(Math.hypot(movedWrist!.x - wrist.x, movedWrist!.y - wrist.y)).toBeGreaterThan(10);
  // Posing never changes weights.
  expect(await page.evaluate(() => window.skinsmith.editor.history.canUndo)).toBeFalsy();

  await page.getByTestId('pose-reset-all').click();
  const reset = await viewportPixels(page);
  expect(reset.rgb).toEqual(bind.rgb);

  // Alt+R resets too (after a preset).
  await page.evaluate(() => window.skinsmith.pose.applyPreset('elbows-bent-120'));
  expect(difference(bind, await viewportPixels(page))).toBeGreaterThan(0.002);
  await page.keyboard.press('Alt+r');
  expect((await viewportPixels(page)).rgb).toEqual(bind.rgb);
});
