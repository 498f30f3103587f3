import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { drag, pointerAway } from './paint-helpers.ts';

/** Everything a skeleton edit may change, read from the editor: undo must give it back bit for bit. */
function fileState(page: Page) {
  return page.evaluate(() => {
    const model = window.skinsmith.editor.requireModel();
    const nodes = model.document
      .getRoot()
      .listNodes()
      .map((n) => ({
        name: n.getName(),
        t: n.getTranslation(),
        r: n.getRotation(),
        s: n.getScale(),
        children: n.listChildren().map((c) => c.getName()),
      }));
    const skins = model.skins.map((s) => ({ joints: s.joints, ibm: Array.from(s.inverseBindMatrices) }));
    const weights = model.primitives.map((p) => ({
      j: Array.from(p.weights.joints),
      w: Array.from(p.weights.weights),
    }));
    return { nodes, skins, weights };
  });
}

/** The drawn surface of primitive 0 (what three.js draws now), xyz per vertex. */
async function drawnSurface(page: Page): Promise<number[]> {
  await page.evaluate(() => window.skinsmith.frame());
  return page.evaluate(() => window.skinsmith.shownMesh()[0].drawn);
}

function maxDistance(a: number[], b: number[]): number {
  let max = 0;
  for (let i = 0; i < a.length; i += 3)
    max = Math.max(max, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return max;
}

/** The left elbow's world position at rest, as the editor has it. */
const elbowRest = () => {
  const { editor } = window.skinsmith;
  return editor.requireModel().joints.get(editor.resolveJoint('LeftForeArm'))!.restPosition;
};

test('Skeleton mode with the mouse: the elbow pivot moved by the gizmo moves the bend, not the mesh; a finger joint deleted; Ctrl+Z gives the file back exactly', async ({
  editor: page,
}) => {
  const original = await fileState(page);
  const rest = await drawnSurface(page);

  // Bend the elbow in Pose mode and measure the bent arm.
  await page.keyboard.press('r');
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 80]));
  const bentBefore = await drawnSurface(page);
  expect(maxDistance(rest, bentBefore)).toBeGreaterThan(0.05);

  // Tab: Skeleton mode shows the rest pose (the bend is set aside).
  await page.mouse.click(5, 5); // focus on the page, not a control
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('skeleton-panel')).toBeVisible();
  expect(maxDistance(rest, await drawnSurface(page))).toBeLessThan(1e-6);

  // Click the elbow's ball: the forearm is selected and the gizmo sits on it.
  const elbowBall = (await page.evaluate(() => window.skinsmith.skeleton.jointPoint('LeftForeArm')))!;
  await page.evaluate(() => window.skinsmith.selectJoint('Hips'));
  await page.mouse.click(elbowBall.x, elbowBall.y);
  await expect(page.getByTestId('skeleton-name')).toHaveValue('LeftForeArm');
  const gizmo = (await page.evaluate(() => window.skinsmith.skeleton.gizmo()))!;
  expect(Math.hypot(gizmo.center.x - elbowBall.x, gizmo.center.y - elbowBall.y)).toBeLessThan(2);
  const elbowBefore = await page.evaluate(elbowRest);

  // Drag the X arrow 30 px along itself, towards the hand: the pivot slides down the forearm.
  const { from, tip } = gizmo.arrows.x;
  const grab = { x: (from.x + tip.x) / 2, y: (from.y + tip.y) / 2 };
  const len = Math.hypot(tip.x - from.x, tip.y - from.y);
  const along = { x: grab.x + ((tip.x - from.x) / len) * 30, y: grab.y + ((tip.y - from.y) / len) * 30 };
  await drag(page, grab, along);
  await expect.poll(() => page.evaluate(elbowRest).then((p) => p[0])).toBeGreaterThan(elbowBefore[0] + 0.01);
  const elbowAfter = await page.evaluate(elbowRest);
  expect(elbowAfter[1]).toBeCloseTo(elbowBefore[1], 6);
  expect(elbowAfter[2]).toBeCloseTo(elbowBefore[2], 6);
  await expect(page.getByTestId('skeleton-x')).toHaveValue(String(Number(elbowAfter[0].toFixed(4))));
  // The edited skeleton is drawn, and the mesh did not move (float32 IBMs: within a micrometre).
  await page.waitForFunction(() => window.skinsmith.stats().drawn);
  expect(maxDistance(rest, await drawnSurface(page))).toBeLessThan(1e-5);

  // Back to Pose mode: the same bend about the new pivot bends the arm somewhere else.
  await page.locator('[data-mode=pose]').click(); // R in Skeleton mode turns joints
  expect(await page.evaluate(() => window.skinsmith.pose.getJointRotation('LeftForeArm'))).toEqual([
    expect.closeTo(0, 4),
    expect.closeTo(0, 4),
    expect.closeTo(80, 4),
  ]);
  const bentAfter = await drawnSurface(page);
  expect(maxDistance(bentBefore, bentAfter)).toBeGreaterThan(0.01);

  // Delete a finger joint: click its ball in Skeleton mode, press Delete.
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
  const joints = (await page.evaluate(() => window.skinsmith.stats().joints)) as number;
  const counts = () =>
    page.evaluate(() => Object.fromEntries(window.skinsmith.joints().map((j) => [j.name, j.vertexCount])));
  const before = await counts();
  expect(before.LeftHandThumb1).toBeGreaterThan(0);
  const thumb = (await page.evaluate(() => window.skinsmith.skeleton.jointPoint('LeftHandThumb1')))!;
  await page.mouse.click(thumb.x, thumb.y);
  await expect(page.getByTestId('skeleton-name')).toHaveValue('LeftHandThumb1');
  await page.mouse.click(5, 5);
  await page.keyboard.press('Delete');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints - 1);
  const after = await counts();
  expect(after.LeftHandThumb1).toBeUndefined();
  // Its weights went to its parent: the hand now influences the thumb's vertices too.
  expect(after.LeftHand).toBeGreaterThan(before.LeftHand);
  expect(after.LeftHand).toBeGreaterThanOrEqual(before.LeftHandThumb1);

  // Undo all: the file is back bit for bit, and so is the mesh.
  await pointerAway(page);
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints);
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.evaluate(elbowRest).then((p) => p[0])).toBe(elbowBefore[0]);
  expect(await fileState(page)).toEqual(original);
  expect(maxDistance(rest, await drawnSurface(page))).toBe(0);
});

