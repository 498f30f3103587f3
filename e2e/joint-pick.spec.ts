import { NodeIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import { buildMannequin, mannequinToDocument } from '../src/character/index.ts';
import { exportedGlb } from '../test/support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../test/support/shared-models.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

/**
 * Issue 26 item 4, with the real mouse: Ctrl+click on the mesh selects the joint with the most
 * weight there in every mode (no stroke, no selection change), the Sample joint button arms one
 * plain click, Ctrl+hold and Ctrl+right-click open the point's influences, and it works across
 * the skins of multi-part characters.
 */

const selected = (page: Page) => page.evaluate(() => window.skinsmith.selectedJoint()?.name ?? null);

/**
 * A page point near the joint's bone where the mesh's strongest influence is that joint (the
 * surface in front of the bone, found by asking what Ctrl+hold would list there).
 */
async function pointOn(page: Page, joint: string, minWeight = 0.5): Promise<{ x: number; y: number }> {
  const found = await page.evaluate(
    ([name, min]) => {
      const s = window.skinsmith;
      const start = s.boneScreenPoint(name);
      if (!start) return null;
      let best: { x: number; y: number; w: number } | null = null;
      for (let dy = -12; dy <= 12; dy += 2)
        for (let dx = -12; dx <= 12; dx += 2) {
          const list = s.influencesAt(start.x + dx, start.y + dy);
          if (list[0]?.name !== name || list[0].weight < min) continue;
          const w = list[0].weight - Math.hypot(dx, dy) / 1000;
          if (!best || w > best.w) best = { x: start.x + dx, y: start.y + dy, w };
        }
      return best;
    },
    [joint, minWeight] as const,
  );
  expect(found, `a point of ${joint} on the screen`).not.toBeNull();
  return { x: found!.x, y: found!.y };
}

async function ctrlClick(page: Page, p: { x: number; y: number }): Promise<void> {
  await page.mouse.move(p.x, p.y);
  await page.keyboard.down('Control');
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.up('Control');
}

test('Ctrl+click on the thumb selects its joint in every mode, and changes nothing else', async ({
  editor: page,
}) => {
  // Bones hidden: the click can only be the surface's.
  await page.evaluate(() => window.skinsmith.display({ bones: false }));
  // Close enough that the thumb is a target a mouse hits.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await page.keyboard.press('.');
  await page.evaluate(() => window.skinsmith.frame());
  const thumb = await pointOn(page, 'LeftHandThumb1');
  for (const mode of ['inspect', 'select', 'paint', 'pose'] as const) {
    await page.evaluate((m) => window.skinsmith.mode(m), mode);
    await page.evaluate(() => window.skinsmith.selectJoint('Hips'));
    const before = await page.evaluate(() => ({
      revision: window.skinsmith.editor.weightsRevision,
      selection: window.skinsmith.editor.selection.count,
      steps: window.skinsmith.editor.history.undoCount,
    }));
    await ctrlClick(page, thumb);
    await expect.poll(() => selected(page), mode).toBe('LeftHandThumb1');
    const after = await page.evaluate(() => ({
      revision: window.skinsmith.editor.weightsRevision,
      selection: window.skinsmith.editor.selection.count,
      steps: window.skinsmith.editor.history.undoCount,
    }));
    // No inverted dab in Paint mode, no deselection in Select mode, no undo step anywhere.
    expect(after, mode).toEqual(before);
  }

  // Ctrl+drag in Paint mode is still an inverted stroke.
  await page.evaluate(() => window.skinsmith.mode('paint'));
  const steps = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  await page.mouse.move(thumb.x, thumb.y);
  await page.keyboard.down('Control');
  await page.mouse.down();
  await page.mouse.move(thumb.x + 12, thumb.y + 2, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Control');
  await expect.poll(() => page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps + 1);
  // (It took weight off the thumb: back, so the thumb is the thumb's again.)
  await page.keyboard.press('Control+z');

  // The Sample joint button: one plain click picks (in Paint mode: no stroke), then it is off.
  await page.evaluate(() => window.skinsmith.selectJoint('Hips'));
  const button = page.getByTestId('sample-joint');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const revision = await page.evaluate(() => window.skinsmith.editor.weightsRevision);
  await page.mouse.click(thumb.x, thumb.y);
  await expect.poll(() => selected(page)).toBe('LeftHandThumb1');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => window.skinsmith.editor.weightsRevision)).toBe(revision);
  // J arms it too; Esc disarms.
  await page.keyboard.press('j');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});

