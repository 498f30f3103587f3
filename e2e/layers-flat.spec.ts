/**
 * Issue 15's promise, checked the way a rigger would: the same strokes, with the mouse, painted
 * flat and on a new layer above an auto-bind base, export the same weights — bit for bit. The
 * strokes use every blending brush (Draw, Add, Subtract, Smooth), a mirrored one and a Ctrl one.
 */
import { expect, test } from './fixtures.ts';
import { drag, enterPaint, pointerAway } from './paint-helpers.ts';
import { readAllWeights } from './persist-helpers.ts';

type Stroke = { joint: string; from: string; to: string; brush: Record<string, unknown>; keys?: string[] };

const STROKES: Stroke[] = [
  {
    joint: 'LeftForeArm',
    from: 'LeftForeArm',
    to: 'LeftHand',
    brush: { brush: 'draw', weight: 1, strength: 0.6 },
  },
  {
    joint: 'LeftArm',
    from: 'LeftArm',
    to: 'LeftForeArm',
    brush: { brush: 'add', strength: 0.5, mirror: true },
  },
  {
    joint: 'LeftUpLeg',
    from: 'LeftUpLeg',
    to: 'LeftLeg',
    brush: { brush: 'subtract', strength: 0.4, mirror: false },
  },
  { joint: 'LeftForeArm', from: 'LeftArm', to: 'LeftHand', brush: { brush: 'smooth', strength: 0.8 } },
  {
    joint: 'LeftLeg',
    from: 'LeftLeg',
    to: 'LeftFoot',
    brush: { brush: 'draw', weight: 0.7, strength: 1 },
    keys: ['Control'],
  },
];

async function paintAll(page: import('@playwright/test').Page): Promise<void> {
  for (const s of STROKES) {
    await page.evaluate(({ joint, brush }) => {
      window.skinsmith.selectJoint(joint);
      window.skinsmith.brush(brush);
    }, s);
    const a = await page.evaluate((n) => window.skinsmith.boneScreenPoint(n), s.from);
    const b = await page.evaluate((n) => window.skinsmith.boneScreenPoint(n), s.to);
    expect(a && b).toBeTruthy();
    await drag(page, a!, b!, s.keys ?? []);
  }
  await pointerAway(page);
}

async function exportedBytes(page: import('@playwright/test').Page): Promise<number[]> {
  return page.evaluate(async () => {
    const r = await window.skinsmith.export();
    if (r.validation.errors !== 0) throw new Error(`${r.validation.errors} validator errors`);
    return [...r.bytes!];
  });
}

test('the same strokes flat and on a layer above an auto-bind base export identical weights', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  // The base: auto-bind from its panel.
  await page.locator('[data-command=autobind]').click();
  const panel = page.getByRole('region', { name: 'Auto-bind' });
  await panel.getByText('Custom', { exact: true }).click();
  await panel.locator('input[name=resolution]').fill('128');
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByRole('status')).toContainText('undo in one step', { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  const bound = await readAllWeights(page);
  const undoBase = await page.evaluate(() => window.skinsmith.editor.history.undoCount);

  // Flat.
  await enterPaint(page);
  await paintAll(page);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(
    undoBase + STROKES.length,
  );
  const flat = await readAllWeights(page);
  expect(flat).not.toEqual(bound);
  const flatBytes = await exportedBytes(page);

  // Back to the base, then the same strokes on a new layer.
  for (let i = 0; i < STROKES.length; i++) await page.keyboard.press('Control+z');
  expect(await readAllWeights(page)).toEqual(bound);
  await page.getByTestId('layer-add').click();
  await expect(page.getByTestId('layer-row')).toHaveCount(2);
  await paintAll(page);
  await expect(page.getByTestId('layer-row').first().locator('.layer-meta')).not.toHaveText('0 v');
  expect(await readAllWeights(page)).toEqual(flat);
  // The whole file, byte for byte: the layers live in the editor, the export is the composition.
  expect(await exportedBytes(page)).toEqual(flatBytes);

  // Hiding the layer gives the auto-bind base back.
  await page.getByTestId('layer-row').first().getByTestId('layer-eye').click();
  expect(await readAllWeights(page)).toEqual(bound);
});
