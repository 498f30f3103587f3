/**
 * Auto-bind in the browser: the toolbar's panel runs it in a Web Worker with progress, the heat
 * map changes, Ctrl+Z undoes it in one step, and Cancel leaves every weight as it was.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { difference, viewportPixels } from './pixels.ts';

/** A hash of every primitive's joints and weight bits: equal means equal bit for bit. */
function weightsHash(page: Page): Promise<string> {
  return page.evaluate(() => {
    let h = 0x811c9dc5;
    const mix = (x: number) => {
      h = Math.imul(h ^ x, 0x01000193) >>> 0;
    };
    for (const p of window.skinsmith.editor.requireModel().primitives) {
      const bits = new Uint32Array(
        p.weights.weights.buffer,
        p.weights.weights.byteOffset,
        p.weights.weights.length,
      );
      for (let i = 0; i < bits.length; i++) {
        mix(bits[i]);
        mix(p.weights.joints[i]);
      }
    }
    return `${h.toString(16)}`;
  });
}

/** Opens the panel from the toolbar and sets the resolution (0: Auto, the default). */
async function openPanel(page: Page, resolution: number) {
  await page.locator('[data-command=autobind]').click();
  const panel = page.getByRole('region', { name: 'Auto-bind' });
  await expect(panel).toBeVisible();
  if (resolution > 0) {
    await panel.getByText('Custom', { exact: true }).click();
    await panel.locator('input[name=resolution]').fill(String(resolution));
  }
  return panel;
}

test('Auto-bind shows progress, changes the heat map, and Ctrl+Z undoes it in one step', async ({
  editor: page,
}, testInfo) => {
  const before = await viewportPixels(page);
  const hashBefore = await weightsHash(page);
  const undoBefore = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  const panel = await openPanel(page, 0);
  await expect(page.locator('[data-command=autobind]')).toHaveAttribute('title', /Ctrl\+B/);

  await panel.getByRole('button', { name: 'Run' }).click();
  const bar = panel.getByRole('progressbar');
  await expect(bar).toBeVisible();
  // Progress moves (the worker reports it while it computes).
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  // The page keeps rendering while the worker computes (the viewport can orbit).
  const frameMs = await page.evaluate(async () => {
    const t = performance.now();
    await window.skinsmith.frame();
    return performance.now() - t;
  });
  expect(frameMs).toBeLessThan(1000);
  await page.screenshot({ path: testInfo.outputPath('autobind-running.png') });

  const result = panel.getByRole('status');
  await expect(result).toContainText('undo in one step', { timeout: 60_000 });
  await expect(bar).toBeHidden();
  console.log(`auto-bind: ${await result.textContent()}`);
  await page.screenshot({ path: testInfo.outputPath('autobind-done.png') });
  // The panel covers part of the view: closed for the pixel comparisons.
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();

  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.002);
  expect(await weightsHash(page)).not.toBe(hashBefore);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(undoBefore + 1);

  await page.keyboard.press('Control+z');
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(undoBefore);
  expect(await weightsHash(page)).toBe(hashBefore);
  expect(difference(before, await viewportPixels(page))).toBe(0);
});

test('Cancel leaves the weights exactly as they were', async ({ editor: page }) => {
  const hashBefore = await weightsHash(page);
  const panel = await openPanel(page, 1024);
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Run' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  expect(await weightsHash(page)).toBe(hashBefore);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(0);
});

test('window.skinsmith.autobind rebinds a branch, respecting an excluded joint', async ({ editor: page }) => {
  const stats = await page.evaluate(async () => {
    const { editor } = window.skinsmith;
    const arm = editor.resolveJoint('LeftArm');
    const branch = [arm, ...editor.requireModel().joints.get(arm)!.children];
    editor.setExcluded(branch[branch.length - 1], true);
    return window.skinsmith.autobind({ method: 'closest', joints: branch });
  });
  expect(stats.changedVertices).toBeGreaterThan(0);
  // The toggle shows in the tree.
  await expect(page.locator('.joint-row.excluded')).toHaveCount(1);
});
