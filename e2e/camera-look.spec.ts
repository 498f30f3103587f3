import { join } from 'node:path';
import { test } from './fixtures.ts';

/**
 * Pictures of the camera's views and the layout to look at (skipped in the normal run):
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test camera-look
 * writes tmp/look-camera/: the front, side, top and back views, orthographic, and the whole
 * editor at 1440×900 and 1280×720 with the shortcut overlay and the Auto-bind panel.
 */
const OUT = join(import.meta.dirname, '..', 'tmp', 'look-camera');

test('camera views and layout, to look at', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to write tmp/look-camera/');
  const shot = async (name: string) => {
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(OUT, `${name}.png`) });
  };
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width, height });
    await page.keyboard.press('a');
    await shot(`layout-${width}x${height}`);
    await page.keyboard.press('?');
    await shot(`layout-${width}x${height}-shortcuts`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+b');
    await shot(`layout-${width}x${height}-autobind`);
    await page.keyboard.press('Escape');
  }
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width, height });
    for (const [key, name] of [
      ['Numpad1', 'front'],
      ['Numpad3', 'side-right'],
      ['Numpad7', 'top'],
      ['Control+Numpad1', 'back'],
    ]) {
      await page.keyboard.press(key);
      await page.keyboard.press('a');
      await shot(`view-${name}-${width}x${height}`);
    }
    await page.keyboard.press('Numpad1');
    await page.keyboard.press('Numpad5');
    await page.keyboard.press('a');
    await shot(`view-front-ortho-${width}x${height}`);
    await page.keyboard.press('Numpad3');
    await page.keyboard.press('a');
    await shot(`view-side-ortho-${width}x${height}`);
    await page.keyboard.press('Numpad5');
  }
  // Narrower than the toolbar: the ⋯ menu holds what folded.
  for (const [width, height] of [
    [860, 700],
    [620, 700],
  ]) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('toolbar-more').click();
    await shot(`layout-${width}x${height}-more-menu`);
    await page.keyboard.press('Escape');
  }
});
