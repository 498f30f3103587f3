import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

// A joint with no weight on the forearm: painting it there shows plainly on the heat map.
const JOINT = 'Spine2';

test.beforeEach(async ({ editor: page }) => {
  await page.evaluate((joint) => window.skinsmith.selectJoint(joint), JOINT);
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
});

test('a stroke paints the heat map under it, and Ctrl+Z restores the pixels exactly', async ({
  editor: page,
}) => {
  await enterPaint(page);
  const { elbow, wrist } = await forearm(page);
  await pointerAway(page);
  const before = await viewportPixels(page);
  const weightsBefore = await jointWeights(page, JOINT);

  await drag(page, elbow, wrist);
  await pointerAway(page);
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.001);
  // Only near the stroke: within the brush (16 px) and a few pixels of antialiasing of its path.
  const box = (await changedBox(page, before, after))!;
  const margin = 30;
  expect(box.x0).toBeGreaterThan(Math.min(elbow.x, wrist.x) - margin);
  expect(box.x1).toBeLessThan(Math.max(elbow.x, wrist.x) + margin);
  expect(box.y0).toBeGreaterThan(Math.min(elbow.y, wrist.y) - margin);
  expect(box.y1).toBeLessThan(Math.max(elbow.y, wrist.y) + margin);
  const painted = await jointWeights(page, JOINT);
  expect(painted.filter((w, v) => w > weightsBefore[v] + 0.5).length).toBeGreaterThan(10);
  await expect(page.locator('[data-command=undo]')).toBeEnabled();

  await page.keyboard.press('Control+z');
  await pointerAway(page);
  const undone = await viewportPixels(page);
  expect(undone.rgb).toEqual(before.rgb);
  expect(await jointWeights(page, JOINT)).toEqual(weightsBefore);

  // Redo (Ctrl+Shift+Z) paints it again, exactly; Ctrl+Y after another undo too.
  await page.keyboard.press('Control+Shift+z');
  expect(await jointWeights(page, JOINT)).toEqual(painted);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  expect(await jointWeights(page, JOINT)).toEqual(painted);
});

test('Shift-stroke smooths: the painted band spreads toward its neighbours', async ({ editor: page }) => {
  await enterPaint(page);
  const { elbow, wrist } = await forearm(page);
  // Constant falloff: a band of weight exactly 1 with a sharp edge.
  await page.evaluate(() => window.skinsmith.brush({ falloff: 'constant' }));
  await drag(page, elbow, wrist);
  const band = await jointWeights(page, JOINT);
  expect(band.filter((w) => w === 1).length).toBeGreaterThan(10);
  await pointerAway(page);
  const sharp = await viewportPixels(page);

  // Over the band's end at the elbow, with a wider brush: Shift makes any brush Smooth. (The band
  // wraps the thin forearm, so its edge is where the stroke began.)
  await page.evaluate(() => window.skinsmith.brush({ radiusPx: 30, falloff: 'smooth' }));
  const along = (t: number) => ({
    x: elbow.x + (wrist.x - elbow.x) * t,
    y: elbow.y + (wrist.y - elbow.y) * t,
  });
  await drag(page, along(0.15), along(-0.15), ['Shift']);
  expect(await page.evaluate(() => window.skinsmith.paint.lastStroke()?.settings.brush)).toBe('smooth');
  const smoothed = await jointWeights(page, JOINT);
  const lowered = smoothed.filter((w, v) => band[v] > 0.99 && w < band[v] - 1e-3).length;
  const raised = smoothed.filter((w, v) => band[v] < 0.01 && w > band[v] + 1e-3).length;
  expect(lowered).toBeGreaterThan(0);
  expect(raised).toBeGreaterThan(0);
  await pointerAway(page);
  expect(difference(sharp, await viewportPixels(page))).toBeGreaterThan(0);
});

test('painting a locked joint is refused with a message and changes nothing', async ({ editor: page }) => {
  await enterPaint(page);
  await page.keyboard.press('l');
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.locked).toBe(true);
  const { elbow, wrist } = await forearm(page);
  await pointerAway(page);
  const before = await viewportPixels(page);
  const weights = await jointWeights(page, JOINT);
  const revision = await page.evaluate(() => window.skinsmith.editor.weightsRevision);

  await drag(page, elbow, wrist);
  await expect(page.getByTestId('error-toast')).toContainText(`${JOINT} is locked`);
  await expect(page.getByTestId('brush-panel')).toContainText('is locked');
  await page.keyboard.press('Escape'); // the message covers the view
  await expect(page.getByTestId('error-toast')).toHaveCount(0);
  expect(await page.evaluate(() => window.skinsmith.editor.weightsRevision)).toBe(revision);
  expect(await jointWeights(page, JOINT)).toEqual(weights);
  await pointerAway(page);
  expect((await viewportPixels(page)).rgb).toEqual(before.rgb);
});

