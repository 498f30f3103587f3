import type { Page } from '@playwright/test';
import type { CameraState } from '../app/viewport/camera-bridge.ts';
import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';
import { viewportPixels } from './pixels.ts';

/**
 * The camera as Blender and Maya riggers drive it, with the real keyboard and mouse at 1280×720:
 * numpad and toolbar axis views, the orthographic toggle, a turntable orbit that never tilts the
 * character (trackball as a setting), the wheel zooming toward the point under the cursor, frame
 * selected (F, Numpad .) and orbiting around the last picked point.
 */

const camera = (page: Page) => page.evaluate(() => window.skinsmith.camera.state()!) as Promise<CameraState>;
const near = (a: number[], b: number[], eps = 1e-6) => a.every((v, i) => Math.abs(v - b[i]) < eps);

async function canvasBox(page: Page) {
  return (await page.locator('.viewport canvas').boundingBox())!;
}

/** A drag from empty view space (left of the character, half-way down) by (dx, dy). */
async function dragView(page: Page, dx: number, dy: number, button: 'left' | 'right' | 'middle' = 'left') {
  const box = await canvasBox(page);
  const x = box.x + 60;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down({ button });
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up({ button });
}

test('numpad 1 / 3 / 7 (Ctrl: the other side), 4 / 6 / 8 / 2 / 9 and the toolbar turn the view; Numpad 5 is orthographic', async ({
  editor: page,
}) => {
  const views: [string, number[], number[]][] = [
    // key, where the camera looks (forward), which way is up on screen
    ['Numpad1', [0, 0, -1], [0, 1, 0]],
    ['Control+Numpad1', [0, 0, 1], [0, 1, 0]],
    ['Numpad3', [-1, 0, 0], [0, 1, 0]],
    ['Control+Numpad3', [1, 0, 0], [0, 1, 0]],
    ['Numpad7', [0, -1, 0], [0, 0, -1]],
    ['Control+Numpad7', [0, 1, 0], [0, 0, 1]],
  ];
  for (const [key, forward, up] of views) {
    await page.keyboard.press(key);
    const s = await camera(page);
    expect(near(s.forward, forward) && near(s.up, up), `${key}: ${JSON.stringify(s)}`).toBe(true);
  }
  // Numpad 4 / 6 turn 15° (six steps: a quarter turn), 8 / 2 tilt, 9 looks from the other side.
  await page.keyboard.press('Numpad1');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Numpad6');
  expect(near((await camera(page)).forward, [-1, 0, 0])).toBe(true);
  for (let i = 0; i < 6; i++) await page.keyboard.press('Numpad8');
  expect(near((await camera(page)).forward, [0, -1, 0])).toBe(true);
  await page.keyboard.press('Numpad9');
  expect(near((await camera(page)).forward, [0, 1, 0])).toBe(true);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Numpad2');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Numpad4');
  expect(Math.abs((await camera(page)).right[1])).toBeLessThan(1e-9);
  // In Paint mode too (the keyboard row's digits are the brushes; the numpad's are views).
  await page.keyboard.press('p');
  await page.keyboard.press('Numpad3');
  expect(near((await camera(page)).forward, [-1, 0, 0])).toBe(true);
  await page.keyboard.press('p');

  // The toolbar: Front, Side, Top; Ctrl+click the opposite.
  await page.locator('[data-command=viewTop]').click();
  expect(near((await camera(page)).forward, [0, -1, 0])).toBe(true);
  await page.locator('[data-command=viewRight]').click();
  expect(near((await camera(page)).forward, [-1, 0, 0])).toBe(true);
  await page.locator('[data-command=viewFront]').click({ modifiers: ['Control'] });
  expect(near((await camera(page)).forward, [0, 0, 1])).toBe(true);
  await page.locator('[data-command=viewFront]').click();
  const persp = await camera(page);
  expect(persp.orthographic).toBe(false);

  // Numpad 5: orthographic, showing the same size at the view centre; again: back, same place.
  await page.keyboard.press('Numpad5');
  const ortho = await camera(page);
  expect(ortho.orthographic).toBe(true);
  await expect(page.locator('[data-command=viewOrtho]')).toHaveAttribute('aria-pressed', 'true');
  expect(ortho.pixelsPerUnit / persp.pixelsPerUnit).toBeCloseTo(1, 6);
  // The head bone is where it was (the view centre's plane shows the same; depth differs little).
  await page.keyboard.press('Numpad5');
  const back = await camera(page);
  expect(back.orthographic).toBe(false);
  expect(near(back.position, persp.position, 1e-6)).toBe(true);
});

