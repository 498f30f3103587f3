import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Regenerates docs/screenshot.png (the README's picture): the built-in character with the heat
 * map of its left upper arm, at 1280×720. Skipped in the normal run; to refresh it:
 *   npx vite build && SKINSMITH_SCREENSHOT=1 npx playwright test screenshot
 */
test('README screenshot', async ({ editor: page }) => {
  test.skip(
    !process.env.SKINSMITH_SCREENSHOT,
    'set SKINSMITH_SCREENSHOT=1 to regenerate docs/screenshot.png',
  );
  await page.evaluate(() => window.skinsmith.selectJoint('LeftArm'));
  await page.evaluate(() => window.skinsmith.display({ heatmap: true, wireframe: false, bones: true }));
  await expect(page.getByTestId('selected-joint')).toHaveText('LeftArm');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(import.meta.dirname, '..', 'docs', 'screenshot.png') });
});