test('? lists every shortcut; the panels moved to Ctrl+[ and Ctrl+]', async ({ editor: page }) => {
  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcut-overlay');
  await expect(overlay).toBeVisible();
  for (const text of ['Undo', 'Frame the selection', 'Brush radius', 'Smooth, whatever the brush', 'Ctrl+['])
    await expect(overlay).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await page.keyboard.press('Control+]');
  await expect(page.getByRole('complementary', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Control+]');
  await expect(page.getByTestId('brush-panel')).toBeVisible();
});

test('brush keys: [ ] step the radius, F drag sets it, X toggles mirror, digits pick brushes', async ({
  editor: page,
}) => {
  await enterPaint(page);
  const brush = () => page.evaluate(() => window.skinsmith.brush());
  await page.keyboard.press(']');
  expect((await brush()).radiusPx).toBeCloseTo(16 * 1.1, 5);
  await page.keyboard.press('[');
  expect((await brush()).radiusPx).toBeCloseTo(16, 5);
  const { elbow } = await forearm(page);
  await page.mouse.move(elbow.x, elbow.y);
  await page.keyboard.press('f');
  await expect(page.getByTestId('radial-control')).toBeVisible();
  // The pointer starts on the rim: 40 px further out makes the radius 56.
  await page.mouse.move(elbow.x + 40, elbow.y);
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByTestId('radial-control')).toHaveCount(0);
  expect((await brush()).radiusPx).toBeCloseTo(56, 0);
  await page.keyboard.press('Shift+F');
  await page.mouse.move(elbow.x + 200, elbow.y);
  await page.keyboard.press('Escape');
  expect((await brush()).strength).toBe(1);
  await page.keyboard.press('x');
  expect((await brush()).mirror).toBe(true);
  await expect(page.getByTestId('mirror-report')).toContainText('mirror partner');
  await page.keyboard.press('4');
  expect((await brush()).brush).toBe('smooth');
  await expect(page.locator('[data-brush=smooth]')).toHaveAttribute('aria-pressed', 'true');
});

test('scripts paint through the same path and replay strokes exactly', async ({ editor: page }) => {
  const { elbow, wrist } = await forearm(page);
  const record = await page.evaluate(
    ({ a, b }) => window.skinsmith.paint.stroke([a, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, b]),
    { a: elbow, b: wrist },
  );
  expect(record?.joint).toBe(JOINT);
  expect(record?.samples.length).toBe(3);
  const painted = await jointWeights(page, JOINT);
  expect(await page.evaluate(() => window.skinsmith.undo())).toBe(true);
  await page.evaluate((r) => window.skinsmith.paint.replay(r!), record);
  expect(await jointWeights(page, JOINT)).toEqual(painted);
});

test('Esc cancels the stroke in progress; Alt+click picks a bone; a plain click on it paints', async ({
  editor: page,
}) => {
  await enterPaint(page);
  const { elbow, wrist } = await forearm(page);
  const weights = await jointWeights(page, JOINT);
  await page.mouse.move(elbow.x, elbow.y);
  await page.mouse.down();
  await page.mouse.move((elbow.x + wrist.x) / 2, (elbow.y + wrist.y) / 2);
  expect(await jointWeights(page, JOINT)).not.toEqual(weights);
  await page.keyboard.press('Escape');
  await page.mouse.move(wrist.x, wrist.y);
  await page.mouse.up();
  expect(await jointWeights(page, JOINT)).toEqual(weights);
  await expect(page.locator('[data-command=undo]')).toBeDisabled();

  // A bone over the mesh: a plain click paints (the joint stays), Alt+click selects it.
  await page.mouse.click(elbow.x, elbow.y);
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe(JOINT);
  await page.keyboard.down('Alt');
  await page.mouse.click(elbow.x, elbow.y);
  await page.keyboard.up('Alt');
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe('LeftForeArm');
});
