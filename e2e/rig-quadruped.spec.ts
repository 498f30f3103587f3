/**
 * Rig a four-legged animal with the mouse: the dog made in code (test/skeleton/support/static-dog.ts)
 * opens static, the Rig panel picks Quadruped by itself (the humanoid guess finds no standing
 * character), the skeleton is fitted from the mesh alone,
 * Head ⇄ tail fits it again the other way round (and back), and Rig and auto-bind gives one skin
 * over the quadruped template in one undo step.
 * With SKINSMITH_LOOK=1 it also writes tmp/look-rig/quadruped-fox-1440.png: the panel with the
 * quadruped fitted over the Fox of ../shared/models, stripped of its skin (when present), and
 * quadruped-fox-1280.png at 1280×720.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
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
  const panel = await openDog(page, 0);
  // The humanoid guess found no standing character: the panel picked Quadruped and says so.
  await expect(page.getByText('This looks like a four-legged animal')).toBeVisible();
  // Seen from its left side (the dog faces +Z, its left is +X), head to the screen's left, level.
  await expect
    .poll(() => view(page), { timeout: 10_000 })
    .toEqual({ forward: [-1, 0, 0], right: [0, 0, -1] });
  const names = await page.evaluate(() => window.skinsmith.editor.rig.preview?.joints.map((j) => j.name));
  expect(names).toEqual(quadrupedTemplate(true).map((j) => j.name));
  // Head ⇄ tail: the head goes to the other end (the dog's head at +Z, then at −Z), and back.
  const headAhead = () =>
    page.evaluate(() => {
      const joints = window.skinsmith.editor.rig.preview?.joints ?? [];
      const z = (n: string) => joints.find((j) => j.name === n)?.position[2] ?? Number.NaN;
      return Math.sign(z('Head') - z('Hips'));
    });
  expect(await headAhead()).toBe(1);
  const turn = panel.getByRole('button', { name: 'Head ⇄ tail' });
  await turn.click();
  await expect.poll(headAhead, { timeout: 60_000 }).toBe(-1);
  await turn.click();
  await expect.poll(headAhead, { timeout: 60_000 }).toBe(1);
  await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText(`Rigged with ${names!.length} joints`, {
    timeout: 60_000,
  });
  expect((await page.evaluate(() => window.skinsmith.stats())).skins).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().skins)).toBe(0);
});

/**
 * Drops the dog made in code (turned `facing` about up) and waits until the Rig panel, which
 * opens on a static mesh, has picked Quadruped by itself and fitted it.
 */
async function openDog(page: Page, facing: number) {
  const bytes = await new WebIO().writeBinary(staticDog({ spacing: 0.03, facing }));
  await dropFiles(page, [{ name: 'Dog.glb', bytes }]);
  await waitForModel(page, 'Dog.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel.locator('input[type=radio][value=quadruped]')).toBeChecked({ timeout: 60_000 });
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  return panel;
}

/** The camera's view direction and screen right, rounded to the nearest axis-ish tenth. */
async function view(page: Page) {
  const s = (await page.evaluate(() => window.skinsmith.camera.state()))!;
  const r = (v: number[]) => v.map((x) => Math.round(x * 10) / 10 + 0);
  return { forward: r(s.forward), right: r(s.right) };
}

test('the Rig panel turns the view to a quadruped’s side, and back to the front for Humanoid', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  const panel = await openDog(page, Math.PI / 2);
  // Turned a quarter about up, the dog faces +X and its left is −Z: the camera looks along +Z.
  await expect.poll(() => view(page), { timeout: 10_000 }).toEqual({ forward: [0, 0, 1], right: [-1, 0, 0] });
  // Orbited away, Side view brings it back.
  await page.evaluate(() => window.skinsmith.camera.view('top'));
  await panel.getByRole('button', { name: 'Side view' }).click();
  await expect.poll(() => view(page), { timeout: 10_000 }).toEqual({ forward: [0, 0, 1], right: [-1, 0, 0] });
  await panel.getByText('Humanoid', { exact: true }).click();
  // Humanoid: the camera faces the body's front as that fit found it, level.
  const facesFront = async () => {
    const front = await page.evaluate(() => window.skinsmith.editor.rig.frame?.front);
    const { forward } = await view(page);
    return !!front && forward.every((x, c) => Math.abs(x + front[c]) < 0.11);
  };
  await expect.poll(facesFront, { timeout: 60_000 }).toBe(true);
  expect((await view(page)).right[1]).toBe(0);
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
  // The panel turns to the animal's side, where a rigger reads its legs and spine.
  const dir = join(import.meta.dirname, '..', 'tmp', 'look-rig');
  await page.waitForTimeout(800); // the camera eases to the framed view
  await page.screenshot({ path: join(dir, 'quadruped-fox-1440.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await panel.getByRole('button', { name: 'Side view' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(dir, 'quadruped-fox-1280.png') });
});
