/**
 * A restored session shows what it paints (issue 26): the pose it comes back in is drawn, the
 * brush paints where the mesh is drawn, and the surface equals what plain three.js draws for the
 * same file and pose (the oracle page of e2e/wysiwyg.spec.ts).
 */
import type { Page } from '@playwright/test';
import { HAVE_SHARED_MODELS, readSharedModel } from '../test/support/shared-models.ts';
import { diagonalOf, maxDistance } from '../test/support/skinning-oracle.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';
import { openOracle, oracleLoad, oraclePositions } from './oracle-page.ts';
import { drag, enterPaint, forearm, jointWeights } from './paint-helpers.ts';
import { readAllWeights, waitForAutosave } from './persist-helpers.ts';

const ready = { timeout: 60_000 };

/** Reloads the page and restores the newest saved session with a click on its Restore button. */
async function reloadAndRestore(page: Page): Promise<void> {
  await page.reload();
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toBeVisible();
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  await offer.getByTestId('saved-session').first().getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await page.waitForFunction(() => window.skinsmith.stats().drawn, null, ready);
  await page.evaluate(() => window.skinsmith.frame());
}

/**
 * The paint surface against what the app's scene draws and what plain three.js draws for
 * `bytes` in the editor's pose, as fractions of the bounding-box diagonal (worst primitive).
 */
async function drawnVsPainted(page: Page, bytes: Uint8Array): Promise<{ scene: number; three: number }> {
  const shown = await page.evaluate(() => window.skinsmith.shownMesh());
  const record = await page.evaluate(() => window.skinsmith.editor.pose.toRecord());
  const oracle = await openOracle(page.context(), new URL(page.url()).origin);
  await oracleLoad(oracle, bytes);
  const rotations = Object.entries(record).map(([id, q]) => [Number(id), ...q]) as [
    number,
    number,
    number,
    number,
    number,
  ][];
  const drawn = await oraclePositions(oracle, { kind: 'pose', rotations });
  await oracle.close();
  await page.bringToFront();
  const diag = diagonalOf(drawn.map((d) => d.positions));
  let scene = 0;
  let three = 0;
  for (const s of shown) {
    expect(s.drawn.length, `the viewport draws primitive ${s.primitive}`).toBe(s.surface.length);
    scene = Math.max(scene, maxDistance(s.surface, s.drawn) / diag);
    const o = drawn.find(
      (d) => d.meshIndex === s.meshIndex && d.primitiveIndex === s.primitiveIndex && d.skin === s.skin,
    );
    expect(o, `plain three.js draws primitive ${s.primitive}`).toBeDefined();
    three = Math.max(three, maxDistance(s.surface, o!.positions) / diag);
  }
  return { scene, three };
}

test('Elbow 120°, reload, Restore: the bent arms are drawn, and the brush paints where they are drawn', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  const bytes = await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]);
  await page.locator('[data-mode=pose]').click();
  await page.locator('[data-preset=elbows-bent-120]').click();
  await expect(page.getByTestId('shown-pose')).toHaveAttribute('data-shown', 'posed');
  await waitForAutosave(page);
  await page.keyboard.press('i'); // back to Inspect, so the restore starts where a reload does

  await reloadAndRestore(page);
  await expect(page.getByTestId('shown-pose')).toHaveAttribute('data-shown', 'posed');
  const rotation = await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'));
  expect(Math.hypot(...rotation)).toBeGreaterThan(100);
  const gap = await drawnVsPainted(page, Uint8Array.from(bytes));
  expect(gap.scene, 'the app draws the surface it paints').toBeLessThan(1e-5);
  expect(gap.three, 'which is what plain three.js draws in that pose').toBeLessThan(1e-5);

  // The brush, dragged along the forearm as drawn, paints there (not in the air beside it).
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
  await enterPaint(page);
  const { elbow, wrist } = await forearm(page);
  const weightsBefore = await jointWeights(page, 'Spine2');
  // Where the vertices are drawn before the stroke (weight 1 on Spine2 moves them back to rest).
  const drawnBefore = await page.evaluate(() => window.skinsmith.shownMesh()[0].drawn);
  await drag(page, elbow, wrist);
  const painted = await jointWeights(page, 'Spine2');
  const changed = painted.flatMap((w, v) => (w > weightsBefore[v] + 0.5 ? [v] : []));
  expect(changed.length).toBeGreaterThan(10);
  // Every painted vertex is on the forearm as drawn: near the segment from the elbow joint to
  // the wrist joint where the viewport draws them (a stroke on an unseen surface lands elsewhere).
  const far = await page.evaluate(
    ([vertices, surface]) => {
      const { editor } = window.skinsmith;
      const { nodeIds, world } = editor.pose.nodeTransforms();
      const at = (name: string) => {
        const s = [...nodeIds].indexOf(editor.resolveJoint(name));
        return [world[s * 16 + 12], world[s * 16 + 13], world[s * 16 + 14]];
      };
      const [a, b] = [at('LeftForeArm'), at('LeftHand')];
      const ab = b.map((x, i) => x - a[i]);
      const len2 = ab.reduce((n, x) => n + x * x, 0);
      let worst = 0;
      for (const v of vertices) {
        const p = [surface[v * 3], surface[v * 3 + 1], surface[v * 3 + 2]];
        const t = Math.max(0, Math.min(1, p.reduce((n, x, i) => n + (x - a[i]) * ab[i], 0) / len2));
        worst = Math.max(worst, Math.hypot(...p.map((x, i) => x - a[i] - t * ab[i])));
      }
      return { worst, forearm: Math.sqrt(len2) };
    },
    [changed, drawnBefore] as const,
  );
  expect(far.worst, 'painted vertices lie on the drawn forearm').toBeLessThan(far.forearm * 0.5);
});

