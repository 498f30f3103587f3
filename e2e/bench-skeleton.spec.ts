import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { test } from './fixtures.ts';

const OUT = join(import.meta.dirname, '..', 'tmp', 'bench-skeleton.json');
const ROUNDS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};

interface Profile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds the page spent running JavaScript (its own code and garbage collection) in a profile. */
function scriptMs(profile: Profile): number {
  const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let us = 0;
  profile.samples.forEach((id, i) => {
    const name = names.get(id);
    if (name !== '(idle)' && name !== '(program)' && name !== '(root)') us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

/** One edit in the page: ms to the first frame showing it, and the page's JavaScript until it settles. */
async function timed(
  page: Page,
  cdp: CDPSession,
  label: string,
  edit: string,
): Promise<{ drawn: number; script: number }> {
  await cdp.send('Profiler.start');
  const drawn = await page.evaluate(async (code) => {
    const { skinsmith } = window;
    const t0 = performance.now();
    new Function('editor', code)(skinsmith.editor);
    while (!skinsmith.stats().drawn) await skinsmith.frame();
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 1500));
    return ms;
  }, edit);
  const { profile } = await cdp.send('Profiler.stop');
  if (process.env.SKINSMITH_PROFILE)
    writeFileSync(join(OUT, '..', `bench-skeleton-${label}.cpuprofile`), JSON.stringify(profile));
  return { drawn, script: scriptMs(profile as Profile) };
}

/**
 * A skeleton edit in Skeleton mode on the mannequin at 10k and 100k vertices: a pivot moved (drawn
 * in place: the scene keeps its meshes, materials and buffers) beside a joint added (the joint set
 * changes: the scene is built anew), in the same page. Per edit: the time to the first frame that
 * shows it, and the JavaScript the page runs for it until it settles (a CPU profile, with the
 * deferred work after the frame: bone glyphs, checks, autosave) — SwiftShader rasterises frames on
 * the CPU here, which the second figure leaves out. Medians of 5. With SKINSMITH_PROFILE=1 the
 * last profile of each kind is kept in tmp/. A report, not a test:
 *   npx vite build && SKINSMITH_BENCH=1 npx playwright test bench-skeleton
 */
test('bench: skeleton edit to drawn frame', async ({ editor: page }) => {
  test.skip(!process.env.SKINSMITH_BENCH, 'set SKINSMITH_BENCH=1 to run the skeleton benchmark');
  test.setTimeout(600_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const report: Record<string, unknown> = {};
  for (const n of [10_000, 100_000]) {
    const stats = await page.evaluate((v) => window.skinsmith.loadMannequin(v), n);
    await page.mouse.click(5, 5);
    await page.keyboard.press('Tab');
    await page.evaluate(() => window.skinsmith.selectJoint('LeftForeArm'));
    await page.waitForTimeout(1500);
    const p = await page.evaluate(() => window.skinsmith.editor.skeleton.joint('LeftForeArm').position);
    const move: { drawn: number; script: number }[] = [];
    const add: { drawn: number; script: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const to = [p[0] + 0.002 * (i + 1), p[1], p[2]];
      move.push(await timed(page, cdp, 'move', `editor.skeleton.move('LeftForeArm', ${JSON.stringify(to)})`));
      const at = [p[0] + 0.05, p[1], p[2]];
      add.push(
        await timed(page, cdp, 'add', `editor.skeleton.add('LeftForeArm', ${JSON.stringify(at)}, 'b${i}')`),
      );
    }
    const m = (xs: number[]) => Math.round(median(xs));
    report[`${n}`] = {
      vertices: stats.vertices,
      moveDrawnMs: m(move.map((t) => t.drawn)),
      moveScriptMs: m(move.map((t) => t.script)),
      addDrawnMs: m(add.map((t) => t.drawn)),
      addScriptMs: m(add.map((t) => t.script)),
    };
  }
  console.log(`skeleton bench: ${JSON.stringify(report, null, 2)}`);
  mkdirSync(join(OUT, '..'), { recursive: true });
  writeFileSync(OUT, JSON.stringify(report, null, 2));
});