test('a left drag orbits as a turntable (the character never tilts); trackball is a setting', async ({
  editor: page,
}) => {
  for (const [dx, dy] of [
    [220, 0],
    [0, 160],
    [-140, -90],
    [300, 260],
    [-80, -300],
  ])
    await dragView(page, dx, dy);
  let s = await camera(page);
  // Screen right stays level: the character's up axis stays up on screen.
  expect(Math.abs(s.right[1])).toBeLessThan(1e-9);
  expect(s.up[1]).toBeGreaterThanOrEqual(-1e-9);
  const before = s.forward;

  // The View section: Trackball. A circling drag now rolls the view.
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByText('Trackball', { exact: true }).click();
  await page.keyboard.press('Numpad1');
  for (const [dx, dy] of [
    [120, 0],
    [0, 120],
    [-120, 0],
    [0, -120],
  ])
    await dragView(page, dx, dy);
  s = await camera(page);
  expect(Math.abs(s.right[1])).toBeGreaterThan(0.05);
  expect(near(s.forward, before, 1e-3)).toBe(false);
  // Back to turntable: the next drag stands the character up again.
  await page.getByText('Turntable', { exact: true }).click();
  await dragView(page, 10, 0);
  expect(Math.abs((await camera(page)).right[1])).toBeLessThan(1e-9);
  // Right drag pans: the view moves, its direction does not.
  const panBefore = await camera(page);
  await dragView(page, 80, 40, 'right');
  const panned = await camera(page);
  expect(near(panned.forward, panBefore.forward, 1e-9)).toBe(true);
  expect(near(panned.target, panBefore.target, 1e-4)).toBe(false);
});

test('the wheel zooms toward the point under the cursor, a comfortable step a notch', async ({
  editor: page,
}) => {
  await page.keyboard.press('Numpad1');
  const hand = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand')))!;
  // The surface point under the cursor, picked as the brush picks it.
  const hit = (await page.evaluate(({ x, y }) => window.skinsmith.paint.pick(x, y), hand))!;
  expect(hit).not.toBeNull();
  const before = await camera(page);
  await page.mouse.move(hand.x, hand.y);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -100);
  await page.evaluate(() => window.skinsmith.frame());
  const after = await camera(page);
  // Four notches: 1.2⁴ ≈ 2.07× closer (three's OrbitControls gave 1.23× toward the centre).
  expect(after.pixelsPerUnit / before.pixelsPerUnit).toBeGreaterThan(1.9);
  // The hand is still under the cursor.
  const onPage = (await page.evaluate((p) => window.skinsmith.paint.toPage(p), hit.point))!;
  expect(Math.hypot(onPage.x - hand.x, onPage.y - hand.y)).toBeLessThan(2);
  // And back out.
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 100);
  await page.evaluate(() => window.skinsmith.frame());
  expect((await camera(page)).pixelsPerUnit / before.pixelsPerUnit).toBeCloseTo(1, 3);
});

