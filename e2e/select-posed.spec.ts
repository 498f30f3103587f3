import { expect, test } from './fixtures.ts';
import { changedBox, drag, forearm, pointerAway } from './paint-helpers.ts';
import { viewportPixels } from './pixels.ts';

async function enterSelect(page: import('@playwright/test').Page): Promise<void> {
  await page.locator('[data-mode=select]').click();
  await expect(page.locator('[data-mode=select]')).toHaveAttribute('aria-pressed', 'true');
}

/** Page points of selected vertices at their shown (posed) positions, through the editor. */
function selectedOnPage(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const { editor, paint } = window.skinsmith;
    const posed = editor.pose.positions(0);
    return editor.selection
      .vertices()
      .map(({ vertex: v }) => paint.toPage([posed[v * 3], posed[v * 3 + 1], posed[v * 3 + 2]])!);
  });
}

test('posed: a box selects what the bent arm shows there, and the points sit on the posed surface', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 90]));
  await enterSelect(page);
  const { elbow, wrist } = await forearm(page); // the forearm now points up
  expect(Math.abs(wrist.x - elbow.x)).toBeLessThan(Math.abs(wrist.y - elbow.y));
  const pad = 14;
  const a = { x: Math.min(elbow.x, wrist.x) - pad, y: Math.min(elbow.y, wrist.y) + 6 };
  const b = { x: Math.max(elbow.x, wrist.x) + pad, y: Math.max(elbow.y, wrist.y) - 6 };
  await pointerAway(page);
  const before = await viewportPixels(page);
  await drag(page, a, b);
  const count = await page.evaluate(() => window.skinsmith.editor.selection.count);
  expect(count).toBeGreaterThan(10);
  for (const p of await selectedOnPage(page)) {
    expect(p.x).toBeGreaterThan(a.x - 1);
    expect(p.x).toBeLessThan(b.x + 1);
    expect(p.y).toBeGreaterThan(a.y - 1);
    expect(p.y).toBeLessThan(b.y + 1);
  }
  // The amber points are drawn there, on the raised forearm (not along the arm's bind-pose line).
  await pointerAway(page);
  const after = await viewportPixels(page);
  const box = (await changedBox(page, before, after))!;
  expect(box.count).toBeGreaterThan(3);
  expect(box.x0).toBeGreaterThan(a.x - 6);
  expect(box.x1).toBeLessThan(b.x + 6);
  expect(box.y0).toBeGreaterThan(a.y - 6);
  expect(box.y1).toBeLessThan(b.y + 6);
});

test('the Inspector follows the pointer in Select mode; a click pins the vertex, Esc unpins it', async ({
  editor: page,
}) => {
  await enterSelect(page);
  const { elbow, wrist } = await forearm(page);
  const label = page.getByTestId('inspected-vertex');
  const at = (t: number) => ({ x: elbow.x + (wrist.x - elbow.x) * t, y: elbow.y + (wrist.y - elbow.y) * t });

  await pointerAway(page);
  const before = await viewportPixels(page);
  const p = at(0.5);
  await page.mouse.move(p.x, p.y);
  await expect(label).toContainText('under the pointer');
  const first = await label.textContent();
  // The marker is drawn at that vertex, where the pointer is.
  const marked = await viewportPixels(page);
  const box = (await changedBox(page, before, marked))!;
  expect(Math.abs((box.x0 + box.x1) / 2 - p.x)).toBeLessThan(16);
  expect(Math.abs((box.y0 + box.y1) / 2 - p.y)).toBeLessThan(16);
  expect(box.x1 - box.x0).toBeLessThan(30);

  const q = at(0.1);
  await page.mouse.move(q.x, q.y);
  await expect(label).not.toHaveText(first!);
  await page.mouse.click(q.x, q.y);
  await expect(label).toContainText('pinned');
  const pinned = await label.textContent();
  await page.mouse.move(p.x, p.y);
  await page.evaluate(() => window.skinsmith.frame());
  await expect(label).toHaveText(pinned!);

  await page.keyboard.press('Escape');
  await expect(label).toContainText('under the pointer');
  await expect(label).not.toHaveText(pinned!.replace(' · pinned (Esc unpins)', ' · under the pointer'));

  // Pin again, then a click on empty space unpins (and clears the selection).
  await page.mouse.click(q.x, q.y);
  await expect(label).toContainText('pinned');
  await pointerAway(page);
  const box2 = (await page.locator('.viewport canvas').boundingBox())!;
  await page.mouse.click(box2.x + 12, box2.y + box2.height - 12);
  await expect(page.getByTestId('inspected-vertex')).toHaveCount(0);
  expect(await page.evaluate(() => window.skinsmith.editor.selection.count)).toBe(0);
});
