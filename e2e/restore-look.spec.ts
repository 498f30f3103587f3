import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { HAVE_SHARED_MODELS, readSharedModel } from '../test/support/shared-models.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';
import { drag, forearm } from './paint-helpers.ts';
import { waitForAutosave } from './persist-helpers.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'look-restore');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

async function stroke(page: Page, joint: string, weight: number): Promise<void> {
  await page.evaluate((j) => window.skinsmith.selectJoint(j), joint);
  await page.evaluate(
    (w) => window.skinsmith.brush({ brush: 'draw', weight: w, strength: 1, radiusPx: 18 }),
    weight,
  );
  await page.evaluate(() => window.skinsmith.mode('paint'));
  const { elbow, wrist } = await forearm(page);
  await drag(page, elbow, wrist);
}

/**
 * Screenshots of the restore offer, a restored posed character and the "Save changes?" question,
 * at 1440×900 and 1280×720, to look at (not a test). Run:
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test restore-look
 */
test('restore look', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to take the restore screenshots');
  test.setTimeout(180_000);
  // Three sessions: a Quaternius character with a layer (its history stops there), the
  // mannequin painted twice and posed (Elbow 120°), in that order.
  if (HAVE_SHARED_MODELS) {
    const { name, bytes } = readSharedModel('QuaterniusPlatformerCharacter/Character.glb');
    await loadInPage(page, bytes, name);
    await page.evaluate(() => window.skinsmith.layers.add('Sleeves'));
    await page.evaluate(() => window.skinsmith.selectJoint(window.skinsmith.joints()[3].id));
    await page.evaluate(() => window.skinsmith.paint.flood());
    await waitForAutosave(page);
    await page.evaluate(() => window.skinsmith.loadMannequin());
  }
  // Strokes that keep the forearm on its own joint, so the bend shows.
  await stroke(page, 'LeftForeArm', 1);
  await stroke(page, 'LeftHand', 0.3);
  await page.evaluate(() => window.skinsmith.mode('pose'));
  await page.locator('[data-preset=elbows-bent-120]').click();
  await waitForAutosave(page);
  await page.waitForTimeout(1500); // the thumbnail of the posed view
  await waitForAutosave(page);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.reload();
    const offer = page.getByTestId('restore-offer');
    await expect(offer).toBeVisible();
    await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(OUT, `offer-${size.width}x${size.height}.png`) });
    await offer.getByTestId('saved-session').first().getByRole('button', { name: 'Restore' }).click();
    await expect(offer).toBeHidden();
    await page.waitForFunction(() => window.skinsmith.stats().drawn, null, { timeout: 60_000 });
    // A three-quarter view (a drag on empty space in Inspect orbits), so the bent elbows read.
    const box = (await page.locator('.viewport canvas').boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height * 0.8);
    await page.mouse.down();
    for (let i = 1; i <= 16; i++)
      await page.mouse.move(box.x + 40 + i * 16, box.y + box.height * 0.8 - i * 3);
    await page.mouse.up();
    await page.evaluate(() => window.skinsmith.mode('paint'));
    const { elbow } = await forearm(page);
    await page.mouse.move(elbow.x, elbow.y);
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(OUT, `restored-posed-${size.width}x${size.height}.png`) });
  }
  // Opening another file over the restored (unexported) work: the question.
  const glb = Uint8Array.from(
    await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]),
  );
  const b64 = Buffer.from(glb).toString('base64');
  await page.evaluate((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'Fox.glb'));
    document
      .querySelector('[data-testid=app]')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, b64);
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.screenshot({ path: join(OUT, 'unsaved-1280x720.png') });
  await page.keyboard.press('Escape');
});
