/**
 * Screenshots to look at (skipped unless SKINSMITH_LOOK=1; PNGs in tmp/look-autobind/): the
 * heat maps of the head, a hand, a finger and a foot after auto-bind, on the fingered mannequin
 * (Mixamo names, end joints) and on CesiumMan, at 1280×720.
 *   npx vite build && SKINSMITH_LOOK=1 npx playwright test autobind-look
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import { buildMannequin, mannequinToDocument } from '../src/character/index.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../test/support/shared-models.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'look-autobind');

async function bindAndLook(page: Page, name: string, joints: string[]) {
  const stats = await page.evaluate(() => window.skinsmith.autobind());
  console.log(
    `${name}: ${stats.vertices} vertices in ${stats.ms.toFixed(0)} ms; findings: ${stats.findings.map((f) => f.message).join(' | ') || 'none'}`,
  );
  await page.evaluate(() => window.skinsmith.display({ heatmap: true, wireframe: false, bones: true }));
  for (const joint of joints) {
    await page.evaluate((j) => window.skinsmith.selectJoint(j), joint);
    await page.keyboard.press('.');
    await page.evaluate(() => window.skinsmith.frame());
    await page.screenshot({ path: join(OUT, `${name}-${joint}.png`) });
  }
}

test('heat maps of head, hands and feet after auto-bind', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_LOOK, 'set SKINSMITH_LOOK=1 to take the screenshots');
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  const doc = mannequinToDocument(buildMannequin({ targetVertices: 30_000, fingers: true }));
  await loadInPage(page, await new NodeIO().writeBinary(doc), 'Fingered.glb');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().drawn)).toBe(true);
  await bindAndLook(page, 'mannequin', [
    'Head',
    'Neck',
    'LeftHand',
    'LeftHandIndex3',
    'LeftHandThumb2',
    'RightFoot',
    'RightToeBase',
  ]);
  if (HAVE_SHARED_MODELS) {
    const cesium = readSharedModel('CesiumMan/CesiumMan.glb');
    await loadInPage(page, cesium.bytes, cesium.name);
    await expect.poll(() => page.evaluate(() => window.skinsmith.stats().fileName)).toBe(cesium.name);
    await bindAndLook(page, 'cesium', ['Skeleton_neck_joint_2', 'Skeleton_arm_joint_L__4_', 'leg_joint_L_3']);
  }
});
