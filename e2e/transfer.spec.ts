import { NodeIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import {
  addGarmentNode,
  buildGarment,
  buildMannequin,
  type Garment,
  garmentToDocument,
  mannequinToDocument,
} from '../src/character/index.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

// The app's built-in character (10k vertices) and a jacket fitted to it, made here in Node.
const body = buildMannequin({ targetVertices: 10_000 });
const jacket: Garment = buildGarment('jacket', body);

const row = (page: Page, name: string) =>
  page.locator('.joint-row', { has: page.locator('.joint-name', { hasText: new RegExp(`^${name}$`) }) });

/** Distance from each of `points` to the nearest of `cloud` (xyz flat), brute force. */
function nearestDistances(points: number[], cloud: number[]): Float64Array {
  const out = new Float64Array(points.length / 3);
  for (let i = 0; i < out.length; i++) {
    const x = points[i * 3];
    const y = points[i * 3 + 1];
    const z = points[i * 3 + 2];
    let best = Infinity;
    for (let j = 0; j < cloud.length; j += 3) {
      const d = (cloud[j] - x) ** 2 + (cloud[j + 1] - y) ** 2 + (cloud[j + 2] - z) ** 2;
      if (d < best) best = d;
    }
    out[i] = Math.sqrt(best);
  }
  return out;
}

/** Sum of a vertex's weights, as the editor holds them. */
async function weightSum(page: Page, primitive: number, vertex: number): Promise<number> {
  return page.evaluate(
    ([p, v]) => window.skinsmith.influences(p, v).reduce((s, i) => s + i.weight, 0),
    [primitive, vertex],
  );
}

test('Add to this character: a jacket joins the mannequin with transferred weights, and its sleeve follows the bent arm', async ({
  editor: page,
}) => {
  const bytes = await new NodeIO().writeBinary(garmentToDocument(jacket));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('transfer-add').click();
  await (await chooser).setFiles({
    name: 'jacket.glb',
    mimeType: 'model/gltf-binary',
    buffer: Buffer.from(bytes),
  });

  const result = page.getByTestId('transfer-result');
  await expect(result).toContainText('Add jacket.glb');
  const vertices = jacket.positions.length / 3;
  const matched = Number(
    ((await page.getByTestId('transfer-matched').textContent()) ?? '').replace(/,/g, ''),
  );
  const inpainted = Number(
    ((await page.getByTestId('transfer-inpainted').textContent()) ?? '').replace(/,/g, ''),
  );
  expect(matched + inpainted).toBe(vertices);
  expect(matched).toBeGreaterThan(vertices * 0.9);
  // The transfer view is on, with its key: no "unweighted" row, ever.
  const legend = page.getByTestId('transfer-legend');
  await expect(legend).toBeVisible();
  await expect(legend.locator('tr[data-status="0"]')).toHaveCount(0);
  const legendRow = (status: number) =>
    legend.locator(`tr[data-status="${status}"] [data-testid=transfer-legend-count]`);
  await expect(legendRow(1)).toHaveText(matched.toLocaleString('en-US'));
  await expect(legendRow(2)).toHaveText(inpainted.toLocaleString('en-US'));
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.primitives).toBe(2);
  expect(stats.skinnedVertices).toBe(stats.vertices);
  for (const v of [0, Math.floor(vertices / 2), vertices - 1])
    expect(await weightSum(page, 1, v)).toBeCloseTo(1, 5);

  // Pose mode: bend the left forearm with its slider; the sleeve goes with the arm.
  const rest = await page.evaluate(() => window.skinsmith.shownMesh());
  await row(page, 'LeftForeArm').click();
  await page.locator('[data-mode=pose]').click();
  const slider = page.getByTestId('pose-z').locator('input[type=range]');
  await slider.fill('90');
  await expect(page.getByTestId('pose-z').locator('input.number')).toHaveValue('90.0');
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: test.info().outputPath('jacket-bent-arm.png') });
  const bent = await page.evaluate(() => window.skinsmith.shownMesh());
  const [restBody, restJacket] = [rest[0].drawn, rest[1].drawn];
  const [bentBody, bentJacket] = [bent[0].drawn, bent[1].drawn];
  expect(bentJacket.length).toBe(vertices * 3);

  // The sleeve: jacket vertices the bend moved by more than 5 cm.
  const sleeve: number[] = [];
  for (let v = 0; v < vertices; v++) {
    const d = Math.hypot(
      bentJacket[v * 3] - restJacket[v * 3],
      bentJacket[v * 3 + 1] - restJacket[v * 3 + 1],
      bentJacket[v * 3 + 2] - restJacket[v * 3 + 2],
    );
    if (d > 0.05) sleeve.push(v);
  }
  expect(sleeve.length).toBeGreaterThan(200);
  const pick = (positions: number[]) => sleeve.flatMap((v) => positions.slice(v * 3, v * 3 + 3));
  const before = nearestDistances(pick(restJacket), restBody);
  const after = nearestDistances(pick(bentJacket), bentBody);
  // It stays on the forearm: each sleeve vertex keeps about its distance to the (bent) body.
  let kept = 0;
  for (let i = 0; i < sleeve.length; i++) if (Math.abs(after[i] - before[i]) < jacket.offset) kept++;
  expect(kept / sleeve.length).toBeGreaterThan(0.98);

  // The export (through the app's validator worker) is clean, the jacket in it, every vertex weighted.
  const exported = await page.evaluate(async () => {
    const r = await window.skinsmith.export();
    return { errors: r.validation.errors, warnings: r.validation.warnings, histogram: r.histogram };
  });
  expect(exported).toMatchObject({ errors: 0, warnings: 0 });
  expect(exported.histogram[0]).toBe(0);
  expect(exported.histogram.reduce((a, b) => a + b, 0)).toBe(stats.vertices);

  // One undo step takes the jacket off again.
  await page.locator('[data-mode=inspect]').click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().primitives)).toBe(1);
  await expect(result).toHaveCount(0);
});

