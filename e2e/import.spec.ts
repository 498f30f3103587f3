import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { exportedGlb } from '../test/support/exporter-fixtures.ts';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';
import { coverage, difference, viewportPixels } from './pixels.ts';

/** Third-party models are read where they are shared, never copied into the repository. */
const MODELS = join(import.meta.dirname, '..', '..', 'shared', 'models');
const CESIUM_MAN = join(MODELS, 'CesiumMan', 'CesiumMan.glb');

/** The current model as a GLB (what the editor renders), from the page. */
async function currentGlb(page: Page): Promise<Uint8Array> {
  const b64 = await page.evaluate(async () => {
    const bytes = await window.skinsmith.editor.renderBytes();
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/** Splits a GLB into a .gltf (JSON) that refers to `binName` and the .bin itself. */
function splitGlb(glb: Uint8Array, binName: string): { gltf: Uint8Array; bin: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binLength = view.getUint32(20 + jsonLength, true);
  const bin = glb.slice(28 + jsonLength, 28 + jsonLength + binLength);
  json.buffers[0].uri = binName;
  return { gltf: new TextEncoder().encode(JSON.stringify(json)), bin };
}

async function expectStillMannequin(page: Page) {
  expect((await page.evaluate(() => window.skinsmith.stats())).fileName).toBe('Mannequin.glb');
  await expect(page.getByTestId('file-name')).toHaveText('Mannequin.glb');
  expect(coverage(await viewportPixels(page))).toBeGreaterThan(0.1);
}

test('dropping CesiumMan.glb opens it', async ({ editor: page }) => {
  test.skip(!existsSync(CESIUM_MAN), `the shared models are not at ${MODELS}`);
  const before = await viewportPixels(page);
  await dropFiles(page, [{ name: 'CesiumMan.glb', bytes: readFileSync(CESIUM_MAN) }]);
  await waitForModel(page, 'CesiumMan.glb');
  await expect(page.getByTestId('file-name')).toHaveText('CesiumMan.glb');
  await expect(page.locator('[data-stat=vertices]')).toHaveAttribute('data-value', '3273');
  await expect(page.locator('[data-stat=joints]')).toHaveAttribute('data-value', '19');
  await expect(page.getByRole('treeitem')).toHaveCount(19);
  const after = await viewportPixels(page);
  expect(coverage(after)).toBeGreaterThan(0.05);
  expect(difference(before, after)).toBeGreaterThan(0.05);
});

test('a corrupt file shows an error and keeps the character', async ({ editor: page }) => {
  // Random bytes (not starting with "glTF" or "{").
  const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff);
  await dropFiles(page, [{ name: 'broken.glb', bytes: junk }]);
  await expect(page.getByTestId('error-toast')).toContainText('broken.glb');
  await expect(page.getByTestId('status-notice')).toContainText('broken.glb');
  await expectStillMannequin(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('error-toast')).toBeHidden();
});

test('a truncated GLB shows an error and keeps the character', async ({ editor: page }) => {
  const glb = await currentGlb(page);
  await dropFiles(page, [{ name: 'truncated.glb', bytes: glb.subarray(0, Math.floor(glb.length / 2)) }]);
  await expect(page.getByTestId('error-toast')).toContainText('truncated');
  await expectStillMannequin(page);
});

test('a .gltf opens with its .bin dropped together, and says which file is missing', async ({
  editor: page,
}) => {
  const { gltf, bin } = splitGlb(await currentGlb(page), 'body.bin');
  await dropFiles(page, [{ name: 'body.gltf', bytes: gltf }]);
  await expect(page.getByTestId('error-toast')).toContainText('body.bin');
  await expectStillMannequin(page);
  await dropFiles(page, [
    { name: 'body.bin', bytes: bin },
    { name: 'body.gltf', bytes: gltf },
  ]);
  await waitForModel(page, 'body.gltf');
  await expect(page.getByTestId('error-toast')).toBeHidden();
});

test('Open picks files with the system file chooser', async ({ editor: page }) => {
  const glb = await currentGlb(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTitle(/^Open/).click();
  await (await chooser).setFiles([
    { name: 'picked.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(glb) },
  ]);
  await waitForModel(page, 'picked.glb');
});

test('?model= from another origin is refused with a message', async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto('/?model=https://example.com/evil.glb');
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
  await expect(page.getByTestId('error-toast')).toContainText('Refused');
  await expectStillMannequin(page);
});

test('?model= of a missing same-origin file says so', async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto('/?model=/models/missing.glb');
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
  await expect(page.getByTestId('error-toast')).toContainText('missing.glb');
  await expectStillMannequin(page);
});

test('?model= of a same-origin file opens it, and skinsmith.ready resolves once it is drawn', async ({
  page,
  pageErrors,
}) => {
  void pageErrors;
  const glb = await exportedGlb('z-up-root', 2000);
  await page.route(
    (url) => url.pathname === '/models/z-up.glb',
    (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }),
  );
  await page.goto('/?model=/models/z-up.glb');
  await page.waitForFunction(() => window.skinsmith !== undefined);
  await page.evaluate(() => window.skinsmith.ready);
  await waitForModel(page, 'z-up.glb');
  expect(await page.evaluate(() => window.skinsmith.isReady)).toBe(true);
  await expect(page.getByTestId('shown-pose')).toContainText('drawn as engines draw it');
});
