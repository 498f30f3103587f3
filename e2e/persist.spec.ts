import { readFileSync } from 'node:fs';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { pointerAway } from './paint-helpers.ts';
import { paintStroke, readAllWeights, waitForAutosave } from './persist-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

const ready = { timeout: 60_000 };

test('a painted stroke survives closing the tab: the restore offer brings the weights back bit for bit', async ({
  page,
  context,
  pageErrors,
}) => {
  void pageErrors;
  test.setTimeout(120_000);
  await page.goto('/');
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  // Opening the page saved nothing: only work starts a session.
  expect(await page.evaluate(() => window.skinsmith.persist.status().active)).toBe(false);
  await expect(page.getByTestId('restore-offer')).toBeHidden();

  await page.evaluate(() => window.skinsmith.editor.setLocked('Spine', true));
  await paintStroke(page, 'LeftArm');
  const started = Date.now();
  const sessionId = await waitForAutosave(page);
  // Saved within 2 s of the stroke.
  expect(Date.now() - started).toBeLessThan(2500);
  const painted = await readAllWeights(page);
  const selected = await page.evaluate(() => window.skinsmith.editor.selectedJoint);
  expect(await page.evaluate(() => window.skinsmith.editor.hasUnexportedEdits)).toBe(true);

  // Closing with edits not exported asks first (the browser's own dialog); the user leaves anyway.
  await page.mouse.click(640, 700); // a user gesture: browsers ask only on pages the user touched
  const dialog = page.waitForEvent('dialog');
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
  await closed;

  const again = await context.newPage();
  const errors: string[] = [];
  again.on('pageerror', (err) => errors.push(err.message));
  await again.goto('/');
  const offer = again.getByTestId('restore-offer');
  await expect(offer).toBeVisible();
  const row = offer.getByTestId('saved-session').first();
  await expect(row).toContainText('Mannequin.glb');
  await expect(row).toContainText('vertices');
  await expect(row).toHaveAttribute('data-session', sessionId);
  await again.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await again.waitForFunction(() => window.skinsmith.stats().drawn, null, ready);

  expect(await readAllWeights(again)).toEqual(painted);
  const state = await again.evaluate(() => ({
    locked: window.skinsmith
      .joints()
      .filter((j) => j.locked)
      .map((j) => j.name),
    selected: window.skinsmith.editor.selectedJoint,
    radius: window.skinsmith.editor.paint.settings.radius,
    unexported: window.skinsmith.editor.hasUnexportedEdits,
    session: window.skinsmith.persist.status().sessionId,
  }));
  expect(state).toEqual({ locked: ['Spine'], selected, radius: 0.15, unexported: true, session: sessionId });
  expect(errors).toEqual([]);
});

test('a named pose survives a reload: restored, it is in the list and bends the arm again', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 90]));
  await page.getByLabel('Pose name').fill('elbow 90');
  await page.getByLabel('Pose name').press('Enter');
  await expect(page.getByRole('list', { name: 'Saved poses' })).toContainText('elbow 90');
  // Back to the bind pose, so that what bends the arm after the reload is the named pose.
  await page.getByTestId('pose-reset-all').click();
  await waitForAutosave(page);
  const saved = await page.evaluate(() => window.skinsmith.editor.pose.exportPoses());
  expect(Object.keys(saved)).toEqual(['elbow 90']);

  await page.reload();
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toBeVisible();
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  await offer.getByTestId('saved-session').first().getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await page.waitForFunction(() => window.skinsmith.stats().drawn, null, ready);
  expect(await page.evaluate(() => window.skinsmith.editor.pose.posed)).toBe(false);

  const list = page.getByRole('list', { name: 'Saved poses' });
  await expect(list).toContainText('elbow 90');
  await pointerAway(page);
  const bind = await viewportPixels(page);
  await list.getByRole('button', { name: 'elbow 90', exact: true }).click();
  await page.evaluate(() => window.skinsmith.frame());
  const rotation = await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'));
  expect(rotation[2]).toBeCloseTo(90, 6);
  expect(difference(bind, await viewportPixels(page))).toBeGreaterThan(0.002);
});