test('Transfer onto a mesh already in the file: ticked by default, weighted in one undo step', async ({
  editor: page,
}) => {
  // The mannequin with an unskinned skirt beside it in the same file (a modeller's new garment).
  const document = mannequinToDocument(body);
  const skirt = buildGarment('skirt', body, { style: 'remeshed' });
  addGarmentNode(document, skirt, { name: 'Skirt' });
  const bytes = await new NodeIO().writeBinary(document);
  await dropFiles(page, [{ name: 'dressed.glb', bytes }]);
  await waitForModel(page, 'dressed.glb');

  const section = page.getByTestId('transfer-section');
  await expect(section.locator('input[name=transfer-target][type=checkbox]:checked')).toHaveCount(1);
  await expect(section.getByLabel('Skirt').first()).toBeChecked();
  await page.getByTestId('transfer-run').click();
  await expect(page.getByTestId('transfer-result')).toContainText('Transfer weights: Skirt');
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.skinnedVertices).toBe(stats.vertices);
  const skirtPrimitive = stats.primitives - 1;
  expect(await weightSum(page, skirtPrimitive, 0)).toBeCloseTo(1, 5);

  // No bleed across the legs: below the hips, off the centre line, no vertex carries the other
  // leg's joints (the mannequin's left is +x).
  const bled = await page.evaluate((p) => {
    const surface = window.skinsmith.shownMesh()[p].surface;
    let count = 0;
    let checked = 0;
    for (let v = 0; v < surface.length / 3; v++) {
      const x = surface[v * 3];
      if (surface[v * 3 + 1] > 0.9 || Math.abs(x) < 0.09) continue;
      checked++;
      const other = x > 0 ? 'Right' : 'Left';
      const leg = new RegExp(`^${other}(UpLeg|Leg|Foot|ToeBase)$`);
      if (window.skinsmith.influences(p, v).some((i) => i.weight > 0.01 && leg.test(i.name))) count++;
    }
    return { count, checked };
  }, skirtPrimitive);
  expect(bled.checked).toBeGreaterThan(100);
  expect(bled.count).toBe(0);

  await page.keyboard.press('Control+z');
  await expect
    .poll(() => page.evaluate(() => window.skinsmith.stats().skinnedVertices))
    .toBeLessThan(stats.vertices);
});

test('the default targets: loose garments yes, a rigid prop under a joint no, a scene of many props none', async ({
  editor: page,
}) => {
  const section = page.getByTestId('transfer-section');
  const ticked = () =>
    section
      .locator('input[name=transfer-target]:checked')
      .evaluateAll((boxes) => boxes.map((b) => b.parentElement?.textContent?.trim()));

  // A jacket at the root and a helmet-like prop parented to the head joint (it moves rigidly).
  const document = mannequinToDocument(body);
  addGarmentNode(document, jacket, { name: 'Jacket' });
  const helmet = addGarmentNode(document, buildGarment('shirt', body), { name: 'Helmet' });
  const head = document
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === 'Head')!;
  for (const scene of document.getRoot().listScenes()) scene.removeChild(helmet);
  head.addChild(helmet);
  await dropFiles(page, [{ name: 'prop.glb', bytes: await new NodeIO().writeBinary(document) }]);
  await waitForModel(page, 'prop.glb');
  expect(await ticked()).toEqual(['Jacket']);
  await page.getByTestId('transfer-run').click();
  await expect(page.getByTestId('transfer-result')).toContainText('Transfer weights: Jacket —');
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.skinnedVertices).toBeLessThan(stats.vertices); // the helmet stays a rigid prop

  // Five loose meshes: a scene, not a dressing: nothing is ticked until the rigger says so.
  const scene = mannequinToDocument(body);
  for (let i = 0; i < 5; i++) addGarmentNode(scene, jacket, { name: `Prop${i}`, translation: [i, 0, 2] });
  await dropFiles(page, [{ name: 'scene.glb', bytes: await new NodeIO().writeBinary(scene) }]);
  // The transfer is unsaved work: opening another file asks first.
  await page.getByTestId('unsaved-dialog').getByRole('button', { name: 'Don’t save' }).click();
  await waitForModel(page, 'scene.glb');
  expect(await ticked()).toEqual([]);
  await expect(page.getByTestId('transfer-run')).toBeDisabled();
  await expect(section).toContainText('Tick the meshes to give weights.');
});
