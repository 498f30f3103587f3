import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspPlugin } from '../../scripts/vite-csp.ts';

const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' blob: data:; connect-src 'self' blob: data:; worker-src 'self' blob:; " +
  "object-src 'none'; base-uri 'none'";

describe('Content-Security-Policy of the built app', () => {
  it('allows only its own origin, plus blob: and data: where the app needs them', () => {
    expect(contentSecurityPolicy()).toBe(POLICY);
    expect(POLICY).not.toMatch(/https?:|\*|'unsafe-eval'/);
  });

  it('is applied at build time only (the dev server needs an inline Fast Refresh script)', () => {
    expect(cspPlugin().apply).toBe('build');
  });

  it('vite build puts the policy first in <head>, before any script', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skinsmith-csp-'));
    try {
      writeFileSync(
        join(root, 'index.html'),
        '<!doctype html><html><head><meta charset="UTF-8" /><title>t</title></head>' +
          '<body><script type="module" src="./main.js"></script></body></html>',
      );
      writeFileSync(join(root, 'main.js'), 'document.title = "ok";\n');
      await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [cspPlugin()],
        build: { outDir: join(root, 'dist'), emptyOutDir: true },
      });
      // Vite writes ' as &#39; inside attributes; the browser reads it back as '.
      const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8').replaceAll('&#39;', "'");
      const meta = `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`;
      expect(html).toContain(meta);
      expect(html.indexOf(meta)).toBeLessThan(html.indexOf('<script'));
      expect(html.indexOf(meta)).toBeLessThan(html.indexOf('<meta charset'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
