import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Screenshots of Skeleton mode for a person to look at (not compared): the mannequin with the
 * forearm selected, its gizmo and the Skeleton panel, at 1440×900 and 1280×720, and the ? overlay.
 * Skipped unless SKINSMITH_LOOK=1; the PNGs land in tmp/look-skeleton/.
 */
for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`Skeleton mode at ${size.width}×${size.height}`, async ({ editor: page }) => {
    test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to save the screenshots');
    const dir = join(import.meta.dirname, '..', 'tmp', 'look-skeleton');
    await page.setViewportSize(size);
    await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
    await page.locator('[data-mode=skeleton]').click();
    await expect(page.getByTestId('skeleton-panel')).toBeVisible();
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(dir, `skeleton-${size.width}.png`) });
    await page.keyboard.press('.');
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(dir, `skeleton-${size.width}-framed.png`) });
    // The rotate gizmo (R), then mid-drag on its Z ring (the joint's frame turning).
    const look = join(import.meta.dirname, '..', 'tmp', 'look');
    await page.mouse.click(size.width / 2, 40);
    await page.keyboard.press('r');
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(look, `skeleton-rotate-${size.width}.png`) });
    const gizmo = (await page.evaluate(() => window.skinsmith.skeleton.gizmo()))!;
    const c = gizmo.center;
    const r = Math.max(...gizmo.rings.z.map((p) => Math.hypot(p.x - c.x, p.y - c.y)));
    await page.mouse.move(c.x + r * Math.SQRT1_2, c.y - r * Math.SQRT1_2);
    await page.mouse.down();
    for (const deg of [55, 65, 80])
      await page.mouse.move(
        c.x + r * Math.cos((deg * Math.PI) / 180),
        c.y - r * Math.sin((deg * Math.PI) / 180),
      );
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(look, `skeleton-rotate-${size.width}-drag.png`) });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await page.keyboard.press('g');
    await page.mouse.click(size.width / 2, 40);
    await page.keyboard.press('?');
    await page.screenshot({ path: join(dir, `skeleton-${size.width}-keys.png`) });
  });
}