test('F (Inspect) and Numpad . frame the selected joint or vertices, else all; A frames all', async ({
  editor: page,
}) => {
  await page.keyboard.press('a');
  const all = await camera(page);
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await page.keyboard.press('f');
  const hand = await camera(page);
  expect(hand.pixelsPerUnit).toBeGreaterThan(all.pixelsPerUnit * 3);
  const handAt = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand')))!;
  const box = await canvasBox(page);
  // The hand is in the middle of the view.
  expect(Math.abs(handAt.x - (box.x + box.width / 2))).toBeLessThan(box.width / 4);

  await page.keyboard.press('a');
  await page.keyboard.press('NumpadDecimal');
  expect((await camera(page)).pixelsPerUnit).toBeCloseTo(hand.pixelsPerUnit, 6);

  // Select mode with vertices selected: F frames them (the right foot's), not the joint.
  await page.keyboard.press('a');
  await page.keyboard.press('s');
  await page.evaluate(() => window.skinsmith.editor.selection.byJoint('RightFoot', { threshold: 0.5 }));
  await page.keyboard.press('f');
  const feet = await camera(page);
  expect(feet.target[1]).toBeLessThan(all.target[1] - 0.3);

  // Nothing selected, no joint: all.
  await page.evaluate(() => {
    window.skinsmith.editor.selection.none();
    window.skinsmith.selectJoint(null);
  });
  await page.keyboard.press('f');
  expect((await camera(page)).pixelsPerUnit).toBeCloseTo(all.pixelsPerUnit, 6);
});

test('the orbit turns about the last painted or picked point; framing forgets it', async ({
  editor: page,
}) => {
  await page.keyboard.press('Numpad1');
  await page.keyboard.press('s'); // Select mode: a click picks a vertex
  const hand = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand')))!;
  await page.mouse.click(hand.x, hand.y);
  const picked = (await camera(page)).pivot;
  expect(picked).not.toBeNull();
  await page.keyboard.press('i');
  const before = (await page.evaluate((p) => window.skinsmith.paint.toPage(p), picked!))!;
  await dragView(page, 180, 70);
  const after = (await page.evaluate((p) => window.skinsmith.paint.toPage(p), picked!))!;
  // The picked point stays put on screen while the view turns about it.
  expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(1.5);
  const s = await camera(page);
  expect(near(s.forward, [0, 0, -1], 1e-2)).toBe(false);

  // Framing centres the view: the pivot is the centre again.
  await page.keyboard.press('a');
  expect((await camera(page)).pivot).toBeNull();
  // The setting off: a click picks no pivot.
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByLabel('Orbit around the last painted or picked point').uncheck();
  const target = (await camera(page)).target;
  const centre = (await page.evaluate((p) => window.skinsmith.paint.toPage(p), target))!;
  await dragView(page, 120, 0);
  const centreAfter = (await page.evaluate((p) => window.skinsmith.paint.toPage(p), target))!;
  expect(Math.hypot(centreAfter.x - centre.x, centreAfter.y - centre.y)).toBeLessThan(1.5);
});

test('in an orthographic front view the brush picks and paints under the pointer', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
  await page.keyboard.press('Numpad1');
  await page.keyboard.press('Numpad5');
  await page.keyboard.press('a');
  expect((await camera(page)).orthographic).toBe(true);
  await enterPaint(page);
  const { elbow, wrist } = await forearm(page);
  // The surface under the pointer, as the brush picks it, is drawn under the pointer.
  for (const p of [elbow, wrist]) {
    const hit = (await page.evaluate(({ x, y }) => window.skinsmith.paint.pick(x, y), p))!;
    expect(hit, `a hit at ${p.x},${p.y}`).not.toBeNull();
    const drawn = (await page.evaluate((q) => window.skinsmith.paint.toPage(q), hit.point))!;
    expect(Math.hypot(drawn.x - p.x, drawn.y - p.y)).toBeLessThan(1);
  }
  await pointerAway(page);
  const before = await viewportPixels(page);
  const weightsBefore = await jointWeights(page, 'Spine2');
  await drag(page, elbow, wrist);
  await pointerAway(page);
  const after = await viewportPixels(page);
  const box = (await changedBox(page, before, after))!;
  expect(box).not.toBeNull();
  const margin = 30;
  expect(box.x0).toBeGreaterThan(Math.min(elbow.x, wrist.x) - margin);
  expect(box.x1).toBeLessThan(Math.max(elbow.x, wrist.x) + margin);
  expect(box.y0).toBeGreaterThan(Math.min(elbow.y, wrist.y) - margin);
  expect(box.y1).toBeLessThan(Math.max(elbow.y, wrist.y) + margin);
  const painted = await jointWeights(page, 'Spine2');
  expect(painted.filter((w, v) => w > weightsBefore[v] + 0.5).length).toBeGreaterThan(10);
});
