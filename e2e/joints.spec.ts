import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { difference, viewportPixels } from './pixels.ts';

const row = (page: Page, name: string) =>
  page.locator('.joint-row', { has: page.locator('.joint-name', { hasText: new RegExp(`^${name}$`) }) });

test('selecting another joint in the tree changes the heat map', async ({ editor: page }) => {
  const before = await viewportPixels(page);
  await row(page, 'LeftUpLeg').click();
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe('LeftUpLeg');
  await expect(row(page, 'LeftUpLeg')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('selected-joint')).toHaveText('LeftUpLeg');
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.005);
  // Arrow keys in the tree walk to the next joint, as in an outliner.
  await row(page, 'LeftUpLeg').click();
  await page.keyboard.press('ArrowDown');
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe('LeftLeg');
});

test('clicking a bone in the viewport selects its joint', async ({ editor: page }) => {
  const point = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm'));
  expect(point).not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
  await expect(row(page, 'LeftForeArm')).toHaveAttribute('aria-selected', 'true');
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe('LeftForeArm');
});

test('the search box filters the tree, and joints lock from it', async ({ editor: page }) => {
  await page.locator('#joint-search').fill('hand');
  const names = await page.locator('.joint-row .joint-name').allTextContents();
  expect(names).toContain('LeftHand');
  expect(names).not.toContain('LeftUpLeg');
  // Matches keep their ancestors, so they are seen in place.
  expect(names).toContain('Hips');
  await row(page, 'LeftHand').locator('button.lock:not(.exclude)').click();
  await expect(row(page, 'LeftHand').locator('button.lock:not(.exclude)')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const joints = await page.evaluate(() => window.skinsmith.joints());
  expect(joints.find((j) => j.name === 'LeftHand')?.locked).toBe(true);
  expect(joints.filter((j) => j.locked)).toHaveLength(1);
  await page.locator('#joint-search').press('Escape');
  await expect(page.getByRole('treeitem')).toHaveCount(joints.length);
});

test('branches collapse, and selecting a hidden joint opens its branch', async ({ editor: page }) => {
  await row(page, 'Spine').locator('button.twisty').click();
  await expect(row(page, 'Spine')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'LeftHand')).toHaveCount(0);
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await expect(row(page, 'LeftHand')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'LeftHand')).toBeInViewport();
});
