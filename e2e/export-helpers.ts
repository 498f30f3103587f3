import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';

/** Per skinned primitive, per vertex: joint node id → weight (non-zero slots only). */
export type WeightTable = Record<number, number>[][];

/** Every weight of the editor's model, keyed by joint node id (stable through export and reopen). */
export function readWeights(page: Page): Promise<WeightTable> {
  return page.evaluate(() => {
    const model = window.skinsmith.editor.requireModel();
    return model.primitives.map((prim) => {
      const skinJoints = model.skins[prim.skins[0]].joints;
      const { joints, weights, influences: K, vertexCount } = prim.weights;
      const rows: Record<number, number>[] = [];
      for (let v = 0; v < vertexCount; v++) {
        const row: Record<number, number> = {};
        for (let i = 0; i < K; i++)
          if (weights[v * K + i] > 0) row[skinJoints[joints[v * K + i]]] = weights[v * K + i];
        rows.push(row);
      }
      return rows;
    });
  });
}

/** The largest difference between two weight tables (Infinity when their shapes or joints differ). */
export function weightDifference(a: WeightTable, b: WeightTable): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let p = 0; p < a.length; p++) {
    if (a[p].length !== b[p].length) return Number.POSITIVE_INFINITY;
    for (let v = 0; v < a[p].length; v++) {
      const joints = new Set([...Object.keys(a[p][v]), ...Object.keys(b[p][v])]);
      for (const j of joints) worst = Math.max(worst, Math.abs((a[p][v][+j] ?? 0) - (b[p][v][+j] ?? 0)));
    }
  }
  return worst;
}

/** Opens bytes in the page's editor through `window.skinsmith.load` (base64: compact over CDP). */
export async function loadInPage(page: Page, bytes: Uint8Array, name: string): Promise<void> {
  const b64 = Buffer.from(bytes).toString('base64');
  await page.evaluate(
    async ([data, fileName]) => {
      const bin = atob(data);
      const out = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
      await window.skinsmith.load(out, fileName);
    },
    [b64, name] as const,
  );
}

/** Ctrl+E → Export → waits for the result in the dialog (validated, before any download). */
export async function exportFromDialog(page: Page, choose?: (page: Page) => Promise<void>): Promise<void> {
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await dialog.waitFor();
  if (choose) await choose(page);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await dialog.getByTestId('export-result').waitFor({ timeout: 60_000 });
}

/** Clicks the dialog's Download button and returns the saved file's name and bytes. */
export async function downloadFromDialog(page: Page): Promise<{ name: string; bytes: Uint8Array }> {
  const pending = page.waitForEvent('download');
  await page
    .getByTestId('export-dialog')
    .getByRole('button', { name: /^Download/ })
    .click();
  const download: Download = await pending;
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(await download.path())) };
}
