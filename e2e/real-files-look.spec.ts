import { join } from 'node:path';
import { exportedGlb } from '../test/support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../test/support/shared-models.ts';
import { loadInPage } from './export-helpers.ts';
import { test } from './fixtures.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'look-real-files');

/**
 * Screenshots of riggers' files to look at (not a test): a Mixamo-style rig (prefix folded, status
 * bar), CesiumMan painted at rest and bent, and its bind pose. Run:
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test real-files-look
 */
test('real files look', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to take the screenshots');
  await loadInPage(page, await exportedGlb('scaled-armature', 6000), 'mixamo.glb');
  await page.evaluate(() => window.skinsmith.selectJoint('mixamorig:LeftForeArm'));
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '1-mixamo.png') });
  if (!HAVE_SHARED_MODELS) return;
  const { name, bytes } = readSharedModel('CesiumMan/CesiumMan.glb');
  await loadInPage(page, bytes, name);
  await page.keyboard.press('p');
  const joint = await page.evaluate(() => {
    const j =
      window.skinsmith.joints().find((x) => /arm/i.test(x.name) && x.vertexCount > 50) ??
      window.skinsmith.joints()[1];
    window.skinsmith.selectJoint(j.id);
    return j.id;
  });
  const a = (await page.evaluate((id) => window.skinsmith.boneScreenPoint(id), joint))!;
  await page.mouse.move(a.x, a.y);
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '2-cesium-hover.png') });
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + i * 4, a.y + i * 2);
  await page.mouse.up();
  await page.evaluate(() => window.skinsmith.pose.applyPreset('arms-up'));
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '3-cesium-arms-up.png') });
  await page.evaluate(() => window.skinsmith.editor.pose.resetAll('bind'));
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(OUT, '4-cesium-bind-pose.png') });
});
