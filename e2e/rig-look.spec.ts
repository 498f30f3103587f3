/**
 * Screenshots to look at (skipped unless SKINSMITH_LOOK=1 and ../shared/models is there; PNGs in
 * tmp/look/): the shared characters the fitter finds hardest, stripped of skin and joints,
 * rigged in the app without markers at 1440×900 — the fitted skeleton over the mesh before Rig,
 * and after it the heat maps of an upper arm, a thigh, the head and the right hand with the bones shown.
 *
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test rig-look
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { readDocument } from '../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../src/gltf/skinned-model.ts';
import { stripSkin } from '../src/gltf/strip-skin.ts';
import { HAVE_SHARED_MODELS, SHARED_MODELS } from '../test/support/shared-models.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { pointerAway } from './paint-helpers.ts';

const CHARACTERS = [
  ['QuaterniusPlatformerCharacter/Character.glb', 'quaternius'],
  ['RobotExpressive/RobotExpressive.glb', 'robot'],
] as const;

for (const [file, short] of CHARACTERS) {
  test(`look: ${short} rigged without markers`, async ({ editor: page }) => {
    test.skip(
      !process.env.SKINSMITH_LOOK || !HAVE_SHARED_MODELS,
      'set SKINSMITH_LOOK=1 (needs ../shared/models)',
    );
    test.setTimeout(240_000);
    const document = await readDocument({
      name: file,
      bytes: new Uint8Array(readFileSync(join(SHARED_MODELS, file))),
    });
    stripSkin(document, buildSkinnedModel(document));
    const bytes = await new WebIO().writeBinary(document);
    await page.setViewportSize({ width: 1440, height: 900 });
    await dropFiles(page, [{ name: `${short}.glb`, bytes }]);
    await waitForModel(page, `${short}.glb`);
    const panel = page.getByRole('region', { name: 'Rig' });
    await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', {
      timeout: 60_000,
    });
    const dir = join(import.meta.dirname, '..', 'tmp', 'look');
    await pointerAway(page);
    await page.screenshot({ path: join(dir, `rig-${short}-fitted.png`) });
    await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
    await expect(panel.getByRole('status')).toContainText('Rigged with', { timeout: 180_000 });
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.skinsmith.display({ heatmap: true, wireframe: false, bones: true }));
    for (const joint of ['LeftArm', 'LeftUpLeg', 'Head', 'RightHand']) {
      await page.evaluate((j) => window.skinsmith.selectJoint(j), joint);
      await pointerAway(page);
      await page.screenshot({ path: join(dir, `rig-${short}-heat-${joint}.png`) });
    }
  });
}
