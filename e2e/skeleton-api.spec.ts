/**
 * Skeleton edits through `skinsmith.skeleton` in the app: after each edit the viewport's mesh
 * (three.js skinning the rebuilt scene with the new inverse bind matrices) is the editor's
 * surface and the mesh as it was, also when posed; undo gives the export of the file back byte
 * for byte. (Skeleton mode with the mouse is e2e/skeleton*.spec.ts of the UI.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Largest distance between the surface and what three.js draws, and between two drawn meshes. */
async function shown(page: Page): Promise<{ surface: number[]; drawn: number[] }[]> {
  return page.evaluate(() =>
    window.skinsmith.shownMesh().map((p) => ({ surface: p.surface, drawn: p.drawn })),
  );
}

function gap(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i += 3)
    worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
}

const digest = (page: Page) =>
  page.evaluate(async () => {
    const r = await window.skinsmith.export();
    const hash = await crypto.subtle.digest('SHA-256', r.bytes.slice());
    return { hash: Array.from(new Uint8Array(hash)).join(','), errors: r.validation.errors };
  });

test('move a pivot and delete a joint by script: the drawn mesh stays the surface, undo gives the file back', async ({
  editor: page,
}) => {
  await page.evaluate(() => window.skinsmith.loadMannequin(3000));
  const first = await digest(page);
  const rest = await shown(page);
  const elbow = await page.evaluate(() => window.skinsmith.skeleton.joint('LeftForeArm').position);
  const reports = await page.evaluate(
    (p) => window.skinsmith.skeleton.move('LeftForeArm', [p[0] + 0.03, p[1], p[2] + 0.01]),
    elbow,
  );
  expect(reports[0].joint?.name).toBe('LeftForeArm');
  await page.evaluate(() => window.skinsmith.skeleton.delete('LeftHandThumb1'));
  const edited = await shown(page);
  for (let p = 0; p < rest.length; p++) {
    expect(gap(edited[p].surface, edited[p].drawn)).toBeLessThan(1e-5);
    expect(gap(rest[p].drawn, edited[p].drawn)).toBeLessThan(1e-5);
  }
  // Bent, the arm turns about the new pivot, and the viewport agrees with the surface.
  await page.evaluate(() => window.skinsmith.pose.setJointRotation('LeftForeArm', [0, 0, 60]));
  const bent = await shown(page);
  for (const p of bent) expect(gap(p.surface, p.drawn)).toBeLessThan(1e-5);
  await page.evaluate(() => window.skinsmith.pose.reset());
  const edits = await digest(page);
  expect(edits.errors).toBe(0);
  expect(edits.hash).not.toBe(first.hash);
  await page.evaluate(async () => {
    window.skinsmith.undo();
    window.skinsmith.undo();
    await window.skinsmith.frame();
  });
  expect((await digest(page)).hash).toBe(first.hash);
});
