import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

/** Third-party models are read where they are shared, never copied into the repository. */
const MODELS = join(import.meta.dirname, '..', '..', 'shared', 'models');
const RIGGED_SIMPLE = join(MODELS, 'RiggedSimple', 'RiggedSimple.glb');

/** Where the page may load from: this server, and in-page blob: and data: URLs. */
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|blob:|data:)/;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const row = (page: Page, name: string) =>
  page.locator('.joint-row', { has: page.locator('.joint-name', { hasText: new RegExp(`^${name}$`) }) });

/** Drops a file that must fail, and checks its message is the one expected, over the viewport. */
async function dropRefused(page: Page, name: string, bytes: Uint8Array, message: RegExp): Promise<void> {
  await dropFiles(page, [{ name, bytes }]);
  await expect(page.getByTestId('error-toast')).toContainText(message);
  await expect(page.getByTestId('status-notice')).toContainText(name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('error-toast')).toBeHidden();
}

test('hostile files fail with their own message, nothing leaves localhost, and the page stays usable', async ({
  page,
  context,
  pageErrors,
}) => {
  void pageErrors;
  test.setTimeout(120_000);
  const requests: string[] = [];
  // Context-wide: workers' requests count too.
  context.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
  const mannequin = await page.evaluate(async () => [...(await window.skinsmith.editor.renderBytes())]);

  // A GLB whose JSON chunk claims 2 GB: refused before anything that size is allocated.
  const source = existsSync(RIGGED_SIMPLE)
    ? new Uint8Array(readFileSync(RIGGED_SIMPLE))
    : Uint8Array.from(mannequin.slice(0, 4096));
  const corrupt = source.slice();
  new DataView(corrupt.buffer).setUint32(12, 0x7fffffff, true);
  await dropRefused(page, 'corrupt.glb', corrupt, /corrupt\.glb is truncated/);

  // A .gltf whose buffer is on the network: refused by name, never fetched.
  const remote = json({
    asset: { version: '2.0' },
    buffers: [{ uri: 'http://example.com/evil.bin', byteLength: 64 }],
  });
  await dropRefused(page, 'remote.gltf', remote, /example\.com\/evil\.bin.*never fetches from the network/);

  // A texture on the network, in a file otherwise whole: refused the same way.
  const image = json({
    asset: { version: '2.0' },
    images: [{ uri: 'https://example.com/tracker.png' }],
  });
  await dropRefused(page, 'image.gltf', image, /tracker\.png.*never fetches from the network/);

  // A billion-vertex accessor over a 3-byte buffer: the size check comes before the allocation.
  const bomb = json({
    asset: { version: '2.0' },
    buffers: [{ uri: 'data:application/octet-stream;base64,AAAA', byteLength: 3 }],
    bufferViews: [{ buffer: 0, byteLength: 3 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 1e9, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  });
  await dropRefused(page, 'bomb.gltf', bomb, /bomb\.gltf is too large to open/);

  // Still the mannequin, still usable: select a joint in the tree, open a file.
  expect(await page.evaluate(() => window.skinsmith.stats().fileName)).toBe('Mannequin.glb');
  await row(page, 'LeftUpLeg').click();
  expect((await page.evaluate(() => window.skinsmith.selectedJoint()))?.name).toBe('LeftUpLeg');
  await dropFiles(page, [{ name: 'Mannequin again.glb', bytes: Uint8Array.from(mannequin) }]);
  await waitForModel(page, 'Mannequin again.glb');

  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((url) => !LOCAL.test(url))).toEqual([]);
});
