import { expect, test } from './fixtures.ts';
import { changedBox, drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

// No weight on the forearm: painting it there shows plainly on the heat map.
const JOINT = 'Spine2';

test('box-select part of the forearm, then a stroke over the whole arm paints only the selection', async ({
  editor: page,
}) => {
  await page.evaluate((joint) => window.skinsmith.selectJoint(joint), JOINT);
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 30 }));
  await page.locator('[data-mode=select]').click();
  const { elbow, wrist } = await forearm(page);
  // The box: the half of the forearm next to the elbow.
  const mid = { x: (elbow.x + wrist.x) / 2, y: (elbow.y + wrist.y) / 2 };
  const pad = 14;
  const a = { x: Math.min(elbow.x, mid.x) - pad, y: Math.min(elbow.y, mid.y) - pad };
  const b = { x: Math.max(elbow.x, mid.x) + pad, y: Math.max(elbow.y, mid.y) + pad };
  await drag(page, a, b);
  const count = await page.evaluate(() => window.skinsmith.editor.selection.count);
  expect(count).toBeGreaterThan(10);
  const selected = await page.evaluate(() => Array.from(window.skinsmith.editor.selection.selectionMask(0)!));

  await enterPaint(page);
  const toggle = page.getByTestId('brush-selectionMask');
  await expect(toggle).toBeChecked();
  await expect(page.locator('.selection-mask')).toContainText(
    `Only inside the selection (${count.toLocaleString('en-US')} vertices)`,
  );

  await pointerAway(page);
  const before = await viewportPixels(page);
  const weightsBefore = await jointWeights(page, JOINT);
  // Across the whole forearm and beyond both ends.
  const dx = wrist.x - elbow.x;
  const dy = wrist.y - elbow.y;
  await drag(
    page,
    { x: elbow.x - dx * 0.3, y: elbow.y - dy * 0.3 },
    { x: wrist.x + dx * 0.2, y: wrist.y + dy * 0.2 },
  );
  await pointerAway(page);
  const after = await viewportPixels(page);
  const weightsAfter = await jointWeights(page, JOINT);

  let painted = 0;
  for (let v = 0; v < weightsAfter.length; v++) {
    if (weightsAfter[v] === weightsBefore[v]) continue;
    expect(selected[v], `vertex ${v} changed outside the selection`).toBe(1);
    painted++;
  }
  expect(painted).toBeGreaterThan(10);
  expect(difference(before, after)).toBeGreaterThan(0.0003);
  // The heat map changed only inside the box (a few pixels for the triangles along its edge).
  const box = (await changedBox(page, before, after))!;
  const margin = 8;
  expect(box.x0).toBeGreaterThan(a.x - margin);
  expect(box.x1).toBeLessThan(b.x + margin);
  expect(box.y0).toBeGreaterThan(a.y - margin);
  expect(box.y1).toBeLessThan(b.y + margin);

  // V turns masking off (Blender's key): the same stroke then paints the rest of the forearm too.
  await page.keyboard.press('v');
  await expect(toggle).not.toBeChecked();
  await drag(
    page,
    { x: elbow.x - dx * 0.3, y: elbow.y - dy * 0.3 },
    { x: wrist.x + dx * 0.2, y: wrist.y + dy * 0.2 },
  );
  const free = await jointWeights(page, JOINT);
  expect(free.some((w, v) => w !== weightsAfter[v] && selected[v] === 0)).toBe(true);

  // The ? overlay lists the key.
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-overlay')).toContainText('Paint only inside the vertex selection');
});
