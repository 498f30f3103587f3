import { defineConfig } from '@playwright/test';

// Debian's Chromium (Playwright cannot download its own browser here); see scripts/ensure-chromium.mjs.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// PW_PORT lets two checkouts (or two people on one machine) run the e2e suite side by side.
const port = Number(process.env.PW_PORT ?? 4173);
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: origin,
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: origin,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