test("Rotate gizmo with the mouse: R shows rings, a drag on the Z ring turns the elbow's frame live and is one undo step (children and mesh stay), Esc mid-drag puts it back, G goes back to the arrows", async ({
  editor: page,
}) => {
  const rest = await drawnSurface(page);
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await page.mouse.click(5, 5);
  await page.keyboard.press('r');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('input[name=skeleton-tool][value=rotate]')).toBeChecked();
  const frame = () => page.evaluate(() => window.skinsmith.skeleton.joint('LeftForeArm'));
  const hand = () => page.evaluate(() => window.skinsmith.skeleton.joint('LeftHand').position);
  const before = await frame();
  const handBefore = await hand();
  const gizmo = (await page.evaluate(() => window.skinsmith.skeleton.gizmo()))!;
  expect(gizmo.tool).toBe('rotate');
  // The front view looks down -Z: the Z ring is a circle round the joint. Grab it up and to the
  // right (away from where the X and Y rings, seen edge-on, cross it) and drag 40° round,
  // counter-clockwise on the page: a turn about +Z.
  const ring = gizmo.rings.z;
  const c = gizmo.center;
  const r = Math.max(...ring.map((p) => Math.hypot(p.x - c.x, p.y - c.y)));
  const at = (deg: number) => ({
    x: c.x + r * Math.cos((deg * Math.PI) / 180),
    y: c.y - r * Math.sin((deg * Math.PI) / 180),
  });
  const steps = await page.evaluate(() => window.skinsmith.editor.history.undoCount);
  // Esc mid-drag: nothing changes.
  await page.mouse.move(at(40).x, at(40).y);
  await page.mouse.down();
  for (const deg of [50, 60, 70]) await page.mouse.move(at(deg).x, at(deg).y);
  await page.keyboard.press('Escape');
  await page.mouse.up();
  expect((await frame()).rotation).toEqual(before.rotation);
  // The drag, live: the preview turns while the file waits for the release.
  await page.mouse.move(at(40).x, at(40).y);
  await page.mouse.down();
  for (const deg of [50, 60, 70, 80]) await page.mouse.move(at(deg).x, at(deg).y);
  const live = await page.evaluate(() =>
    window.skinsmith.editor.skeleton.previewRotation(window.skinsmith.editor.resolveJoint('LeftForeArm')),
  );
  expect(await page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps);
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => window.skinsmith.editor.history.undoCount)).toBe(steps + 1);
  const after = await frame();
  // Turned about world Z by about 40° (the pointer's sweep, seen in perspective a little above):
  // q_after · q_before⁻¹ = (0, 0, sin 20°, cos 20°).
  const [x, y, z, w] = after.rotation;
  const [bx, by, bz, bw] = before.rotation;
  const tx = -w * bx + x * bw - y * bz + z * by;
  const ty = -w * by + y * bw - z * bx + x * bz;
  const tz = -w * bz + z * bw - x * by + y * bx;
  const tw = w * bw + x * bx + y * by + z * bz;
  const degrees = (2 * Math.atan2(Math.sign(tw) * tz, Math.abs(tw)) * 180) / Math.PI;
  expect(Math.abs(degrees - 40)).toBeLessThan(3);
  expect(Math.hypot(tx, ty)).toBeLessThan(1e-6);
  expect(live.map((v) => Math.abs(v))).toEqual(after.rotation.map((v) => expect.closeTo(Math.abs(v), 6)));
  for (let k = 0; k < 3; k++) expect(after.position[k]).toBeCloseTo(before.position[k], 6);
  const handAfter = await hand();
  for (let k = 0; k < 3; k++) expect(handAfter[k]).toBeCloseTo(handBefore[k], 6);
  await page.waitForFunction(() => window.skinsmith.stats().drawn);
  expect(maxDistance(rest, await drawnSurface(page))).toBeLessThan(1e-5);
  // G: the arrows again; Ctrl+Z: the frame as it was.
  await page.keyboard.press('g');
  expect((await page.evaluate(() => window.skinsmith.skeleton.gizmo()))!.tool).toBe('move');
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await frame()).rotation).toEqual(before.rotation);
});

