import { expect, test } from './fixtures.ts';
import { changedBox, drag, elbowJoint, forearm, pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

// No weight on the forearm: flooding it there shows plainly on the heat map.
const JOINT = 'Spine2';

async function enterSelect(page: import('@playwright/test').Page): Promise<void> {
  await page.locator('[data-mode=select]').click();
  await expect(page.locator('[data-mode=select]')).toHaveAttribute('aria-pressed', 'true');
}

test('box-select a region and flood it: the heat map changes only inside the box', async ({
  editor: page,
}) => {
  await page.evaluate((joint) => window.skinsmith.selectJoint(joint), JOINT);
  await page.evaluate(() => window.skinsmith.brush({ weight: 1, strength: 1 }));
  await enterSelect(page);
  const { elbow, wrist } = await forearm(page);
  const pad = 12;
  const a = { x: Math.min(elbow.x, wrist.x) - pad, y: Math.min(elbow.y, wrist.y) - pad };
  const b = { x: Math.max(elbow.x, wrist.x) + pad, y: Math.max(elbow.y, wrist.y) + pad };
  await drag(page, a, b);
  const count = await page.evaluate(() => window.skinsmith.editor.selection.count);
  expect(count).toBeGreaterThan(10);
  await expect(page.getByTestId('selection-count')).toHaveText(count.toLocaleString('en-US'));

  await pointerAway(page);
  const before = await viewportPixels(page);
  expect(await page.evaluate(() => window.skinsmith.paint.flood())).toBe(true);
  await pointerAway(page);
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.0005);
  // Only inside the box (a few pixels for antialiasing at the edge of the flooded triangles).
  const box = (await changedBox(page, before, after))!;
  const margin = 6;
  expect(box.x0).toBeGreaterThan(a.x - margin);
  expect(box.x1).toBeLessThan(b.x + margin);
  expect(box.y0).toBeGreaterThan(a.y - margin);
  expect(box.y1).toBeLessThan(b.y + margin);
});

test('edit a weight in the inspector and read it back through window.skinsmith', async ({ editor: page }) => {
  await enterSelect(page);
  // On the elbow's joint: upper arm and forearm share the vertices there.
  const joint = await elbowJoint(page);
  await page.mouse.click(joint.x, joint.y);
  await expect(page.getByTestId('inspected-vertex')).toBeVisible();
  const text = (await page.getByTestId('inspected-vertex').textContent())!;
  const [, vertex, primitive] = text.match(/Vertex (\d+) \(primitive (\d+)\)/)!.map(Number);
  const fields = page.locator('.inspector-weight');
  expect(await fields.count()).toBeGreaterThan(1);
  const field = fields.first();
  const name = (await field.getAttribute('data-joint'))!;
  await field.fill('0.3');
  await field.press('Enter');
  const influences = await page.evaluate(([p, v]) => window.skinsmith.editor.influences(p, v), [
    primitive,
    vertex,
  ] as const);
  const edited = influences.find((i) => i.name === name)!;
  expect(edited.weight).toBeCloseTo(0.3, 4);
  expect(influences.reduce((s, i) => s + i.weight, 0)).toBeCloseTo(1, 4);
  // Rows follow the weights (largest first): find the edited joint's row by name.
  await expect(page.locator(`.inspector-weight[data-joint="${name}"]`)).toHaveValue('0.3000');
});

test('Copy takes the pinned vertex (else the selection average) and Paste puts it on the selection', async ({
  editor: page,
}) => {
  await enterSelect(page);
  const { elbow, wrist } = await forearm(page);
  // Pin a vertex on the elbow's joint (two influences there): Copy takes its weights.
  const joint = await elbowJoint(page);
  await page.mouse.click(joint.x, joint.y);
  await expect(page.getByTestId('inspected-vertex')).toHaveAttribute('data-pinned', 'true');
  const text = (await page.getByTestId('inspected-vertex').textContent())!;
  const [, vertex, primitive] = text.match(/Vertex (\d+) \(primitive (\d+)\)/)!.map(Number);
  const source = await page.evaluate(([p, v]) => window.skinsmith.editor.influences(p, v), [
    primitive,
    vertex,
  ] as const);
  expect(source.length).toBeGreaterThan(1);

  // Then select the whole forearm (the pin stays) and copy: the pinned vertex, not the average.
  const pad = 12;
  await drag(
    page,
    { x: Math.min(elbow.x, wrist.x) - pad, y: Math.min(elbow.y, wrist.y) - pad },
    { x: Math.max(elbow.x, wrist.x) + pad, y: Math.max(elbow.y, wrist.y) + pad },
  );
  const selected = await page.evaluate(() => window.skinsmith.editor.selection.vertices());
  expect(selected.length).toBeGreaterThan(10);
  await expect(page.getByTestId('inspected-vertex')).toHaveAttribute('data-pinned', 'true');
  await page.locator('[data-tool=Copy]').click();
  await expect(page.getByTestId('error-toast')).toContainText(`Copied vertex ${vertex}'s weights`);
  await page.locator('[data-tool=Paste]').click();
  await expect(page.getByTestId('error-toast')).toContainText('Paste:');
  const pasted = await page.evaluate(
    (list) => list.map(({ primitive: p, vertex: v }) => window.skinsmith.editor.influences(p, v)),
    selected,
  );
  const byName = (rows: { name: string; weight: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.name, Number(r.weight.toFixed(4))]));
  for (const rows of pasted) expect(byName(rows)).toEqual(byName(source));

  // Unpinned (Esc), Copy takes the selection's average and says so.
  await page.mouse.move(5, 300); // off the mesh: nothing under the pointer either
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspected-vertex')).toHaveCount(0);
  await page.locator('[data-tool=Copy]').click();
  await expect(page.getByTestId('error-toast')).toContainText(
    `Copied the average of ${selected.length} vertices`,
  );
  // News, not an alarm: an info toast, gone by itself after a few seconds.
  await expect(page.getByTestId('error-toast')).toHaveClass(/\binfo\b/);
  await expect(page.getByTestId('error-toast')).toBeHidden({ timeout: 10_000 });
});
