import { test as base, expect, type Page } from '@playwright/test';
import type { SkinsmithApi } from '../app/scripting.ts';

declare global {
  interface Window {
    skinsmith: SkinsmithApi;
  }
}

/**
 * `test` with an editor page: every test opens the app, waits until the first character is drawn,
 * and fails if the page threw anything uncaught (pageerror) or three.js logged a GL error.
 */
export const test = base.extend<{ editor: Page; pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // three.js reports shader and WebGL failures on the console, not as exceptions.
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /THREE\.|shader|WebGL/i.test(msg.text())) errors.push(msg.text());
    });
    await use(errors);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
  editor: async ({ page, pageErrors }, use) => {
    void pageErrors;
    await page.goto('/');
    await page.waitForFunction(() => window.skinsmith?.isReady === true, null, { timeout: 60_000 });
    await use(page);
  },
});

export { expect };

export interface DropFile {
  name: string;
  bytes: Uint8Array;
}

/** Drops files onto the page the way a file manager does (a DataTransfer on a drop event). */
export async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString('base64') }));
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const { name, b64 } of list) {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], name));
    }
    const target = document.querySelector('[data-testid=app]')!;
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, payload);
}

/** Waits until the editor shows a model named `fileName`, drawn. */
export async function waitForModel(page: Page, fileName: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const s = window.skinsmith.stats();
      return s.fileName === name && s.drawn;
    },
    fileName,
    { timeout: 60_000 },
  );
}
