import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..');
const TYPES: Record<string, string> = { js: 'text/javascript', html: 'text/html', wasm: 'application/wasm' };

export interface OraclePrimitive {
  meshIndex: number;
  primitiveIndex: number;
  skin: number;
  positions: number[];
}

export type OracleSpec =
  | { kind: 'rest' | 'bind' }
  | { kind: 'pose'; rotations: [number, number, number, number, number][] }
  | { kind: 'clip'; index: number; time: number };

/**
 * Opens the oracle page (e2e/oracle): plain three.js from node_modules, served through routes so
 * it shares nothing with the built app, not even its bundle.
 */
export async function openOracle(context: BrowserContext, baseURL: string): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/__oracle/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__oracle\//, '');
    const file = path.startsWith('three/')
      ? join(ROOT, 'node_modules', normalize(path))
      : join(ROOT, 'e2e', 'oracle', normalize(path));
    try {
      const body = readFileSync(file);
      return route.fulfill({
        body,
        contentType: TYPES[file.split('.').pop()!] ?? 'application/octet-stream',
      });
    } catch {
      return route.fulfill({ status: 404, body: `not found: ${path}` });
    }
  });
  await page.goto(`${baseURL}/__oracle/index.html`);
  await page.waitForFunction(() => (window as unknown as { oracleReady?: boolean }).oracleReady === true);
  return page;
}

export async function oracleLoad(page: Page, bytes: Uint8Array): Promise<void> {
  const b64 = Buffer.from(bytes).toString('base64');
  await page.evaluate(
    (b) => (window as unknown as { oracle: { load(b: string): Promise<unknown> } }).oracle.load(b),
    b64,
  );
}

export async function oraclePositions(page: Page, spec: OracleSpec): Promise<OraclePrimitive[]> {
  return page.evaluate(
    (s) =>
      (
        window as unknown as { oracle: { positions(s: unknown): Promise<OraclePrimitive[]> } }
      ).oracle.positions(s),
    spec,
  );
}
