import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { pointerAway } from './paint-helpers.ts';
import { difference, type Pixels, viewportPixels } from './pixels.ts';

/** Fraction of the central half of the view (where the mannequin stands, away from the overlays) that changed. */
function centreDifference(a: Pixels, b: Pixels): number {
  let changed = 0;
  let total = 0;
  for (let y = Math.floor(a.height / 4); y < (a.height * 3) / 4; y++) {
    for (let x = Math.floor(a.width / 4); x < (a.width * 3) / 4; x++) {
      const i = (y * a.width + x) * 3;
      const d =
        Math.abs(a.rgb[i] - b.rgb[i]) +
        Math.abs(a.rgb[i + 1] - b.rgb[i + 1]) +
        Math.abs(a.rgb[i + 2] - b.rgb[i + 2]);
      total++;
      if (d > 24) changed++;
    }
  }
  return changed / total;
}

/** The legend's rows: influence count → vertices, as the page shows them. */
async function legend(page: Page): Promise<Map<number, number>> {
  const rows = page.getByTestId('influence-legend').locator('tbody tr');
  const out = new Map<number, number>();
  for (const row of await rows.all()) {
    const count = Number(await row.getAttribute('data-count'));
    const text = (await row.getByTestId('legend-count').textContent())!;
    out.set(count, Number(text.replace(/,/g, '')));
  }
  return out;
}

/** Vertices per influence count over every skinned primitive, counted by the editor. */
function editorHistogram(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ed = window.skinsmith.editor;
    const h = new Array(9).fill(0);
    for (const p of ed.requireModel().primitives)
      for (const n of ed.tools.checks.influenceCounts(p.id)) h[n]++;
    return h;
  });
}

/**
 * A vertex of primitive 0 that is alone at its position (no seam partner: selecting it selects one
 * vertex) and has exactly `influences` influences, and a joint that does not influence it.
 */
function loneVertex(page: Page, influences: number): Promise<{ vertex: number; joint: string }> {
  return page.evaluate((n) => {
    const ed = window.skinsmith.editor;
    const names = [...ed.requireModel().joints.values()].map((j) => j.name);
    for (let v = 0; v < ed.requireModel().primitives[0].weights.vertexCount; v += 7) {
      const inf = ed.influences(0, v);
      if (inf.length !== n) continue;
      const alone = ed.selection.setVertices(0, [v]) === 1;
      ed.selection.none();
      const joint = names.find((name) => name !== 'Hips' && !inf.some((i) => i.name === name));
      if (alone && joint) return { vertex: v, joint };
    }
    throw new Error(`no lone vertex with ${n} influences`);
  }, influences);
}

test('the influence-count view colours the mesh and its legend counts every vertex, live', async ({
  editor: page,
}) => {
  await pointerAway(page);
  const heat = await viewportPixels(page);
  await page.locator('[data-command=influences]').click();
  await expect(page.locator('[data-command=influences]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('influence-legend')).toBeVisible();
  // The panel's heat map key gives way, saying how to get the heat map back.
  await expect(page.getByTestId('heatmap-hidden')).toBeVisible();
  const counts = await viewportPixels(page);
  expect(centreDifference(heat, counts)).toBeGreaterThan(0.03);

  const shown = await legend(page);
  const skinned = await page.evaluate(() => window.skinsmith.stats().skinnedVertices);
  expect([...shown.values()].reduce((a, b) => a + b, 0)).toBe(skinned);
  await expect(page.getByTestId('legend-total')).toHaveText(skinned.toLocaleString('en-US'));
  // Each row is the editor's own count, and the mannequin has several counts to tell apart.
  const histogram = await editorHistogram(page);
  for (const [n, vertices] of shown) expect(vertices).toBe(histogram[n]);
  expect([...shown.values()].filter((v) => v > 0).length).toBeGreaterThan(1);

  // An edit that gives a one-influence vertex a second influence moves it to the next row.
  const { vertex, joint } = await loneVertex(page, 1);
  await page.evaluate(([v, j]) => window.skinsmith.editor.setInfluence(0, v, j, 0.3), [
    vertex,
    joint,
  ] as const);
  await expect.poll(async () => (await legend(page)).get(1)).toBe(histogram[1] - 1);
  expect((await legend(page)).get(2)).toBe(histogram[2] + 1);

  // The view colours the skinned surface: bending the elbow moves the coloured forearm.
  const straight = await viewportPixels(page);
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 90]));
  expect(difference(straight, await viewportPixels(page))).toBeGreaterThan(0.003);
  await page.evaluate(() => window.skinsmith.pose.reset());

  // H brings the heat map back; the count view's colours are gone.
  await page.keyboard.press('h');
  await expect(page.getByTestId('influence-legend')).toBeHidden();
  await expect(page.getByTestId('heatmap-hidden')).toBeHidden();
  expect(centreDifference(heat, await viewportPixels(page))).toBeLessThan(0.01);
});

