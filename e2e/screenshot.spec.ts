import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Regenerates docs/screenshot.png (the README's picture): the built-in character in Paint mode
 * with the heat map of its left upper arm and the brush over it, an "Arms" weight layer above the
 * base in the Layers panel, at 1280×720. Skipped in the normal run; to refresh it:
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
  await page.evaluate(() => window.skinsmith.layers.add('Arms'));
  // Paint mode, the brush circle on the upper arm: the editor as a rigger uses it.
  await page.keyboard.press('p');
  await page.evaluate(() => window.skinsmith.brush({ radiusPx: 28 }));
  const arm = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftArm')))!;
  await page.mouse.move(arm.x + 10, arm.y);
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(import.meta.dirname, '..', 'docs', 'screenshot.png') });
});
