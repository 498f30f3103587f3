/**
 * After a bind the Auto-bind panel says what looks wrong, and a click on a finding selects its
 * joint, turns the heat map on and frames it (issue 26, "Auto-bind without a warning").
 */
import { NodeIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import { buildMannequin, mannequinToDocument } from '../src/character/index.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';

/** Runs auto-bind from the toolbar's panel with the mouse; returns the panel once it is done. */
async function runFromPanel(page: Page) {
  await page.locator('[data-command=autobind]').click();
  const panel = page.getByRole('region', { name: 'Auto-bind' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByRole('status')).toContainText('undo in one step', { timeout: 60_000 });
  return panel;
}

test('a clean bind says nothing looks wrong, and no end joint holds weight', async ({ editor: page }) => {
  const panel = await runFromPanel(page);
  await expect(panel.locator('.ab-findings')).toContainText('Nothing looks wrong');
  const endWeight = await page.evaluate(() => {
    const model = window.skinsmith.editor.requireModel();
    let total = 0;
    for (const p of model.primitives) {
      const joints = model.skins[p.skins[0]].joints;
      for (let i = 0; i < p.weights.weights.length; i++) {
        const name = model.joints.get(joints[p.weights.joints[i]])?.name ?? '';
        if (/_End$/.test(name)) total += p.weights.weights[i];
      }
    }
    return total;
  });
  expect(endWeight).toBe(0);
});

test('a finding lists a joint left without weight; its click selects it, shows its heat map and frames it', async ({
  editor: page,
}, testInfo) => {
  // A rig whose right toe tip is not named as an end joint (RightToeTip, not RightToe_End): it
  // is bound like a bone, its bone lies outside the foot, and it ends up holding no weight.
  const doc = mannequinToDocument(buildMannequin({ targetVertices: 3000 }));
  doc
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === 'RightToe_End')!
    .setName('RightToeTip');
  await loadInPage(page, await new NodeIO().writeBinary(doc), 'OddTip.glb');
  await page.waitForFunction(
    () => window.skinsmith.stats().fileName === 'OddTip.glb' && window.skinsmith.stats().drawn,
  );

  const panel = await runFromPanel(page);
  const findings = panel.getByRole('list', { name: 'Auto-bind findings' }).getByRole('button');
  await expect(findings).toHaveCount(1);
  await expect(findings.first()).toContainText('RightToeTip holds no weight');
  await page.screenshot({ path: testInfo.outputPath('autobind-findings.png') });

  const canvas = page.locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const offCentre = async () => {
    const p = await page.evaluate(() => window.skinsmith.boneScreenPoint('RightToeBase'));
    return Math.hypot(p!.x - centre.x, p!.y - centre.y) / box.width;
  };
  const before = await offCentre();
  expect(before).toBeGreaterThan(0.1); // the toe is near the bottom of the full-body view

  await findings.first().click();
  await page.evaluate(() => window.skinsmith.frame());
  const selected = await page.evaluate(() => {
    const { editor } = window.skinsmith;
    return editor.requireModel().joints.get(editor.selectedJoint ?? -1)?.name;
  });
  expect(selected).toBe('RightToeTip');
  expect((await page.evaluate(() => window.skinsmith.display())).heatmap).toBe(true);
  // Framed: the toe is now near the middle of the view, and seen closer.
  expect(await offCentre()).toBeLessThan(before / 2);
  await page.screenshot({ path: testInfo.outputPath('autobind-finding-framed.png') });
});
