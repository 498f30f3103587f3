import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dropFiles, expect, test, waitForModel } from './fixtures.ts';

/** Third-party models are read where they are shared, never copied into the repository. */
const MODELS = join(import.meta.dirname, '..', '..', 'shared', 'models');

/** Collects Content-Security-Policy violations (the DOM event, and the console lines Chromium logs). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  return violations;
}

test('the built app runs under its Content-Security-Policy and opens plain, data: URI and Draco files', async ({
  page,
  pageErrors,
}) => {
  void pageErrors;
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  await page.goto('/');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain("'unsafe-eval'");
  await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });

  const files = [
    ['CesiumMan', 'CesiumMan.glb'],
    ['SimpleSkin', 'SimpleSkin.gltf'],
    ['LittlestTokyo', 'LittlestTokyo.glb'],
  ] as const;
  for (const [folder, name] of files) {
    const path = join(MODELS, folder, name);
    if (!existsSync(path)) {
      test.info().annotations.push({ type: 'skipped', description: `${path} is missing` });
      continue;
    }
    await dropFiles(page, [{ name, bytes: readFileSync(path) }]);
    await waitForModel(page, name);
    expect(await page.evaluate(() => window.skinsmith.stats().skinnedVertices)).toBeGreaterThan(0);
  }
  expect(violations).toEqual([]);
});
