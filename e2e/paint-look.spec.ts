import { join } from 'node:path';
import { test } from './fixtures.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'look-paint');

/**
 * Screenshots of Paint mode to look at (not a test): the cursor over the arm, a stroke, a locked
 * joint, the F circle and the `?` overlay. Run:
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test paint-look
 */
test('paint look', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to take the Paint mode screenshots');
  await page.keyboard.press('p');
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  const a = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftForeArm')))!;
  const b = (await page.evaluate(() => window.skinsmith.boneScreenPoint('LeftHand')))!;
  await page.mouse.move(a.x, a.y);
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '1-hover.png') });
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(a.x + ((b.x - a.x) * i) / 12, a.y + ((b.y - a.y) * i) / 12);
  await page.mouse.up();
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '2-stroke.png') });
  await page.keyboard.down('Shift');
  await page.mouse.move(a.x + 5, a.y + 3);
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '3-shift.png') });
  await page.keyboard.up('Shift');
  await page.keyboard.press('l');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y);
  await page.mouse.up();
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '4-locked.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.press('l');
  await page.keyboard.press('f');
  await page.mouse.move(a.x + 60, a.y + 20);
  await page.screenshot({ path: join(OUT, '5-radius.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+F');
  await page.mouse.move(a.x + 40, a.y);
  await page.screenshot({ path: join(OUT, '6-strength.png') });
  await page.keyboard.press('Enter');
  await page.keyboard.press('?');
  await page.screenshot({ path: join(OUT, '7-help.png') });
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.skinsmith.display({ bones: false }));
  await page.mouse.move(a.x, a.y);
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '8-no-bones.png') });
});
