import { expect, test } from './fixtures.ts';
import { difference, redFraction, viewportPixels } from './pixels.ts';

test('display toggles change the picture, from the keyboard and the toolbar', async ({ editor: page }) => {
  const heat = await viewportPixels(page);
  await page.keyboard.press('h');
  expect((await page.evaluate(() => window.skinsmith.display())).heatmap).toBe(false);
  await expect(page.locator('[data-command=heatmap]')).toHaveAttribute('aria-pressed', 'false');
  const plain = await viewportPixels(page);
  expect(difference(heat, plain)).toBeGreaterThan(0.01);
  await page.locator('[data-command=wireframe]').click();
  const wire = await viewportPixels(page);
  expect(difference(plain, wire)).toBeGreaterThan(0.005);
  await page.keyboard.press('b');
  expect((await page.evaluate(() => window.skinsmith.display())).bones).toBe(false);
  expect(difference(wire, await viewportPixels(page))).toBeGreaterThan(0.001);
});

test('weight edits are re-uploaded to the viewport', async ({ editor: page }) => {
  const before = await viewportPixels(page);
  // Give every vertex fully to the selected joint, in place, and tell the viewport which range changed.
  await page.evaluate(() => {
    const { editor } = window.skinsmith;
    const model = editor.requireModel();
    const prim = model.primitives[0];
    const local = model.skins[prim.skins[0]].joints.indexOf(editor.selectedJoint!);
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    for (let v = 0; v < vertexCount; v++) {
      for (let i = 0; i < K; i++) {
        joints[v * K + i] = i === 0 ? local : 0;
        weights[v * K + i] = i === 0 ? 1 : 0;
      }
    }
    editor.events.emit('weights', [{ primitive: 0, start: 0, end: vertexCount }]);
  });
  const after = await viewportPixels(page);
  expect(redFraction(after)).toBeGreaterThan(redFraction(before) + 0.05);
});

test('a model with eight influences per vertex (two sets) is drawn with its heat map', async ({
  editor: page,
}) => {
  const stats = await page.evaluate(async () => {
    const { editor } = window.skinsmith;
    // The mannequin's document with an (empty) second JOINTS/WEIGHTS set makes the editor keep K = 8.
    const doc = editor.requireModel().document;
    const buffer = doc.getRoot().listBuffers()[0];
    for (const mesh of doc.getRoot().listMeshes()) {
      for (const prim of mesh.listPrimitives()) {
        const n = prim.getAttribute('POSITION')!.getCount();
        const acc = (array: Uint16Array | Float32Array) =>
          doc.createAccessor().setType('VEC4').setArray(array).setBuffer(buffer);
        prim.setAttribute('JOINTS_1', acc(new Uint16Array(n * 4)));
        prim.setAttribute('WEIGHTS_1', acc(new Float32Array(n * 4)));
      }
    }
    const model = editor.loadDocument(doc, 'Eight.glb');
    await window.skinsmith.ready;
    return { K: model.primitives[0].weights.influences };
  });
  expect(stats.K).toBe(8);
  await page.waitForFunction(
    () => window.skinsmith.stats().drawn && window.skinsmith.stats().fileName === 'Eight.glb',
  );
  const heat = await viewportPixels(page);
  await page.evaluate(() => window.skinsmith.display({ heatmap: false }));
  expect(difference(heat, await viewportPixels(page))).toBeGreaterThan(0.01);
});

test('at 1280 px every toolbar button is on screen, the settings panel toggle included', async ({
  editor: page,
}) => {
  const toolbar = (await page.getByRole('toolbar', { name: 'Editor tools' }).boundingBox())!;
  const buttons = page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(15);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, (await button.getAttribute('title')) ?? '').toBeLessThanOrEqual(
      toolbar.x + toolbar.width,
    );
  }
  await expect(page.getByTitle('Settings panel (Ctrl+])')).toBeInViewport({ ratio: 1 });
});