test('Coincident joints: clicking again where their balls overlap walks through them, with the gizmo on or off them', async ({
  editor: page,
}) => {
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  // Two joints on the wrist's spot (a twist joint and an end joint, as files have them).
  const ids = await page.evaluate(() => {
    const s = window.skinsmith.editor.skeleton;
    const at = s.joint('LeftHand').position;
    s.add('LeftHand', at, 'LeftHandTwist');
    s.add('LeftHand', at, 'LeftHand_End');
    const e = window.skinsmith.editor;
    return ['LeftHand', 'LeftHandTwist', 'LeftHand_End'].map((n) => e.resolveJoint(n));
  });
  // Close on the hand (frame selected), so the fingers' balls are apart from the wrist's.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  await page.mouse.click(5, 5);
  await page.keyboard.press('.');
  await page.evaluate(() => window.skinsmith.selectJoint('Hips'));
  await page.evaluate(() => window.skinsmith.frame());
  const spot = (await page.evaluate(() => window.skinsmith.skeleton.jointPoint('LeftHand')))!;
  const selected = () => page.evaluate(() => window.skinsmith.editor.selectedJoint);
  const seen: number[] = [];
  for (let k = 0; k < 4; k++) {
    await page.mouse.click(spot.x, spot.y);
    await expect.poll(selected).not.toBe(seen.at(-1) ?? null);
    seen.push((await selected())!);
  }
  // Each of the three once, then round to the first.
  expect([...seen.slice(0, 3)].sort()).toEqual([...ids].sort());
  expect(seen[3]).toBe(seen[0]);
  // With the rotate gizmo (no centre handle) the balls take the clicks the same way.
  await page.keyboard.press('r');
  await page.mouse.click(spot.x, spot.y);
  await expect.poll(selected).toBe(seen[1]);
});

