/**
 * Weight layers with the mouse: a new layer from the panel, a stroke on it, its eye hides it (the
 * heat map and the weights return to the base) and shows it again, the layer alone in the heat
 * map, the export writes what is shown, and a saved project opens with its layers.
 */
import { readFileSync } from 'node:fs';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { drag, enterPaint, forearm, pointerAway } from './paint-helpers.ts';
import { readAllWeights } from './persist-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

test('paint on a new layer, hide and show it, export, reopen the project with its layers', async ({
  editor: page,
}) => {
  const rows = page.getByTestId('layer-row');
  await expect(rows).toHaveCount(1);
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  const base = await readAllWeights(page);
  await pointerAway(page);
  await page.evaluate(() => window.skinsmith.frame());
  const basePicture = await viewportPixels(page);

  // A layer from the panel's button, active, above the base.
  await page.getByTestId('layer-add').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await expect(rows.first()).toHaveAttribute('data-name', 'Layer 1');

  // A stroke with the mouse paints the layer.
  await enterPaint(page);
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1 }));
  const { elbow, wrist } = await forearm(page);
  await drag(page, elbow, wrist);
  await pointerAway(page);
  const painted = await readAllWeights(page);
  expect(painted).not.toEqual(base);
  await expect(rows.first().locator('.layer-meta')).not.toHaveText('0 v');
  await page.evaluate(() => window.skinsmith.frame());
  const paintedPicture = await viewportPixels(page);
  expect(difference(paintedPicture, basePicture)).toBeGreaterThan(0.002);

  // The eye hides it: the weights are the base's, bit for bit, and so is the heat map.
  await rows.first().getByTestId('layer-eye').click();
  await expect(rows.first()).toHaveClass(/hidden/);
  expect(await readAllWeights(page)).toEqual(base);
  await page.evaluate(() => window.skinsmith.frame());
  expect(difference(await viewportPixels(page), basePicture)).toBeLessThan(0.0005);
  await rows.first().getByTestId('layer-eye').click();
  expect(await readAllWeights(page)).toEqual(painted);

  // The layer alone in the heat map: only what it covers is coloured. The stroke covered the
  // forearm, so the upper arm's weights (the base's, outside the stroke) show in the result only.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftArm'));
  await page.evaluate(() => window.skinsmith.frame());
  const upperArmResult = await viewportPixels(page);
  await page.getByText('This layer', { exact: true }).click();
  await expect(page.getByTestId('heatmap-layer')).toContainText('Layer 1 alone');
  await page.evaluate(() => window.skinsmith.frame());
  const upperArmAlone = await viewportPixels(page);
  expect(difference(upperArmAlone, upperArmResult)).toBeGreaterThan(0.002);
  // On the painted joint the layer alone holds the stroke's weight 1 along the forearm.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await page.evaluate(() => window.skinsmith.frame());
  const forearmAlone = await viewportPixels(page);
  expect(difference(forearmAlone, upperArmAlone)).toBeGreaterThan(0.002);
  await page.screenshot({ path: test.info().outputPath('layer-alone.png') });
  await page.getByText('Result', { exact: true }).click();

  // Export writes what is shown: the composed weights.
  const exported = await page.evaluate(async () => {
    const r = await window.skinsmith.export();
    return { errors: r.validation.errors, bytes: [...r.bytes!] };
  });
  expect(exported.errors).toBe(0);

  // A second layer, then the project: it opens with both layers, in order, the weights bit for bit.
  await page.keyboard.press('Shift+N');
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('layers-panel.png') });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const file = await download;
  const bytes = new Uint8Array(readFileSync((await file.path())!));
  await dropFiles(page, [{ name: 'Other.glb', bytes: Uint8Array.from(exported.bytes) }]);
  await waitForModel(page, 'Other.glb');
  await expect(rows).toHaveCount(1);
  // The exported file opens with the painted weights as its own (no layers in it).
  expect(await readAllWeights(page)).toEqual(painted);
  await dropFiles(page, [{ name: file.suggestedFilename(), bytes }]);
  await waitForModel(page, file.suggestedFilename());
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual([
    'Layer 2',
    'Layer 1',
    'Base',
  ]);
  expect(await readAllWeights(page)).toEqual(painted);
  // Hiding the reopened layer still gives the base back.
  await rows.nth(1).getByTestId('layer-eye').click();
  expect(await readAllWeights(page)).toEqual(base);
});

test('layer shortcuts: Shift+N, Shift+H, Ctrl+Z, and the ? overlay lists them', async ({ editor: page }) => {
  const rows = page.getByTestId('layer-row');
  await page.keyboard.press('Shift+N');
  await expect(rows).toHaveCount(2);
  await page.keyboard.press('Shift+H');
  await expect(rows.first()).toHaveClass(/hidden/);
  await page.keyboard.press('Control+z');
  await expect(rows.first()).not.toHaveClass(/hidden/);
  await page.keyboard.press('Control+z');
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcut-overlay');
  await expect(overlay.getByText('Weight layers')).toBeVisible();
  await expect(overlay.getByText('New layer', { exact: true })).toBeVisible();
});

test('drag a layer row onto another to reorder; the opacity slider fades it in one undo step', async ({
  editor: page,
}) => {
  const rows = page.getByTestId('layer-row');
  await page.getByTestId('layer-add').click();
  await page.getByTestId('layer-add').click();
  await expect(rows).toHaveCount(3);
  const names = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
  expect(await names()).toEqual(['Layer 2', 'Layer 1', 'Base']);
  await rows.nth(0).dragTo(rows.nth(1));
  await expect.poll(names).toEqual(['Layer 1', 'Layer 2', 'Base']);
  // The slider: a drag shows at once, its release is one step.
  const steps = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  const slider = page.getByTestId('layer-opacity');
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const opacity = await page.evaluate(() => window.skinsmith.layers.list().find((l) => l.active)!.opacity);
  expect(opacity).toBeGreaterThan(0.2);
  expect(opacity).toBeLessThan(0.6);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps + 1);
  await page.keyboard.press('Control+z');
  expect(await page.evaluate(() => window.skinsmith.layers.list().find((l) => l.active)!.opacity)).toBe(1);
});
