import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from './fixtures.ts';
import { enterPaint } from './paint-helpers.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'bench-paint.json');
const MOVES = 60;
const IDLE_MS = Number(process.env.SKINSMITH_BENCH_IDLE ?? 150);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};
const round = (x: number) => Math.round(x * 100) / 100;

/**
 * Pointer move → uploaded attributes for one dab on the 300k-vertex mannequin, built in the page
 * by the same generator as the built-in character. A report, not a pass/fail test:
 *   npx vite build && SKINSMITH_BENCH=1 npx playwright test bench-paint
 * Each move waits for the frame that draws it, so every sample is one dab on its own.
 */
test('bench: paint dab latency, 300k vertices', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_BENCH, 'set SKINSMITH_BENCH=1 to run the paint benchmark');
  test.setTimeout(600_000);
  const stats = await page.evaluate(() => window.skinsmith.loadMannequin(300_000));
  await page.evaluate(() => window.skinsmith.selectJoint('Spine2'));
  await page.evaluate(() =>
    window.skinsmith.brush({ brush: 'draw', weight: 1, strength: 0.5, radiusPx: 40, accumulate: true }),
  );
  const t0 = Date.now();
  await enterPaint(page);
  await page
    .locator('.busy', { hasText: 'Preparing the brush' })
    .waitFor({ state: 'detached', timeout: 120_000 });
  const prepareMs = Date.now() - t0;

  const start = (await page.evaluate(() => window.skinsmith.boneScreenPoint('Spine1')))!;
  const pick = await page.evaluate(({ x, y }) => window.skinsmith.paint.pick(x, y), start);
  // How many vertices one dab covers: those within the world radius of the first hit.
  const covered = await page.evaluate(
    ({ p, wpp }) => {
      const prim = window.skinsmith.editor.requireModel().primitives[0];
      const r = window.skinsmith.brush().radiusPx * wpp;
      let n = 0;
      for (let i = 0; i < prim.positions.length; i += 3) {
        const d = Math.hypot(
          prim.positions[i] - p[0],
          prim.positions[i + 1] - p[1],
          prim.positions[i + 2] - p[2],
        );
        if (d <= r) n++;
      }
      return { vertices: n, radius: r };
    },
    { p: pick!.point, wpp: pick!.worldPerPixel },
  );
  // Bytes re-uploaded per dab: the changed vertex ranges × 2 attributes × 4 slots × 4 bytes (K = 4).
  await page.evaluate(() => {
    const w = window as unknown as { rangeVertices: number[] };
    w.rangeVertices = [];
    window.skinsmith.editor.events.on('weights', (ranges) =>
      w.rangeVertices.push(ranges.reduce((sum, r) => sum + r.end - r.start, 0)),
    );
  });

  await page.evaluate(() => window.skinsmith.paint.latency(true));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) {
    // A zigzag over the chest: every move is several spacing steps long, so it places a dab.
    await page.mouse.move(start.x + ((i % 10) - 5) * 6, start.y + (i % 2 ? 4 : -4));
    await page.evaluate(() => window.skinsmith.frame());
    // Let the software GPU (SwiftShader here) finish drawing, so a move does not queue behind it.
    await page.waitForTimeout(IDLE_MS);
  }
  await page.mouse.up();
  const samples = await page.evaluate(() => window.skinsmith.paint.latency(true));
  const dabs = await page.evaluate(() => window.skinsmith.editor.surfaces.forSkin(0).painter.dabCount);
  const ranges = await page.evaluate(() => (window as unknown as { rangeVertices: number[] }).rangeVertices);

  const report = {
    vertices: stats.vertices,
    prepareMs,
    dabRadius: round(covered.radius),
    dabVertices: covered.vertices,
    samples: samples.length,
    idleBetweenMovesMs: IDLE_MS,
    dabsPerMove: round(dabs / samples.length),
    medianMs: {
      queued: round(median(samples.map((s) => s.queued))),
      handlerToDab: round(median(samples.map((s) => s.dab - s.queued))),
      eventToDab: round(median(samples.map((s) => s.dab))),
      eventToFrameStart: round(median(samples.map((s) => s.frame))),
      eventToUploaded: round(median(samples.map((s) => s.uploaded))),
      render: round(median(samples.map((s) => s.uploaded - s.frame))),
    },
    medianUploadBytes: median(ranges) * 2 * 4 * 4,
  };
  console.log(`paint bench: ${JSON.stringify(report, null, 2)}`);
  mkdirSync(join(OUT, '..'), { recursive: true });
  writeFileSync(OUT, JSON.stringify(report, null, 2));
  test.info().annotations.push({ type: 'bench', description: JSON.stringify(report.medianMs) });
});