test('Start fresh closes the offer and keeps the sessions; opening a file to look at it saves nothing', async ({
  editor: page,
}) => {
  await paintStroke(page, 'RightArm');
  await waitForAutosave(page);
  await page.reload();
  await expect(page.getByTestId('restore-offer')).toBeVisible();
  await page.getByRole('button', { name: 'Start fresh' }).click();
  await expect(page.getByTestId('restore-offer')).toBeHidden();
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  const glb = await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]);
  await dropFiles(page, [{ name: 'Looked.glb', bytes: Uint8Array.from(glb) }]);
  await waitForModel(page, 'Looked.glb');
  await page.evaluate(() => window.skinsmith.persist.flush());
  const sessions = await page.evaluate(() => window.skinsmith.persist.sessions());
  expect(sessions.map((s) => s.fileName)).toEqual(['Mannequin.glb']);
});

test('Save project (Ctrl+S) downloads a .skinsmith.glb that opens with its weights and state', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.editor.setLocked('Neck', true));
  await paintStroke(page, 'LeftForeArm');
  await page.evaluate(() => window.skinsmith.editor.paint.setSettings({ radius: 0.07, mirror: true }));
  const painted = await readAllWeights(page);
  const selected = await page.evaluate(() => window.skinsmith.editor.selectedJoint);
  await expect(page.getByTitle(/^Save project.*\(Ctrl\+S\)$/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const file = await download;
  expect(file.suggestedFilename()).toBe('Mannequin.skinsmith.glb');
  const bytes = new Uint8Array(readFileSync((await file.path())!));
  // The project holds the work: closing the tab no longer asks.
  expect(await page.evaluate(() => window.skinsmith.editor.hasUnexportedEdits)).toBe(false);

  // Elsewhere: another model open, other settings; then the project dropped in like any file.
  const glb = await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]);
  await dropFiles(page, [{ name: 'Other.glb', bytes: Uint8Array.from(glb) }]);
  await waitForModel(page, 'Other.glb');
  await page.evaluate(() => window.skinsmith.editor.paint.setSettings({ radius: 0.3, mirror: false }));
  await dropFiles(page, [{ name: file.suggestedFilename(), bytes }]);
  await waitForModel(page, 'Mannequin.skinsmith.glb');

  expect(await readAllWeights(page)).toEqual(painted);
  expect(
    await page.evaluate(() => ({
      locked: window.skinsmith
        .joints()
        .filter((j) => j.locked)
        .map((j) => j.name),
      selected: window.skinsmith.editor.selectedJoint,
      radius: window.skinsmith.editor.paint.settings.radius,
      mirror: window.skinsmith.editor.paint.settings.mirror,
    })),
  ).toEqual({ locked: ['Neck'], selected, radius: 0.07, mirror: true });
  await expect(page.getByTestId('status-notice')).toContainText('Opened the project');
});

test('a full disk is shown as a banner with what to do, until saving works again', async ({
  editor: page,
}) => {
  // The browser's quota error, as IndexedDB throws it when the site has no room left.
  await page.evaluate(() => {
    const proto = IDBObjectStore.prototype as unknown as { put: unknown; __put?: unknown };
    proto.__put = proto.put;
    proto.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await paintStroke(page, 'LeftArm');
  const banner = page.getByTestId('storage-warning');
  await expect(banner).toBeVisible({ timeout: 5000 });
  await expect(banner).toHaveAttribute('data-kind', 'quota');
  await expect(banner).toContainText('Export your work now');
  expect(await page.evaluate(() => window.skinsmith.persist.status().warning?.kind)).toBe('quota');
  // "Saved sessions…" opens the list to free space.
  await banner.getByRole('button', { name: 'Saved sessions…' }).click();
  await expect(page.getByTestId('restore-offer')).toBeVisible();
  await page.getByRole('button', { name: 'Start fresh' }).click();

  // Room again: the next save succeeds and the banner goes.
  await page.evaluate(() => {
    const proto = IDBObjectStore.prototype as unknown as { put: unknown; __put?: unknown };
    proto.put = proto.__put;
  });
  await paintStroke(page, 'LeftForeArm');
  await expect(banner).toBeHidden({ timeout: 40_000 });
  await waitForAutosave(page, 40_000);
  expect(await page.evaluate(() => window.skinsmith.persist.status().warning)).toBeNull();
});