test('the quantise preview shows unorm8 weights and never changes the editor weights', async ({
  editor: page,
}) => {
  // An influence unorm8 cannot hold (0.001 × 255 rounds to 0): the preview drops it.
  const { vertex, joint } = await loneVertex(page, 2);
  await page.evaluate(([v, j]) => window.skinsmith.editor.setInfluence(0, v, j, 0.001), [
    vertex,
    joint,
  ] as const);
  expect(await page.evaluate((v) => window.skinsmith.editor.influences(0, v).length, vertex)).toBe(3);
  const weights = () =>
    page.evaluate(() =>
      window.skinsmith.editor.requireModel().primitives.map((p) => ({
        joints: Array.from(p.weights.joints),
        weights: Array.from(p.weights.weights),
      })),
    );
  const before = await weights();
  await page.evaluate(() => window.skinsmith.display({ influences: true }));
  const exact = await legend(page);

  await page.getByTestId('quantize-toggle').check();
  await expect(page.getByTestId('quantize-badge')).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Preview only' })).toBeVisible();
  expect(await page.evaluate(() => window.skinsmith.display())).toMatchObject({ quantize: true });
  // The count view now counts the preview: at least our vertex lost its 0.001 influence.
  await expect.poll(async () => (await legend(page)).get(3)).toBeLessThan(exact.get(3)!);
  expect(await weights()).toEqual(before);

  await page.getByTestId('quantize-toggle').uncheck();
  await expect(page.getByTestId('quantize-badge')).toBeHidden();
  expect(await weights()).toEqual(before);
  expect(await legend(page)).toEqual(exact);
});

test('clicking a problem selects its vertex, inspects it and frames it; a joint problem selects the joint', async ({
  editor: page,
}) => {
  // A problem to find: a lone vertex gets an influence below the prune threshold (0.01).
  const { vertex, joint } = await loneVertex(page, 2);
  await page.evaluate(([v, j]) => window.skinsmith.editor.setInfluence(0, v, j, 0.004), [
    vertex,
    joint,
  ] as const);
  const report = await page.evaluate(() => window.skinsmith.editor.tools.checks.problems());
  expect(report.items).toContainEqual(expect.objectContaining({ kind: 'below-prune', primitive: 0, vertex }));

  const group = page.locator('.problem-group[data-kind=below-prune]');
  await expect(group.getByTestId('problem-count')).toHaveText(
    report.counts['below-prune'].toLocaleString('en-US'),
  );
  const item = group.getByTestId('problem-item').filter({ hasText: `Vertex ${vertex} ` });
  await expect(item).toContainText(joint);

  await pointerAway(page);
  const before = await viewportPixels(page);
  await item.click();
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  expect(await page.evaluate(() => window.skinsmith.editor.selection.vertices())).toEqual([
    { primitive: 0, vertex },
  ]);
  // Pinned in the Inspector (the pointer wandering off does not replace it).
  await expect(page.getByTestId('inspected-vertex')).toContainText(`Vertex ${vertex} (primitive 0)`);
  await expect(page.getByTestId('inspected-vertex')).toHaveAttribute('data-pinned', 'true');
  await expect(page.locator(`.inspector-weight[data-joint="${joint}"]`)).toHaveValue('0.0040');
  // The camera moved in on it.
  expect(centreDifference(before, await viewportPixels(page))).toBeGreaterThan(0.1);

  // Joints with no weight (the mannequin's end joints): a click selects the joint.
  const jointItem = page
    .locator('.problem-group[data-kind=unweighted-joint]')
    .getByTestId('problem-item')
    .first();
  const name = (await jointItem.textContent())!;
  await jointItem.click();
  await expect(page.getByTestId('selected-joint')).toHaveText(name);
  expect(await page.evaluate(() => window.skinsmith.selectedJoint()?.vertexCount)).toBe(0);
});

test('Selection only lists the problems of the selected vertices, and follows the selection', async ({
  editor: page,
}) => {
  const limitCount = (options: { selectionOnly: boolean }) =>
    page.evaluate((o) => window.skinsmith.editor.tools.checks.problems(o).counts['at-limit'], options);
  const count = page.locator('.problem-group[data-kind=at-limit]').getByTestId('problem-count');
  const all = await limitCount({ selectionOnly: false });
  expect(all).toBeGreaterThan(10);
  await expect(count).toHaveText(all.toLocaleString('en-US'));

  const toggle = page.getByTestId('problems-selection-only');
  await toggle.check();
  // Nothing selected: everything is checked, as the tools work on everything, and the panel says so.
  await expect(page.getByTestId('problems-nothing-selected')).toBeVisible();
  await expect(count).toHaveText(all.toLocaleString('en-US'));

  // A selection with vertices at the limit and without: the list counts only the selected.
  await page.evaluate(() => window.skinsmith.editor.selection.byJoint('Spine1', { threshold: 0.3 }));
  const some = await limitCount({ selectionOnly: true });
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThan(all);
  await expect(page.getByTestId('problems-nothing-selected')).toBeHidden();
  await expect(count).toHaveText(some.toLocaleString('en-US'));
  await expect(toggle).toHaveAccessibleName(/Selection only \([\d,]+ vertices\)/);

  await toggle.uncheck();
  await expect(count).toHaveText(all.toLocaleString('en-US'));
});