test('Ctrl+hold and Ctrl+right-click list the point’s influences; choosing one selects it', async ({
  editor: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await page.keyboard.press('.');
  await page.evaluate(() => window.skinsmith.frame());
  // The elbow, where the arm and forearm share the weight.
  const elbow = await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm')!);
  const point = await page.evaluate(({ x, y }) => {
    // Along the arm towards the shoulder, the first point that weighs both.
    for (let dx = 0; dx > -200; dx -= 2) {
      const list = window.skinsmith.influencesAt(x + dx, y);
      if (list.length >= 2 && list[1].weight > 0.2) return { x: x + dx, y };
    }
    return null;
  }, elbow);
  expect(point).not.toBeNull();
  const expected = await page.evaluate(({ x, y }) => window.skinsmith.influencesAt(x, y), point!);

  await page.mouse.move(point!.x, point!.y);
  await page.keyboard.down('Control');
  await page.mouse.down();
  const menu = page.getByTestId('influence-menu');
  await expect(menu).toBeVisible();
  await page.mouse.up();
  await page.keyboard.up('Control');
  const items = menu.getByTestId('influence-menu-item');
  await expect(items).toHaveCount(expected.length);
  await expect(items.first()).toContainText(expected[0].name);
  await expect(items.first()).toContainText(expected[0].weight.toFixed(3));
  await expect(items.nth(1)).toContainText(expected[1].name);
  await page.screenshot({ path: 'tmp/influence-menu-1440.png' });
  // Releasing the hold selected nothing; choosing does.
  expect(await selected(page)).toBe('LeftForeArm');
  await items.nth(1).click();
  await expect(menu).toHaveCount(0);
  expect(await selected(page)).toBe(expected[1].name);

  // Ctrl+right-click opens it too; Esc closes it.
  await page.keyboard.down('Control');
  await page.mouse.click(point!.x, point!.y, { button: 'right' });
  await page.keyboard.up('Control');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});

test('glyphs on a fingered hand stay inside the fingers (screenshot from above)', async ({
  editor: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const data = buildMannequin({ targetVertices: 20_000, fingers: true });
  await dropFiles(page, [
    { name: 'Hand.glb', bytes: await new NodeIO().writeBinary(mannequinToDocument(data)) },
  ]);
  await waitForModel(page, 'Hand.glb');
  await page.evaluate(() => window.skinsmith.display({ heatmap: false }));
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHandMiddle2'));
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await page.keyboard.press('.');
  // Orbit to look down on the back of the hand (a left drag downwards in Inspect mode).
  const box = (await page.locator('.viewport-canvas canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.52, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(200); // the glyphs thin to the limbs just after the first frame
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: 'tmp/glyphs-hand-1440.png' });
  // Ctrl+click on a finger picks its phalanx, bones hidden or not.
  const finger = await pointOn(page, 'LeftHandIndex2', 0.4);
  await ctrlClick(page, finger);
  await expect.poll(() => selected(page)).toBe('LeftHandIndex2');
  await page.screenshot({ path: 'tmp/glyphs-hand-picked-1440.png' });
});

/** Ctrl+clicks one point of each of `parts` skins' surfaces: each selects that point's strongest joint. */
async function pickAcrossSkins(page: Page, skins: number) {
  const points = await page.evaluate((want) => {
    const s = window.skinsmith;
    const model = s.editor.requireModel();
    const canvas = document.querySelector('.viewport-canvas canvas')!.getBoundingClientRect();
    const found = new Map<number, { x: number; y: number; name: string }>();
    for (let y = canvas.top + 20; y < canvas.bottom - 20 && found.size < want; y += 9)
      for (let x = canvas.left + 20; x < canvas.right - 20 && found.size < want; x += 9) {
        const pick = s.paint.pick(x, y);
        if (!pick) continue;
        const skin = model.primitives[pick.primitive].skins[0];
        if (found.has(skin)) continue;
        const list = s.influencesAt(x, y);
        if (list[0] && list[0].weight > 0.6) found.set(skin, { x, y, name: list[0].name });
      }
    return [...found.values()];
  }, skins);
  expect(points.length).toBe(skins);
  for (const p of points) {
    await page.evaluate(() => window.skinsmith.selectJoint(null));
    await ctrlClick(page, p);
    await expect.poll(() => selected(page)).toBe(p.name);
  }
}

test('Ctrl+click picks from every skin of a multi-part character (four skins, one skeleton)', async ({
  editor: page,
}) => {
  await dropFiles(page, [{ name: 'modular.glb', bytes: await exportedGlb('multi-skin', 3000) }]);
  await waitForModel(page, 'modular.glb');
  await page.evaluate(() => window.skinsmith.display({ bones: false }));
  await pickAcrossSkins(page, 4);
});

test('Ctrl+click picks from every skin of the Quaternius character (shared model)', async ({
  editor: page,
}) => {
  test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
  const input = readSharedModel('QuaterniusPlatformerCharacter/Character.glb');
  await dropFiles(page, [{ name: input.name, bytes: input.bytes }]);
  await waitForModel(page, input.name);
  await page.evaluate(() => window.skinsmith.display({ bones: false }));
  const skins = await page.evaluate(() => window.skinsmith.stats().skins);
  expect(skins).toBe(4);
  await pickAcrossSkins(page, 3);
});
