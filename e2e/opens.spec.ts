import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { coverage, viewportPixels } from './pixels.ts';

test('opens on the built-in character and draws it', async ({ editor: page }) => {
  const stats = await page.evaluate(() => window.skinsmith.stats());
  expect(stats.fileName).toBe('Mannequin.glb');
  expect(stats.vertices).toBeGreaterThan(9_000);
  expect(stats.vertices).toBeLessThan(11_000);
  expect(stats.skinnedVertices).toBe(stats.vertices);
  expect(stats.joints).toBeGreaterThan(10);
  await expect(page.getByTestId('file-name')).toHaveText('Mannequin.glb');
  await expect(page.locator('[data-stat=vertices]')).toHaveAttribute('data-value', String(stats.vertices));
  await expect(page.getByRole('treeitem')).toHaveCount(stats.joints);
  // The selected joint (the one with most influence) is on screen in the heat map.
  const selected = await page.evaluate(() => window.skinsmith.selectedJoint());
  expect(selected?.vertexCount).toBeGreaterThan(0);
  await expect(page.getByTestId('selected-joint')).toHaveText(selected!.name);
  expect(coverage(await viewportPixels(page))).toBeGreaterThan(0.1);
});

test('first paint and the JavaScript it waits for stay within budget', async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto('/');
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  expect(fcp).toBeLessThan(1500);
  // What loads before the UI: the entry chunk and the chunks it imports statically (modulepreload).
  const dist = join(import.meta.dirname, '..', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  test
    .info()
    .annotations.push({ type: 'budget', description: `FCP ${Math.round(fcp)} ms, JS ${gzipped} B gz` });
  expect(gzipped).toBeLessThan(600 * 1024);
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
});
