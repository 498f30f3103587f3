import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';
import { difference, type Pixels, viewportPixels } from './pixels.ts';

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

test('a stroke on the bent arm paints its heat map there, in the bent pose', async ({ editor: page }) => {
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 90]));
  // The hand follows the forearm rigidly (no offset of its own): painting it onto the forearm
  // changes the heat map but leaves the bent surface where it is.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
  await enterPaint(page);
  // The bones overlay follows the pose: its forearm bone lies on the bent arm.
  const { elbow, wrist } = await forearm(page);
  const a = { x: elbow.x + (wrist.x - elbow.x) * 0.2, y: elbow.y + (wrist.y - elbow.y) * 0.2 };
  const b = { x: elbow.x + (wrist.x - elbow.x) * 0.7, y: elbow.y + (wrist.y - elbow.y) * 0.7 };
  await pointerAway(page);
  const before = await viewportPixels(page);
  const weightsBefore = await jointWeights(page, 'LeftHand');
  await drag(page, a, b);
  await pointerAway(page);
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.001);
  const box = (await changedBox(page, before, after))!;
  const margin = 30;
  expect(box.x0).toBeGreaterThan(Math.min(a.x, b.x) - margin);
  expect(box.x1).toBeLessThan(Math.max(a.x, b.x) + margin);
  expect(box.y0).toBeGreaterThan(Math.min(a.y, b.y) - margin);
  expect(box.y1).toBeLessThan(Math.max(a.y, b.y) + margin);
  const painted = await jointWeights(page, 'LeftHand');
  const changed = painted.flatMap((w, v) => (w > weightsBefore[v] + 0.3 ? [v] : []));
  expect(changed.length).toBeGreaterThan(10);
  // The painted vertices are under the stroke in the bent pose (not at their bind positions).
  const onPage = await page.evaluate((vs) => {
    const posed = window.skinsmith.editor.pose.positions(0);
    return vs.map((v) => window.skinsmith.paint.toPage([posed[v * 3], posed[v * 3 + 1], posed[v * 3 + 2]])!);
  }, changed);
  for (const p of onPage) {
    expect(p.x).toBeGreaterThan(Math.min(a.x, b.x) - margin);
    expect(p.x).toBeLessThan(Math.max(a.x, b.x) + margin);
  }
  // The pose stayed: painting never moves the joints.
  expect(await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'))).toEqual([
    0, 0, 90,
  ]);
});

test('the range-of-motion clip plays, pauses on a frame that can be painted, and resets exactly', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.selectJoint('LeftArm'));
  await pointerAway(page);
  const bind = await viewportPixels(page);
  await page.getByRole('button', { name: 'Animation' }).click();
  await page.evaluate(() => window.skinsmith.pose.playClip('range', 'LeftArm'));
  await expect(page.getByTestId('clip-play')).toHaveText('Pause');
  await page.waitForFunction(() => window.skinsmith.pose.time() > 0.4);
  await page.evaluate(() => window.skinsmith.pose.pause());
  const t = await page.evaluate(() => window.skinsmith.pose.time());
  const frame = await viewportPixels(page);
  expect(difference(bind, frame)).toBeGreaterThan(0.002);
  // Paused: the frame holds still.
  expect(await page.evaluate(() => window.skinsmith.pose.time())).toBe(t);
  expect((await viewportPixels(page)).rgb).toEqual(frame.rgb);

  // Scrubbing the timeline shows another frame.
  await page.getByLabel('Timeline').fill('1.5');
  expect(await page.evaluate(() => window.skinsmith.pose.time())).toBeCloseTo(1.5, 5);
  expect(difference(frame, await viewportPixels(page))).toBeGreaterThan(0.001);

  // A stroke on the paused frame paints where the arm is now.
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  const before = await jointWeights(page, 'Spine2');
  const record = await page.evaluate(() => {
    const p = window.skinsmith.boneScreenPoint('LeftForeArm')!;
    return window.skinsmith.paint.stroke([p, { x: p.x + 4, y: p.y + 4 }], {
      settings: { brush: 'draw', weight: 1, strength: 1, radiusPx: 12 },
    });
  });
  expect(record).not.toBeNull();
  const after = await jointWeights(page, 'Spine2');
  expect(after.filter((w, v) => w > before[v] + 0.3).length).toBeGreaterThan(3);

  await page.evaluate(() => window.skinsmith.undo());
  await page.evaluate(() => window.skinsmith.selectJoint('LeftArm'));
  await page.evaluate(() => window.skinsmith.pose.reset());
  expect((await viewportPixels(page)).rgb).toEqual(bind.rgb);
});

/** Fraction of sampled pixels in the crease overlay's amber-to-red (shaded). */
function warmFraction(p: Pixels): number {
  let warm = 0;
  for (let i = 0; i < p.rgb.length; i += 3)
    if (p.rgb[i] > 140 && p.rgb[i + 2] < 60 && p.rgb[i] > p.rgb[i + 1] + 40) warm++;
  return warm / (p.rgb.length / 3);
}

test('dual quaternion preview and the crease inspector', async ({ editor: page }) => {
  await page.evaluate(() => window.skinsmith.display({ heatmap: false }));
  await page.evaluate(() => window.skinsmith.pose.applyPreset('wrists-twisted-90'));
  await page.evaluate(() => window.skinsmith.pose.applyPreset('elbows-bent-120'));
  await pointerAway(page);
  const linear = await viewportPixels(page);
  await page.getByRole('button', { name: 'Skinning and creases' }).click();
  await page.getByTestId('skinning-dq').check();
  await expect(page.getByText('Preview only: export stays linear blend skinning.')).toBeVisible();
  const dq = await viewportPixels(page);
  expect(difference(linear, dq)).toBeGreaterThan(0.0005);
  await page.getByText('Linear blend', { exact: true }).click();
  expect((await viewportPixels(page)).rgb).toEqual(linear.rgb);

  await page.getByTestId('crease-toggle').check();
  const creased = await viewportPixels(page);
  expect(difference(linear, creased)).toBeGreaterThan(0.02);
  expect(warmFraction(creased)).toBeGreaterThan(0.0005);
  const spots = page.getByRole('list', { name: 'Worst spots' }).getByRole('button');
  await expect(spots.first()).toBeVisible();
  await spots.first().click();
  expect(difference(creased, await viewportPixels(page))).toBeGreaterThan(0.05);
});

test('CesiumMan: playing its clip changes the frame', async ({ editor: page }) => {
  test.skip(!existsSync(CESIUM_MAN), `needs ${CESIUM_MAN} (the shared models are not checked out here)`);
  const b64 = readFileSync(CESIUM_MAN).toString('base64');
  await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    await window.skinsmith.load(bytes, 'CesiumMan.glb');
  }, b64);
  await pointerAway(page);
  const still = await viewportPixels(page);
  const clips = await page.evaluate(() => window.skinsmith.pose.clips());
  expect(clips.length).toBeGreaterThan(0);
  await page.evaluate(() => window.skinsmith.pose.playClip(0));
  await page.waitForFunction(() => window.skinsmith.pose.time() > 0.3);
  await page.evaluate(() => window.skinsmith.pose.pause());
  expect(difference(still, await viewportPixels(page))).toBeGreaterThan(0.002);
  await page.evaluate(() => window.skinsmith.pose.reset());
  expect((await viewportPixels(page)).rgb).toEqual(still.rgb);
});