test('Skeleton panel and tree: F2 renames, a typed X moves the pivot, E + a click adds a joint inside the limb, a tree drag re-parents and refuses a cycle', async ({
  editor: page,
}) => {
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await expect(page.getByTestId('skeleton-name')).toHaveValue('LeftForeArm');

  // F2: the name field takes the keys; Enter renames (one step).
  await page.mouse.click(5, 5);
  await page.keyboard.press('F2');
  await expect(page.getByTestId('skeleton-name')).toBeFocused();
  await page.keyboard.type('L_elbow');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => window.skinsmith.selectedJoint()?.name)).toBe('L_elbow');

  // A typed world X moves the pivot there, nothing else.
  const before = await page.evaluate(() => window.skinsmith.skeleton.joint('L_elbow').position);
  const x = page.getByTestId('skeleton-x');
  await x.fill(String(before[0] + 0.02));
  await x.press('Enter');
  await expect
    .poll(() => page.evaluate(() => window.skinsmith.skeleton.joint('L_elbow').position[0]))
    .toBeCloseTo(before[0] + 0.02, 6);

  // E, then a click on the forearm's surface halfway to the wrist: a child joint at the limb's centre.
  const wrist = await page.evaluate(() => window.skinsmith.skeleton.joint('LeftHand').position);
  const elbow = await page.evaluate(() => window.skinsmith.skeleton.joint('L_elbow').position);
  const mid = (await page.evaluate(
    ([a, b]) => window.skinsmith.paint.toPage([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]),
    [elbow, wrist] as const,
  ))!;
  const joints = await page.evaluate(() => window.skinsmith.stats().joints);
  await page.mouse.click(5, 5);
  await page.keyboard.press('e');
  await expect(page.getByTestId('skeleton-add')).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.click(mid.x, mid.y + 2);
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints + 1);
  const added = await page.evaluate(() => window.skinsmith.selectedJoint()!);
  expect(added.parent).toBe(await page.evaluate(() => window.skinsmith.editor.resolveJoint('L_elbow')));
  const at = await page.evaluate((id) => window.skinsmith.skeleton.joint(id).position, added.id);
  // Inside the forearm (radius about 3 cm), near its axis: not on its front surface.
  const t =
    ((at[0] - elbow[0]) * (wrist[0] - elbow[0]) + (at[1] - elbow[1]) * (wrist[1] - elbow[1])) /
    ((wrist[0] - elbow[0]) ** 2 + (wrist[1] - elbow[1]) ** 2 + (wrist[2] - elbow[2]) ** 2);
  const onAxis = [0, 1, 2].map((k) => elbow[k] + t * (wrist[k] - elbow[k]));
  expect(Math.hypot(at[0] - onAxis[0], at[1] - onAxis[1], at[2] - onAxis[2])).toBeLessThan(0.012);

  // The tree: the elbow dragged onto its own new child is refused with the reason; onto Spine2 it moves.
  const row = (name: string) => page.locator(`[data-joint-id="${name}"]`);
  const ids = await page.evaluate((a) => {
    const e = window.skinsmith.editor;
    return { elbow: e.resolveJoint('L_elbow'), child: a, spine: e.resolveJoint('Spine2') };
  }, added.id);
  await row(String(ids.elbow)).dragTo(row(String(ids.child)));
  await expect(page.getByTestId('error-toast')).toContainText(/under itself|cycle|descendant|below/i);
  expect(await page.evaluate(() => window.skinsmith.skeleton.joint('L_elbow').parent)).not.toBe(ids.child);
  await row(String(ids.elbow)).dragTo(row(String(ids.spine)));
  await expect
    .poll(() => page.evaluate(() => window.skinsmith.skeleton.joint('L_elbow').parent))
    .toBe(ids.spine);
});

