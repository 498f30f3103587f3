/**
 * Rig a four-legged animal with the mouse: the dog made in code (test/skeleton/support/static-dog.ts)
 * opens static, Quadruped is picked in the Rig panel, the skeleton is fitted from the mesh alone,
 * and Rig and auto-bind gives one skin over the quadruped template in one undo step.
 * With SKINSMITH_LOOK=1 it also writes tmp/look-rig/quadruped-fox-1440.png: the panel with the
 * quadruped fitted over the Fox of ../shared/models, stripped of its skin (when present).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { readDocument } from '../src/gltf/read-document.ts';
import { stripSkin } from '../src/gltf/strip-skin.ts';
import { quadrupedTemplate } from '../src/skeleton/templates/quadruped.ts';
import { staticDog } from '../test/skeleton/support/static-dog.ts';
import { SHARED_MODELS } from '../test/support/shared-models.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

test('rig the dog as a quadruped with the mouse: one skin over the template, one undo step', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  const bytes = await new WebIO().writeBinary(staticDog({ spacing: 0.03 }));
  await dropFiles(page, [{ name: 'Dog.glb', bytes }]);
  await waitForModel(page, 'Dog.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel).toBeVisible();
  await panel.getByText('Quadruped', { exact: true }).click();
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  const names = await page.evaluate(() => window.skinsmith.editor.rig.preview?.joints.map((j) => j.name));
  expect(names).toEqual(quadrupedTemplate(true).map((j) => j.name));
  await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText(`Rigged with ${names!.length} joints`, {
    timeout: 60_000,
  });
  expect((await page.evaluate(() => window.skinsmith.stats())).skins).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().skins)).toBe(0);
});

test('look: the quadruped fitted over the stripped Fox', async ({ editor: page }) => {
  const fox = join(SHARED_MODELS, 'Fox', 'Fox.glb');
  test.skip(
    !process.env.SKINSMITH_LOOK || !existsSync(fox),
    'set SKINSMITH_LOOK=1 (and have ../shared/models)',
  );
  test.setTimeout(120_000);
  const document = await readDocument({ name: 'Fox.glb', bytes: new Uint8Array(readFileSync(fox)) });
  stripSkin(document);
  for (const a of document.getRoot().listAnimations()) a.dispose();
  const bytes = await new WebIO().writeBinary(document);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropFiles(page, [{ name: 'Fox.glb', bytes }]);
  await waitForModel(page, 'Fox.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await panel.getByText('Quadruped', { exact: true }).click();
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  // From the side, where a rigger reads a quadruped's legs and spine.
  await page.evaluate(() => window.skinsmith.camera.view('right'));
  await page.evaluate(() => window.skinsmith.frame());
  await page.waitForTimeout(800); // the camera eases to the framed view
  const dir = join(import.meta.dirname, '..', 'tmp', 'look-rig');
  await page.screenshot({ path: join(dir, 'quadruped-fox-1440.png') });
});
