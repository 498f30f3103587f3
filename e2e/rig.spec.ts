/**
 * Rig a static mesh with the mouse: the Rig panel opens on a mannequin with no skin and no
 * joints, the eight markers are clicked on the mesh in the front view, Rig fits, skins and binds
 * it (one undo step), the elbow bends with the Pose gizmo and the forearm follows, and the
 * export reopens with its skin. SKINSMITH_LOOK=1 saves screenshots to tmp/look-rig/.
 */
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import type { Page } from '@playwright/test';
import { buildShapedMannequin, SHAPED_MANNEQUINS } from '../src/character/shaped.ts';
import { staticMannequin, staticShaped, variantData } from '../test/skeleton/support/static-fixture.ts';
import { handsTogetherDocument } from '../test/support/posed-bodies.ts';
import { loadInPage } from './export-helpers.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { pointerAway } from './paint-helpers.ts';
import { difference, viewportPixels } from './pixels.ts';

const VARIANT = { build: 'average', pose: 'A' } as const;
const VERTICES = 3000;

/** The mannequin's joint `name` (its built-in skeleton: where the markers belong). */
function joint(name: string): [number, number, number] {
  const data = variantData(VARIANT, VERTICES);
  const i = data.jointNames.indexOf(name);
  return [data.jointPositions[i * 3], data.jointPositions[i * 3 + 1], data.jointPositions[i * 3 + 2]];
}

/** Where each marker is clicked: on the mesh in front of the joint it stands for. */
const MARKER_AT: Record<string, [number, number, number]> = {
  chin: [0, 1.585, 0],
  leftWrist: joint('LeftHand'),
  leftElbow: joint('LeftForeArm'),
  leftKnee: joint('LeftLeg'),
  groin: [0, 0.87, 0],
  rightWrist: joint('RightHand'),
  rightElbow: joint('RightForeArm'),
  rightKnee: joint('RightLeg'),
};

/**
 * Clicks each marker in turn where it is armed (the panel arms the next one after a click) on
 * the screen point of its world position, and checks it reads "placed".
 */
async function placeArmed(page: Page, markers: [string, readonly number[]][]): Promise<void> {
  const panel = page.getByRole('region', { name: 'Rig' });
  for (const [name, at] of markers) {
    await expect(panel.locator(`[data-marker=${name}]`)).toHaveAttribute('aria-pressed', 'true');
    const p = (await page.evaluate((q) => window.skinsmith.paint.toPage(q), at))!;
    await page.mouse.click(p.x, p.y);
    await expect(panel.locator(`[data-marker=${name}] .rig-state`)).toHaveText('placed');
  }
}