test('Skeleton mode: a ball dragged with Snap to limb centre lands inside the limb; X-mirror repeats a typed move on the partner; Split adds a twist joint; the posed mesh becomes the bind pose', async ({
  editor: page,
}) => {
  const joint = (name: string) => page.evaluate((n) => window.skinsmith.skeleton.joint(n), name);
  await page.mouse.click(5, 5);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-mode=skeleton]')).toHaveAttribute('aria-pressed', 'true');

  // Snap: drag the wrist's ball along the forearm; it drops halfway through the arm (z ≈ 0), not
  // on the surface facing the camera.
  // First put the wrist 2 cm in front of the arm's axis (typed Z): a plain screen-plane drag
  // would keep that depth; the snap brings it back inside.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftHand'));
  const z = page.getByTestId('skeleton-z');
  const z0 = (await joint('LeftHand')).position[2];
  await z.fill(String(z0 + 0.02));
  await z.press('Enter');
  await expect.poll(async () => (await joint('LeftHand')).position[2]).toBeCloseTo(z0 + 0.02, 5);
  await page.getByTestId('skeleton-snap').check();
  const wrist = await joint('LeftHand');
  const elbow = await joint('LeftForeArm');
  const ball = (await page.evaluate(() => window.skinsmith.skeleton.jointPoint('LeftHand')))!;
  const towards = (await page.evaluate(
    ([a, b]) => window.skinsmith.paint.toPage([a[0] * 0.8 + b[0] * 0.2, a[1] * 0.8 + b[1] * 0.2, b[2]]),
    [wrist.position, elbow.position] as const,
  ))!;
  await drag(page, ball, towards);
  await expect.poll(async () => (await joint('LeftHand')).position[0]).toBeLessThan(wrist.position[0] - 0.01);
  const snapped = (await joint('LeftHand')).position;
  expect(Math.abs(snapped[2] - z0)).toBeLessThan(0.006);
  await page.getByTestId('skeleton-snap').uncheck();

  // X-mirror: a typed Y on the left forearm moves the right one alike.
  await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
  await page.getByTestId('skeleton-mirror').check();
  const right = await joint('RightForeArm');
  const y = page.getByTestId('skeleton-y');
  await y.fill(String(elbow.position[1] + 0.015));
  await y.press('Enter');
  await expect
    .poll(async () => (await joint('RightForeArm')).position[1])
    .toBeCloseTo(right.position[1] + 0.015, 5);
  await page.getByTestId('skeleton-mirror').uncheck();

  // Split: one twist joint between the forearm and the hand.
  const joints = await page.evaluate(() => window.skinsmith.stats().joints);
  await page.getByTestId('skeleton-split').click();
  await expect.poll(() => page.evaluate(() => window.skinsmith.stats().joints)).toBe(joints + 1);

  // Bind pose: bend the elbow in Pose mode, make that the bind pose: at rest the mesh is the bent one.
  await page.mouse.click(5, 5);
  await page.locator('[data-mode=pose]').click(); // R in Skeleton mode turns joints
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftArm', [0, 0, -40]));
  const bent = await drawnSurface(page);
  await page.getByTestId('skeleton-bind-pose').click();
  await page.waitForFunction(() => window.skinsmith.stats().drawn && !window.skinsmith.editor.pose.posed);
  expect(maxDistance(bent, await drawnSurface(page))).toBeLessThan(1e-4);
});
