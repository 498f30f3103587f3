/**
 * A file with a mesh and bones but no skin: the Auto-bind panel opens on "Create a skin" with the
 * skeleton root picked, creating it binds every vertex and shows a joint's heat map, and Ctrl+Z
 * takes the file back to no skin in one step.
 */
import { WebIO } from '@gltf-transform/core';
import { makeSkinlessMannequin } from '../test/gltf/support/skinless-fixture.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { difference, type Pixels, viewportPixels } from './pixels.ts';

/** Fraction of sampled pixels with a strong hue (heat map colours, not the grey body or background). */
function colourful(p: Pixels): number {
  let n = 0;
  for (let i = 0; i < p.rgb.length; i += 3) {
    const [r, g, b] = [p.rgb[i], p.rgb[i + 1], p.rgb[i + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 90) n++;
  }
  return n / (p.rgb.length / 3);
}

test('an unskinned file gets a skin from the picked root, bound, with a heat map; Ctrl+Z undoes it', async ({
  editor: page,
}) => {
  const bytes = await new WebIO().writeBinary(makeSkinlessMannequin({ targetVertices: 4000 }));
  await dropFiles(page, [{ name: 'Skinless.glb', bytes }]);
  await waitForModel(page, 'Skinless.glb');
  expect((await page.evaluate(() => window.skinsmith.stats())).skins).toBe(0);

  const panel = page.getByRole('region', { name: 'Auto-bind' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('This file has no skin');
  const roots = await page.evaluate(() => window.skinsmith.skeletonRoots());
  expect(roots[0].name).toBe('Hips');
  const picker = panel.locator('select[name=skeleton-root]');
  await expect(picker).toHaveValue(String(roots[0].id));
  await expect(panel.getByTestId('skin-plan')).toHaveText(/^\d+ joints; skins MannequinBody\.$/);
  // A mesh node is no root: the panel says why before anything runs.
  const body = await page.evaluate(() =>
    window.skinsmith.editor
      .requireModel()
      .document.getRoot()
      .listNodes()
      .findIndex((n) => n.getName() === 'MannequinBody'),
  );
  const options = await picker
    .locator('option')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  expect(options).not.toContain(String(body));
  await picker.selectOption(String(roots[0].id));

  // Checks say there is nothing to check yet, rather than an all-clear.
  await expect(page.getByTestId('checks-no-skin')).toBeVisible();

  // The viewport without the panel over it (the panel has coloured buttons of its own).
  await panel.getByRole('button', { name: 'Close' }).click();
  const before = await viewportPixels(page);
  await page.locator('[data-command=autobind]').click();
  await panel.getByText('Custom', { exact: true }).click();
  await panel.locator('input[name=resolution]').fill('64');
  await panel.getByRole('button', { name: 'Create skin and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText('Created a skin of', { timeout: 60_000 });
  await expect(panel.getByRole('status')).toContainText('from Hips');

  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.skins).toBe(1);
  expect(stats.skinnedVertices).toBe(stats.vertices);
  const joints = await page.evaluate(() => window.skinsmith.joints());
  expect(joints[0].name).toBe('Hips');
  // Every joint's count adds up to at least every vertex once: all are weighted.
  expect(joints.filter((j) => j.vertexCount > 0).length).toBeGreaterThan(10);
  const selected = await page.evaluate(() => window.skinsmith.selectedJoint());
  expect(selected).not.toBeNull();
  await expect(page.getByTestId('checks-no-skin')).toBeHidden();
  await expect(page.getByTestId('problems')).toBeVisible();

  // The selected joint's heat map is drawn on the new skin.
  await page.waitForFunction(() => window.skinsmith.stats().drawn);
  await panel.getByRole('button', { name: 'Close' }).click();
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.01);
  // The unskinned mesh is grey; the heat map paints the joint's region in colour.
  expect(colourful(before)).toBeLessThan(0.001);
  expect(colourful(after)).toBeGreaterThan(0.01);

  // The export (through the app's validator worker) is clean.
  const validation = await page.evaluate(async () => {
    const r = await window.skinsmith.export();
    return { errors: r.validation.errors, warnings: r.validation.warnings, histogram: r.histogram };
  });
  expect(validation).toMatchObject({ errors: 0, warnings: 0 });
  expect(validation.histogram[0]).toBe(0); // no vertex without an influence

  // One undo step back to the file as it was, and the panel opens on the skin again.
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().skins)).toBe(0);
  await expect(panel.locator('select[name=skeleton-root]')).toBeVisible();
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(0);
});

test('the meshes to skin can be picked: a hat left out stays unskinned, a prop under a joint is off by default', async ({
  editor: page,
}) => {
  const bytes = await new WebIO().writeBinary(makeSkinlessMannequin({ targetVertices: 3000, props: true }));
  await dropFiles(page, [{ name: 'Props.glb', bytes }]);
  await waitForModel(page, 'Props.glb');
  const panel = page.getByRole('region', { name: 'Auto-bind' });
  const meshes = panel.getByRole('group', { name: 'Meshes to skin' });
  await expect(meshes.getByLabel('MannequinBody')).toBeChecked();
  await expect(meshes.getByLabel('Hat')).toBeChecked();
  await expect(meshes.getByLabel('Sword')).not.toBeChecked();
  await expect(panel.getByTestId('skin-plan')).toHaveText(/skins MannequinBody, Hat\.$/);
  await meshes.getByLabel('Hat').uncheck();
  await expect(panel.getByTestId('skin-plan')).toHaveText(/skins MannequinBody\.$/);
  await meshes.getByLabel('MannequinBody').uncheck();
  await expect(panel.getByTestId('skin-plan')).toHaveText('Name at least one mesh to skin.');
  await expect(panel.getByRole('button', { name: 'Create skin and auto-bind' })).toBeEnabled();
  await meshes.getByLabel('MannequinBody').check();

  await panel.getByText('Custom', { exact: true }).click();
  await panel.locator('input[name=resolution]').fill('64');
  await panel.getByRole('button', { name: 'Create skin and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText('Created a skin of', { timeout: 60_000 });
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.skinnedPrimitives).toBe(1);
  expect(stats.primitives).toBe(3);
  expect(stats.skinnedVertices).toBe(stats.vertices - 48); // the hat's and the sword's 24 each
});