/** With SKINSMITH_LOOK=1: screenshots at 1280×720 and 1440×900 (the view is put back after). */
async function look(page: Page, name: string): Promise<void> {
  if (!process.env.SKINSMITH_LOOK) return;
  const dir = join(import.meta.dirname, '..', 'tmp', 'look-rig');
  await page.screenshot({ path: join(dir, `${name}-1280.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  const front = page.getByRole('button', { name: 'Front view', exact: true });
  if (await front.isVisible()) await front.click();
  await page.evaluate(() => window.skinsmith.frame());
  await page.screenshot({ path: join(dir, `${name}-1440.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
  if (await front.isVisible()) await front.click();
  await page.evaluate(() => window.skinsmith.frame());
}

test('rig a static mannequin from eight clicked markers, bend its elbow, export and reopen it', async ({
  editor: page,
}) => {
  test.setTimeout(180_000);
  const bytes = await new WebIO().writeBinary(staticMannequin(VARIANT, VERTICES));
  await dropFiles(page, [{ name: 'Statue.glb', bytes }]);
  await waitForModel(page, 'Statue.glb');
  expect((await page.evaluate(() => window.skinsmith.stats())).skins).toBe(0);

  // A static mesh: the Rig panel opens by itself with the markers guessed and the skeleton fitted.
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  expect(await page.evaluate(() => window.skinsmith.editor.rig.preview?.joints.length)).toBe(25);
  // Seen from the front (the markers are placed there): the camera looks along −Z, level.
  const view = (await page.evaluate(() => window.skinsmith.camera.state()))!;
  expect(view.forward[2]).toBeLessThan(-0.999);
  expect(Math.abs(view.right[1])).toBeLessThan(1e-6);
  await look(page, 'guessed');
  // The toolbar with Rig… in it still fits 1280 px (what does not fit folds into the ⋯ menu).
  const overflow = await page.evaluate(
    () =>
      [...document.querySelectorAll('[role=toolbar] button')]
        .map((b) => b.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.right > window.innerWidth).length,
  );
  expect(overflow).toBe(0);
  await expect(page.locator('[role=toolbar] [data-command=rig]')).toBeInViewport({ ratio: 1 });
  // Esc closes the panel, from the view and from inside its form; the toolbar's Rig… reopens it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.locator('[data-command=rig]').click();
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  await panel.getByLabel('Symmetric: place one side, the other mirrors').focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.keyboard.press('Shift+R');
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });

  // Click the eight markers, one side after the other (mirroring off: each is placed by hand).
  await panel.getByLabel('Symmetric: place one side, the other mirrors').uncheck();
  await panel.getByRole('button', { name: 'Place markers' }).click();
  for (const [name, at] of Object.entries(MARKER_AT)) {
    await expect(panel.locator(`[data-marker=${name}]`)).toHaveAttribute('aria-pressed', 'true');
    const p = (await page.evaluate((q) => window.skinsmith.paint.toPage(q), at))!;
    await page.mouse.click(p.x, p.y);
    await expect(panel.locator(`[data-marker=${name}] .rig-state`)).toHaveText('placed');
  }
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in');
  const fitted = await page.evaluate(() => window.skinsmith.editor.rig.preview!);
  expect(Object.values(fitted.markersFrom).every((f) => f === 'given')).toBe(true);
  // The markers mean the limbs behind them: the elbow joint near the mannequin's own.
  const elbow = fitted.joints.find((j) => j.name === 'LeftForeArm')!.position;
  const truth = joint('LeftForeArm');
  expect(Math.hypot(elbow[0] - truth[0], elbow[1] - truth[1], elbow[2] - truth[2])).toBeLessThan(0.04);

  // A marker dragged: the skeleton refits as it moves.
  const knee = (await page.evaluate((q) => window.skinsmith.paint.toPage(q), MARKER_AT.leftKnee))!;
  const kneeBefore = fitted.joints.find((j) => j.name === 'LeftLeg')!.position[1];
  await page.mouse.move(knee.x, knee.y);
  await page.mouse.down();
  await page.mouse.move(knee.x, knee.y + 6, { steps: 3 });
  await page.mouse.move(knee.x, knee.y + 12, { steps: 3 });
  await page.mouse.up();
  await expect
    .poll(() =>
      page.evaluate(
        () => window.skinsmith.editor.rig.preview!.joints.find((j) => j.name === 'LeftLeg')!.position[1],
      ),
    )
    .toBeLessThan(kneeBefore - 0.01);
  await look(page, 'markers');

  // Rig: one undo step, every vertex weighted, the template's joints.
  const onPage = () =>
    page.evaluate(
      (q) => q.map((p) => window.skinsmith.paint.toPage(p)!),
      [MARKER_AT.chin, MARKER_AT.leftKnee],
    );
  const viewBefore = await onPage();
  await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText('Rigged with 25 joints', { timeout: 120_000 });
  // The view the markers were placed in stays (the rigged file is the same mesh, redrawn).
  await pointerAway(page);
  const viewAfter = await onPage();
  viewAfter.forEach((p, i) => {
    expect(Math.hypot(p.x - viewBefore[i].x, p.y - viewBefore[i].y)).toBeLessThan(2);
  });
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.skins).toBe(1);
  expect(stats.skinnedVertices).toBe(stats.vertices);
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(1);
  await look(page, 'rigged');

  // Pose mode: the gizmo on the left elbow, a drag round its ring, and the forearm moves.
  await page.keyboard.press('r');
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await pointerAway(page);
  const before = await viewportPixels(page);
  const gizmo = (await page.evaluate(() => window.skinsmith.pose.gizmo()))!;
  const [, ring] = Object.entries(gizmo.rings).sort((a, b) => b[1].facing - a[1].facing)[0];
  const top = ring.points.reduce((a, b) => (b.y < a.y ? b : a));
  const c = gizmo.center;
  const r = Math.hypot(top.x - c.x, top.y - c.y);
  const a0 = Math.atan2(top.y - c.y, top.x - c.x);
  await page.mouse.move(top.x, top.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    const a = a0 - (((60 * Math.PI) / 180) * i) / 12;
    await page.mouse.move(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }
  await page.mouse.up();
  const rotation = await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'));
  expect(Math.max(...rotation.map(Math.abs))).toBeGreaterThan(20);
  await pointerAway(page);
  const after = await viewportPixels(page);
  expect(difference(before, after)).toBeGreaterThan(0.002);
  // The hand went with the forearm: its skinned position moved.
  const moved = await page.evaluate(() => {
    const drawn = window.skinsmith.shownMesh().map((s) => s.drawn);
    const model = window.skinsmith.editor.requireModel();
    const prim = model.primitives[0];
    const skin = model.skins[prim.skins[0]];
    const hand = skin.joints.indexOf(window.skinsmith.editor.resolveJoint('LeftHand'));
    const p = drawn[0];
    let worst = 0;
    for (let v = 0; v < prim.weights.vertexCount; v++) {
      if (prim.weights.weightOf(v, hand) < 0.9) continue;
      worst = Math.max(
        worst,
        Math.hypot(
          p[v * 3] - prim.positions[v * 3],
          p[v * 3 + 1] - prim.positions[v * 3 + 1],
          p[v * 3 + 2] - prim.positions[v * 3 + 2],
        ),
      );
    }
    return worst;
  });
  expect(moved).toBeGreaterThan(0.05);
  await look(page, 'bent');

  // Export, and the export reopens with its skin and joints.
  const exported = await page.evaluate(async () => {
    const r = await window.skinsmith.export();
    return { errors: r.validation.errors, bytes: Array.from(r.bytes!) };
  });
  expect(exported.errors).toBe(0);
  await loadInPage(page, Uint8Array.from(exported.bytes), 'Rigged.glb');
  await waitForModel(page, 'Rigged.glb');
  const reopened = await page.evaluate(() => ({
    stats: window.skinsmith.stats(),
    names: window.skinsmith.joints().map((j) => j.name),
  }));
  expect(reopened.stats.skins).toBe(1);
  expect(reopened.stats.skinnedVertices).toBe(reopened.stats.vertices);
  expect(reopened.names).toContain('LeftForeArm');
  expect(reopened.names).toContain('HeadTop_End');
  await expect(panel).toBeHidden();
});

test('a mesh whose arms the guess cannot find asks for those markers: one side clicked, the other mirrors, and it rigs', async ({
  editor: page,
}) => {
  test.setTimeout(120_000);
  // Arms lowered and swung ahead, hands in front of the thighs: nothing reaches out beside the chest.
  const shape = buildShapedMannequin(SHAPED_MANNEQUINS['arms forward'], 2500);
  const at = (name: string) => {
    const i = shape.jointNames.indexOf(name);
    return [shape.jointPositions[i * 3], shape.jointPositions[i * 3 + 1], shape.jointPositions[i * 3 + 2]];
  };
  const bytes = await new WebIO().writeBinary(staticShaped('arms forward', 2500));
  await dropFiles(page, [{ name: 'Ahead.glb', bytes }]);
  await waitForModel(page, 'Ahead.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel.getByRole('alert')).toContainText('found no arms', { timeout: 60_000 });
  await expect(panel.getByRole('alert')).toContainText('place the left wrist, left elbow');
  // What the mesh did show stays guessed; the arm markers wait, the first of them armed.
  await expect(panel.locator('[data-marker=chin] .rig-state')).toHaveText('guessed');
  await expect(panel.locator('[data-marker=rightElbow] .rig-state')).toHaveText('place it');
  await expect(panel.locator('[data-marker=leftWrist]')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Rig and auto-bind' })).toBeDisabled();
  // The view still faces the body (its frame came with the failed fit).
  const view = (await page.evaluate(() => window.skinsmith.camera.state()))!;
  expect(view.forward[2]).toBeLessThan(-0.99);
  await look(page, 'arms-not-found');
  // A click beside the mesh places nothing, and says so.
  const box = (await page.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + 30, box.y + 30);
  await expect(page.getByTestId('error-toast')).toContainText(
    'Click on the mesh to place the left wrist marker',
  );
  await expect(panel.locator('[data-marker=leftWrist] .rig-state')).toHaveText('place it');

  await placeArmed(page, [
    ['leftWrist', at('LeftHand')],
    ['leftElbow', at('LeftForeArm')],
  ]);
  await expect(panel.locator('[data-marker=rightWrist] .rig-state')).toHaveText('mirrored');
  // What the fit asked for is placed: the next click orbits (no guessed marker is armed).
  await expect(panel.locator('[aria-pressed=true]')).toHaveCount(0);
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  const hand = await page.evaluate(
    () => window.skinsmith.editor.rig.preview!.joints.find((j) => j.name === 'RightHand')!.position,
  );
  const truth = at('RightHand');
  expect(Math.hypot(hand[0] - truth[0], hand[1] - truth[1], hand[2] - truth[2])).toBeLessThan(0.05);
  await look(page, 'missing-arms');
  await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText('Rigged with 25 joints', { timeout: 90_000 });
  const notice = page.getByTestId('status-notice');
  await expect(notice).toContainText('Rigged with 25 joints');
  await expect(notice).not.toContainText('(+');

  // Posed, then undone to nudge a marker: the mesh comes back with the markers as they were,
  // the panel open on them, Pose mode left and the test poses off (no joints to bend), the
  // notices the static file's.
  await page.keyboard.press('r');
  await page.locator('[data-preset=arms-down]').click();
  await page.keyboard.press('Control+z');
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  expect((await page.evaluate(() => window.skinsmith.stats())).joints).toBe(0);
  for (const [name, state] of [
    ['leftWrist', 'placed'],
    ['leftElbow', 'placed'],
    ['rightWrist', 'mirrored'],
    ['rightElbow', 'mirrored'],
    ['chin', 'guessed'],
  ])
    await expect(panel.locator(`[data-marker=${name}] .rig-state`)).toHaveText(state);
  await expect(panel.getByRole('status')).toHaveCount(0);
  await expect(page.locator('[data-mode=inspect]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-preset=arms-down]')).toBeDisabled();
  await expect(notice).toContainText('Ahead.glb has no skinned mesh');
  await expect(notice).not.toHaveAttribute('title', /Rigged/);
  await look(page, 'rig-undone');
  // Redo: the rig and its notice again, the static file's warning gone; the panel closes.
  await page.keyboard.press('Control+Shift+z');
  await expect(notice).toContainText('Rigged with 25 joints');
  await expect(notice).not.toHaveAttribute('title', /no skinned mesh/);
  await expect(panel).toBeHidden();
});

test('the Rig panel frames a T-posed body in the part of the view it leaves free', async ({
  editor: page,
}) => {
  const variant = { build: 'average', pose: 'T' } as const;
  const bytes = await new WebIO().writeBinary(staticMannequin(variant, 2000));
  await dropFiles(page, [{ name: 'Wide.glb', bytes }]);
  await waitForModel(page, 'Wide.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  const data = variantData(variant, 2000);
  const hand = (name: string) => {
    const i = data.jointNames.indexOf(name);
    return [data.jointPositions[i * 3], data.jointPositions[i * 3 + 1], data.jointPositions[i * 3 + 2]];
  };
  // Both fingertips' sides: a little beyond each hand joint.
  const tips = [hand('LeftHand'), hand('RightHand')].map((p) => [p[0] * 1.12, p[1], p[2]]);
  await expect
    .poll(async () => {
      const free = await page.evaluate(() => ({
        left: document.querySelector('canvas')!.getBoundingClientRect().left,
        right: document.querySelector('.rig-panel')!.getBoundingClientRect().left,
      }));
      const xs = await page.evaluate((q) => q.map((p) => window.skinsmith.paint.toPage(p)!.x), tips);
      return xs.every((x) => x > free.left && x < free.right);
    })
    .toBe(true);
});

test('hands held together off the mid-plane, 4 units off the origin: the clicked side mirrors onto the other, and the right chain is the right arm', async ({
  editor: page,
}) => {
  test.setTimeout(150_000);
  // After Mixamo's Y Bot saved posed: arms forward, hands pressed together left of the body's
  // mid-plane, the body turned 6° and standing 4 units off the origin (test/support/posed-bodies.ts).
  const { document, joints } = handsTogetherDocument(2500);
  const at = (name: string) => joints.get(name)!;
  const bytes = await new WebIO().writeBinary(document);
  await dropFiles(page, [{ name: 'Posed.glb', bytes }]);
  await waitForModel(page, 'Posed.glb');
  const panel = page.getByRole('region', { name: 'Rig' });
  await expect(panel.getByRole('alert')).toContainText('found no arms', { timeout: 60_000 });
  // The view faces the body's own front (+Z turned 6°), wherever the body stands.
  const view = (await page.evaluate(() => window.skinsmith.camera.state()))!;
  expect(view.forward[2]).toBeLessThan(-0.99);
  expect(view.forward[0]).toBeLessThan(-0.05);
  await look(page, 'hands-together-asked');
  await placeArmed(page, [
    ['leftWrist', at('LeftHand')],
    ['leftElbow', at('LeftForeArm')],
  ]);
  await expect(panel.locator('[data-marker=rightElbow] .rig-state')).toHaveText('mirrored');
  await expect(panel.locator('[data-marker=rightWrist] .rig-state')).toHaveText('mirrored');
  // The hands are not where a mirror puts them (they meet left of the mid-plane): the rigger
  // places the right wrist by hand, on the right hand.
  await panel.locator('[data-marker=rightWrist]').click();
  const right = (await page.evaluate((q) => window.skinsmith.paint.toPage(q), at('RightHand')))!;
  await page.mouse.click(right.x, right.y);
  await expect(panel.locator('[data-marker=rightWrist] .rig-state')).toHaveText('placed');
  await expect(panel.getByTestId('rig-fit-status')).toContainText('Skeleton fitted in', { timeout: 60_000 });
  const fitted = await page.evaluate(() => window.skinsmith.editor.rig.preview!);
  const dist = (a: readonly number[], b: readonly number[]) =>
    Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const fittedAt = (name: string) => fitted.joints.find((j) => j.name === name)!.position;
  // The mirrored elbow marker lands on the right elbow, and the right chain is on the right.
  expect(dist(fitted.markers!.rightElbow, at('RightForeArm'))).toBeLessThan(
    dist(fitted.markers!.rightElbow, at('LeftForeArm')),
  );
  for (const [own, other] of [
    ['RightArm', 'LeftArm'],
    ['RightHand', 'LeftHand'],
    ['LeftHand', 'RightHand'],
  ])
    expect(dist(fittedAt(own), at(own)), own).toBeLessThan(dist(fittedAt(own), at(other)));
  await look(page, 'hands-together-fitted');

  await panel.getByRole('button', { name: 'Rig and auto-bind' }).click();
  await expect(panel.getByRole('status')).toContainText('Rigged with 25 joints', { timeout: 90_000 });
  // Rigged: the right chain is the right arm's (the right hand's vertices nearest its joint are
  // bound to the right side's joints), each hand's own axis taken from the fit.
  const top = await page.evaluate(
    ({ hand, elbow }) => {
      const s = window.skinsmith;
      const model = s.editor.requireModel();
      const names: string[] = [];
      model.primitives.forEach((p, k) => {
        for (let v = 0; v < p.positions.length / 3; v++) {
          const q = [p.positions[v * 3], p.positions[v * 3 + 1], p.positions[v * 3 + 2]];
          // The forearm's outer half, between elbow and wrist.
          const m = [0, 1, 2].map((c) => (hand[c] + elbow[c]) / 2);
          if (Math.hypot(q[0] - m[0], q[1] - m[1], q[2] - m[2]) < 0.05)
            names.push(s.editor.influences(k, v)[0]?.name ?? 'none');
        }
      });
      return names;
    },
    { hand: at('RightHand'), elbow: at('RightForeArm') },
  );
  expect(top.length).toBeGreaterThan(3);
  expect(
    top.every((n) => n.startsWith('Right')),
    top.join(' '),
  ).toBe(true);
  await look(page, 'hands-together-rigged');
});
