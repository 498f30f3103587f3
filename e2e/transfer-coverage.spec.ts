import { exportedGlb } from '../test/support/exporter-fixtures.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

/**
 * Issue 26 item 7: a transfer onto a mesh that already has weights, from a source that reaches
 * little of it, replaced every weight without a word. The Transfer panel now says beforehand
 * how much the sources cover, and asks before replacing weights they do not reach.
 */
test('Transfer onto a weighted mesh from a source that covers little of it: the panel warns and asks', async ({
  editor: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The four-skin mannequin (trunk, arms, legs): the trunk from the left arm alone.
  await dropFiles(page, [{ name: 'modular.glb', bytes: await exportedGlb('multi-skin', 3000) }]);
  await waitForModel(page, 'modular.glb');
  const section = page.getByTestId('transfer-section');
  await section.scrollIntoViewIfNeeded();
  await section.getByLabel('Part0').first().check();
  for (const part of ['Part2', 'Part3'])
    await section.locator('fieldset[aria-label=Sources]').getByLabel(part).uncheck();
  const trunk = await page.evaluate(() => {
    const nodes = window.skinsmith.editor.requireModel().document.getRoot().listNodes();
    const mesh = nodes.find((n) => n.getName() === 'Part0')!.getMesh();
    return window.skinsmith.editor.requireModel().primitives.find((p) => p.mesh === mesh)!.id;
  });
  const weightsOf = () =>
    page.evaluate(
      (p) => Array.from(window.skinsmith.editor.requireModel().primitives[p].weights.weights),
      trunk,
    );
  const before = await weightsOf();
  const steps = await page.evaluate(() => window.skinsmith.editor.history.undoCount);

  // The coverage, counted before anything runs, and the warning.
  const coverage = page.getByTestId('transfer-coverage');
  await expect(coverage).toBeVisible();
  await expect(page.getByTestId('coverage-warning')).toContainText('Part0');
  const unmatched = Number((await page.getByTestId('coverage-unmatched').textContent())!.replace(/,/g, ''));
  expect(unmatched).toBeGreaterThan(before.length / 4 / 2);

  // Transfer asks first; Cancel (or Esc) leaves the file as it was.
  await page.getByTestId('transfer-run').click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('confirm-unmatched')).toHaveText(unmatched.toLocaleString('en-US'));
  await expect(page.getByTestId('confirm-keep')).toBeFocused();
  await page.screenshot({ path: 'tmp/transfer-warning-1440.png' });
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps);

  // Again, and "Keep theirs": only where matched.
  await page.getByTestId('transfer-run').click();
  await page.getByTestId('confirm-keep').click();
  const result = page.getByTestId('transfer-result');
  await expect(result).toContainText('Transfer weights: Part0');
  await expect(page.getByTestId('transfer-kept')).toHaveText(unmatched.toLocaleString('en-US'));
  const after = await weightsOf();
  const status = await page.evaluate(
    (p) => Array.from(window.skinsmith.editor.lastTransfer!.status.get(p)!),
    trunk,
  );
  let kept = 0;
  for (let v = 0; v < status.length; v++) {
    if (status[v] !== 4) continue;
    kept++;
    expect(after.slice(v * 4, v * 4 + 4)).toEqual(before.slice(v * 4, v * 4 + 4));
  }
  expect(kept).toBe(unmatched);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps + 1);
  await page.screenshot({ path: 'tmp/transfer-kept-1440.png' });

  // One undo step takes it back, bit for bit.
  await page.keyboard.press('Control+z');
  await expect.poll(weightsOf).toEqual(before);
});