test('a restored posed QuaterniusPlatformerCharacter (four skins, one skeleton) is drawn as painted', async ({
  editor: page,
}) => {
  test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
  test.setTimeout(120_000);
  const { name, bytes } = readSharedModel('QuaterniusPlatformerCharacter/Character.glb');
  await loadInPage(page, bytes, name);
  const result = await page.evaluate(() => window.skinsmith.editor.pose.applyPreset('elbows-bent-120'));
  expect(result.posed.length).toBeGreaterThan(0);
  await waitForAutosave(page);
  await reloadAndRestore(page);
  expect(await page.evaluate(() => window.skinsmith.stats().fileName)).toBe(name);
  await expect(page.getByTestId('shown-pose')).toHaveAttribute('data-shown', 'posed');
  const gap = await drawnVsPainted(page, bytes);
  expect(gap.scene).toBeLessThan(1e-5);
  expect(gap.three).toBeLessThan(1e-5);
});

test('undo after Restore gives back what undo before the reload did; the list keeps one entry per file', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  // A first session of the built-in character, then a reload and Start fresh: the file's next
  // session replaces it in the list.
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
  await enterPaint(page);
  let arm = await forearm(page);
  await drag(page, arm.elbow, arm.wrist);
  const first = await waitForAutosave(page);
  await page.reload();
  await expect(page.getByTestId('restore-offer')).toBeVisible();
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  await page.getByRole('button', { name: 'Start fresh' }).click();

  // The work: three strokes with the mouse, one of them undone (Ctrl+Z).
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  await page.evaluate(() => window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 1, radiusPx: 16 }));
  await enterPaint(page);
  arm = await forearm(page);
  const mid = { x: (arm.elbow.x + arm.wrist.x) / 2, y: (arm.elbow.y + arm.wrist.y) / 2 };
  await drag(page, arm.elbow, mid);
  await page.evaluate(() => window.skinsmith.selectJoint('Head'));
  await drag(page, mid, arm.wrist);
  await page.evaluate(() => window.skinsmith.brush({ weight: 0.5 }));
  await drag(page, arm.wrist, arm.elbow);
  await page.keyboard.press('Control+z');
  // What undo and redo give before the reload: each state, read by undoing all and redoing all.
  const states: { joints: number[]; words: number[] }[][] = [await readAllWeights(page)];
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Control+z');
    states.push(await readAllWeights(page));
  }
  for (let i = 0; i < 2; i++) await page.keyboard.press('Control+Shift+z');
  expect(await readAllWeights(page)).toEqual(states[0]);
  await page.keyboard.press('Control+Shift+z');
  const redone = await readAllWeights(page);
  await page.keyboard.press('Control+z');
  const session = await waitForAutosave(page);
  expect(session).not.toBe(first);

  await page.reload();
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toBeVisible();
  const rows = offer.getByTestId('saved-session');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-session', session);
  await expect(rows.first().getByTestId('session-history')).toHaveText('Undo: 2 steps · redo 1 step');
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, ready);
  await rows.first().getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await page.waitForFunction(() => window.skinsmith.stats().drawn, null, ready);

  expect(await readAllWeights(page)).toEqual(states[0]);
  await expect(page.locator('[data-command=undo]')).toBeEnabled();
  await expect(page.locator('[data-command=redo]')).toBeEnabled();
  for (let i = 1; i <= 2; i++) {
    await page.keyboard.press('Control+z');
    expect(await readAllWeights(page), `undo ${i} after the restore`).toEqual(states[i]);
  }
  await expect(page.locator('[data-command=undo]')).toBeDisabled();
  for (let i = 1; i >= 0; i--) {
    await page.keyboard.press('Control+Shift+z');
    expect(await readAllWeights(page)).toEqual(states[i]);
  }
  await page.keyboard.press('Control+Shift+z');
  expect(await readAllWeights(page)).toEqual(redone);
});
