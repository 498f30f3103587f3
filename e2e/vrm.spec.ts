/**
 * A VRM avatar with the mouse (issue 30): the VRM 1.0 mannequin (made in code, with a spring
 * chain, colliders, constraints, expressions and MToon) dropped as a .vrm, named in the status
 * bar, its joints badged with their human bones; a brush stroke; an optional finger joint deleted
 * in Skeleton mode; Export offers .vrm first and saves Mannequin.vrm; the file dropped again holds
 * the humanoid map (less the finger), the springs, constraints and expressions on the same joints,
 * and checkVrm finds nothing. SKINSMITH_LOOK=1 saves screenshots to tmp/look-vrm/.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readGltfJson } from '../src/gltf/read-document.ts';
import { checkVrm } from '../src/vrm/vrm-checks.ts';
import { mannequinVrm } from '../test/support/vrm-fixtures.ts';
import { downloadFromDialog } from './export-helpers.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { drag, enterPaint, forearm, jointWeights, pointerAway } from './paint-helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

/** `value` with every node index (`node`, `source`) replaced by the node's name. */
function byName(value: unknown, nodes: Json[]): unknown {
  if (Array.isArray(value)) return value.map((v) => byName(v, nodes));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      (k === 'node' || k === 'source') && typeof v === 'number' ? nodes[v]?.name : byName(v, nodes),
    ]),
  );
}

/** The row of joint `name` in the joint tree (click its `.joint-name`: a deep row's middle is its twisty). */
async function jointRow(page: Page, name: string) {
  const id = await page.evaluate((n) => window.skinsmith.editor.resolveJoint(n), name);
  return page.locator(`.joint-row[data-joint-id="${id}"]`);
}

async function look(page: Page, name: string): Promise<void> {
  if (!process.env.SKINSMITH_LOOK) return;
  await page.screenshot({ path: join(import.meta.dirname, '..', 'tmp', 'look-vrm', `${name}.png`) });
}

test('a VRM avatar with the mouse: dropped, named, painted, a finger deleted, saved as .vrm and reopened whole', async ({
  editor: page,
}) => {
  if (process.env.SKINSMITH_LOOK) await page.setViewportSize({ width: 1440, height: 900 });
  const bytes = await mannequinVrm({ version: '1.0' });
  const source = readGltfJson('Mannequin.vrm', bytes) as Json;
  await dropFiles(page, [{ name: 'Mannequin.vrm', bytes }]);
  await waitForModel(page, 'Mannequin.vrm');

  // The status bar says which VRM and whose avatar; the tree badges human bones.
  await expect(page.getByTestId('vrm-badge')).toHaveText('VRM 1.0 · Skinsmith Mannequin');
  const forearmRow = await jointRow(page, 'LeftForeArm');
  const badge = forearmRow.locator('[data-human-bone]');
  await expect(badge).toHaveAttribute('data-human-bone', 'leftLowerArm');
  await expect(badge).toHaveText('L lowerArm');
  // Read whole, not cut to 'lef…' (the tour's 1280×720).
  expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  await expect((await jointRow(page, 'Hair1')).locator('[data-human-bone]')).toHaveCount(0);
  await look(page, 'opened');

  // Paint: pick the forearm in the tree, stroke along it.
  await forearmRow.locator('.joint-name').click();
  await expect(page.getByTestId('selected-joint')).toHaveText('LeftForeArm');
  await enterPaint(page);
  const before = await jointWeights(page, 'LeftForeArm');
  const { elbow, wrist } = await forearm(page);
  await drag(page, elbow, wrist);
  await pointerAway(page);
  const after = await jointWeights(page, 'LeftForeArm');
  expect(after.filter((w, v) => Math.abs(w - before[v]) > 1e-4).length).toBeGreaterThan(5);

  // Skeleton mode: pick the little finger's tip in the tree, Delete.
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
  const joints = (await page.evaluate(() => window.skinsmith.stats().joints)) as number;
  await (await jointRow(page, 'LeftHandPinky3')).locator('.joint-name').click();
  await expect(page.getByTestId('skeleton-name')).toHaveValue('LeftHandPinky3');
  await page.mouse.click(5, 5);
  await page.keyboard.press('Delete');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints - 1);
  // A required bone is refused with the reason, and nothing changes.
  await (await jointRow(page, 'LeftHand')).locator('.joint-name').click();
  await page.mouse.click(5, 5);
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('error-toast').last()).toContainText('every VRM must have');
  expect(await page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints - 1);

  // Export: VRM is offered first and chosen; the report says the VRM is consistent.
  await pointerAway(page);
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await dialog.waitFor();
  await expect(dialog.locator('input[name=format][value=vrm]')).toBeChecked();
  await look(page, 'export-dialog');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await dialog.getByTestId('export-result').waitFor({ timeout: 60_000 });
  await expect(dialog.getByTestId('export-file-name')).toHaveText('Mannequin.vrm');
  await expect(dialog.getByTestId('export-vrm')).toHaveAttribute('data-problems', '0');
  await expect(dialog.getByTestId('count-errors')).toHaveAttribute('data-value', '0');
  await look(page, 'export-result');
  const saved = await downloadFromDialog(page);
  expect(saved.name).toBe('Mannequin.vrm');

  // The saved file: consistent, the finger gone from the map, everything else where it was.
  const json = readGltfJson(saved.name, saved.bytes) as Json;
  expect(checkVrm(json)).toEqual([]);
  const vrm = json.extensions.VRMC_vrm;
  const bones = byName(vrm.humanoid.humanBones, json.nodes) as Json;
  const sourceBones = byName(source.extensions.VRMC_vrm.humanoid.humanBones, source.nodes) as Json;
  delete sourceBones.leftLittleDistal;
  expect(bones).toEqual(sourceBones);
  for (const key of ['expressions', 'firstPerson', 'lookAt', 'meta'])
    expect(byName(vrm[key], json.nodes), key).toEqual(byName(source.extensions.VRMC_vrm[key], source.nodes));
  expect(byName(json.extensions.VRMC_springBone, json.nodes)).toEqual(
    byName(source.extensions.VRMC_springBone, source.nodes),
  );
  const constraints = (j: Json) =>
    j.nodes.flatMap((n: Json) => (n.extensions ? [[n.name, byName(n.extensions, j.nodes)]] : []));
  expect(constraints(json)).toEqual(constraints(source));
  expect(json.meshes[0].extras.targetNames).toEqual(['aa', 'blink']);

  // Reopened: a VRM again, its map without the finger.
  await dropFiles(page, [{ name: saved.name, bytes: saved.bytes }]);
  await waitForModel(page, 'Mannequin.vrm');
  await expect(page.getByTestId('vrm-badge')).toHaveText('VRM 1.0 · Skinsmith Mannequin');
  expect(await page.evaluate(() => window.skinsmith.editor.vrm?.humanBones.has('leftLittleDistal'))).toBe(
    false,
  );
  await look(page, 'reopened');
});
