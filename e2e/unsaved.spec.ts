/**
 * Opening another file over unsaved work asks first (issue 26), as desktop tools do: Save
 * project, Don't save, or Cancel — for Open (the toolbar, with the system file chooser) and for
 * a drop. Scripts open without a question.
 */
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { drag, enterPaint, forearm } from './paint-helpers.ts';
import { readAllWeights } from './persist-helpers.ts';

test('Open and drop over unsaved work ask: Cancel keeps it, Don’t save opens, Save project downloads then opens', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  const glb = Uint8Array.from(
    await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]),
  );
  const paint = async () => {
    await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
    await page.evaluate(() =>
      window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }),
    );
    // P toggles Paint and Inspect; the mode stays when a file opens.
    if ((await page.locator('[data-mode=paint]').getAttribute('aria-pressed')) !== 'true')
      await enterPaint(page);
    const { elbow, wrist } = await forearm(page);
    await drag(page, elbow, wrist);
    expect(await page.evaluate(() => window.skinsmith.editor.hasUnexportedEdits)).toBe(true);
  };
  const dialog = page.getByTestId('unsaved-dialog');

  // Nothing unsaved: a drop opens at once.
  await dropFiles(page, [{ name: 'Fresh.glb', bytes: glb }]);
  await waitForModel(page, 'Fresh.glb');
  await expect(dialog).toBeHidden();

  // A stroke, then a drop: the question; Cancel (Esc too) keeps the work as it was.
  await paint();
  const painted = await readAllWeights(page);
  await dropFiles(page, [{ name: 'Other.glb', bytes: glb }]);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Save changes to Fresh.glb?');
  await expect(dialog).toContainText('Opening Other.glb replaces it.');
  await expect(dialog.getByRole('button', { name: 'Save project' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await dropFiles(page, [{ name: 'Other.glb', bytes: glb }]);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.evaluate(() => window.skinsmith.frame());
  expect(await page.evaluate(() => window.skinsmith.stats().fileName)).toBe('Fresh.glb');
  expect(await readAllWeights(page)).toEqual(painted);

  // Don't save: the file opens.
  await dropFiles(page, [{ name: 'Other.glb', bytes: glb }]);
  await dialog.getByRole('button', { name: 'Don’t save' }).click();
  await waitForModel(page, 'Other.glb');

  // Open from the toolbar over new work: Save project downloads the project, then the file opens.
  await paint();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('[data-command=open]').click();
  await (await chooser).setFiles([
    { name: 'Third.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(glb) },
  ]);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Save changes to Other.glb?');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  expect((await download).suggestedFilename()).toBe('Other.skinsmith.glb');
  await waitForModel(page, 'Third.glb');

  // Scripts are not asked: the editor API stays scriptable over unsaved work.
  await paint();
  await page.evaluate((bytes) => window.skinsmith.load(Uint8Array.from(bytes), 'Scripted.glb'), [...glb]);
  await waitForModel(page, 'Scripted.glb');
  await expect(dialog).toBeHidden();
});
